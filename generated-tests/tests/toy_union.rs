//! A made-up ISA with a `union` operand (`specs/toy_union.isa`): its
//! generated suite (every field of every layout of the union), the typed
//! enum, its errors and its text.

mod toy_union {
    isa_macros::isa!(file = "specs/toy_union.isa");
}

isa_macros::isa_tests!(
    file = "specs/toy_union.isa",
    module = crate::toy_union,
    random_words = 50_000
);

use pretty_assertions::assert_eq;
use toy_union::{Alu, Instruction, Src, SrcConst, SrcImm, SrcReg, LAYOUT};

/// Each layout of the union decodes, prints, parses and encodes; a kind no
/// layout takes is an error that names the field and the union.
#[test]
fn each_layout_of_the_union() {
    let cases = [
        (0x0000_1045u32, "mov r1, -r5 pad=0x0"),
        (0x0400_2200 | 0x1F4, "neg r2, #-12"),
        (0x0000_34C8, "mov r3, c[200] hi=0x0"),
        (0x0000_3CC8, "mov r3, c[200] hi=0x1"),
    ];
    for (word, text) in cases {
        let insn = Instruction::decode(word).unwrap_or_else(|e| panic!("{word:#x}: {e}"));
        assert_eq!(insn.to_string(), text);
        assert_eq!(text.parse::<Instruction>(), Ok(insn));
        assert_eq!(insn.encode(), word);
    }
    let Instruction::Neg(alu) = Instruction::decode(0x0400_23F4).expect("neg") else {
        panic!("not neg")
    };
    assert!(matches!(alu.src, Src::SrcImm(SrcImm { imm, .. }) if imm.get() == -12));
    for kind in [3u32, 4, 5, 7] {
        let err = Instruction::decode(kind << 9).expect_err("no layout");
        assert_eq!(
            err.to_string(),
            format!("field `src`: no layout of union `Src` matches {:#x}", kind << 9)
        );
    }
}

/// `FromStr` reads one value: a comment and blank lines may follow it,
/// anything else is an error where it is, not dropped unread.
#[test]
fn from_str_reads_the_whole_text() {
    let mov = "mov r1, -r5 pad=0x0".parse::<Instruction>().expect("mov");
    assert_eq!("mov r1, -r5 pad=0x0 ; c\n\n \r\n".parse::<Instruction>(), Ok(mov));
    assert_eq!(
        "mov r1, -r5 pad=0x0\nbogus"
            .parse::<Instruction>()
            .map_err(|e| e.to_string()),
        Err("2:1: expected the end of the text (one instruction), found `bogus`".into())
    );
    let c = "c[300] hi=0x0".parse::<Src>().expect("a constant");
    assert_eq!("c[300] hi=0x0\n".parse::<Src>(), Ok(c));
    assert_eq!(
        "c[300] hi=0x0\n\n  neg".parse::<SrcConst>().map_err(|e| e.to_string()),
        Err("3:3: expected the end of the text (one `SrcConst`), found `neg`".into())
    );
    assert!("c[300] hi=0x0\n\n  neg".parse::<Src>().is_err());
}

/// The typed API: a union value is one of its layouts, `Default` is the
/// first one's, and the struct API builds each.
#[test]
fn the_union_is_a_rust_enum() {
    assert_eq!(Src::default(), Src::SrcReg(SrcReg::default()));
    assert_eq!(Src::default().encode(), 0);
    let c = SrcConst::default().try_with_index(300).expect("fits 9 bits");
    assert_eq!(Src::SrcConst(c).encode(), 2 << 9 | 300);
    assert_eq!(Src::decode(2 << 9 | 300), Ok(Src::SrcConst(c)));
    assert_eq!("c[300] hi=0x0".parse::<Src>(), Ok(Src::SrcConst(c)));
    assert_eq!(Src::SrcConst(c).to_string(), "c[300] hi=0x0");
    let mov = Alu::default()
        .with_src(Src::SrcConst(c))
        .into_instruction(LAYOUT.opcode("mov").expect("mov"));
    assert_eq!(mov.map(|i| i.to_string()), Some("mov r0, c[300] hi=0x0".into()));
}

/// Every word: decodes and round-trips, or is rejected for its union kind
/// (4 kinds of 8, in both opcodes; the other 62 opcodes are `.word`).
#[test]
fn every_kind_round_trips_or_is_rejected() {
    let mut rejected = 0;
    for op in 0..64u32 {
        for kind in 0..8u32 {
            let word = op << 26 | kind << 9 | 0x1F;
            match Instruction::decode(word) {
                Ok(insn) => assert_eq!(insn.encode(), word),
                Err(e) => {
                    assert_eq!(e.field, "src");
                    rejected += 1;
                }
            }
        }
    }
    assert_eq!(rejected, 2 * 4);
}

/// `explain` reads a union field through the layout its kind selects
/// (`src.imm`), names a one-range field plainly, and makes a word that
/// matches no opcode one row, `word` (mutation survivors of `isa-runtime`).
#[test]
fn explain_reads_through_the_union_and_names_an_unknown_word() {
    use isa_runtime::explain::explain_word;
    // mov r3, #-12: opcode 0, dst 3, a source of kind 1 holding -12.
    let word: u32 = (3 << 12) | (1 << 9) | ((-12i32 as u32) & 0x1ff);
    let (op, rows) = explain_word(&LAYOUT, &word);
    assert_eq!(op.map(|o| o.mnemonic), Some("mov"));
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["src.imm", "src.kind", "dst", "pad", "opcode"]);
    assert_eq!(rows[0].value, "-12");
    // Opcode 2 is none of this ISA's.
    let (op, rows) = explain_word(&LAYOUT, &(2u32 << 26));
    assert!(op.is_none());
    let rows: Vec<(&str, u32, u32)> = rows.iter().map(|r| (r.name.as_str(), r.lo, r.width)).collect();
    assert_eq!(rows, [("word", 0, 32)]);
}

/// The sweep of a free-standing layout's fields fails on a wrong codec and
/// passes on the right one (a mutation survivor of `isa-runtime`: with the
/// body of `layout_fields` taken out, every toy suite still passed).
mod the_layout_sweep_catches_a_wrong_codec {
    use core::fmt;
    use core::str::FromStr;

    use generated_tests::check;
    use isa_runtime::layout::Format;
    use isa_runtime::{DecodeError, EncodeError, LayoutCodec, ParseError};

    use super::toy_union::SrcReg;

    type Word = <SrcReg as LayoutCodec>::Word;

    /// `SrcReg` with an encoder that flips bit 0 when any other bit of
    /// `reg` is set: right for the default word, wrong for most values the
    /// sweep tries.
    #[derive(Clone, PartialEq, Debug)]
    struct FlipsBit0(SrcReg);

    impl fmt::Display for FlipsBit0 {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fmt(f)
        }
    }

    impl FromStr for FlipsBit0 {
        type Err = ParseError;
        fn from_str(text: &str) -> Result<Self, ParseError> {
            text.parse().map(FlipsBit0)
        }
    }

    impl LayoutCodec for FlipsBit0 {
        type Word = Word;
        const FORMAT: &'static Format = <SrcReg as LayoutCodec>::FORMAT;
        fn decode(word: Word) -> Result<Self, DecodeError> {
            <SrcReg as LayoutCodec>::decode(word).map(FlipsBit0)
        }
        fn encode(&self) -> Result<Word, EncodeError> {
            LayoutCodec::encode(&self.0).map(|w| if w & 0b11_1110 != 0 { w ^ 1 } else { w })
        }
    }

    #[test]
    fn the_sweep_fails_on_the_broken_codec_and_passes_on_the_right_one() {
        assert!(std::panic::catch_unwind(check::layout_fields::<FlipsBit0>).is_err());
        check::layout_fields::<SrcReg>();
    }
}

/// `random_text` exercises both of its paths: most of its lines are
/// rejected, and the near misses (an instruction's text with a few edits)
/// parse often enough that printing and reading back what they parse to is
/// checked hundreds of times (with words of the vocabulary alone, one line
/// in 2,000 parsed, or none).
#[test]
fn random_text_parses_some_lines_and_rejects_most() {
    let (parsed, rejected) = generated_tests::check::random_text::<toy_union::ToyUnion>(2000);
    assert_eq!(parsed + rejected, 2000);
    assert!(parsed >= 200, "{parsed} lines parsed");
    assert!(rejected >= 1000, "{rejected} lines rejected");
}
