//! The example's own checks: every 16-bit word decodes or is refused with
//! the field at fault, and what decodes re-encodes to the same word.

use toy_isa::acc16::Instruction;

#[test]
fn every_word_round_trips_or_names_its_fault() {
    let mut decoded = 0;
    for word in 0..=u16::MAX {
        match Instruction::decode(word) {
            Ok(insn) => {
                assert_eq!(insn.encode(), word, "{insn}");
                assert_eq!(insn.to_string().parse::<Instruction>(), Ok(insn));
                decoded += 1;
            }
            Err(e) => assert!(!e.to_string().is_empty(), "{word:#06x}"),
        }
    }
    // 11 opcodes of 16: the 12-bit operand spaces of ldi, addi, jmp, jz are
    // whole (4 × 4096); add, sub, get, put, ld, st take 4 registers each
    // (6 × 4, the other bits reserved); halt takes 1.
    assert_eq!(decoded, 4 * 4096 + 6 * 4 + 1);
}

#[test]
fn a_bad_line_is_an_error_with_its_line() {
    let err = toy_isa::assemble("ldi 1\nadd d9\n").unwrap_err();
    assert!(err.starts_with("line 2:"), "{err}");
}
