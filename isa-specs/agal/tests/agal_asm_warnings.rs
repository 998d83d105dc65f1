//! What the assembler accepts as AGALMiniAssembler does, but not as written:
//! each such place is a warning at its `line:col` from
//! `assemble_with_warnings`, and the bytes are the reference's.

use isa_agal::asm::assemble_with_warnings;
use isa_agal::{assemble, ProgramType, Version};
use pretty_assertions::assert_eq;

/// The warnings of a program (AGAL 1), as `line:col: message`, checking
/// that it assembles to the same bytes as `same` (no warnings).
fn warnings(kind: ProgramType, text: &str, same: &str) -> Vec<String> {
    let (program, warnings) = assemble_with_warnings(text, kind, Version::V1, false);
    let program = program.expect("the text assembles");
    let (plain, none) = assemble_with_warnings(same, kind, Version::V1, false);
    assert_eq!(none, []);
    assert_eq!(program.to_bytes(), plain.unwrap().to_bytes(), "{text}");
    assert_eq!(
        assemble(text, kind, Version::V1, false),
        Ok(program),
        "`assemble` gives the same program"
    );
    warnings.iter().map(ToString::to_string).collect()
}

/// [`warnings`] of a vertex program.
fn vertex_warnings(text: &str, same: &str) -> Vec<String> {
    warnings(ProgramType::Vertex, text, same)
}

/// A destination mask is one bit per component (the reference ORs them):
/// a repeated letter and the order are lost, so both are warnings at the
/// mask's letters, naming what is written.
#[test]
fn a_repeated_or_reordered_write_mask_is_a_warning() {
    let text = "mov op.xx, va0\nmov op.yx, va0\n  mov vt1.wwzx, va0\nmov op.xz, va0\nmov vt0.xyzw, vc[va0.x+1].yx\n";
    let same = "mov op.x, va0\nmov op.xy, va0\n  mov vt1.xzw, va0\nmov op.xz, va0\nmov vt0.xyzw, vc[va0.x+1].yx\n";
    assert_eq!(
        vertex_warnings(text, same),
        [
            "1:8: `op.xx` names `x` twice: a write mask selects each component once, so this writes `.x`",
            "2:8: `op.yx` is not in x, y, z, w order: a write mask has no order, so this writes `.xy`",
            "3:11: `vt1.wwzx` names `w` twice: a write mask selects each component once, so this writes `.xzw`",
        ]
    );
}

/// A line with an error gives only its error, not its warnings too.
#[test]
fn a_bad_line_gives_no_warnings() {
    let (program, warnings) = assemble_with_warnings("mov op.yx, va0, va1\n", ProgramType::Vertex, Version::V1, false);
    assert_eq!(warnings, []);
    let errors: Vec<String> = program.unwrap_err().iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        ["1:17: `mov` takes 2 operands (destination, source), found 3 operands"]
    );
}

/// The bias byte holds `(int)(bias * 8)`, as the reference writes it: a
/// bias that is not a whole number of eighths is cut toward zero, with a
/// warning at the number saying what is written; eighths are exact.
#[test]
fn a_lod_bias_that_is_not_in_eighths_is_a_warning() {
    let text = "\
tex ft0, v0, fs0 <2d, 0.01>
tex ft0, v0, fs0 <2d,-0.01>
tex ft0.yx, v0, fs0 <2d, 1.3>
tex ft0, v0, fs0 <2d, -15.99, linear>
tex ft0, v0, fs0 <2d, 0.125>
tex ft0, v0, fs0 <2d, -2.50>
tex ft0, v0, fs0 <15.875>
tex ft0, v0, fs0 <-16>
mov oc, ft0
";
    let same = "\
tex ft0, v0, fs0 <2d>
tex ft0, v0, fs0 <2d>
tex ft0.xy, v0, fs0 <2d, 1.25>
tex ft0, v0, fs0 <2d, -15.875, linear>
tex ft0, v0, fs0 <2d, 0.125>
tex ft0, v0, fs0 <2d, -2.5>
tex ft0, v0, fs0 <15.875>
tex ft0, v0, fs0 <-16>
mov oc, ft0
";
    assert_eq!(
        warnings(ProgramType::Fragment, text, same),
        [
            "1:23: lod bias 0.01 is not a multiple of 1/8: the bias byte holds bias × 8, cut toward zero, so this writes 0",
            "2:22: lod bias -0.01 is not a multiple of 1/8: the bias byte holds bias × 8, cut toward zero, so this writes 0",
            "3:9: `ft0.yx` is not in x, y, z, w order: a write mask has no order, so this writes `.xy`",
            "3:26: lod bias 1.3 is not a multiple of 1/8: the bias byte holds bias × 8, cut toward zero, so this writes 1.25",
            "4:23: lod bias -15.99 is not a multiple of 1/8: the bias byte holds bias × 8, cut toward zero, so this writes -15.875",
        ]
    );
}

/// A bias whose byte would not fit is an error, not a warning (the
/// reference keeps its low 8 bits).
#[test]
fn a_lod_bias_out_of_range_is_an_error() {
    for (bias, col) in [("16", 19), ("-16.2", 19), ("100.01", 19)] {
        let text = format!("tex ft0, v0, fs0 <{bias}>\n");
        let (program, warnings) = assemble_with_warnings(&text, ProgramType::Fragment, Version::V1, false);
        assert_eq!(warnings, []);
        let errors: Vec<String> = program.unwrap_err().iter().map(ToString::to_string).collect();
        assert_eq!(
            errors,
            [format!(
                "1:{col}: lod bias {bias} is out of range: the bias byte holds bias × 8, so -16 to 15.875"
            )]
        );
    }
}
