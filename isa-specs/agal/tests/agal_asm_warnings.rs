//! What the assembler accepts as AGALMiniAssembler does, but not as written:
//! each such place is a warning at its `line:col` from
//! `assemble_with_warnings`, and the bytes are the reference's.

use isa_agal::asm::assemble_with_warnings;
use isa_agal::{assemble, ProgramType, Version};
use pretty_assertions::assert_eq;

/// The warnings of a vertex program (AGAL 1), as `line:col: message`,
/// checking that it assembles to the same bytes as `same` (no warnings).
fn vertex_warnings(text: &str, same: &str) -> Vec<String> {
    let (program, warnings) = assemble_with_warnings(text, ProgramType::Vertex, Version::V1, false);
    let program = program.expect("the text assembles");
    let (plain, none) = assemble_with_warnings(same, ProgramType::Vertex, Version::V1, false);
    assert_eq!(none, []);
    assert_eq!(program.to_bytes(), plain.unwrap().to_bytes(), "{text}");
    assert_eq!(
        assemble(text, ProgramType::Vertex, Version::V1, false),
        Ok(program),
        "`assemble` gives the same program"
    );
    warnings.iter().map(ToString::to_string).collect()
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
