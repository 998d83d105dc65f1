//! A made-up 8-bit ISA (`specs/toy8.isa`): its generated suite, every one
//! of its 256 words, and a known word through decode, text and bytes.

mod toy8 {
    isa_macros::isa!(file = "specs/toy8.isa");
}

isa_macros::isa_tests!(file = "specs/toy8.isa", module = crate::toy8, random_words = 2_000);

use toy8::{Acc, Instruction, Op, Toy8, LAYOUT};

/// Every 8-bit word decodes (no field can be invalid), re-encodes to
/// itself and survives print → parse.
#[test]
fn every_word_round_trips() {
    for word in 0..=u8::MAX {
        generated_tests::check::round_trip_word::<Toy8>(word, None).unwrap_or_else(|e| panic!("{word:#04x}: {e}"));
    }
}

/// One byte per instruction, and the value API on an 8-bit word.
#[test]
fn a_known_byte() -> Result<(), Box<dyn std::error::Error>> {
    // add (opcode 1 in bits 5..=7), immediate 5 (bits 2..=4), a2.
    let insn = Instruction::from_bytes([0x36])?;
    assert_eq!(insn.to_string(), "add a2, 5");
    let built = Op::default().with_acc(Acc::a(2).ok_or("a2")?).try_with_imm(5)?;
    assert_eq!(insn, Instruction::Add(built));
    assert_eq!(insn.encode(), 0x36u8);
    assert_eq!(Instruction::program_from_bytes(&[0x36, 0xFF])?.len(), 2);
    assert_eq!(Instruction::decode(0x40)?.to_string(), ".byte 0x40");
    assert_eq!(Instruction::decode(0xFF)?.to_string(), "jmp -1");
    assert_eq!(LAYOUT.word_bits, 8);
    Ok(())
}

/// The runtime's printer of a word from the metadata prints what the
/// generated `Display` prints, the fallback included, for every word.
#[test]
fn the_metadata_printer_agrees_with_display() {
    for word in 0..=u8::MAX {
        let mut text = String::new();
        isa_runtime::text::write_word(&mut text, &LAYOUT, &word).expect("a String takes any text");
        let insn = Instruction::decode(word).expect("every toy8 word decodes");
        assert_eq!(text, insn.to_string(), "{word:#04x}");
    }
}

/// A `.` suffix glued to a register (a mask or swizzle, which toy8's form
/// has not) is named as one; one after a blank is not glued to it.
#[test]
fn a_suffix_on_a_register_is_named() {
    let error = |line: &str| isa_runtime::assemble_line::<Toy8>(line, 1).map_err(|e| e.to_string());
    assert_eq!(
        error("add a2.x, 5"),
        Err("1:7: expected `,`, found `.x`: this form writes `acc` as a bare register (no mask or swizzle)".into())
    );
    assert_eq!(error("add a2 .x, 5"), Err("1:8: expected `,`, found `.x`".into()));
    assert_eq!(error("add a2.5, 5"), Err("1:7: expected `,`, found `.5`".into()));
    assert_eq!(error("add a2, 5"), Ok(Some(0x36)));
}
