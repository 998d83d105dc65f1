//! `mad` and `madi` with a different negation on each source: the picasso
//! text the disassembler prints names each source's own sign. (A printer
//! that took one source's negate bit for another's used to survive every
//! test: the disassembler saw its text not round-trip and fell back to
//! `.word`, so the bytes still round-tripped.)

mod asm_common;

use asm_common::{main, ok};
use isa_pica::disasm::disassemble;
use pretty_assertions::assert_eq;

/// The `mad`/`madi` lines of the disassembly of `body`, trimmed.
fn mad_lines(body: &str) -> Vec<String> {
    let text = disassemble(&ok(&main(body)));
    assert!(!text.contains(".word"), "a word fell back to .word:\n{text}");
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("mad"))
        .map(String::from)
        .collect()
}

#[test]
fn each_source_keeps_its_own_negation() {
    let lines = [
        "mad r1, -r4.x, c12, r1",
        "mad r1, r4.x, -c12, r1",
        "mad r1, r4.x, c12, -r1",
        "mad r1, -r4, -c12, -r1",
        "mad r1, r4, -r5, c3",
        "mad r1, -r4, r5, -c3",
    ];
    assert_eq!(mad_lines(&lines.join("\n ")), lines);
}
