//! A made-up 16-bit ISA (`specs/toy16.isa`): its generated suite, every
//! one of its 65,536 words, a few known words, and the value API (`new`,
//! `Default`, `with_*`, `try_with_*`, `as_*_mut`, `to_bytes`/`from_bytes`).

mod toy16 {
    isa_macros::isa!(file = "specs/toy16.isa");
}

isa_macros::isa_tests!(file = "specs/toy16.isa", module = crate::toy16, random_words = 20_000);

use toy16::{Alu, Branch, Cond, Imm, Instruction, Mem, Reg, Shift, Sys, Toy16, LAYOUT};

fn r(index: u64) -> Reg {
    Reg::r(index).expect("r0..=r7")
}

/// Every 16-bit word: whatever decodes re-encodes to the same bits and
/// survives print → parse; the rest are errors that name a field.
#[test]
fn every_word_round_trips_or_is_rejected() {
    let (mut ok, mut rejected) = (0, 0);
    for word in 0..=u16::MAX {
        match generated_tests::check::round_trip_word::<Toy16>(word, None) {
            Ok(_) => ok += 1,
            Err(e) => {
                assert!(!e.field.is_empty(), "{word:#06x}: {e}");
                rejected += 1;
            }
        }
    }
    assert_eq!(ok + rejected, 65_536);
    // Rejected (as the newest generation decodes): shift 3 in the four
    // ALU opcodes (4 × 1024 words), bit 11 set in `ld`/`st` (2 × 2048),
    // condition 0 in `b` (1024), a wrong marker in `sys` (7 × 512 of its
    // 4096).
    assert_eq!(rejected, 4 * 1024 + 2 * 2048 + 1024 + 7 * 512);
}

/// A known word: its instruction, text, bytes and layout.
#[test]
fn a_known_word_decodes_prints_and_encodes() {
    // add: opcode 0, dst r1 (bits 8..=10), shift lsl, amount 3, src r2.
    let word: u16 = 0x011A;
    let insn = Instruction::decode(word).expect("decodes");
    let alu = Alu::new()
        .with_dst(r(1))
        .with_src(r(2))
        .try_with_amount(3)
        .expect("fits 3 bits");
    assert_eq!(insn, Instruction::Add(alu));
    assert_eq!(insn.to_string(), "add r1, r2, lsl 3");
    assert_eq!("add r1, r2, lsl 3".parse::<Instruction>(), Ok(insn));
    // A second spelling reads as the first, which is what prints.
    assert_eq!("add r1, r2, asl 3".parse::<Instruction>(), Ok(insn));
    // Only a comment may follow the operands.
    assert_eq!("add r1, r2, lsl 3 ; why".parse::<Instruction>(), Ok(insn));
    assert_eq!(
        "add r1, r2, lsl 3 r4".parse::<Instruction>().map_err(|e| e.to_string()),
        Err("1:19: expected end of line, found `r4`".into())
    );
    assert_eq!(insn.encode(), word);
    assert_eq!(insn.to_bytes(), [0x1A, 0x01]);
    assert_eq!(Instruction::from_bytes([0x1A, 0x01]), Ok(insn));

    // The immediate forms have a 5-bit opcode: movi is 0b10000, addi 0b10001.
    let addi = Instruction::decode(0x8BFB).expect("decodes");
    assert_eq!(addi.to_string(), "addi r3, -5");
    assert_eq!(
        Instruction::decode(0x7000).map(|i| i.to_string()),
        Ok(".word 0x7000".into())
    );
    // `.word` reads hex digits (`_` between them) up to a comment, and
    // nothing glued to them.
    assert_eq!(
        ".word 0x70_00 ; kept".parse::<Instruction>().ok(),
        Instruction::decode(0x7000).ok()
    );
    assert_eq!(
        ".word 0x70zz".parse::<Instruction>().map_err(|e| e.to_string()),
        Err("1:11: unexpected `z` after a number".into())
    );
    // A `_` is between digits: `0x_` has none, and is no word.
    for text in [".word 0x_", ".word 0x_70"] {
        assert_eq!(
            text.parse::<Instruction>().map_err(|e| e.to_string()),
            Err(format!("1:9: expected hex digits, found `{}`", &text[8..])),
        );
        assert_eq!(
            isa_runtime::assemble_line::<Toy16>(text, 1).map_err(|e| e.to_string()),
            Err(format!("1:9: expected hex digits, found `{}`", &text[8..])),
        );
    }
    // `cmp` and `tst` share opcode 3; the `pattern` bit 11 tells them apart,
    // and is part of both opcodes' patterns.
    assert_eq!(
        Instruction::decode(0x3205).map(|i| i.to_string()),
        Ok("cmp r2, r5".into())
    );
    assert_eq!(
        Instruction::decode(0x3A05).map(|i| i.to_string()),
        Ok("tst r2, r5".into())
    );
    assert_eq!("tst r2, r5".parse::<Instruction>().map(|i| i.encode()), Ok(0x3A05));
    assert_eq!(LAYOUT.opcode("cmp").map(|o| (o.mask, o.bits)), Some((0xF800, 0x3000)));
    assert_eq!(LAYOUT.opcode("tst").map(|o| (o.mask, o.bits)), Some((0xF800, 0x3800)));
    assert_eq!(LAYOUT.word_bits, 16);
    assert_eq!(LAYOUT.opcode("addi").map(|o| (o.mask, o.bits)), Some((0xF800, 0x8800)));
}

/// One opcode value, two generations: `decode` is the newest's,
/// `decode_gen` any generation's, and text parses in the generation of
/// its mnemonic.
#[test]
fn generations_decode_the_same_bits_differently() {
    assert_eq!(LAYOUT.gens, Some(isa_runtime::layout::Gens { lo: 1, hi: 2 }));
    let word = 0x6123;
    assert_eq!(
        Instruction::decode(word).map(|i| i.to_string()),
        Ok("neg r1, r3, lsl 4".into())
    );
    assert_eq!(Instruction::decode_gen(word, 2), Instruction::decode(word));
    assert_eq!(
        Instruction::decode_gen(word, 1).map(|i| i.to_string()),
        Ok("wait unused=0x123".into())
    );
    let wait: Instruction = "wait".parse().expect("parses");
    assert_eq!((wait.encode(), wait.to_string()), (0x6000, "wait".into()));
    let op = LAYOUT.opcode("wait").expect("wait");
    assert!(op.in_gen(1) && !op.in_gen(2));
    assert_eq!(LAYOUT.match_opcode(0x6000).map(|o| o.mnemonic), Some("neg"));
    assert_eq!(
        LAYOUT.match_opcode_in(0x6000, Some(1)).map(|o| o.mnemonic),
        Some("wait")
    );
}

/// `program_from_bytes` reads 2 bytes per instruction, little endian, and an odd
/// byte count is an error at the last byte.
#[test]
fn bytes_are_two_per_instruction() {
    let program = [
        Instruction::decode(0x011A).expect("add"),
        Instruction::decode(0x8BFB).expect("addi"),
        Instruction::decode(0xF000).expect("halt"),
    ];
    let bytes: Vec<u8> = program.iter().flat_map(Instruction::to_bytes).collect();
    assert_eq!(bytes, [0x1A, 0x01, 0xFB, 0x8B, 0x00, 0xF0]);
    assert_eq!(Instruction::program_from_bytes(&bytes), Ok(program.to_vec()));
    let err = Instruction::program_from_bytes(&bytes[..5]).expect_err("odd length");
    assert_eq!(err.offset, Some(4));
    assert_eq!(
        err.kind,
        isa_runtime::DecodeErrorKind::Truncated {
            needed: 2,
            available: 1
        }
    );
    // A `ld` with its reserved bit 11 set, as the second instruction.
    let err = Instruction::program_from_bytes(&[0x1A, 0x01, 0x00, 0x48]).expect_err("reserved");
    assert_eq!((err.offset, err.field), (Some(2), "zero"));
}

/// Building, editing and serialising instructions with the value API.
#[test]
fn value_api_builds_and_edits_instructions() -> Result<(), Box<dyn std::error::Error>> {
    // `Default` + `with_*`: every field 0, then the ones that matter.
    let ld = Mem::default().with_reg(r(4)).with_base(r(7)).try_with_offset(31)?;
    let ld = Instruction::Ld(ld);
    assert_eq!(ld.to_string(), "ld r4, [r7+31]");

    // `try_with_*` takes plain integers and refuses what does not fit.
    let e = Imm::default()
        .try_with_imm(200)
        .expect_err("does not fit 8 signed bits");
    assert_eq!(
        e.to_string(),
        "field `imm`: 200 does not fit 8 signed bits (-128..=127)"
    );
    assert!(Alu::default().try_with_shift(3).is_err(), "value 3 is not a `Shift`");
    assert!(Alu::default().try_with_dst(8).is_err(), "r7 is the last register");
    let movi = Instruction::Movi(Imm::new().with_dst(r(2)).try_with_imm(-128)?);
    assert_eq!(movi.to_string(), "movi r2, -128");

    // `Branch` has no `Default` (no condition is 0): `new` takes the condition.
    let b = Branch::new(Cond::Mi).try_with_offset(-4)?;
    assert_eq!(Instruction::B(b).to_string(), "b mi, -4");

    // `as_*_mut` edits an instruction in place; the opcode stays.
    let mut insn = Instruction::from_bytes([0x1A, 0x01])?;
    let alu = insn.as_alu_mut().ok_or("an ALU instruction")?;
    alu.set_shift(Shift::Asr);
    alu.sat = true;
    assert_eq!(insn.to_string(), "add r1, r2, asr 3 sat");
    assert!(insn.as_mem_mut().is_none());
    let bytes = insn.to_bytes();
    assert_eq!(bytes, [0x9A, 0x09]);
    assert_eq!(Instruction::from_bytes(bytes)?, insn);

    // A keyword field: `r#type` in code, `type_()` / `with_type` / `set_type`.
    let mut sys = Sys::default().try_with_code(0x42)?.with_type(true);
    assert!(sys.type_() && sys.r#type);
    assert_eq!(Instruction::Sys(sys).to_bytes(), [0x42, 0xED]);
    sys.set_type(false);
    assert_eq!(Instruction::Sys(sys).to_string(), "sys 66");

    // `into_instruction` picks the opcode from `LAYOUT`.
    let sub = LAYOUT.opcode("sub").ok_or("sub")?;
    let insn = Alu::new().with_dst(r(3)).with_src(r(3)).into_instruction(sub);
    assert_eq!(insn.map(|i| i.to_string()), Some("sub r3, r3, lsl 0".into()));
    Ok(())
}

/// The structs' `Default`s are zeros with the fixed fields set.
#[test]
fn defaults_encode_to_zeros_and_fixed_fields() {
    assert_eq!(Sys::default().encode_fields(), 0b101 << 8);
    assert_eq!(Alu::default().encode_fields(), 0);
    assert_eq!(Shift::default(), Shift::Lsl);
    assert_eq!(Reg::default(), r(0));
    // Built in `const` code too.
    const HALT_CODE: Sys = Sys::new().with_type(true);
    assert!(HALT_CODE.type_());
}

/// An unknown field the template leaves out is written after the operands
/// (`unused=0x…`) at most once: a second value would silently replace the
/// first.
#[test]
fn an_unknown_field_suffix_is_given_once() {
    let line = |text: &str| isa_runtime::assemble_line::<Toy16>(text, 1).map_err(|e| e.to_string());
    assert_eq!(line("cmp r1, r2 unused=0x3"), Ok(Some(0x311A)));
    assert_eq!(line("halt unused=0x123"), Ok(Some(0xF123)));
    assert_eq!(
        line("cmp r1, r2 unused=0x3 unused=0x1"),
        Err("1:23: `unused` is given twice in this instruction".into())
    );
    assert_eq!(
        line("cmp r1, r2 unused=0x20"),
        Err("1:19: 32 does not fit `unused` (5 bits, 0..=31)".into())
    );
}
