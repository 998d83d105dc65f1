//! Warnings: what assembles, but not as written, where picasso 2.7 warns
//! too (a write mask out of x, y, z, w order; a padding NOP left out by
//! `--no-nop`) or accepts what is likely a slip (a component named twice
//! in a write mask, a name that hides a register). The words are
//! picasso's either way.

mod asm_common;

use asm_common::{descs, main, ok, warnings};
use isa_pica::asm::Options;
use pretty_assertions::assert_eq;

const NO_NOP: Options = Options { auto_nop: false };

#[test]
fn a_write_mask_out_of_order_is_a_warning() {
    let src = main("mov r0.zyx, v0\n mov o1.wx, c0\n mov r2.xyw, v2\n mov r3.y, v3");
    // Lines 2 and 3 of the file (`main` opens the procedure on line 1).
    assert_eq!(
        warnings(&src, &Options::default()),
        [
            "2:5: `r0.zyx` is not in x, y, z, w order: a write mask has no order, so this writes `.xyz`",
            "3:6: `o1.wx` is not in x, y, z, w order: a write mask has no order, so this writes `.xw`",
        ]
    );
    // The descriptors hold what the masks select.
    assert_eq!(
        descs(&ok(&src))[..2],
        [
            "dst.xyz src1=xyzw src2=xxxx src3=xxxx",
            "dst.xw src1=xyzw src2=xxxx src3=xxxx"
        ]
    );
}

#[test]
fn an_output_mask_out_of_order_is_a_warning() {
    let src = ".out - position.zyx\n.out - color o1.yx\n.out - texcoord0 o2.xy\n.proc main\n mov o0, v0\n end\n.end\n";
    assert_eq!(
        warnings(src, &Options::default()),
        [
            "1:8: `position.zyx` is not in x, y, z, w order: a write mask has no order, so this writes `.xyz`",
            "2:14: `o1.yx` is not in x, y, z, w order: a write mask has no order, so this writes `.xy`",
        ]
    );
}

#[test]
fn a_component_named_twice_in_a_mask_is_a_warning() {
    // picasso drops the repeat without a word: `.xx` wrote `.x`.
    let src = ".out - texcoord0.xx\n.out - color o1.rxz\n.proc main\n mov o0.xx, v0\n mov r1.xxyz, v1\n \
               mov r2[0].yxx, v2\n mov r3.xyzw, v3\n end\n.end\n";
    assert_eq!(
        warnings(src, &Options::default()),
        [
            "1:8: `texcoord0.xx` names `x` twice: a write mask selects each component once, so this writes `.x`",
            "2:14: `o1.rxz` names `x` twice: a write mask selects each component once, so this writes `.xz`",
            "4:6: `o0.xx` names `x` twice: a write mask selects each component once, so this writes `.x`",
            "5:6: `r1.xxyz` names `x` twice: a write mask selects each component once, so this writes `.xyz`",
            "6:6: `r2[0].yxx` names `x` twice: a write mask selects each component once, so this writes `.xy`",
        ]
    );
    assert_eq!(
        descs(&ok(src))[..3],
        [
            "dst.x src1=xyzw src2=xxxx src3=xxxx",
            "dst.xyz src1=xyzw src2=xxxx src3=xxxx",
            "dst.xy src1=xyzw src2=xxxx src3=xxxx",
        ]
    );
}

#[test]
fn a_padding_nop_left_out_is_a_warning() {
    // An empty if body needs a padding NOP before its `.end`.
    let src = ".proc main\n ifu b0\n .end\n end\n.end\n";
    assert_eq!(warnings(src, &Options::default()), Vec::<String>::new());
    assert_eq!(
        warnings(src, &NO_NOP),
        ["3:2: a padding NOP is needed before this `.end` (the flow-control errata); padding NOPs are off, so it is left out"]
    );
    // `.nopad` asks for it to be left out: no warning.
    let nopad = ".proc main\n ifu b0\n .nopad\n .end\n end\n.end\n";
    assert_eq!(warnings(nopad, &NO_NOP), Vec::<String>::new());
    assert_eq!(warnings(nopad, &Options::default()), Vec::<String>::new());
}

/// A name spelled as a register (`.out o1 …`, `.fvec c3`) is read before
/// the register, as picasso reads it: `c3` then names the uniform (at c0),
/// so the warning says the register is hidden. `.alias` refuses such a
/// name outright, as picasso does.
#[test]
fn a_name_spelled_as_a_register_is_a_warning() {
    let src = ".out o1 texcoord0\n.fvec c3\n.constf r7(1.0, 2.0, 3.0, 4.0)\n.out pos position\n.proc main\n mov o1, v0\n mov pos, c3\n end\n.end\n";
    assert_eq!(
        warnings(src, &Options::default()),
        [
            "1:6: `o1` is also a register: from here on it names this output, not the register (picasso reads names first)",
            "2:7: `c3` is also a register: from here on it names this uniform, not the register (picasso reads names first)",
            "3:9: `r7` is also a register: from here on it names this constant, not the register (picasso reads names first)",
        ]
    );
}
