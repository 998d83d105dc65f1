//! picasso's automatic choices: inverted forms, mad/madi, operand
//! descriptor sharing (and the mad renumbering), padding NOPs (expected
//! words checked against picasso 2.7).

mod asm_common;

use asm_common::{descs, errors, main, ok, text};
use isa_pica::asm::{assemble, Options};
use pretty_assertions::assert_eq;

#[test]
fn inverted_forms_when_the_uniform_comes_second() {
    let s = ok(&main(
        "dph r0, v1, c5\n dph r0, c5, v1\n dphi r0, c5, v1\n dst r1, r2, c3[a0.y]\n sge r1, r2, c3\n slt o2, v0, c7\n sgei r0, r1, r2",
    ));
    assert_eq!(
        text(&s)[..7],
        [
            "dphi r0, v1, c5 (desc 0)",
            "dph r0, c5, v1 (desc 0)",
            "dph r0, c5, v1 (desc 0)",
            "dsti r1, r2, c3[a0.y] (desc 0)",
            "sgei r1, r2, c3 (desc 0)",
            "slti o2, v0, c7 (desc 0)",
            "sge r0, r1, r2 (desc 0)",
        ]
    );
}

#[test]
fn operations_without_an_inverted_form_want_the_uniform_first() {
    let errs = errors(&main("add r0, r1, c2"));
    assert_eq!(
        errs,
        ["2:13: `add` has no form with a uniform as its second source; swap the sources"]
    );
}

#[test]
fn mad_and_madi() {
    let s = ok(&main(
        "mad r0, r1, c2, r3\n mad r0, r1, r2, c3\n madi r0, r1, c2[aL], v3\n mad r0, v1, v1, c3[a0.x]\n mad o1, r1, r2, r3",
    ));
    assert_eq!(
        text(&s)[..5],
        [
            "mad r0, r1, c2, r3 (desc 0)",
            "madi r0, r1, r2, c3 (desc 0)",
            "mad r0, r1, c2[aL], v3 (desc 0)",
            "madi r0, v1, v1, c3[a0.x] (desc 0)",
            "mad o1, r1, r2, r3 (desc 0)",
        ]
    );
    let errs = errors(&main("mad r0, c1, r2, r3\n mad r0, r1, c2, c3\n mad r0, v1, v2, r3"));
    assert_eq!(
        errs,
        [
            "2:9: `c1` is c1: src1 must be an input (v) or temporary (r) register",
            "3:18: `mad` can read only one uniform (src2 or src3), and src2 already is one",
            "4:14: v1 and v2 are different input registers; an instruction can read only one",
        ]
    );
}

#[test]
fn descriptors_ignore_components_that_are_never_read() {
    // The write mask always matters; of the selectors, only what the
    // operation reads: mov r0.x reads src1.x, dp3 never reads .w, rcp reads
    // src1.x, cmp reads src1.xy (and has no write mask).
    let s = ok(&main(
        "mov r0.x, c1\n mov r0.x, c1.xwww\n mov r0.y, c1.xyzw\n dp3 r0, c1.xyzx, r1.xyzy\n dp3 r0, c1, r1\n \
         rcp r0, c1.xyzw\n rcp r0, c1.xwzy\n cmp c1.xyww, eq, eq, r0\n cmp c1.xyzz, eq, eq, r0",
    ));
    let listing = text(&s);
    let indices: Vec<&str> = listing[..9]
        .iter()
        .map(|t| t.rsplit_once("(desc ").map_or("", |(_, d)| d.trim_end_matches(')')))
        .collect();
    assert_eq!(indices, ["0", "0", "1", "2", "2", "2", "2", "0", "0"]);
    // Entries keep the first user's bits and gain what later users pin.
    assert_eq!(
        descs(&s),
        [
            "dst.x src1=xyzw src2=xyzw src3=xxxx",
            "dst.y src1=xyzw src2=xxxx src3=xxxx",
            "dst.xyzw src1=xyzx src2=xyzy src3=xxxx",
        ]
    );
}

#[test]
fn mad_descriptors_stay_below_32() {
    // 33 different descriptors, then a mad that needs a new one: picasso
    // swaps it with entry 0 and renumbers the mov that used entry 0.
    let mut body = String::new();
    for i in 0..33 {
        let sw: String = (0..4).map(|k| ['x', 'y', 'z', 'w'][(i >> (2 * k)) & 3]).collect();
        body += &format!("mov r0, c0.{sw}\n");
    }
    body += "mad r1, r2, c3.wzyx, r4\nmov r0, c0.xxxx";
    let s = ok(&main(&body));
    let t = text(&s);
    assert_eq!(t[0], "mov r0, c0 (desc 33)");
    assert_eq!(t[33], "mad r1, r2, c3, r4 (desc 0)");
    assert_eq!(t[34], "mov r0, c0 (desc 33)");
    assert_eq!(descs(&s)[0], "dst.xyzw src1=xyzw src2=wzyx src3=xyzw");
    assert_eq!(descs(&s).len(), 34);
}

const PADDING: &str = "\
.proc main
    ifc cmp.x
        mov r0, r1
    .else
        mov r0, r1
        mov r0, r1
    .end
    for i0
        ifu b0
            mov r0, r1
            mov r0, r1
        .end
    .end
    ifc cmp.y
        call empty
        mov r0, r1
        jmpc cmp.x, skip
    .else
        mov r0, r1
        mov r0, r1
    .end
    for i1
        mov r0, r1
        breakc cmp.x
    .end
skip:
    call empty
.end
.proc empty
.end
";

#[test]
fn padding_nops() {
    let s = ok(PADDING);
    assert_eq!(
        text(&s),
        [
            "ifc x, x=1, y=1, dst=2, num=2",
            "mov r0, r1 (desc 0)",
            "mov r0, r1 (desc 0)",
            "mov r0, r1 (desc 0)",
            "loop i0, dst=8, num=0",
            "ifu b0, dst=8, num=0",
            "mov r0, r1 (desc 0)",
            "mov r0, r1 (desc 0)",
            // the for's .end right after the if's .end
            "nop",
            "ifc y, x=1, y=1, dst=14, num=2",
            "call dst=22, num=1",
            "mov r0, r1 (desc 0)",
            "jmpc x, x=1, y=1, dst=20, num=0",
            // a jump right before .else
            "nop",
            "mov r0, r1 (desc 0)",
            "mov r0, r1 (desc 0)",
            "loop i1, dst=19, num=0",
            "mov r0, r1 (desc 0)",
            "breakc x, x=1, y=1, dst=0, num=0",
            // a breakc at the end of a for body
            "nop",
            "call dst=22, num=1",
            // a call at the end of a procedure
            "nop",
            // an empty procedure
            "nop",
        ]
    );
    let without = assemble(
        &[isa_pica::asm::SourceFile {
            name: "t".into(),
            text: PADDING.into(),
        }],
        &Options { auto_nop: false },
    )
    .unwrap();
    assert_eq!(without.code.len(), s.code.len() - 5);
    assert!(text(&without).iter().all(|t| t != "nop"));
}

#[test]
fn padding_for_empty_bodies_and_nested_ends() {
    let s = ok(".proc main\n ifc cmp.x\n .else\n ifu b1\n mov r0, r1\n .end\n .end\n end\n.end\n");
    assert_eq!(
        text(&s),
        [
            "ifc x, x=1, y=1, dst=2, num=3",
            "nop",
            "ifu b1, dst=4, num=0",
            "mov r0, r1 (desc 0)",
            "nop",
            "end",
        ]
    );
    // The first procedure of all may be empty: picasso pads only when code exists.
    let s = ok(".proc empty\n.end\n.proc main\n call empty\n.end\n");
    assert_eq!(text(&s), ["call dst=0, num=0", "nop"]);
}

#[test]
fn for_and_if_targets() {
    let s = ok(&main(
        "for i2\n ifc !cmp.x && cmp.y\n mov r0, r1\n mov r0, r1\n .end\n mov r0, r1\n .end",
    ));
    assert_eq!(
        text(&s)[..5],
        [
            "loop i2, dst=4, num=0",
            "ifc and, x=0, y=1, dst=4, num=0",
            "mov r0, r1 (desc 0)",
            "mov r0, r1 (desc 0)",
            "mov r0, r1 (desc 0)",
        ]
    );
}

#[test]
fn conditions() {
    let s = ok(&main(
        "breakc cmp.x\n breakc !cmp.y\n breakc cmp.x || !cmp.y\n breakc cmp.y & cmp.x\n breakc !!cmp.x|cmp.y\n breakc ! CMP.Y",
    ));
    assert_eq!(
        text(&s)[..6],
        [
            "breakc x, x=1, y=1, dst=0, num=0",
            "breakc y, x=1, y=0, dst=0, num=0",
            "breakc or, x=1, y=0, dst=0, num=0",
            "breakc and, x=1, y=1, dst=0, num=0",
            "breakc or, x=1, y=1, dst=0, num=0",
            "breakc y, x=1, y=0, dst=0, num=0",
        ]
    );
    let errs = errors(&main("breakc cmp.x && cmp.x\n breakc cmp.z"));
    assert_eq!(
        errs,
        [
            "2:8: the same condition flag is tested twice",
            "3:9: invalid condition `cmp.z`: expected cmp.x or cmp.y, optionally with `!`",
        ]
    );
}

#[test]
fn calls_jumps_and_labels() {
    let src = "\
.proc helper
    mov r0, r1
    mov r0, r1
.end
.proc main
top:
    call helper
    callc cmp.x, helper
    callu b3, helper
    jmpc !cmp.y, top
    jmpu !b2, bottom
    jmpu b2, bottom
bottom: end
.end
";
    let s = ok(src);
    assert_eq!(
        text(&s)[2..9],
        [
            "call dst=0, num=2",
            "callc x, x=1, y=1, dst=0, num=2",
            "callu b3, dst=0, num=2",
            "jmpc y, x=1, y=0, dst=2, num=0",
            "jmpu b2, dst=8, num=1",
            "jmpu b2, dst=8, num=0",
            "end",
        ]
    );
    assert_eq!(s.dvles[0].main, 2);
    assert_eq!(s.dvles[0].endmain, 9);
}

#[test]
fn setemit_and_mova() {
    let s = ok(&main(
        "setemit 0\n setemit 1, prim\n setemit 2, inv prim\n setemit 0, INVERT Primitive\n emit\n mova a0.x, c1\n \
         mova a1, c1.y\n mova a0.xy, r2",
    ));
    assert_eq!(
        text(&s)[..8],
        [
            "setemit 0",
            "setemit 1, prim",
            "setemit 2, prim, inv",
            "setemit 0, prim, inv",
            "emit",
            "mova a0, c1 (desc 0)",
            "mova a0, c1 (desc 1)",
            "mova a0, r2 (desc 2)",
        ]
    );
    assert_eq!(
        descs(&s)[..3],
        [
            "dst.x src1=xyzw src2=xxxx src3=xxxx",
            "dst.y src1=yyyy src2=xxxx src3=xxxx",
            "dst.xy src1=xyzw src2=xxxx src3=xxxx",
        ]
    );
    // setemit makes the DVLE a (legacy) geometry shader.
    assert_eq!(s.dvles[0].kind, isa_pica::shbin::ShaderKind::Geometry);
}

/// picasso checks for two different input registers in its two-source and
/// `mad` commands only, so `cmp v0, …, v1` assembles; the disassembler
/// prints it back as such (not as `.word`), and the text reassembles to
/// the same bytes.
#[test]
fn cmp_may_read_two_different_inputs() {
    let s = ok(&main("cmp v0, eq, ne, v1"));
    let listing = isa_pica::disasm::disassemble(&s);
    assert!(listing.lines().any(|l| l.trim() == "cmp v0, eq, ne, v1"), "{listing}");
    assert!(!listing.contains(".word"), "{listing}");
    let again = asm_common::ok(&listing);
    assert_eq!(again.to_bytes().expect("writable"), s.to_bytes().expect("writable"));
    let errs = errors(&main(" add r0, v0, v1"));
    assert_eq!(
        errs,
        ["2:14: v0 and v1 are different input registers; an instruction can read only one"]
    );
}
