//! Every assembler limit at its boundary: N accepted, N + 1 refused with a
//! positioned error. A limit tested only past its end survives an
//! off-by-one (`>=` turned `>`); these pin both sides.

mod asm_common;

use asm_common::{errors, main, ok, ok_files};
use pretty_assertions::assert_eq;

/// `n` lines made by `line(i)`.
fn lines(n: usize, line: impl Fn(usize) -> String) -> String {
    (0..n).map(|i| line(i) + "\n").collect()
}

fn constf(n: usize) -> String {
    lines(n, |i| format!(".constf f{i}(1.0, 2.0, 3.0, 4.0)"))
}

fn fvecs(n: usize) -> String {
    lines(n, |i| format!(".fvec u{i}"))
}

#[test]
fn constants_per_dvle() {
    // 96 float constants fill c0–c95; an integer constant is the 97th.
    assert_eq!(ok(&(constf(96) + &main("nop"))).dvles[0].constants.len(), 96);
    let with_int = |nf| constf(nf) + ".consti k(1, 2, 3, 4)\n" + &main("nop");
    assert_eq!(ok(&with_int(95)).dvles[0].constants.len(), 96);
    assert_eq!(errors(&with_int(96)), ["97:1: too many constants (the limit is 96)"]);
}

#[test]
fn constant_arrays_count_towards_the_constants() {
    let array = |before: &str, size| format!("{before}.constfa a[{size}]\n.end\n{}", main("nop"));
    assert_eq!(ok(&array(".consti k(1, 2, 3, 4)\n", 95)).dvles[0].constants.len(), 96);
    assert_eq!(
        errors(&array(".consti k(1, 2, 3, 4)\n", 96)),
        ["3:1: too many constants (the limit is 96)"]
    );
}

#[test]
fn constant_array_size() {
    let array = |size| format!(".constfa a[{size}]\n.end\n{}", main("nop"));
    assert_eq!(ok(&array(96)).dvles[0].constants.len(), 96);
    // The refused array opens no block, so its `.end` is reported too.
    assert_eq!(
        errors(&array(97)),
        [
            "1:12: array size 97 is more than the 96 c registers",
            "2:1: `.end` without an open block"
        ]
    );
}

#[test]
fn constant_array_elements() {
    let array = |n| {
        format!(
            ".constfa a[2]\n{}.end\n{}",
            lines(n, |_| ".constfa (1, 2, 3, 4)".into()),
            main("nop")
        )
    };
    assert_eq!(ok(&array(2)).dvles[0].constants.len(), 2);
    assert_eq!(errors(&array(3)), ["4:10: too many elements: the array has 2"]);
}

#[test]
fn uniforms() {
    // 96 uniforms in all (c0–c95 hold 96 one-register ones).
    assert_eq!(ok(&(fvecs(96) + &main("nop"))).dvles[0].uniforms.len(), 96);
    assert_eq!(
        errors(&(fvecs(96) + ".ivec k\n" + &main("nop"))),
        ["97:7: too many uniforms (the limit is 96)"]
    );
    // An input is a uniform of its DVLE too.
    assert_eq!(ok(&(fvecs(95) + ".in v\n" + &main("nop"))).dvles[0].uniforms.len(), 96);
    assert_eq!(
        errors(&(fvecs(96) + ".in v\n" + &main("nop"))),
        ["97:5: too many uniforms in this DVLE"]
    );
}

/// The 96 count names: a name declared again in another vertex shader is
/// the same uniform, not one more (picasso appends an entry per
/// declaration, so 100 shaders declaring `u` left no room for `v`, and
/// a disassembly, which declares each shader's names, did not assemble).
#[test]
fn a_uniform_declared_again_counts_once() {
    let shader = |i: usize, names: &str| format!(".fvec {names}\n.proc p{i}\n mov r0, u\n end\n.end\n.entry p{i}\n");
    let mut texts: Vec<String> = (0..100).map(|i| shader(i, "u")).collect();
    texts.push(shader(100, "u, v"));
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let shbin = ok_files(&texts);
    assert_eq!(shbin.dvles.len(), 101);
    let last = &shbin.dvles[100].uniforms;
    assert_eq!(
        (last.len(), last[0].first, last[1].first),
        (2, shbin.dvles[0].uniforms[0].first, last[1].first)
    );
    assert_ne!(last[0].first, last[1].first);
}

#[test]
fn uniform_register_space() {
    for (kind, n) in [("fvec", 96), ("ivec", 4), ("bool", 16)] {
        let one = |size| format!(".{kind} a[{size}]\n{}", main("nop"));
        let u = ok(&one(n)).dvles[0].uniforms[0];
        assert_eq!(usize::from(u.last - u.first) + 1, n, "{kind}");
        let col = kind.len() + 3;
        assert_eq!(
            errors(&one(n + 1)),
            [format!("1:{col}: not enough uniform registers left for `a[{}]`", n + 1)],
            "{kind}"
        );
    }
    // Constants share the float space with uniforms.
    assert_eq!(ok(&(fvecs(95) + &constf(1) + &main("nop"))).dvles[0].constants.len(), 1);
    assert_eq!(
        errors(&(fvecs(96) + &constf(1) + &main("nop"))),
        ["97:9: not enough uniform registers left for the constant `f0`"]
    );
}

#[test]
fn inputs() {
    let ins = |n| lines(n, |i| format!(".in in{i}")) + &main("nop");
    assert_eq!(ok(&ins(16)).dvles[0].uniforms.len(), 16);
    assert_eq!(errors(&ins(17)), ["17:5: too many inputs: v0–v15 are all taken"]);
}

#[test]
fn outputs() {
    // o0–o15, allocated.
    let outs = |n| lines(n, |_| ".out - dummy".into()) + &main("nop");
    assert_eq!(ok(&outs(16)).dvles[0].outputs.len(), 16);
    assert_eq!(
        errors(&outs(17)),
        ["17:8: too many outputs: no output register is free"]
    );
    // 16 outputs at most, even when components leave registers free.
    let parts = |n| {
        lines(n, |i| {
            format!(".out - dummy o{}.{}", i / 4, ["x", "y", "z", "w"][i % 4])
        }) + &main("nop")
    };
    assert_eq!(ok(&parts(16)).dvles[0].outputs.len(), 16);
    assert_eq!(errors(&parts(17)), ["17:8: too many outputs"]);
}

#[test]
fn register_indices() {
    for (good, bad, col, expect) in [
        ("mov r0, c95", "mov r0, c96", 9, "c0–c95"),
        ("mov r15, r0", "mov r16, r0", 5, "r0–r15"),
        ("mov r0, v15", "mov r0, v16", 9, "v0–v15"),
        ("mov o15, r0", "mov o16, r0", 5, "o0–o15"),
    ] {
        ok(&main(good));
        let errs = errors(&main(bad));
        assert_eq!(errs.len(), 1, "{bad}: {errs:?}");
        assert!(errs[0].starts_with(&format!("2:{col}: ")), "{bad}: {errs:?}");
        assert!(errs[0].contains(expect), "{bad}: {errs:?}");
    }
}

#[test]
fn vertex_code_size() {
    // picasso checks before adding, so 513 words fit.
    assert_eq!(ok(&main(&"nop\n".repeat(512))).code.len(), 513);
    assert_eq!(
        errors(&main(&"nop\n".repeat(513))),
        ["516:5: vertex shader code is full: this would be instruction 514, and picasso's limit is 513"]
    );
}

#[test]
fn nesting() {
    // `.proc` is the first block: 31 more nest, the 32nd is one too many.
    let nest = |n| {
        format!(
            ".proc main\n{} nop\n{} end\n.end\n",
            " ifc cmp.x\n".repeat(n),
            " .end\n".repeat(n)
        )
    };
    ok(&nest(31));
    let errs = errors(&nest(32));
    assert_eq!(errs[0], "33:2: too many nested blocks (the limit is 32)", "{errs:?}");
}

#[test]
fn operand_descriptors() {
    let descs = |n: usize| {
        main(&lines(n, |i| {
            let sw: String = (0..4).map(|k| ['x', 'y', 'z', 'w'][(i >> (2 * k)) & 3]).collect();
            let neg = if i < 64 { "" } else { "-" };
            format!("mov r0, {neg}c0.{sw}")
        }))
    };
    assert_eq!(ok(&descs(128)).opdescs.len(), 128);
    assert_eq!(
        errors(&descs(129)),
        ["130:1: too many operand descriptors (the limit is 128)"]
    );
}

#[test]
fn procedure_and_else_lengths() {
    // `call`'s and `ifc`'s counts are 8 bits: 255 instructions fit.
    let called = |n| {
        format!(
            ".gsh\n.proc big\n{}.end\n.proc main\n call big\n end\n.end\n",
            "nop\n".repeat(n)
        )
    };
    ok(&called(255));
    assert_eq!(
        errors(&called(256)),
        ["261:7: `big` is 256 instructions long; at most 255 fit"]
    );
    let big_else = |n| {
        format!(
            ".gsh\n.proc main\n ifc cmp.x\n nop\n nop\n .else\n{} .end\n end\n.end\n",
            "nop\n".repeat(n)
        )
    };
    ok(&big_else(255));
    assert_eq!(
        errors(&big_else(256)),
        ["263:2: the else branch is 256 instructions long; at most 255 fit"]
    );
}
