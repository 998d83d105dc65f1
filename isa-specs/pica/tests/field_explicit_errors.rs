//! Register operands of the field-explicit form (`isa asm pica --raw`):
//! a register out of its file's range, a file's prefix without a number,
//! and a word that is no register each get an error at the operand that
//! says what the spec's register files allow.

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
