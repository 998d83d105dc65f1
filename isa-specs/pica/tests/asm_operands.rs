//! Operand forms: registers, aliases, swizzles and masks, negation,
//! offsets and relative addressing (expected words checked against
//! picasso 2.7).

mod asm_common;

use asm_common::{descs, errors, main, ok, text};
use pretty_assertions::assert_eq;

#[test]
fn registers_of_every_file() {
    let s = ok(&main(
        "mov o15, v14\n mov r15, c95\n mov o0, r0\n dp4 r1, c0, v15\n for i3\n ifu b15\n .end\n .end",
    ));
    // The empty if body and the end of the loop right after it are padded.
    assert_eq!(
        text(&s)[..6],
        [
            "mov o15, v14 (desc 0)",
            "mov r15, c95 (desc 0)",
            "mov o0, r0 (desc 0)",
            "dp4 r1, c0, v15 (desc 0)",
            "loop i3, dst=7, num=0",
            "ifu b15, dst=7, num=0",
        ]
    );
}

#[test]
fn register_numbers_read_like_strtoll() {
    // picasso reads the number with strtoll(…, 0): hex and octal work.
    let s = ok(&main("mov r0x3, c010"));
    assert_eq!(text(&s)[0], "mov r3, c8 (desc 0)");
}

#[test]
fn swizzles_and_masks() {
    let s = ok(&main(
        "mov r0.xy, c1.wzyx\n mov r1.rg, c1.ba\n mov r2.stpq, c1.q\n mov r3.Y, c1.X",
    ));
    assert_eq!(
        descs(&s),
        [
            "dst.xy src1=wzyx src2=xxxx src3=xxxx",
            "dst.xy src1=zwww src2=xxxx src3=xxxx",
            "dst.xyzw src1=wwww src2=xxxx src3=xxxx",
            "dst.y src1=xxxx src2=xxxx src3=xxxx",
        ]
    );
}

#[test]
fn aliases_compose_swizzles_and_negation() {
    let s = ok(&format!(
        ".alias a c0.wyxz\n.alias n -c1\n.alias nn n\n{}",
        main("mov r0, a.xxww\n mov r1, -n\n mov r2, nn.y\n mov r3, -a")
    ));
    assert_eq!(
        descs(&s),
        [
            "dst.xyzw src1=wwzz src2=xxxx src3=xxxx",
            "dst.xyzw src1=xyzw src2=xxxx src3=xxxx",
            "dst.xyzw src1=-yyyy src2=xxxx src3=xxxx",
            "dst.xyzw src1=-wyxz src2=xxxx src3=xxxx",
        ]
    );
    assert_eq!(text(&s)[1], "mov r1, c1 (desc 1)");
}

#[test]
fn offsets_on_registers_and_aliases() {
    let s = ok(&format!(
        ".fvec m[4]\n.alias t r4\n{}",
        main("mov r0, c8[4]\n mov r1, m[3]\n mov r2, t[-2]\n mov r3, t[ 11 ]")
    ));
    assert_eq!(
        text(&s)[..4],
        [
            "mov r0, c12 (desc 0)",
            "mov r1, c3 (desc 0)",
            "mov r2, r2 (desc 0)",
            "mov r3, r15 (desc 0)",
        ]
    );
}

#[test]
fn relative_addressing() {
    let s = ok(&format!(
        ".fvec arr[8]\n{}",
        main(
            "mov r0, arr[a0.x+4]\n mov r0, c2[aL+1]\n mov r0, c2[a0.y]\n mov r0, c3[a0]\n mov r0, c3[a1]\n \
             mov r0, c3[a2]\n mov r0, c3[lcnt]\n mov r0, -arr[ A0.X + 2 ].x"
        )
    ));
    assert_eq!(
        text(&s)[..8],
        [
            "mov r0, c4[a0.x] (desc 0)",
            "mov r0, c3[aL] (desc 0)",
            "mov r0, c2[a0.y] (desc 0)",
            "mov r0, c3[a0.x] (desc 0)",
            "mov r0, c3[a0.y] (desc 0)",
            "mov r0, c3[aL] (desc 0)",
            "mov r0, c3[aL] (desc 0)",
            "mov r0, c2[a0.x] (desc 1)",
        ]
    );
}

#[test]
fn mnemonics_and_names_are_case_insensitive() {
    let s = ok(".PROC main\n MOV r0, c1\n Dp4 r1, c2, r0\n END\n.End\n");
    assert_eq!(text(&s)[..2], ["mov r0, c1 (desc 0)", "dp4 r1, c2, r0 (desc 0)"]);
}

#[test]
fn silent_picasso_miscompiles_are_errors() {
    let cases = [
        // picasso reads these as plain c4 / c4 / c0.
        ("mov r0, c4[a0.x-1]", "only be followed by `+offset`"),
        ("mov r0, c4[a0.x+0x1]", "invalid offset `0x1`"),
        ("mov r0, c4[]", "empty `[]`"),
        ("mov r0, c4[a0.x+-1]", "must not be negative"),
        // picasso silently drops the trailing text.
        ("mov r0, r1abc", "invalid register `r1abc`"),
        ("mov r0, c4[1]x", "unexpected `x` after `]`"),
        // Past the end of the register file (picasso wraps into the next one).
        ("mov r0, r15[1]", "`r15[1]` is r16, outside r0–r15"),
        ("mov r0, c95[1]", "outside c0–c95"),
        // Relative addressing of a non-uniform (picasso accepts it through an alias).
        ("mov r0, r3[a0.x]", "relative addressing needs a float uniform"),
        // v and o share numbers in picasso: o as a source reads v, v as a destination writes o.
        ("mov r0, o1", "must be a v, r or c register"),
        (
            "mov v0, r1",
            "a destination must be an output (o) or temporary (r) register",
        ),
        ("mov -r0, r1", "a destination cannot be negated"),
        ("mov r0., r1", "invalid swizzle `.`"),
        ("mov r0, r1.xyzwx", "invalid swizzle `.xyzwx`"),
        ("mov R0, r1", "unknown register or alias `R0`"),
    ];
    for (line, want) in cases {
        let errs = errors(&main(line));
        assert_eq!(errs.len(), 1, "{line}: {errs:?}");
        assert!(errs[0].contains(want), "{line}: {errs:?}");
        assert!(errs[0].starts_with("2:"), "{line}: {errs:?}");
    }
}

#[test]
fn unknown_names_get_suggestions() {
    let errs = errors(&format!(".fvec projection[4]\n{}", main("dp4 r0, projectoin[0], v0")));
    assert_eq!(
        errs,
        ["3:9: unknown register or alias `projectoin` (did you mean `projection`?)"]
    );
}

#[test]
fn outputs_above_o6_do_not_exist_in_geometry_shaders() {
    let errs = errors(&format!(".gsh point c0\n{}", main("mov o7, r0")));
    assert_eq!(errs, ["3:5: invalid register `o7`: o registers are o0–o6"]);
}

#[test]
fn a_constant_offset_past_a_uniform_array_is_an_error() {
    // picasso adds the offset to the uniform's register unchecked: `a[3]`
    // read `b[1]`, the next uniform.
    let decls = ".fvec a[2]\n.fvec b[2], s\n.constfa k[2]\n.constfa (1, 1, 1, 1)\n.end\n";
    let errs = errors(&format!(
        "{decls}{}",
        main("mov o0, a[3]\n mov o1, b[-1]\n mov o2, k[2]\n mov o3, s[1]")
    ));
    assert_eq!(
        errs,
        [
            "7:9: `a[3]` is outside `a`, an array of 2 (`a[0]`–`a[1]`)",
            "8:10: `b[-1]` is outside `b`, an array of 2 (`b[0]`–`b[1]`)",
            "9:10: `k[2]` is outside `k`, an array of 2 (`k[0]`–`k[1]`)",
            "10:10: `s[1]` is outside `s`, a single register (only `s[0]`)",
        ]
    );
    // Inside the array, and with an index register (the offset is then
    // only a base), it assembles.
    let s = ok(&format!("{decls}{}", main("mov o0, a[1]\n mov o1, a[a0.x+3]")));
    assert_eq!(text(&s)[..2], ["mov o0, c1 (desc 0)", "mov o1, c3[a0.x] (desc 0)"]);
}
