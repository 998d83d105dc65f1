//! A made-up ISA whose `asm` lines print each operand through its layout's
//! own `text` lines, with params bound by the instruction's line
//! (`specs/toy_nested.isa`): its generated suite, whose
//! `text_writers_print_as_the_metadata` and
//! `text_carries_are_what_parsing_the_text_gives` cover the nested pieces,
//! and the construct end to end: known words print exactly and read back
//! to the same word, through the metadata and the generated printer
//! alike; reading solves `full = full == same` once the line is read;
//! operands that disagree on a field, a constant binding the text breaks
//! and a source in the other opcode's form are errors at the operand; of a
//! union's layouts the one that reads the most wins, and of lines that
//! print alike the one whose param agrees with the bindings (`pick`,
//! `tri`), a param passed to two registers must agree (`swap`); and the
//! metadata lists each layout's params and each line's bindings.

mod toy_nested {
    isa_macros::isa!(file = "specs/toy_nested.isa");
}

isa_macros::isa_tests!(
    file = "specs/toy_nested.isa",
    module = crate::toy_nested,
    random_words = 20_000
);

use core::fmt;

use isa_runtime::layout::{Bind, Format, Piece, Style, Term};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{self, NoHooks};
use isa_runtime::ParseError;
use pretty_assertions::assert_eq;
use toy_nested::{text_writers, LAYOUT};

/// The format of `word`'s opcode.
fn format_of(word: u32) -> &'static Format {
    LAYOUT.match_opcode(u128::from(word)).expect("an opcode").format
}

/// The `asm.line` of `word`, printed from the metadata.
fn print(word: u32) -> Option<String> {
    let format = format_of(word);
    let t = text::select_text(format, "asm", "line", &word)?;
    let mut out = String::new();
    text::write_text(&mut out, format, t, &word, &mut NoHooks).ok()?;
    Some(out)
}

/// The `asm.line` of `word`, printed by the generated `text_writers`.
fn print_generated(word: u32) -> Option<String> {
    let fi = LAYOUT.format_index(format_of(word))?;
    let line = text_writers::select(fi, text_writers::group(fi, "asm", "line")?, &word)?;
    let mut out = String::new();
    text_writers::write(fi, line, &mut out, &word, &mut NoHooks).ok()?;
    Some(out)
}

/// Reads `line` as the first `asm.line` of format `name` that reads all
/// of it, from a word of zeros; else the first line's error.
fn parse(name: &str, line: &str) -> Result<u32, ParseError> {
    let format = LAYOUT.format(name).expect("a format");
    let mut first = None;
    for t in text::text_group(format, "asm", "line") {
        let mut cur = Cursor::new(line);
        let mut word = 0u32;
        match text::parse_text(&mut cur, format, t, &mut word, &mut NoHooks) {
            Ok(()) if cur.rest().is_empty() => return Ok(word),
            Ok(()) => panic!("`{line}` read up to `{}`", cur.rest()),
            Err(e) => {
                first.get_or_insert(e.report());
            }
        }
    }
    Err(first.expect("an asm.line"))
}

/// Known words: each prints exactly this text, through the metadata and
/// the generated printer, and reads back to the same word.
#[test]
fn known_words_print_and_read_back() {
    let cases = [
        // `same`: the destination is half, as the sources are; src1's
        // `(r)` is `r1`; `#-3` is half, so `h(…)`.
        ("Alu", 0x1D11_FA45u32, "(sat)add hr4, -(r)hr5, h(#-3)"),
        // Full sources print no `h`; register 63 is `rz`.
        ("Alu", 0x2600_7F0C, "mul r0, c[12], rz"),
        // Half sources and, without `same`, a full destination.
        ("Alu", 0x1105_0B03, "add r1, (r)hc[3], h(#5)"),
        // `mov` is `wide`: a full source; `conv` makes the destination half.
        ("Mov", 0x8001_850C, "mov hr2, (r)c[12]"),
        // `movh` is not: a half source; `conv` makes the destination full.
        ("Mov", 0x9001_0E43, "movh r7, -hr3"),
        ("Mov", 0x9000_7EC0, "movh hrz, h(#-64)"),
    ];
    for (format, word, line) in cases {
        assert_eq!(format_of(word).name, format, "{word:#010x}");
        assert_eq!(print(word).as_deref(), Some(line), "{word:#010x}");
        assert_eq!(print_generated(word).as_deref(), Some(line), "{word:#010x}");
        assert_eq!(parse(format, line), Ok(word), "`{line}`");
    }
}

/// `dst(full = full == same)`: `same` is in no piece of the line; reading
/// solves it from `full` (which the sources give) and the destination's
/// `h`, once the whole line is read.
#[test]
fn reading_solves_a_comparison_binding() {
    let same = 1u32 << 26;
    let full = 1u32 << 25;
    // Half sources: a half destination has the same precision.
    assert_eq!(parse("Alu", "add hr1, hr2, hr3").map(|w| w & (same | full)), Ok(same));
    assert_eq!(parse("Alu", "add r1, hr2, hr3").map(|w| w & (same | full)), Ok(0));
    // Full sources: a full destination has the same precision.
    assert_eq!(
        parse("Alu", "add r1, r2, r3").map(|w| w & (same | full)),
        Ok(same | full)
    );
    assert_eq!(parse("Alu", "add hr1, r2, r3").map(|w| w & (same | full)), Ok(full));
}

/// Both sources bind `half = !full`: a half src1 and a full src2 disagree
/// on `full`, an error at the second source.
#[test]
fn operands_that_disagree_are_an_error() {
    let err = parse("Alu", "add r1, hr2, r3").expect_err("src1 is half, src2 full");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (1, 14, "the operands disagree on `full`: one says 0, another 1")
    );
    let err = parse("Alu", "add r1, c[2], h(#1)").expect_err("src1 is full, src2 half");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (1, 15, "the operands disagree on `full`: one says 1, another 0")
    );
}

/// `src2(r = 0)`: src2 never prints `(r)`, so reading one is an error;
/// `half = !opcode.wide`: `mov` reads a full source only, `movh` a half
/// one.
#[test]
fn bindings_that_the_text_breaks_are_errors() {
    let err = parse("Alu", "add r1, hr2, (r)hr3").expect_err("src2 has no `(r)`");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (1, 14, "`src2` here does not print `r` clear")
    );
    let err = parse("Mov", "mov r1, hr2").expect_err("`mov` has a full source");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (1, 9, "this operand's text is not the form for this opcode")
    );
    let err = parse("Mov", "movh r1, r2").expect_err("`movh` has a half source");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (1, 10, "this operand's text is the other form for this opcode")
    );
}

/// Of a union's layouts that read an operand, the one that reads the most
/// wins (`r5.y` is a component, not `r5` and a rest), in `text` lines and
/// in the `syntax` form alike; of a layout's lines that print the same,
/// the one whose param agrees with what the instruction's line binds reads
/// it (`half = !full`: either line of `Plain` reads `r3`).
#[test]
fn the_layout_that_reads_most_and_the_line_that_agrees_win() {
    for (line, syntax, word) in [
        ("pick.f r3, r5.y", "pick r3, r5.y full", 0x4000_43C5u32),
        ("pick r3, r5.y", "pick r3, r5.y", 0x4000_03C5),
        ("pick r3, r5", "pick r3, r5", 0x4000_0305),
        ("pick.f r63, r0.x", "pick r63, r0.x full", 0x4000_7F80),
    ] {
        assert_eq!(print(word).as_deref(), Some(line), "{word:#010x}");
        assert_eq!(print_generated(word).as_deref(), Some(line), "{word:#010x}");
        assert_eq!(parse("Pick", line), Ok(word), "`{line}`");
        let insn = toy_nested::Instruction::decode(word).expect("decodes");
        assert_eq!(insn.to_string(), syntax);
        assert_eq!(syntax.parse::<toy_nested::Instruction>(), Ok(insn), "`{syntax}`");
    }
    // `Plain`'s two lines print alike: the one whose param agrees with
    // the binding reads, be it a constant (`x`: half clear, the second
    // line), the opcode (`y`: `!opcode.wide`) or a field through a
    // layout's param (`pp`). Each word reads back as itself.
    for word in [
        0x6000_0000u32,
        0x6100_0000,
        0x7000_0000,
        0x7100_0000,
        0x61FF_FFFF,
        0x70FF_FFFF,
    ] {
        let line = print(word).expect("prints");
        assert_eq!(parse("Tri", &line), Ok(word), "`{line}`");
    }
    // No layout reads a component `z`: the error is where it stands.
    let err = "pick r3, r5.z"
        .parse::<toy_nested::Instruction>()
        .expect_err("no component z");
    assert_eq!((err.line, err.col), (1, 12), "{err}");
}

/// A layout's param passed on to two registers: both read it, and a
/// second that disagrees with the first is an error at the second.
#[test]
fn a_param_two_operands_read_must_agree() {
    assert_eq!(parse("Swap", "swap hr1:hr2"), Ok(0x5000_0081));
    assert_eq!(parse("Swap", "swap r1:r2"), Ok(0x5000_1081));
    let err = parse("Swap", "swap hr1:r2").expect_err("half, then full");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (1, 10, "`b` here disagrees with `half` read before")
    );
}

/// A union value that no layout holds (kind 3) has no text: both printers
/// fail, having printed the same before it.
#[test]
fn a_source_no_layout_holds_prints_nothing() {
    let word = 0x1000_0000u32 | 3 << 7;
    let alu = format_of(word);
    let fi = LAYOUT.format_index(alu).expect("a format");
    let mut interpreted = String::new();
    let result = text::write_text(&mut interpreted, alu, &alu.texts[0], &word, &mut NoHooks);
    assert_eq!((interpreted.as_str(), result), ("add r0, ", Err(fmt::Error)));
    let mut generated = String::new();
    let result = text_writers::write(fi, 0, &mut generated, &word, &mut NoHooks);
    assert_eq!((generated.as_str(), result), ("add r0, ", Err(fmt::Error)));
}

/// The params of each layout, in spec order with their docs (none for a
/// format), the conditions of `SrcConst`'s lines on theirs, and the
/// bindings of each line as written.
#[test]
fn the_metadata_lists_params_and_bindings() {
    let params = |name: &str| -> Vec<(&str, &str)> {
        let f = LAYOUT.format(name).expect(name);
        f.params.iter().map(|p| (p.name, p.doc)).collect()
    };
    assert_eq!(params("Reg"), [("half", "a half-precision register: `hr5`")]);
    assert_eq!(params("Dst"), [("full", "a full-precision destination")]);
    assert_eq!(
        params("SrcReg"),
        [
            ("r", "`(r)`: the source advances with the repeat"),
            ("half", "a half-precision source")
        ]
    );
    assert_eq!(params("SrcImm"), [("r", "`(r)`"), ("half", "printed `h(…)`")]);
    assert_eq!(
        params("SrcConst"),
        [("r", "`(r)`"), ("half", "a half-precision constant")]
    );
    assert_eq!(params("Alu"), []);
    assert_eq!(params("Mov"), []);

    let constant = LAYOUT.format("SrcConst").expect("SrcConst");
    let conditions: Vec<Vec<(usize, bool)>> = constant
        .texts
        .iter()
        .map(|t| t.when_params.iter().map(|c| (c.param, c.set)).collect())
        .collect();
    assert_eq!(conditions, [vec![(1, true)], vec![(1, false)]]);

    // Each nested piece of a layout's first line: the field it prints and
    // its bindings.
    let nested = |name: &str| -> Vec<(&str, Vec<(&str, Bind)>)> {
        let f = LAYOUT.format(name).expect(name);
        f.texts[0]
            .pieces
            .iter()
            .filter_map(|p| match *p {
                Piece::Field {
                    index,
                    style: Style::Nested(b),
                } => Some((f.fields[index].name, b.iter().map(|b| (b.param, b.value)).collect())),
                _ => None,
            })
            .collect()
    };
    let field = |index: usize, invert: bool| Bind::Field { index, invert };
    let param = |index: usize, invert: bool| Bind::Param { index, invert };
    // Alu's fields: src1 0, src2 1, dst 2, r1 3, full 4, same 5, sat 6,
    // opcode 7.
    let full_is_same = Bind::Equal {
        a: Term::Field(4),
        b: 5,
        differ: false,
    };
    assert_eq!(
        nested("Alu"),
        [
            ("dst", vec![("full", full_is_same)]),
            ("src1", vec![("r", field(3, false)), ("half", field(4, true))]),
            ("src2", vec![("r", Bind::Const(false)), ("half", field(4, true))]),
        ]
    );
    // Mov's fields: src 0, dst 1, r 2, conv 3, pad 4, opcode 5; `wide` is
    // `mov`'s flag (value 0x8).
    let wide = Term::OneOf {
        field: 5,
        values: &[0x8],
    };
    let wide_is_not_conv = Bind::Equal {
        a: wide,
        b: 3,
        differ: true,
    };
    assert_eq!(
        nested("Mov"),
        [
            ("dst", vec![("full", wide_is_not_conv)]),
            ("src", vec![("r", field(2, false)), ("half", Bind::OneOf(wide, true))]),
        ]
    );
    // The layouts pass a param on: `Dst`'s negated, `SrcReg`'s as it is.
    assert_eq!(nested("Dst"), [("reg", vec![("half", param(0, true))])]);
    assert_eq!(nested("SrcReg"), [("reg", vec![("half", param(1, false))])]);
}
