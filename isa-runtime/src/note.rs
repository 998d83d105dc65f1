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
use core::fmt::{self, Write};

use crate::layout::Format;
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

/// Parses `{raw field=value …}` at the cursor (after blanks) into `word`,
/// field by field, if the text continues with `{`; an unknown field name
/// is an error that names the format (`what`) and suggests a close name.
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
    if cur.word() != Some("raw") {
        return Err(cur.expected("`raw` (a note is `{raw field=value …}`)"));
    }
    loop {
        cur.skip_blanks();
        if cur.eat("}") {
            return Ok(());
        }
        let at = cur.clone();
        let Some(name) = cur.word() else {
            return Err(cur.expected("a field name or `}`"));
        };
        let Some(field) = format.fields.iter().find(|f| f.name == name) else {
            let mut message = format!("{} is not a field of {what}", quote_input(name));
            if let Some(s) = closest(name, format.fields.iter().map(|f| f.name)) {
                let _ = write!(message, "; did you mean `{s}`?");
            }
            return Err(at.error(message));
        };
        cur.expect("=")?;
        parse_field(cur, field, word)?;
    }
}
