//! The `{raw field=value …}` note: the fields of a word that a dialect's
//! text leaves out, in the field-explicit spelling, so that a lossless
//! printer can follow a tool's text (Mesa's, picasso's) and still give back
//! every bit.
//!
//! A layer works out what reading its text back gives (the generated
//! `text_carry::carry`), then writes the note for the fields where that
//! differs from the word ([`write_raw_note`]); its parser reads the text,
//! then applies the note last ([`parse_raw_note`]).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::layout::{Field, FieldKind, Format};
use crate::lexer::{closest, quote_input, Cursor};
use crate::text::{parse_field, write_field};
use crate::{BitWord, ParseError};

/// Writes ` {raw field=value …}` for each field of `format` whose value in
/// `word` differs from its value in `implied` (what the text gives), in
/// field order; nothing if none differs.
pub fn write_raw_note<W: BitWord>(out: &mut impl Write, format: &Format, word: &W, implied: &W) -> fmt::Result {
    let mut open = false;
    for field in format.fields {
        if field.read(word, 0) == field.read(implied, 0) {
            continue;
        }
        out.write_str(if open { " " } else { " {raw " })?;
        open = true;
        out.write_str(field.name)?;
        out.write_char('=')?;
        write_field(out, field, word)?;
    }
    if open {
        out.write_char('}')?;
    }
    Ok(())
}

/// Whether a note kept its line's text: `said` and `reads` (the line
/// printed from the word without and with the note) are the same up to
/// blanks. A note gives only bits the text leaves out; one that changes
/// what the line says contradicts it.
pub fn keeps_text(said: &str, reads: &str) -> bool {
    said.split_whitespace().eq(reads.split_whitespace())
}

/// The error message for a note that changes what its line says; `reads`
/// is the line printed from the word with the note (empty when no line
/// of its form prints it).
pub fn changes_text(reads: &str) -> String {
    let reads: Vec<&str> = reads.split_whitespace().collect();
    if reads.is_empty() {
        return "the note changes what the line says: with it no line of this form prints the word".into();
    }
    format!(
        "the note changes what the line says: with it the line reads `{}`",
        reads.join(" ")
    )
}

/// Parses `{raw field=value …}` at the cursor (after blanks) into `word`,
/// field by field, if the text continues with `{`. Errors, at the entry:
/// an unknown field name (naming the format, `what`, and suggesting a
/// close name), a field the note cannot give (the opcode, a fixed or
/// reserved field: the text gives them), a field given twice, and a value
/// that is not the field's.
pub fn parse_raw_note<W: BitWord>(
    cur: &mut Cursor<'_>,
    format: &'static Format,
    what: &str,
    word: &mut W,
) -> Result<(), ParseError> {
    cur.skip_blanks();
    if !cur.eat("{") {
        return Ok(());
    }
    cur.skip_blanks();
    let at = cur.clone();
    if cur.word() != Some("raw") {
        return Err(at.expected("`raw` (a note is `{raw field=value …}`)"));
    }
    // The fields given so far, by index in `format.fields`.
    let mut given: Vec<usize> = Vec::new();
    loop {
        cur.skip_blanks();
        if cur.eat("}") {
            return Ok(());
        }
        let at = cur.clone();
        let Some(name) = cur.word() else {
            return Err(cur.expected("a field name or `}`"));
        };
        let Some(index) = format.fields.iter().position(|f| f.name == name) else {
            let mut message = format!("{} is not a field of {what}", quote_input(name));
            if let Some(s) = closest(name, format.fields.iter().map(|f| f.name)) {
                let _ = write!(message, "; did you mean `{s}`?");
            }
            return Err(at.error(message));
        };
        let field = &format.fields[index];
        if let Some(why) = not_noted(field) {
            return Err(at.error(format!("`{name}` is {why}: a note gives only bits the text leaves out")));
        }
        if given.contains(&index) {
            return Err(at.error(format!("`{name}` is given twice in this note")));
        }
        given.push(index);
        cur.expect("=")?;
        let value_at = cur.clone();
        parse_field(cur, field, word)?;
        // A value spelled as nothing (a closed enum's) must end there.
        if cur.offset() == value_at.offset() && !cur.rest().starts_with(|c: char| c.is_whitespace() || c == '}') {
            return Err(crate::text_error::TextError::one_of(cur, field).report());
        }
    }
}

/// Why a note cannot give `field` (its bits are the text's or fixed), or
/// `None` when it can.
fn not_noted(field: &Field) -> Option<&'static str> {
    match field.kind {
        FieldKind::Opcode => Some("the opcode, which the mnemonic gives"),
        FieldKind::Fixed(_) => Some("fixed in this form"),
        FieldKind::Reserved => Some("reserved (always 0)"),
        FieldKind::Presence => Some("a presence bit, which the text gives"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};

    use super::*;
    use crate::layout::{BitRange, Field, FieldKind};
    use crate::test_layout::field;

    /// A made-up format: a 4-bit number, a flag, three unknown bits.
    static FORMAT: Format = Format {
        name: "F",
        doc: "",
        bits: 8,
        is_instruction: false,
        fields: &[
            Field {
                name: "count",
                doc: "",
                ranges: &[BitRange { lo: 0, width: 4 }],
                width: 4,
                kind: FieldKind::Unsigned,
            },
            Field {
                name: "flag",
                doc: "",
                ranges: &[BitRange { lo: 4, width: 1 }],
                width: 1,
                kind: FieldKind::Bool,
            },
            Field {
                name: "x5",
                doc: "",
                ranges: &[BitRange { lo: 5, width: 3 }],
                width: 3,
                kind: FieldKind::Unknown,
            },
        ],
        syntax: &[],
        texts: &[],
        params: &[],
    };

    fn note(word: u8, implied: u8) -> String {
        let mut out = String::new();
        write_raw_note(&mut out, &FORMAT, &word, &implied).expect("a String takes any text");
        out
    }

    fn read(text: &str, mut word: u8) -> Result<u8, String> {
        let mut cur = Cursor::new(text);
        parse_raw_note(&mut cur, &FORMAT, "`F`", &mut word).map_err(|e| e.to_string())?;
        Ok(word)
    }

    /// Only the fields where the word and what the text gives differ are
    /// noted, in field order, each in its field-explicit spelling.
    #[test]
    fn the_note_names_the_fields_that_differ() {
        assert_eq!(note(0x35, 0x35), "");
        assert_eq!(note(0b0110_0101, 0b0000_0101), " {raw x5=0x3}");
        assert_eq!(note(0b1111_1001, 0b0000_1001), " {raw flag=1 x5=0x7}");
        assert_eq!(note(0x09, 0x00), " {raw count=9}");
    }

    /// Reading a note writes its fields over the word; no note leaves the
    /// word as it is; a note's fields come back as written.
    #[test]
    fn a_note_reads_back_into_its_fields() {
        assert_eq!(read("", 0x12), Ok(0x12));
        assert_eq!(read("  ", 0x12), Ok(0x12));
        assert_eq!(read(" {raw x5=0x3}", 0x05), Ok(0b0110_0101));
        assert_eq!(read("{raw count=9 flag=1}", 0xE0), Ok(0xF9));
        assert_eq!(read("{raw }", 0x42), Ok(0x42));
        for (word, implied) in [(0x35u8, 0x00u8), (0xFF, 0x00), (0x80, 0x7F)] {
            assert_eq!(
                read(&note(word, implied), implied),
                Ok(word),
                "{word:#x} over {implied:#x}"
            );
        }
    }

    /// A note that is not `{raw …}`, an unknown field (with the closest
    /// name) and a bad value are errors.
    #[test]
    fn a_bad_note_is_an_error() {
        assert_eq!(
            read("{rax count=1}", 0),
            Err(String::from(
                "1:2: expected `raw` (a note is `{raw field=value …}`), found `rax`"
            ))
        );
        assert_eq!(
            read("{raw cout=1}", 0),
            Err(String::from("1:6: `cout` is not a field of `F`; did you mean `count`?"))
        );
        assert_eq!(
            read("{raw count=1 flag=1 count=2}", 0),
            Err(String::from("1:21: `count` is given twice in this note"))
        );
        assert!(read("{raw count=16}", 0).is_err(), "16 does not fit 4 bits");
        assert!(read("{raw count=1", 0).is_err(), "no closing brace");
    }

    /// A made-up format with a field of each kind a note cannot give, and
    /// a closed enum whose 0 is spelled as nothing.
    static KINDS: Format = Format {
        name: "K",
        doc: "",
        bits: 8,
        is_instruction: true,
        fields: &[
            field("op", &[BitRange { lo: 0, width: 1 }], FieldKind::Opcode),
            field("fx", &[BitRange { lo: 1, width: 1 }], FieldKind::Fixed(1)),
            field("res", &[BitRange { lo: 2, width: 1 }], FieldKind::Reserved),
            field("pres", &[BitRange { lo: 3, width: 1 }], FieldKind::Presence),
            Field {
                name: "mode",
                doc: "",
                ranges: &[BitRange { lo: 4, width: 2 }],
                width: 2,
                kind: FieldKind::Enum(&MODE),
            },
        ],
        syntax: &[],
        texts: &[],
        params: &[],
    };

    static MODE: crate::layout::Enum = crate::layout::Enum {
        name: "Mode",
        doc: "",
        bits: 2,
        open: false,
        operands: &[],
        attrs: &[],
        values: &[
            crate::layout::EnumValue {
                name: "plain",
                value: 0,
                spellings: &[""],
                semantics: "",
                attrs: &[],
                doc: "",
            },
            crate::layout::EnumValue {
                name: "wide",
                value: 1,
                spellings: &["wide"],
                semantics: "",
                attrs: &[],
                doc: "",
            },
        ],
    };

    fn read_kinds(text: &str) -> Result<u8, String> {
        let (mut cur, mut word) = (Cursor::new(text), 0xC0u8);
        parse_raw_note(&mut cur, &KINDS, "`K`", &mut word).map_err(|e| e.to_string())?;
        Ok(word)
    }

    /// The opcode, a fixed, a reserved and a presence field are the text's
    /// (or nobody's) to give: a note naming one is an error that says why.
    #[test]
    fn a_note_gives_no_field_the_text_gives() {
        for (name, why) in [
            ("op", "the opcode, which the mnemonic gives"),
            ("fx", "fixed in this form"),
            ("res", "reserved (always 0)"),
            ("pres", "a presence bit, which the text gives"),
        ] {
            assert_eq!(
                read_kinds(&alloc::format!("{{raw {name}=1}}")),
                Err(alloc::format!(
                    "1:6: `{name}` is {why}: a note gives only bits the text leaves out"
                ))
            );
        }
        // An enum value reads by its spelling; one spelled as nothing ends
        // at a blank or the `}`, not in the middle of a word.
        assert_eq!(read_kinds("{raw mode=wide}"), Ok(0xD0));
        assert_eq!(read_kinds("{raw mode=}"), Ok(0xC0));
        assert_eq!(read_kinds("{raw mode= }"), Ok(0xC0));
        assert_eq!(read_kinds("{raw mode=\t}"), Ok(0xC0));
        let err = read_kinds("{raw mode=narrow}").expect_err("no value `narrow`");
        assert!(err.starts_with("1:11: expected one of"), "{err}");
        let err = read_kinds("{raw mode=,}").expect_err("no value `,`");
        assert!(err.starts_with("1:11: expected one of"), "{err}");
        // A value that is read, then something else: the note's own error.
        assert_eq!(
            read_kinds("{raw mode=wide,}"),
            Err(String::from("1:15: expected a field name or `}`, found `,`"))
        );
    }

    /// A note keeps its line's text when only blanks differ; the message
    /// for one that does not quotes the line with blanks collapsed.
    #[test]
    fn a_note_keeps_the_text_up_to_blanks() {
        assert!(keeps_text("mov r0.x,  r1.y", " mov r0.x, r1.y "));
        assert!(!keeps_text("mov r0.x, r1.y", "mov r5.x, r1.y"));
        assert!(!keeps_text("nop", "(rpt1)nop"));
        assert_eq!(
            changes_text(" mov  r5.x,\tr1.y"),
            "the note changes what the line says: with it the line reads `mov r5.x, r1.y`"
        );
        assert_eq!(
            changes_text(""),
            "the note changes what the line says: with it no line of this form prints the word"
        );
    }
}
