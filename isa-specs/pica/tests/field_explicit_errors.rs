//! Register operands of the field-explicit form (`isa asm pica --raw`):
//! a register out of its file's range, a file's prefix without a number,
//! and a word that is no register each get an error at the operand that
//! says what the spec's register files allow; a mask or swizzle glued
//! to a register says the form has none.

use isa_pica::Pica;
use pretty_assertions::assert_eq;

/// The error for one line, as `col: message`.
fn error(line: &str) -> String {
    match isa_runtime::assemble_line::<Pica>(line, 1) {
        Ok(word) => panic!("`{line}` assembled to {word:?}"),
        Err(e) => format!("{}: {}", e.col, e.message),
    }
}

#[test]
fn register_operands_say_what_the_files_allow() {
    assert_eq!(
        [
            error("mov r0, c-1 (desc 0)"),
            error("mov r0, c (desc 0)"),
            error("mov r0, c96 (desc 0)"),
            error("mov r16, c95 (desc 0)"),
            error("mov r0, x3 (desc 0)"),
        ],
        [
            "9: `c-1` is no register: `c` registers are c0 to c95 (`src1`)",
            "9: `c` is no register: `c` registers are c0 to c95 (`src1`)",
            "9: register `c96` is out of range: c has 0..=95",
            "5: register `r16` is out of range: r has 0..=15",
            "9: expected a register (vN, rN, cN) for `src1`, found `x3`",
        ]
    );
    // The last number of each file assembles.
    assert!(isa_runtime::assemble_line::<Pica>("mov r15, c95 (desc 0)", 1).is_ok());
}

/// picasso's text glues masks and swizzles to registers (`r0.xy`); the
/// field-explicit form keeps them in the operand descriptor `(desc N)`
/// names, so a suffix there is an error that says so, wherever the
/// register is (before fields that read nothing, such as `src1`'s index).
#[test]
fn a_mask_or_swizzle_on_a_register_says_the_form_has_none() {
    assert_eq!(
        [
            error("mov r0.xyzw, v0 (desc 0)"),
            error("mov r0, v0.x (desc 0)"),
            error("add r0, v0.x, r1 (desc 0)"),
            error("add r0, v0 .x, r1 (desc 0)"),
            error("mov r0, v0 (desc 0).x"),
        ],
        [
            "7: expected `,`, found `.xyzw`: this form writes `dst` as a bare register (no mask or swizzle)",
            "11: expected `(desc`, found `.x`: this form writes `src1` as a bare register (no mask or swizzle)",
            "11: expected `,`, found `.x`: this form writes `src1` as a bare register (no mask or swizzle)",
            // Not glued: no register suffix, so no claim about one.
            "12: expected `,`, found `.x`",
            "20: expected end of line, found `.x`",
        ]
    );
}
