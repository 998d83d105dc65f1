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

/// The checks the generated suites run catch a wrong codec: each, run on
/// toy8 through a wrapper that breaks one thing, fails (mutation survivors
/// of `isa-runtime`: a check whose body was taken out passed every toy
/// suite, which only ever gave the checks right codecs).
mod the_checks_catch_a_wrong_codec {
    use core::fmt;
    use core::str::FromStr;

    use generated_tests::check;
    use generated_tests::fails;
    use isa_runtime::{DecodeError, EncodeError, Isa, IsaLayout, ParseError};

    use super::toy8::{Instruction, Toy8, LAYOUT};

    /// toy8 with an encoder that flips bit 0 when any of bits 2..=4 (`imm`,
    /// part of `offset`) is set: right for the default words, which the
    /// sweeps start from, wrong for most of the values they try.
    struct FlipsBit0;

    impl Isa for FlipsBit0 {
        type Word = u8;
        type Instruction = Instruction;
        const LAYOUT: &'static IsaLayout = &LAYOUT;
        fn decode(word: u8) -> Result<Instruction, DecodeError> {
            Toy8::decode(word)
        }
        fn encode(insn: &Instruction) -> Result<u8, EncodeError> {
            Toy8::encode(insn).map(|w| if w & 0b1_1100 != 0 { w ^ 1 } else { w })
        }
    }

    /// A toy8 instruction whose parse errors point past the line's end.
    #[derive(Clone, PartialEq, Debug)]
    struct Misplaced(Instruction);

    impl fmt::Display for Misplaced {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fmt(f)
        }
    }

    impl FromStr for Misplaced {
        type Err = ParseError;
        fn from_str(text: &str) -> Result<Self, ParseError> {
            text.parse().map(Misplaced).map_err(|e: ParseError| ParseError {
                col: text.chars().count() + 2,
                ..e
            })
        }
    }

    /// toy8 whose text errors are misplaced.
    struct MisplacedErrors;

    impl Isa for MisplacedErrors {
        type Word = u8;
        type Instruction = Misplaced;
        const LAYOUT: &'static IsaLayout = &LAYOUT;
        fn decode(word: u8) -> Result<Misplaced, DecodeError> {
            Toy8::decode(word).map(Misplaced)
        }
        fn encode(insn: &Misplaced) -> Result<u8, EncodeError> {
            Toy8::encode(&insn.0)
        }
    }

    #[test]
    fn each_check_fails_on_its_broken_codec_and_passes_on_the_right_one() {
        assert!(fails(|| check::random_words::<FlipsBit0>(100)));
        check::random_words::<Toy8>(100);
        for index in 0..LAYOUT.opcodes.len() {
            assert!(fails(move || check::opcode_fields::<FlipsBit0>(index)));
            check::opcode_fields::<Toy8>(index);
        }
        assert!(fails(|| {
            let _ = check::round_trip_word::<FlipsBit0>(0x36, None);
        }));
        assert!(fails(|| check::random_text::<MisplacedErrors>(200)));
        check::random_text::<Toy8>(200);
        assert!(fails(|| check::layout_lists::<Toy8>(&["ld", "add"], &["Op", "Jump"])));
        check::layout_lists::<Toy8>(&["ld", "add", "jmp"], &["Op", "Jump"]);
    }
}

/// `check_explain_covers_every_bit` fails on a layout whose rows leave
/// bits out, and passes on toy8's (a mutation survivor of `isa-runtime`:
/// with its body taken out, every toy suite still passed).
mod the_explain_check_catches_a_gap {
    use generated_tests::check;
    use generated_tests::fails;
    use isa_runtime::layout::{Format, Opcode};
    use isa_runtime::{DecodeError, EncodeError, Isa, IsaLayout};

    use super::toy8::{Instruction, Toy8, LAYOUT};

    /// `Op` without its opcode field (bits 5..=7): explaining an `Op` word
    /// then leaves those bits out.
    const GAPPED: Format = Format {
        fields: LAYOUT.opcodes[0].format.fields.split_at(2).0,
        ..*LAYOUT.opcodes[0].format
    };

    /// toy8's opcodes, those of `Op` pointing at [`GAPPED`].
    const OPCODES: [Opcode; 3] = [
        Opcode {
            format: &GAPPED,
            ..LAYOUT.opcodes[0]
        },
        Opcode {
            format: &GAPPED,
            ..LAYOUT.opcodes[1]
        },
        Opcode { ..LAYOUT.opcodes[2] },
    ];

    /// toy8 whose metadata explains `Op` words with a gap.
    struct Gapped;

    impl Isa for Gapped {
        type Word = u8;
        type Instruction = Instruction;
        const LAYOUT: &'static IsaLayout = &IsaLayout {
            opcodes: &OPCODES,
            ..LAYOUT
        };
        fn decode(word: u8) -> Result<Instruction, DecodeError> {
            Toy8::decode(word)
        }
        fn encode(insn: &Instruction) -> Result<u8, EncodeError> {
            Toy8::encode(insn)
        }
    }

    #[test]
    fn the_check_fails_where_rows_leave_bits_out() {
        assert_eq!(LAYOUT.opcodes.len(), 3);
        assert_eq!(LAYOUT.opcodes[0].format.fields[2].name, "opcode");
        // `add a1, 3`: opcode 1, imm 3, acc 1.
        let add = 1 << 5 | 3 << 2 | 1;
        assert!(fails(|| check::check_explain_covers_every_bit::<Gapped>(add)));
        check::check_explain_covers_every_bit::<Toy8>(add);
        // `jmp`'s format is whole in both.
        check::check_explain_covers_every_bit::<Gapped>(7 << 5);
    }
}
