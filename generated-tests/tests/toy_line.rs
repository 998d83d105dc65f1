//! A made-up ISA whose text puts the mnemonic in the middle of the line
//! (`specs/toy_line.isa`, the `{opcode}` piece of `text` lines): its
//! generated suite, whose `text_writers_print_as_the_metadata` and
//! `text_carries_are_what_parsing_the_text_gives` cover the `{opcode}`
//! lines, and the piece end to end: every opcode prints through its
//! format's `asm.line` and reads back to the same word, the generated
//! printer prints what the metadata does, a value that is no opcode of the
//! format prints nothing, and an unknown mnemonic is an error at its
//! column.

mod toy_line {
    isa_macros::isa!(file = "specs/toy_line.isa");
}

isa_macros::isa_tests!(
    file = "specs/toy_line.isa",
    module = crate::toy_line,
    random_words = 20_000
);

use core::fmt;

use generated_tests::check::rng::SplitMix64;
use isa_runtime::layout::{FieldKind, Format, Mnemonic, NamedText, Style};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{self, NoHooks, TextError};
use isa_runtime::ParseError;
use toy_line::{text_writers, LAYOUT};

/// The format of `word` and its `asm.line` alternative that prints it.
fn line_of(word: u32) -> Option<(&'static Format, &'static NamedText)> {
    let op = LAYOUT.match_opcode(u128::from(word))?;
    let t = text::select_text(op.format, "asm", "line", &word)?;
    Some((op.format, t))
}

/// The line of `word`, printed from the metadata.
fn print(word: u32) -> Option<String> {
    let (format, t) = line_of(word)?;
    let mut out = String::new();
    text::write_text(&mut out, format, t, &word, &mut NoHooks).ok()?;
    Some(out)
}

/// The line of `word`, printed by the generated `text_writers`.
fn print_generated(word: u32) -> Option<String> {
    let op = LAYOUT.match_opcode(u128::from(word))?;
    let fi = LAYOUT.format_index(op.format)?;
    let line = text_writers::select(fi, text_writers::group(fi, "asm", "line")?, &word)?;
    let mut out = String::new();
    text_writers::write(fi, line, &mut out, &word, &mut NoHooks).ok()?;
    Some(out)
}

/// Reads a line as the first `asm.line` alternative of any format that
/// reads all of it; else the error that read furthest (those at one place
/// merged, as the shipped ISAs' line parsers do).
fn parse(line: &str) -> Result<u32, ParseError> {
    let mut furthest: Option<TextError<'_>> = None;
    for format in LAYOUT.formats {
        for t in text::dialect_texts(format, "asm") {
            let mut cur = Cursor::new(line);
            // The format's fixed bits (`Marked`'s mark) are the caller's.
            let mut word = 0u32;
            for field in format.fields {
                if let FieldKind::Fixed(v) = field.kind {
                    field.write(&mut word, 0, v);
                }
            }
            let read = text::parse_text(&mut cur, format, t, &mut word, &mut NoHooks).and_then(|()| {
                if cur.at_line_end() {
                    Ok(())
                } else {
                    Err(TextError::expected(&cur, "end of line"))
                }
            });
            match read {
                Ok(()) => return Ok(word),
                Err(e) => TextError::keep_furthest(&mut furthest, e),
            }
        }
    }
    Err(furthest.expect("the ISA has lines").report())
}

/// A word of opcode `index` with random operands (a `link` opcode's
/// predicate clear: its line does not print it).
fn word_of(index: usize, rng: &mut SplitMix64) -> u32 {
    let op = &LAYOUT.opcodes[index];
    let mut word = op.bits as u32;
    for field in op.format.fields.iter().filter(|f| f.kind.is_operand()) {
        let value = match field.kind {
            // A half that six decimals give back exactly: k / 64.
            FieldKind::Half => {
                let k = (rng.next_u64() % 2047) as i32 - 1023;
                u64::from(isa_runtime::f16::from_f32(k as f32 / 64.0).to_bits())
            }
            _ => rng.next_u64(),
        };
        field.write(&mut word, 0, value);
    }
    if LAYOUT.attr(op, "link") == Some(1) {
        if let Some(p) = op.format.field("p") {
            p.write(&mut word, 0, 0);
        }
    }
    word
}

/// Every opcode, with random operands: the line names its mnemonic, the
/// generated printer prints the same, and it reads back to the same word.
#[test]
fn every_opcode_prints_and_reads_back() {
    let mut rng = SplitMix64::new(0x0C0DE);
    for (index, op) in LAYOUT.opcodes.iter().enumerate() {
        for _ in 0..500 {
            let word = word_of(index, &mut rng);
            let line = print(word).unwrap_or_else(|| panic!("`{}` {word:#010x} prints", op.mnemonic));
            assert!(line.contains(op.mnemonic), "{word:#010x}: `{line}`");
            assert_eq!(print_generated(word).as_deref(), Some(line.as_str()), "{word:#010x}");
            assert_eq!(parse(&line), Ok(word), "`{line}`");
        }
    }
}

/// Known lines: flags before the mnemonic, a condition glued after it (the
/// longest mnemonic wins: `cmps.f`, not `cmps` then `.f`), a predicate.
#[test]
fn known_lines() {
    let cases = [
        ("(c)(sy)(rpt2)add r1, r2", 0x0003_8109),
        ("sub r63, r0", 0x0000_3F02),
        ("(sy)nop", 0xF000_0004),
        ("(rpt1)end", 0xF400_0001),
        ("(sy)(rpt3)sync", 0xFA00_0007),
        ("movt.f32f32 r1, r2", 0x1000_5042),
        ("movt.u16u16 r0, r63", 0x1000_A03F),
        ("movt.f16u32.cvt r1, r2", 0x1000_C042),
        ("cmps.f.lt r3, r4", 0x4000_00C4),
        ("cmps.eq r3, r4", 0x4800_20C4),
        ("wait #0.nk", 0x8800_0000),
        ("wait #3", 0x8800_0403),
        ("(s)wait #3.s.w", 0x8800_0703),
        ("(s)wait #255.s.w.nk", 0x8800_03FF),
        ("cmps.s.ne r0, r0", 0x4400_3000),
        ("br !p0.x, #-3", 0x8001_FFFD),
        ("call #5", 0x8400_0005),
        ("movh r1, h(0.625000)", 0xC001_3900),
        ("movh r0, h(-65504.000000)", 0xC000_FBFF),
        ("add.sat r1, r2", 0x0800_0109),
        ("(c)mov.sat r0, r0", 0x0802_0003),
    ];
    for (line, word) in cases {
        assert_eq!(print(word).as_deref(), Some(line), "{word:#010x}");
        assert_eq!(parse(line), Ok(word), "`{line}`");
    }
    // A flag's later group follows the flag: `.s` is there exactly when
    // `(s)` is.
    assert!(parse("wait #1.s").is_err());
    assert!(parse("(s)wait #1.w").is_err());
    // `.cvt` prints only when the two types differ (`from != to`).
    assert!(parse("movt.f16f16.cvt r1, r2").is_err());
    // Read with that line alone, the error names the condition.
    let convert = LAYOUT.opcode("movt").expect("movt").format;
    let mut word = 0u32;
    let err = text::parse_text(
        &mut Cursor::new("movt.f16f16.cvt r1, r2"),
        convert,
        &convert.texts[0],
        &mut word,
        &mut NoHooks,
    )
    .expect_err("equal types")
    .report();
    assert_eq!(
        err.to_string(),
        "1:1: this form of `line` prints only when `from` differs from `to`; here `from` is f16"
    );
}

/// `{imm:.6}` prints six decimals and reads back the nearest half: a value
/// the decimals identify comes back, the smallest subnormal reads as 0,
/// and any decimal is taken and rounded.
#[test]
fn six_decimals_round() {
    assert_eq!(print(0xC001_3555).as_deref(), Some("movh r1, h(0.333252)"));
    assert_eq!(parse("movh r1, h(0.333252)"), Ok(0xC001_3555));
    assert_eq!(print(0xC000_0001).as_deref(), Some("movh r0, h(0.000000)"));
    assert_eq!(parse("movh r0, h(0.000000)"), Ok(0xC000_0000));
    assert_eq!(parse("movh r0, h(0.1)"), Ok(0xC000_2E66));
    assert_eq!(print(0xC000_7C00).as_deref(), Some("movh r0, h(inf)"));
    assert_eq!(parse("movh r0, h(-inf)"), Ok(0xC000_FC00));
    assert_eq!(print(0xC000_7E00).as_deref(), Some("movh r0, h(nan)"));
}

/// A mnemonic that is no opcode of the format is an error at its column
/// that lists the format's mnemonics (with what the optional group before
/// it expected there); one that runs into a word is not read as a shorter
/// one.
#[test]
fn an_unknown_mnemonic_is_an_error_at_its_column() {
    let err = parse("(c)frob r1, r2").expect_err("no such mnemonic");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (
            1,
            4,
            "expected `(rpt` or a mnemonic (add, sub or mov) for `opcode`, found `frob`"
        )
    );
    let err = parse("cmps.x r1, r2").expect_err("no condition `x`");
    assert_eq!((err.line, err.col), (1, 6), "{err}");
    let compare = LAYOUT.format("Compare").expect("Compare");
    let mut word = 0u32;
    let err = text::parse_text(
        &mut Cursor::new("frob.lt r1, r2"),
        compare,
        &compare.texts[0],
        &mut word,
        &mut NoHooks,
    )
    .expect_err("no such mnemonic")
    .report();
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (
            1,
            1,
            "expected a mnemonic (cmps, cmps.f or cmps.s) for `opcode`, found `frob.lt`"
        )
    );
    let err = parse("(c)addx r1, r2").expect_err("`add` runs into `x`");
    assert_eq!((err.line, err.col), (1, 4), "{err}");
    // `call` reads through its own line only: the predicate form reads
    // `br`, and `call`'s condition breaks on `br`.
    assert_eq!(parse("call !p0.x, #1"), Ok(0x8401_0001));
    let err = parse("br #1").expect_err("`br` prints its predicate");
    assert_eq!((err.line, err.col), (1, 4), "{err}");
}

/// A flag after one its line prints first says so, and an enum's text
/// where the line fails right after it, glued, is that enum given twice;
/// each where the second is. After a blank it is no repeat (an operand
/// too many, say): the error is the line's own.
#[test]
fn flags_out_of_order_and_values_given_twice_are_named() {
    for (line, col, message) in [
        ("(sy)(c)add r1, r2", 5, "`(c)` must come before `(sy)`"),
        ("(sy)(rpt1)(c)add r1, r2", 11, "`(c)` must come before `(sy)(rpt1)`"),
        ("(rpt1)(sy)nop", 7, "`(sy)` must come before `(rpt1)`"),
        // Three types where two go: the first read again where the line
        // fails, and the line reads without it.
        ("movt.f16f16f32 r1, r2", 9, "`f16` is given twice"),
        ("movt.f16f32u16 r1, r2", 9, "`from` is given twice: `f16`, then `f32`"),
        // A flag read again right after itself.
        ("(sy)(sy)nop", 5, "`(sy)` is given twice"),
        ("(c)(c)add r1, r2", 4, "`(c)` is given twice"),
        ("(c)(sy)(sy)add r1, r2", 8, "`(sy)` is given twice"),
    ] {
        let err = parse(line).expect_err(line);
        assert_eq!((err.line, err.col, err.message.as_str()), (1, col, message), "`{line}`");
    }
    // Where the line fails after a flag at no flag's text, the error is
    // the line's own, not a flag out of order.
    let err = parse("(sy)junk add r1, r2").expect_err("junk");
    assert_eq!(err.col, 5, "{err}");
    // Every format's mnemonics in one list.
    assert_eq!(
        err.message,
        "expected `(rpt` or a mnemonic (nop, end, sync, add, sub or mov) for `opcode`, found `junk`"
    );
    let err = parse("cmps.lt lt r1, r2").expect_err("two conditions");
    assert_eq!(
        (err.col, err.message.as_str()),
        (9, "expected a register (rN) for `dst`, found `lt`")
    );
    // In their order, with one of each, the same lines read.
    for line in [
        "(c)(sy)add r1, r2",
        "(c)(sy)(rpt1)add r1, r2",
        "(sy)(rpt1)nop",
        "movt.f16f32 r1, r2",
    ] {
        assert!(parse(line).is_ok(), "`{line}`: {:?}", parse(line));
    }
}

/// The metadata: each `{opcode}` piece's table lists its format's opcodes
/// in spec order with their values; the reference pages show the piece.
#[test]
fn the_metadata_lists_each_formats_mnemonics() {
    let compare = LAYOUT.format("Compare").expect("Compare");
    let want = [
        Mnemonic {
            value: 0x12,
            text: "cmps",
        },
        Mnemonic {
            value: 0x10,
            text: "cmps.f",
        },
        Mnemonic {
            value: 0x11,
            text: "cmps.s",
        },
    ];
    assert_eq!(compare.mnemonics(), want);
    assert!(matches!(
        compare.texts[0].pieces[0],
        isa_runtime::layout::Piece::Field {
            index: 4,
            style: Style::Mnemonic(_)
        }
    ));
    for format in LAYOUT.formats {
        let opcodes: Vec<&str> = LAYOUT
            .opcodes
            .iter()
            .filter(|o| core::ptr::eq(o.format, *format))
            .map(|o| o.mnemonic)
            .collect();
        // A `variant`'s opcodes print their base's mnemonic.
        let listed: Vec<String> = format
            .mnemonics()
            .iter()
            .map(|m| match format.name {
                "AluSat" => format!("{}.sat", m.text),
                _ => m.text.to_owned(),
            })
            .collect();
        assert_eq!(listed, opcodes, "`{}`", format.name);
    }
    // `Marked` writes no line: it has `Bare`'s, read against its own fields.
    let (bare, marked) = (
        LAYOUT.format("Bare").expect("Bare"),
        LAYOUT.format("Marked").expect("Marked"),
    );
    assert_eq!(marked.texts.len(), 1);
    assert_eq!(marked.texts[0].pieces.len(), bare.texts[0].pieces.len());
    // The reference pages (the docs generator is built with the shipped
    // ISAs; without them this suite tests the text layers alone).
    #[cfg(feature = "shipped")]
    {
        assert_eq!(
            xtask::markdown::template(compare, compare.texts[0].pieces),
            "{opcode}.{cond} {dst}, {src}"
        );
        assert_eq!(
            xtask::markdown::template(marked, marked.texts[0].pieces),
            xtask::markdown::template(bare, bare.texts[0].pieces)
        );
    }
}

/// `variant ".sat"` in `AluSat : Alu` makes one opcode per `Alu` opcode,
/// after the spec's own, with the base's value and doc: `add.sat` is `add`
/// with bit 27 set, spelt `add.sat` in the field-explicit syntax too.
#[test]
fn a_variant_line_makes_an_opcode_per_base_opcode() {
    let sat: Vec<(&str, u128, &str)> = LAYOUT
        .opcodes
        .iter()
        .filter(|o| o.format.name == "AluSat")
        .map(|o| (o.mnemonic, o.bits, o.doc))
        .collect();
    assert_eq!(
        sat,
        [
            ("add.sat", 0x0800_0001, "add; saturating"),
            ("sub.sat", 0x0800_0002, "subtract; saturating"),
            ("mov.sat", 0x0800_0003, "move; saturating"),
        ]
    );
    let last: Vec<&str> = LAYOUT.opcodes.iter().rev().take(3).map(|o| o.mnemonic).collect();
    assert_eq!(last, ["mov.sat", "sub.sat", "add.sat"]);
    let add = toy_line::Instruction::decode(0x0800_0109).expect("add.sat");
    assert_eq!(add.opcode().map(|o| o.mnemonic), Some("add.sat"));
    assert_eq!(add.to_string(), "add.sat r1, r2 rpt 0");
    assert_eq!(
        "add.sat r1, r2 rpt 0"
            .parse::<toy_line::Instruction>()
            .map(|i| i.encode()),
        Ok(0x0800_0109)
    );
}

/// A value of the opcode field that is no opcode of the format has no
/// mnemonic: both printers fail, having printed the same before it.
#[test]
fn a_value_that_is_no_opcode_of_the_format_prints_nothing() {
    let alu = LAYOUT.format("Alu").expect("Alu");
    let fi = LAYOUT.format_index(alu).expect("a format of the ISA");
    let opcode = alu
        .fields
        .iter()
        .find(|f| matches!(f.kind, FieldKind::Opcode))
        .expect("an opcode field");
    let mut word = 0x0003_8100u32;
    opcode.write(&mut word, 0, 0x3F);
    let mut interpreted = String::new();
    let result = text::write_text(&mut interpreted, alu, &alu.texts[0], &word, &mut NoHooks);
    assert_eq!((interpreted.as_str(), result), ("(c)(sy)(rpt2)", Err(fmt::Error)));
    let mut generated = String::new();
    let result = text_writers::write(fi, 0, &mut generated, &word, &mut NoHooks);
    assert_eq!((generated.as_str(), result), ("(c)(sy)(rpt2)", Err(fmt::Error)));
}

/// Random lines made of the ISA's words never panic the parser, and its
/// errors point inside the line.
#[test]
fn random_lines_never_panic() {
    let vocab = [
        "add", "sub", "mov", "cmps", "cmps.f", "cmps.s", "br", "call", "nop", "end", "(c)", "(sy)", "(rpt", ")", ".",
        ".lt", "lt", "r1", "r63", ", ", " ", "#", "-3", "!", "p0.x", "x", "_", "é", "",
    ];
    let mut rng = SplitMix64::new(0x5EED);
    for _ in 0..20_000 {
        let n = rng.next_u64() % 8;
        let line: String = (0..n).map(|_| vocab[rng.next_u64() as usize % vocab.len()]).collect();
        if let Err(e) = parse(&line) {
            assert!(
                e.line == 1 && e.col >= 1 && e.col <= line.chars().count() + 1,
                "`{line}`: {e:?}"
            );
        }
    }
}

/// The metadata's look-ups, each against this spec (mutation survivors of
/// `isa-runtime`: no toy suite called them): dialects by name, an opcode's
/// index (and none for one past a shorter list), fields by name among
/// names of one length, a condition that compares two fields, a flag
/// attribute set and not, and the opcode row of `explain`.
#[test]
fn the_layout_answers_each_lookup() {
    use isa_runtime::explain::explain_word;
    use isa_runtime::layout::IsaLayout;
    assert_eq!(LAYOUT.dialect("asm").map(|d| d.name), Some("asm"));
    assert!(LAYOUT.dialect("mesa").is_none());

    for (i, op) in LAYOUT.opcodes.iter().enumerate() {
        assert_eq!(LAYOUT.opcode_index(op), Some(i), "{}", op.mnemonic);
    }
    let n = LAYOUT.opcodes.len();
    let fewer = IsaLayout {
        opcodes: &LAYOUT.opcodes[..n - 1],
        ..LAYOUT
    };
    assert_eq!(fewer.opcode_index(&LAYOUT.opcodes[n - 2]), Some(n - 2));
    assert_eq!(fewer.opcode_index(&LAYOUT.opcodes[n - 1]), None);

    let format = |name: &str| *LAYOUT.formats.iter().find(|f| f.name == name).expect(name);
    let alu = format("Alu");
    for f in alu.fields {
        assert_eq!(alu.field(f.name).map(|x| x.name), Some(f.name));
    }
    assert!(alu.field("xyz").is_none());

    // `Move`'s `.cvt` line: `from != to` (bits 12..=13 and 14..=15).
    let mv = format("Move");
    let cvt = mv
        .texts
        .iter()
        .find(|t| t.when.iter().any(|c| c.other.is_some()))
        .expect("a compare");
    let types = |from: u32, to: u32| from << 12 | to << 14;
    assert!(cvt.holds(mv, &types(0, 1), 0));
    assert!(!cvt.holds(mv, &types(1, 1), 0));
    assert!(cvt.holds(mv, &types(3, 2), 0));

    let link = LAYOUT.attrs.iter().find(|a| a.name == "link").expect("attr link");
    assert!(link.setting(&LAYOUT, 0).is_none());
    assert_eq!(link.setting(&LAYOUT, 1).map(|s| s.to_string()).as_deref(), Some("link"));
    // An opcode attribute holds an opcode's index + 1, and reads as its
    // mnemonic; 0 (none) and a value past the opcodes are no setting.
    let undo = LAYOUT.attrs.iter().find(|a| a.name == "undo").expect("attr undo");
    let sub = LAYOUT.opcodes.iter().position(|o| o.mnemonic == "sub").expect("sub") as u64;
    assert_eq!(
        undo.setting(&LAYOUT, sub + 1).map(|s| s.to_string()).as_deref(),
        Some("undo=sub")
    );
    assert!(undo.setting(&LAYOUT, 0).is_none());
    assert!(undo.setting(&LAYOUT, 99).is_none());

    let mut rng = SplitMix64::new(7);
    for (i, op) in LAYOUT.opcodes.iter().enumerate() {
        let (found, rows) = explain_word(&LAYOUT, &word_of(i, &mut rng));
        assert_eq!(found.map(|o| o.mnemonic), Some(op.mnemonic));
        let opcode_rows: Vec<&str> = rows
            .iter()
            .filter(|r| r.kind == "opcode")
            .map(|r| r.value.as_str())
            .collect();
        assert!(
            !opcode_rows.is_empty() && opcode_rows.iter().all(|v| *v == op.mnemonic),
            "{opcode_rows:?}"
        );
        // `Alu`'s opcode is split (bits 0..=1 and 28..=31): a row per range,
        // each named with its index.
        let names: Vec<&str> = rows
            .iter()
            .filter(|r| r.kind == "opcode")
            .map(|r| r.name.as_str())
            .collect();
        let split = op.format.name.starts_with("Alu");
        let expected: &[&str] = if split {
            &["opcode[0]", "opcode[1]"]
        } else {
            &["opcode"]
        };
        assert_eq!(names, expected, "{}", op.mnemonic);
    }
}

/// The enum sweep and the default-word check of the generated suites fail
/// on a mistake and pass without one (mutation survivors of
/// `isa-runtime`: with the body of `enum_values` or `default_word` taken
/// out, every toy suite still passed).
mod the_enum_and_default_checks_catch_mistakes {
    use generated_tests::check;
    use generated_tests::fails;
    use isa_runtime::{DecodeError, EncodeError, Isa, IsaLayout};

    use super::toy_line::{Instruction, ToyLine, LAYOUT};

    /// toy_line with an encoder that flips bit 0 when bits 12..=13 (an
    /// enum in `Compare` and `Move`) are not 0: right for the default
    /// words, wrong for the other values of the enums there.
    struct FlipsBit0;

    impl Isa for FlipsBit0 {
        type Word = u32;
        type Instruction = Instruction;
        const LAYOUT: &'static IsaLayout = &LAYOUT;
        fn decode(word: u32) -> Result<Instruction, DecodeError> {
            ToyLine::decode(word)
        }
        fn encode(insn: &Instruction) -> Result<u32, EncodeError> {
            ToyLine::encode(insn).map(|w| if w >> 12 & 0b11 != 0 { w ^ 1 } else { w })
        }
    }

    /// `Cond` is also the type of an attribute (`usual`): its sweep must
    /// still set its fields, not only read the attribute's settings.
    #[test]
    fn each_check_fails_on_its_mistake_and_passes_without() {
        assert!(fails(|| check::enum_values::<FlipsBit0>("Cond")));
        check::enum_values::<ToyLine>("Cond");
        let compare = *LAYOUT.formats.iter().find(|f| f.name == "Compare").expect("Compare");
        check::default_word(compare, &0u32);
        assert!(fails(|| check::default_word(compare, &(1u32 << 12))));
    }
}

/// The checks behind `text_writers_print_as_the_metadata` and
/// `text_carries_are_what_parsing_the_text_gives` fail on generated code
/// that is wrong, and pass on toy_line's own.
mod the_text_line_checks_catch_mistakes {
    use core::fmt;

    use generated_tests::check::text_writers::{text_carries, text_writers, EchoHooks, ValueHooks};
    use generated_tests::fails;

    use super::toy_line::{text_carry, text_writers as generated, LAYOUT};

    /// toy_line's carry, then bit 0 cleared: wrong whenever the line's
    /// text leaves bit 0 as it was and it was set.
    fn carry_clearing_bit_0(fi: usize, ti: usize, word: u128, out: &mut u128, hooks: &mut ValueHooks) -> bool {
        let carried = text_carry::carry(fi, ti, word, out, hooks);
        *out &= !1;
        carried
    }

    /// A carry that claims to have written the line but wrote nothing.
    fn carry_nothing(_: usize, _: usize, _: u128, _: &mut u128, _: &mut ValueHooks) -> bool {
        true
    }

    /// A carry that says it has no code for any line.
    fn carry_refused(_: usize, _: usize, _: u128, _: &mut u128, _: &mut ValueHooks) -> bool {
        false
    }

    /// toy_line's printer with one character more at the end of each line.
    fn write_one_more(fi: usize, ti: usize, out: &mut String, word: &u32, hooks: &mut EchoHooks) -> fmt::Result {
        generated::write(fi, ti, out, word, hooks)?;
        out.push(' ');
        Ok(())
    }

    /// toy_line's line choice, off by one where a group has a second line.
    fn select_the_next(fi: usize, group: usize, word: &u32) -> Option<usize> {
        let chosen = generated::select(fi, group, word)?;
        let next = chosen + 1;
        let same_group = LAYOUT.formats[fi].texts.get(next).is_some_and(|t| {
            let first = &LAYOUT.formats[fi].texts[chosen];
            (t.dialect, t.name) == (first.dialect, first.name)
        });
        Some(if same_group { next } else { chosen })
    }

    #[test]
    fn each_fails_on_its_mistake_and_passes_without() {
        let count = 2_000;
        assert!(fails(|| text_carries(&LAYOUT, carry_clearing_bit_0, count)));
        assert!(fails(|| text_carries(&LAYOUT, carry_nothing, count)));
        assert!(fails(|| text_carries(&LAYOUT, carry_refused, count)));
        text_carries(&LAYOUT, text_carry::carry::<ValueHooks>, count);

        let groups = &generated::GROUPS;
        let write = generated::write::<u32, String, EchoHooks>;
        assert!(fails(|| text_writers::<u32>(
            &LAYOUT,
            groups,
            generated::select,
            write_one_more,
            count
        )));
        assert!(fails(|| text_writers::<u32>(
            &LAYOUT,
            groups,
            select_the_next,
            write,
            count
        )));
        text_writers::<u32>(&LAYOUT, groups, generated::select, write, count);
    }
}

/// `random_words` tries words of both kinds: half entirely random (of
/// which toy_line rejects about two in five: their opcode bits name no
/// opcode, or a reserved field is set) and half a random opcode with
/// random fields (which toy_line always decodes). Entirely random words
/// alone are rejected about twice as often, opcode-guided ones never.
#[test]
fn random_words_are_half_random_and_half_opcode_guided() {
    let (ok, rejected) = generated_tests::check::random_words::<toy_line::ToyLine>(2000);
    assert_eq!(ok + rejected, 2000);
    assert!((100..=300).contains(&rejected), "{rejected} of 2,000 rejected");
}
