//! The generated printers of `text` lines (the ISA crate's `text_writers`
//! module) against the table-driven [`crate::text::select_text`] and
//! [`crate::text::write_text`], and the generated carries (`text_carry`)
//! against [`crate::text::parse_text`], over random words.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use pretty_assertions::assert_eq;

use crate::carry::CarryHooks;
use crate::check::rng::SplitMix64;
use crate::check::{random_word, spread};
use crate::layout::{Field, FieldKind, Format, IsaLayout, Piece, Style};
use crate::lexer::Cursor;
use crate::text::{self, TextError, TextHooks};
use crate::BitWord;

/// Hooks that print what they were asked: `<hook field=value>` (`<hook>`
/// without a field), so that both printers can be compared on any line.
pub struct EchoHooks;

impl<W: BitWord> TextHooks<W> for EchoHooks {
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, word: &W) -> fmt::Result {
        match field {
            Some(f) => write!(out, "<{hook} {}={:#x}>", f.name, f.read(word, 0)),
            None => write!(out, "<{hook}>"),
        }
    }

    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        hook: &str,
        _field: Option<&Field>,
        _word: &mut W,
    ) -> Result<(), TextError<'a>> {
        Err(TextError::message(cur, format!("`{hook}`: echo hooks only print")))
    }
}

/// The generated `select` of an ISA crate's `text_writers`, for words `W`.
pub type Select<W> = fn(usize, usize, &W) -> Option<usize>;

/// The generated `write` of an ISA crate's `text_writers`, printing to a
/// `String` with [`EchoHooks`].
pub type Writer<W> = fn(usize, usize, &mut String, &W, &mut EchoHooks) -> fmt::Result;

/// For every format of `layout` with `text` lines: `groups` lists its
/// groups as they first appear; for `count` random words (fields biased to
/// the values the conditions name, and to zero; every value of a layout of
/// at most 16 bits instead), `select` chooses in every
/// group the line `select_text` chooses, and `write` prints every line as
/// `write_text` prints it. Panics with the format, line and word at fault.
pub fn text_writers<W: BitWord>(
    layout: &IsaLayout,
    groups: &[&[(&str, &str)]],
    select: Select<W>,
    write: Writer<W>,
    count: u64,
) {
    assert_eq!(groups.len(), layout.formats.len(), "one list of groups per format");
    let mut rng = SplitMix64::new(0x7E47_0001);
    let mut checked = 0u64;
    for (fi, format) in layout.formats.iter().enumerate() {
        let mut want: Vec<(&str, &str)> = Vec::new();
        for t in format.texts {
            if !want.contains(&(t.dialect, t.name)) {
                want.push((t.dialect, t.name));
            }
        }
        assert_eq!(groups[fi], want.as_slice(), "the groups of `{}`", format.name);
        assert_eq!(
            select(fi, want.len(), &W::default()),
            None,
            "`{}`: a group past the last",
            format.name
        );
        let mut out = String::new();
        let past = write(fi, format.texts.len(), &mut out, &W::default(), &mut EchoHooks);
        assert!(past.is_err(), "`{}`: a line past the last prints", format.name);
        if format.texts.is_empty() {
            continue;
        }
        for n in 0..words_to_try(format, count) {
            let word = nth_word::<W>(format, n, &mut rng);
            for (gi, &(dialect, name)) in want.iter().enumerate() {
                let interpreted = text::select_text(format, dialect, name, &word)
                    .and_then(|t| format.texts.iter().position(|x| core::ptr::eq(x, t)));
                assert_eq!(
                    select(fi, gi, &word),
                    interpreted,
                    "`{}` group {dialect}.{name}, word {word:x?}",
                    format.name
                );
            }
            for (ti, t) in format.texts.iter().enumerate() {
                let mut want_text = String::new();
                let want_result = text::write_text(&mut want_text, format, t, &word, &mut EchoHooks);
                out.clear();
                let got_result = write(fi, ti, &mut out, &word, &mut EchoHooks);
                assert_eq!(
                    (out.as_str(), got_result),
                    (want_text.as_str(), want_result),
                    "`{}` line {ti} ({}.{}), word {word:x?}",
                    format.name,
                    t.dialect,
                    t.name
                );
                checked += 1;
            }
        }
    }
    let any = layout.formats.iter().any(|f| !f.texts.is_empty());
    assert!(!any || checked > 0);
}

/// The widest layout whose every value the checks try, in bits: a
/// nested operand's layout (ir3's 8-bit `Reg`) has fewer values than the
/// random words would be.
const EVERY_VALUE_BITS: u32 = 16;

/// How many words of `format` the checks try: every value of a layout of
/// at most [`EVERY_VALUE_BITS`] bits, else `count` random ones.
fn words_to_try(format: &Format, count: u64) -> u64 {
    if format.bits <= EVERY_VALUE_BITS {
        1 << format.bits
    } else {
        count
    }
}

/// The `n`th word [`words_to_try`] counts: `n` in the layout's bits under
/// random ones (which no line may read) for a small layout, else a
/// [`biased_word`].
fn nth_word<W: BitWord>(format: &Format, n: u64, rng: &mut SplitMix64) -> W {
    if format.bits <= EVERY_VALUE_BITS {
        let mut word: W = random_word(rng);
        word.set(0, format.bits, n);
        word
    } else {
        biased_word(format, rng)
    }
}

/// A random word of `format`, each field that a condition reads set (one
/// time in three) to a value the condition names, and each field set to
/// zero one time in eight.
fn biased_word<W: BitWord>(format: &Format, rng: &mut SplitMix64) -> W {
    let mut word: W = random_word(rng);
    for c in format.texts.iter().flat_map(|t| t.when) {
        if rng.next_u64() % 3 != 0 {
            continue;
        }
        let field = &format.fields[c.field];
        let pick = rng.next_u64() as usize;
        let value = match field.kind {
            FieldKind::Enum(e) if c.values.is_empty() || c.attr.is_some() => {
                e.values.get(pick % e.values.len().max(1)).map(|v| v.value)
            }
            _ => c.values.get(pick % c.values.len().max(1)).copied(),
        };
        if let Some(v) = value {
            field.write(&mut word, 0, v);
        }
    }
    // A line that prints the mnemonic prints nothing for an opcode field
    // that holds no opcode of the format: mostly, it holds one.
    let mnemonics = format.mnemonics();
    if !mnemonics.is_empty() && rng.next_u64() % 8 != 0 {
        let pick = mnemonics[rng.next_u64() as usize % mnemonics.len()].value;
        for field in format.fields.iter().filter(|f| matches!(f.kind, FieldKind::Opcode)) {
            field.write(&mut word, 0, pick);
        }
    }
    for field in format.fields {
        if rng.next_u64() % 8 == 0 {
            field.write(&mut word, 0, 0);
        }
    }
    word
}

/// Whether `pieces` print the mnemonic (a `{opcode}` piece), which parsing
/// reads rather than checks.
fn reads_opcode(pieces: &[Piece]) -> bool {
    prints_a_field_as(pieces, &|s| matches!(s, Style::Mnemonic(_)))
}

/// Whether a line prints a nested layout through its own lines (which may
/// have none for a value).
fn prints_nested(pieces: &[Piece]) -> bool {
    prints_a_field_as(pieces, &|s| matches!(s, Style::Nested(_)))
}

/// Whether `pieces`, optional groups included, print a field in a style
/// `is` accepts.
fn prints_a_field_as(pieces: &[Piece], is: &dyn Fn(&Style) -> bool) -> bool {
    pieces.iter().any(|p| match p {
        Piece::Field { style, .. } => is(style),
        Piece::Group { pieces, .. } => prints_a_field_as(pieces, is),
        _ => false,
    })
}

/// Whether the opcode field of `word` holds an opcode of `format` that its
/// lines' `{opcode}` pieces print (true when no line prints one).
fn holds_an_opcode(format: &Format, word: &u128) -> bool {
    let mnemonics = format.mnemonics();
    // A format without opcodes (a base) may inherit a line that prints the
    // mnemonic: then no value has one.
    let prints_mnemonic = format.texts.iter().any(|t| reads_opcode(t.pieces));
    !prints_mnemonic
        || format
            .fields
            .iter()
            .filter(|f| matches!(f.kind, FieldKind::Opcode))
            .all(|f| mnemonics.iter().any(|m| m.value == f.read(word, 0)))
}

/// Whether the fields of `format` in `word` (at `base`) hold values
/// their types have: a closed enum's named value, a union value some
/// layout holds, and so on inside nested layouts. A word with another
/// value does not decode, and its text (a closed enum's number) does not
/// read back.
fn holds_values(format: &Format, word: &u128, base: u32) -> bool {
    format.fields.iter().all(|f| {
        let at = base + f.ranges.first().map_or(0, |r| r.lo);
        match f.kind {
            FieldKind::Enum(e) if !e.open => e.value(f.read(word, base)).is_some(),
            FieldKind::Layout(inner) => holds_values(inner, word, at),
            FieldKind::Union(u) => u
                .variant(f.read(word, base))
                .is_some_and(|inner| holds_values(inner, word, at)),
            _ => true,
        }
    })
}

/// Hooks whose text is their field's value, read back exactly:
/// `<hook=0x…>` (`<hook>` without a field, which reads back to nothing),
/// so that what reading a line back gives depends on the line alone.
pub struct ValueHooks;

impl TextHooks<u128> for ValueHooks {
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, word: &u128) -> fmt::Result {
        match field {
            Some(f) => write!(out, "<{hook}={:#x}>", f.read(word, 0)),
            None => write!(out, "<{hook}>"),
        }
    }

    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        hook: &str,
        field: Option<&Field>,
        word: &mut u128,
    ) -> Result<(), TextError<'a>> {
        let fail = |cur: &Cursor<'a>| TextError::message(cur, format!("expected the text of `{hook}`"));
        if !(cur.eat("<") && cur.eat(hook)) {
            return Err(fail(cur));
        }
        if let Some(f) = field {
            let rest = cur.rest();
            let digits = rest.strip_prefix("=0x").ok_or_else(|| fail(cur))?;
            let len = digits.find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(digits.len());
            let value = u64::from_str_radix(&digits[..len], 16).map_err(|_| fail(cur))?;
            cur.eat(&rest[..3 + len]);
            f.write(word, 0, value);
        }
        if cur.eat(">") {
            Ok(())
        } else {
            Err(fail(cur))
        }
    }
}

impl CarryHooks for ValueHooks {}

/// The generated `carry` of an ISA crate's `text_carry`, with
/// [`ValueHooks`].
pub type Carrier = fn(usize, usize, u128, &mut u128, &mut ValueHooks) -> bool;

/// For every format of `layout` with `text` lines, of at most 128 bits, and
/// `count` random words (chosen as for [`text_writers`]), and every line
/// whose conditions hold: on top of random bits (the format's opcode
/// field, which a line only checks, set as the word's, unless the line
/// prints the mnemonic and so reads it), what `carry`
/// writes is what parsing the line's text (`write_text` with
/// [`ValueHooks`]) writes. Panics with the format, line and word at fault.
pub fn text_carries(layout: &IsaLayout, carry: Carrier, count: u64) {
    let formats: Vec<usize> = (0..layout.formats.len())
        .filter(|&fi| !layout.formats[fi].texts.is_empty() && layout.formats[fi].bits <= 128)
        .collect();
    // The formats are independent: they are spread over the cores (ir3's
    // take over a minute on one), each with its own random words.
    let checked: u64 = spread(formats.len(), |i| format_carries(layout, formats[i], carry, count))
        .into_iter()
        .sum();
    assert!(formats.is_empty() || checked > 0);
}

/// [`text_carries`] for format `fi` of `layout`; how many lines it checked.
fn format_carries(layout: &IsaLayout, fi: usize, carry: Carrier, count: u64) -> u64 {
    let format = &layout.formats[fi];
    let mut rng = SplitMix64::new(0x7E47_0002 ^ fi as u64);
    let mut checked = 0u64;
    // Per line: whether it prints the mnemonic (and so reads the
    // opcode), and whether it prints a nested layout's lines.
    let kinds: Vec<(bool, bool)> = format
        .texts
        .iter()
        .map(|t| (reads_opcode(t.pieces), prints_nested(t.pieces)))
        .collect();
    for n in 0..words_to_try(format, count) {
        let word: u128 = nth_word(format, n, &mut rng);
        let random: u128 = random_word(&mut rng);
        if !holds_values(format, &word, 0) {
            continue;
        }
        let mut start = random;
        for f in format.fields.iter().filter(|f| matches!(f.kind, FieldKind::Opcode)) {
            f.write(&mut start, 0, f.read(&word, 0));
        }
        for (ti, (t, &(reads, nested))) in format.texts.iter().zip(&kinds).enumerate() {
            if !t.holds(format, &word, 0) {
                continue;
            }
            // A line that prints the mnemonic reads the opcode too.
            let start = if reads { random } else { start };
            let mut printed = String::new();
            let wrote = text::write_text(&mut printed, format, t, &word, &mut ValueHooks);
            if wrote.is_err() && (!holds_an_opcode(format, &word) || nested) {
                // No text to read back: the mnemonic has none, or a
                // nested operand has no line for its value (ir3's
                // category 5 source that the opcode does not read must
                // be 0).
                continue;
            }
            let mut parsed = start;
            let mut cur = Cursor::new(&printed);
            let read = text::parse_text(&mut cur, format, t, &mut parsed, &mut ValueHooks);
            let at = || format!("`{}` line {ti} ({}.{}), word {word:#x}", format.name, t.dialect, t.name);
            assert!(
                read.is_ok() && cur.rest().is_empty(),
                "{}: `{printed}` does not read back",
                at()
            );
            let mut carried = start;
            assert!(carry(fi, ti, word, &mut carried, &mut ValueHooks), "{}: no carry", at());
            if carried != parsed {
                assert_eq!(
                    format!("{carried:#034x}"),
                    format!("{parsed:#034x}"),
                    "{}, text `{printed}`, from {start:#x}",
                    at()
                );
            }
            checked += 1;
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::{holds_an_opcode, holds_values};
    use crate::layout::{BitRange, Enum, Field, FieldKind, Format, Mnemonic, NamedText, Piece, Style, Union};
    use crate::test_layout::{enum_value, field, two_bit_enum};

    /// A closed enum that names 0 and 1 of its four values.
    static CLOSED: Enum = two_bit_enum("Closed", false, &[enum_value("a", 0), enum_value("b", 1)]);
    /// An open enum that names 0 alone.
    static OPEN: Enum = two_bit_enum("Open", true, &[enum_value("x", 0)]);

    /// A layout of one closed enum.
    static INNER: Format = Format {
        name: "Inner",
        doc: "",
        bits: 2,
        is_instruction: false,
        fields: &[field("c", &[BitRange { lo: 0, width: 2 }], FieldKind::Enum(&CLOSED))],
        syntax: &[],
        texts: &[],
        params: &[],
    };

    /// A union whose one layout is [`INNER`].
    static UNION: Union = Union {
        name: "OneLayout",
        doc: "",
        bits: 2,
        variants: &[&INNER],
    };

    /// `op` is the one opcode of [`WITH_MNEMONIC`]: 3.
    static MNEMONICS: [Mnemonic; 1] = [Mnemonic { value: 3, text: "op" }];

    /// The fields both formats share: the opcode (bits 0–1), the closed
    /// enum (2–3), the open one (4–5), the layout (6–7) and the union
    /// (8–9).
    static FIELDS: [Field; 5] = [
        field("opcode", &[BitRange { lo: 0, width: 2 }], FieldKind::Opcode),
        field("closed", &[BitRange { lo: 2, width: 2 }], FieldKind::Enum(&CLOSED)),
        field("open", &[BitRange { lo: 4, width: 2 }], FieldKind::Enum(&OPEN)),
        field("inner", &[BitRange { lo: 6, width: 2 }], FieldKind::Layout(&INNER)),
        field("union", &[BitRange { lo: 8, width: 2 }], FieldKind::Union(&UNION)),
    ];

    const fn format(name: &'static str, texts: &'static [NamedText]) -> Format {
        Format {
            name,
            doc: "",
            bits: 10,
            is_instruction: true,
            fields: &FIELDS,
            syntax: &[],
            texts,
            params: &[],
        }
    }

    /// An unconditional `asm.line` of `pieces`.
    const fn line(pieces: &'static [Piece]) -> NamedText {
        NamedText {
            dialect: "asm",
            name: "line",
            doc: "",
            when: &[],
            when_params: &[],
            defaults: &[],
            pieces,
        }
    }

    /// A format whose line prints the mnemonic.
    static WITH_MNEMONIC: Format = format(
        "WithMnemonic",
        &[line(&[Piece::Field {
            index: 0,
            style: Style::Mnemonic(&MNEMONICS),
        }])],
    );
    /// The same fields, and a line that prints the closed enum alone.
    static WITHOUT_MNEMONIC: Format = format(
        "WithoutMnemonic",
        &[line(&[Piece::Field {
            index: 1,
            style: Style::Default,
        }])],
    );

    /// A word of the first four fields, the union's bits 0.
    fn word(opcode: u128, closed: u128, open: u128, inner: u128) -> u128 {
        opcode | closed << 2 | open << 4 | inner << 6
    }

    /// A closed enum must hold a value it names, at the top and inside a
    /// nested layout or a union's layout (read at its place); an open one
    /// may hold any.
    #[test]
    fn values_are_those_closed_enums_name_nested_too() {
        let holds = |w| holds_values(&WITH_MNEMONIC, &w, 0);
        assert!(holds(word(3, 1, 0, 1)));
        assert!(holds(word(3, 0, 3, 0)), "an open enum's unnamed value");
        assert!(!holds(word(3, 2, 0, 0)), "a closed enum's unnamed value");
        assert!(!holds(word(3, 0, 0, 2)), "a nested closed enum's unnamed value");
        assert!(!holds(word(0, 0, 0, 3)), "a nested closed enum's unnamed value");
        assert!(holds(word(3, 0, 0, 0) | 1 << 8));
        assert!(
            !holds(word(3, 0, 0, 0) | 2 << 8),
            "an unnamed value inside a union's layout"
        );
    }

    /// Where a line prints the mnemonic, the opcode field must hold an
    /// opcode of the format; where no line does, any value will do.
    #[test]
    fn an_opcode_is_needed_only_where_a_line_prints_the_mnemonic() {
        assert!(holds_an_opcode(&WITH_MNEMONIC, &word(3, 0, 0, 0)));
        for opcode in 0..3 {
            assert!(!holds_an_opcode(&WITH_MNEMONIC, &word(opcode, 0, 0, 0)), "{opcode}");
        }
        for opcode in 0..4 {
            assert!(holds_an_opcode(&WITHOUT_MNEMONIC, &word(opcode, 0, 0, 0)), "{opcode}");
        }
    }
}
