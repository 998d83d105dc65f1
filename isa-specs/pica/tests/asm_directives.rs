//! picasso's directives and the DVLE tables they fill (checked against
//! picasso 2.7).

mod asm_common;

use asm_common::{errors, errors_files, main, ok, ok_files, text};
use isa_pica::shbin::{Constant, Output, ShaderKind, Uniform};
use pretty_assertions::assert_eq;

fn uniform(symbol: u32, first: u16, last: u16) -> Uniform {
    Uniform { symbol, first, last }
}

fn output(semantic: u16, register: u16, mask: u16) -> Output {
    Output {
        semantic,
        register,
        mask,
        extra: 0,
    }
}

#[test]
fn uniforms_inputs_and_symbols() {
    let s = ok(&format!(
        ".fvec proj[4], light$dir\n.ivec loops\n.bool flags[3], _hidden\n.fvec _private[2], tail\n.in pos\n.in nrm v5\n.in tex\n{}",
        main("mov r0, tail")
    ));
    let d = &s.dvles[0];
    // Sorted by register: inputs (v), then c, i and b numbered 0x10/0x70/0x78 up.
    assert_eq!(
        d.uniforms,
        [
            uniform(0, 0x00, 0x00),
            uniform(4, 0x01, 0x01),
            uniform(8, 0x05, 0x05),
            uniform(12, 0x10, 0x13),
            uniform(17, 0x14, 0x14),
            uniform(27, 0x17, 0x17),
            uniform(32, 0x70, 0x70),
            uniform(38, 0x78, 0x7a),
        ]
    );
    assert_eq!(
        d.symbols,
        b"pos\0tex\0nrm\0proj\0light.dir\0tail\0loops\0flags\0".to_vec()
    );
    assert_eq!(d.input_mask, 0b10_0011);
    assert_eq!(text(&s)[0], "mov r0, c7 (desc 0)");
}

#[test]
fn constants_are_allocated_from_the_top() {
    let s = ok(&format!(
        ".constf one(1.0, 0.5, -2, 0)\n.consti loop(16, 0, 1, -1)\n.constf two(0.003921568393707275390625, inf, -0.0, 0.0)\n\
         .setf c3(1, 2, 3, 4)\n.seti i1(1, 2, 3, 4)\n.setb b7 on\n.setb b2 FALSE\n{}",
        main("mov r0, one\n mov r0, two\n for loop\n .end")
    ));
    let d = &s.dvles[0];
    assert_eq!(
        d.constants,
        [
            Constant {
                kind: 2,
                index: 95,
                value: [0x3f0000, 0x3e0000, 0xc00000, 0]
            },
            Constant {
                kind: 1,
                index: 3,
                value: [0xff01_0010, 0, 0, 0]
            },
            Constant {
                kind: 2,
                index: 94,
                value: [0x370101, 0x7f0000, 0x800000, 0]
            },
            Constant {
                kind: 2,
                index: 3,
                value: [0x3f0000, 0x400000, 0x408000, 0x410000]
            },
            Constant {
                kind: 1,
                index: 1,
                value: [0x0403_0201, 0, 0, 0]
            },
            Constant {
                kind: 0,
                index: 7,
                value: [1, 0, 0, 0]
            },
            Constant {
                kind: 0,
                index: 2,
                value: [0, 0, 0, 0]
            },
        ]
    );
    assert_eq!(
        text(&s)[..3],
        ["mov r0, c95 (desc 0)", "mov r0, c94 (desc 0)", "loop i3, dst=3, num=0"]
    );
}

#[test]
fn constant_arrays() {
    let s = ok(&format!(
        ".constfa arr[4]\n.constfa (1, 2, 3, 4)\n.constfa (5, 6, 7, 8)\n.end\n.constfa two[]\n.constfa (0.5, 0, 0, 0)\n.end\n{}",
        main("mov r0, arr[1]\n mov r0, two")
    ));
    let indices: Vec<u16> = s.dvles[0].constants.iter().map(|c| c.index).collect();
    assert_eq!(indices, [92, 93, 94, 95, 91]);
    assert_eq!(s.dvles[0].constants[2].value, [0; 4]);
    assert_eq!(text(&s)[..2], ["mov r0, c93 (desc 0)", "mov r0, c91 (desc 0)"]);
}

/// picasso 2.7 rejects `.out - dummy o9` after an output in o1: it shifts a
/// 32-bit int by 36 to check collisions, which wraps to o1's bits on x86.
/// isaforge keeps 64 bits and accepts it; everything else here is as picasso.
#[test]
fn outputs() {
    let s = ok(&format!(
        ".out outpos position\n.out outtc texcoord0.st\n.out - texcoord0w outtc.p\n.out clr COLOR o5.xyz\n\
         .out - dummy o9\n.out v view\n{}",
        main("mov outpos, r0\n mov outtc, r1\n mov clr, r2\n mov v, r3")
    ));
    let d = &s.dvles[0];
    assert_eq!(
        d.outputs,
        [
            output(0, 0, 0xf),
            output(3, 1, 0x3),
            output(4, 1, 0x4),
            output(2, 5, 0x7),
            output(9, 9, 0xf),
            output(8, 2, 0xf),
        ]
    );
    assert_eq!(d.output_mask, 0b10_0010_0111);
    assert_eq!(
        text(&s)[..4],
        [
            "mov o0, r0 (desc 0)",
            "mov o1, r1 (desc 0)",
            "mov o5, r2 (desc 0)",
            "mov o2, r3 (desc 0)",
        ]
    );
}

#[test]
fn entry_points_and_several_files() {
    // Procedures are shared between files; each file is one DVLE; vertex
    // uniforms are shared by name, constants are per file.
    let v = ".fvec a, b[2]\n.constf k(1, 1, 1, 1)\n.entry vmain\n.proc vmain\n mov r0, b[1]\n call lib\n end\n.end\n";
    let lib = ".nodvle\n.proc lib\n mov r0, r1\n.end\n";
    let w =
        ".fvec c, b[2]\n.constf k(2, 2, 2, 2)\n.proc main\n mov r0, b\n mov r0, c\n mov r0, k\n call lib\n end\n.end\n";
    let s = ok_files(&[v, lib, w]);
    assert_eq!(s.dvles.len(), 2);
    assert_eq!((s.dvles[0].main, s.dvles[0].endmain), (0, 3));
    assert_eq!((s.dvles[1].main, s.dvles[1].endmain), (4, 9));
    assert_eq!(
        text(&s),
        [
            "mov r0, c2 (desc 0)",
            "call dst=3, num=1",
            "end",
            "mov r0, r1 (desc 0)",
            "mov r0, c1 (desc 0)",
            "mov r0, c3 (desc 0)",
            "mov r0, c95 (desc 0)",
            "call dst=3, num=1",
            "end",
        ]
    );
    assert_eq!(s.dvles[1].constants[0].index, 95);
}

#[test]
fn geometry_shader_modes() {
    let v = ".out p position\n.out - dummy\n.entry vmain\n.proc vmain\n end\n.end\n";
    let point = ".gsh point c8\n.fvec a\n.out p position\n.out d dummy\n.entry g1\n.proc g1\n mov r0, a\n end\n.end\n";
    let variable = ".gsh variable c48 3\n.fvec a\n.entry g2\n.proc g2\n mov r0, a\n end\n.end\n";
    let fixed = ".gsh particle c24 c0 4\n.fvec a\n.bool f[20]\n.entry g3\n.proc g3\n mov r0, a\n end\n.end\n";
    let errs = errors_files(&[v, point, variable, fixed]);
    // A geometry shader's boolean space stops at b14: b15 is reserved.
    assert_eq!(errs, ["f3.pica:3:7: not enough uniform registers left for `f[20]`"]);
    let fixed = ".gsh particle c24 c0 4\n.fvec a\n.bool f[15]\n.entry g3\n.proc g3\n mov r0, a\n end\n.end\n";
    let s = ok_files(&[v, point, variable, fixed]);
    let header = |i: usize| {
        let d = &s.dvles[i];
        (
            d.kind,
            d.merge_outmaps,
            d.gsh_mode,
            d.gsh_fixed_start,
            d.gsh_variable_count,
            d.gsh_fixed_count,
        )
    };
    assert_eq!(header(0), (ShaderKind::Vertex, 0, 0, 0, 0, 0));
    assert_eq!(header(1), (ShaderKind::Geometry, 1, 0, 0, 0, 0));
    assert_eq!(header(2), (ShaderKind::Geometry, 0, 1, 0, 3, 0));
    assert_eq!(header(3), (ShaderKind::Geometry, 0, 2, 0, 0, 4));
    // Each geometry shader allocates from its own first free register.
    let listing = text(&s);
    assert!(listing.contains(&"mov r0, c8 (desc 0)".to_string()), "{listing:?}");
    assert!(listing.contains(&"mov r0, c48 (desc 0)".to_string()), "{listing:?}");
    assert!(listing.contains(&"mov r0, c24 (desc 0)".to_string()), "{listing:?}");
}

#[test]
fn legacy_geometry_shaders_share_the_vertex_space() {
    let v = ".fvec a\n.proc main\n mov r0, a\n end\n.end\n";
    let g = ".gsh\n.fvec b\n.entry g\n.proc g\n mov r0, b\n end\n.end\n";
    let s = ok_files(&[v, g]);
    assert_eq!(s.dvles[1].kind, ShaderKind::Geometry);
    assert_eq!(text(&s)[2], "mov r0, c1 (desc 0)");
}

#[test]
fn float_literals_that_a_float24_would_change_are_errors() {
    // picasso writes the first line as 0x7f0000, 0x7f0000, 0x7f0000, 0 without a word.
    let src = ".constf k(1e999, nan, 3.4e38, 1e-50)\n.constf k1(1, NaN, 1, 1)\n.constf k2(1, 1, 3.4e38, 1)\n\
               .constf k3(1, 1, 1, 1e-50)\n.constfa a[]\n.constfa (1, -1e-30, 2, 3)\n.constfa (1, 1, 1, 1)\n.end\n\
               .setf c3(1.5e19, 1.9e19, 0, 0)\n.setf c4(-2e-19, 3e-19, 0, 0)\n\
               .constf fine(inf, -INF, 2.2e-19, 1.8e19)\n";
    let errs = errors(&format!("{src}{}", main("mov r0, k")));
    assert_eq!(
        errs,
        [
            "1:11: `1e999` is too large for a float24 (the largest is about 1.8e19): it would become inf (0x7f0000)",
            "2:15: `NaN` is NaN, which a float24 constant cannot hold (it would become inf (0x7f0000))",
            "3:18: `3.4e38` is too large for a float24 (the largest is about 1.8e19): it would become inf (0x7f0000)",
            "4:21: `1e-50` is too small for a float24 (the smallest nonzero is about 2.2e-19): it would become 0.0 (0x000000)",
            "6:14: `-1e-30` is too small for a float24 (the smallest nonzero is about 2.2e-19): it would become -0.0 (0x800000)",
            "9:18: `1.9e19` is too large for a float24 (the largest is about 1.8e19): it would become NaN (0x7f07ad)",
            "10:10: `-2e-19` is too small for a float24 (the smallest nonzero is about 2.2e-19): it would become -0.0 (0x80d83c)",
        ]
    );
}

#[test]
fn float_literals_beyond_a_doubles_range_are_errors_too() {
    // Read as a double, `1e-400` is already 0.0 and `1e400` infinity; the
    // digits still say a nonzero, finite number.
    let src = ".constf k0(1e-400, 0, 0, 0)\n.constf k1(0, -1e-400, 0, 0)\n.constf k2(0, 0, 1e400, 0)\n\
               .constf k3(0, 0, 0, -1E+400)\n.setf c3(0, 25.0e-999, 0, 0)\n";
    let errs = errors(&format!("{src}{}", main("mov r0, k0")));
    assert_eq!(
        errs,
        [
            "1:12: `1e-400` is too small for a float24 (the smallest nonzero is about 2.2e-19): it would become 0.0 (0x000000)",
            "2:15: `-1e-400` is too small for a float24 (the smallest nonzero is about 2.2e-19): it would become -0.0 (0x800000)",
            "3:18: `1e400` is too large for a float24 (the largest is about 1.8e19): it would become inf (0x7f0000)",
            "4:21: `-1E+400` is too large for a float24 (the largest is about 1.8e19): it would become -inf (0xff0000)",
            "5:13: `25.0e-999` is too small for a float24 (the smallest nonzero is about 2.2e-19): it would become 0.0 (0x000000)",
        ]
    );
}

#[test]
fn zero_literals_stay_zero_whatever_their_exponent() {
    let s = ok(&format!(
        ".constf z(0e-400, 0.0, -0e-400, 000.000e999)\n{}",
        main("mov r0, z")
    ));
    assert_eq!(s.dvles[0].constants[0].value, [0, 0, 0x80_0000, 0]);
}

#[test]
fn directive_errors() {
    let src = ".fvec a, a\n.fvec 1x\n.fvec b[0]\n.constf k(1, 2, 3)\n.constf m(1, 2, x, 4)\n.consti n(1, 2, 3, 300)\n\
               .in i v16\n.out o bogus\n.out o2 pos r0\n.alias r1x c0\n.setb b0 maybe\n.gsh point c0\n.entry 9\n.bogus\n.prco x\n";
    let errs = errors(&format!("{src}{}", main("mov r0, r1")));
    assert_eq!(
        errs,
        [
            "1:10: `a` is already defined in this file",
            "2:7: invalid uniform name `1x`",
            "3:9: invalid uniform size `0`",
            "4:10: expected 4 values in parentheses, found 3",
            "5:17: invalid number `x`",
            "6:20: invalid integer `300`: expected a decimal number from -128 to 255",
            "7:7: invalid register `v16`: v registers are v0–v15",
            "8:8: invalid output type `bogus`: expected position, normalquat, color, texcoord0, texcoord0w, \
             texcoord1, texcoord2, view or dummy",
            "9:13: invalid output register `r0`: expected o0–o15",
            "10:8: `r1x` looks like a register and cannot be an alias",
            "11:10: invalid boolean `maybe`: expected true, false, on, off, 1 or 0",
            "12:1: `.gsh` must come before any constant, uniform or output",
            "13:8: invalid procedure name `9`",
            "14:1: unknown directive `.bogus`",
            "15:1: unknown directive `.prco` (did you mean `.proc`?)",
        ]
    );
}

#[test]
fn output_collisions_and_limits() {
    let errs = errors(&format!(
        ".out a position o1.xy\n.out b color o1.y\n.out c color o8\n.gsh point c0\n{}",
        main("nop")
    ));
    assert_eq!(
        errs,
        [
            "2:14: this output overlaps components of an earlier one",
            "3:8: o8 can only be a dummy output",
            "4:1: `.gsh` must come before any constant, uniform or output",
        ]
    );
}

#[test]
fn uniform_conflicts_between_files() {
    let errs = errors_files(&[
        ".fvec a[2]\n.proc main\n end\n.end\n",
        ".fvec a[3]\n.ivec b\n",
        ".bool b\n",
    ]);
    assert_eq!(
        errs,
        [
            "f1.pica:1:7: `a` was declared with size 2",
            "f2.pica:1:7: `b` was declared as another kind of uniform",
        ]
    );
    let errs = errors_files(&[".fvec a\n.proc main\n end\n.end\n", ".bool a\n"]);
    assert_eq!(errs, ["f1.pica:1:7: `a` was declared as another kind of uniform"]);
}

#[test]
fn a_second_entry_naming_another_procedure_is_an_error() {
    // picasso keeps the last `.entry`: the DVLE silently started at `sub`.
    let procs = ".proc main\n end\n.end\n.proc sub\n end\n.end\n";
    assert_eq!(
        errors(&format!(".entry main\n.entry sub\n{procs}")),
        ["2:8: the entry point is already `main` (set on line 1)"]
    );
    // The same procedure again is accepted.
    let s = ok(&format!(".entry sub\n.entry sub\n{procs}"));
    assert_eq!(s.dvles[0].main, 1);
}
