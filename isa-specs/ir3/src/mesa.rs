//! Mesa's disassembler text for ir3, printed and parsed from the spec's
//! `text mesa.line` lines: one line per instruction, as Mesa's isaspec
//! disassembler prints it (`(sy)(ss)(rpt2)nop`, `br !p0.x, #3`,
//! `fence.g.l.r.w`), and `raw 0x…` (sixteen upper-case hex digits) for a
//! word that is no instruction.
//!
//! Mesa's text leaves bits out: bits nobody reads (`x` in Mesa's patterns,
//! `unknown` here) and fields a form does not print (a branch's repeat
//! count). [`disassemble_word`] works out what reading its text back gives
//! (the generated `text_carry`) and, where that differs from the word,
//! appends the differing fields in the spec's field-explicit spelling as
//! `{raw field=value …}`; [`assemble_line`] applies that note last, so every
//! word round-trips. A reader of Mesa's text can ignore the note; a note
//! that changes what the line says (`{raw dst=r5.x}` after `r0.x`) is an
//! error at the note.
//!
//! Every function takes the generation (`gen`: 3 for a3xx to 7 for a7xx,
//! the spec's `gens`): a word decodes as that generation has it (an opcode
//! whose spec line says `gen 7` is no instruction on a6xx), and a mnemonic
//! that generation lacks does not assemble.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;
use std::sync::OnceLock;

use isa_runtime::layout::{FieldKind, Format, Piece, Style};
use isa_runtime::lexer::Cursor;
use isa_runtime::note::{parse_raw_note, write_raw_note};
use isa_runtime::text::{self, NoHooks, TextError};
use isa_runtime::ParseError;

use crate::{Instruction, LAYOUT};

/// The dialect's name in the spec.
pub const DIALECT: &str = "mesa";
/// The group of the `text` lines that print a whole instruction.
pub const LINE: &str = "line";

/// The newest generation the spec describes (a7xx).
pub const NEWEST: u32 = match crate::LAYOUT.gens {
    Some(g) => g.hi,
    None => 0,
};

/// Whether the spec describes generation `gen` (its `gens` line: 3 to 7);
/// every function here refuses another, which no word decodes as.
pub fn check_gen(gen: u32) -> Result<(), isa_runtime::DecodeError> {
    match LAYOUT.gens {
        Some(g) if !(g.lo..=g.hi).contains(&gen) => Err(isa_runtime::DecodeError::new(
            "gen",
            isa_runtime::DecodeErrorKind::NoSuchGeneration {
                gen,
                lo: g.lo,
                hi: g.hi,
            },
        )),
        _ => Ok(()),
    }
}

/// Mesa's text for one word of generation `gen`, with a `{raw …}` note
/// when the text leaves bits out; an error only for a `gen` the spec does
/// not describe ([`check_gen`]).
pub fn disassemble_word(word: u64, gen: u32) -> Result<String, isa_runtime::DecodeError> {
    let mut out = String::new();
    write_word(&mut out, word, gen)?;
    Ok(out)
}

/// Appends [`disassemble_word`]'s text for `word` to `out`.
pub fn write_word(out: &mut String, word: u64, gen: u32) -> Result<(), isa_runtime::DecodeError> {
    check_gen(gen)?;
    write_checked(out, word, gen);
    Ok(())
}

/// [`disassemble_word`] for a generation already checked.
fn checked_text(word: u64, gen: u32) -> String {
    let mut out = String::new();
    write_checked(&mut out, word, gen);
    out
}

/// [`write_word`] for a generation already checked.
fn write_checked(out: &mut String, word: u64, gen: u32) {
    let Some((format, index)) = format_of(word, gen) else {
        write_raw(out, word);
        return;
    };
    let Some(text) = write_line(out, index, word) else {
        // Every format has an unconditional line; a word none prints is
        // written whole rather than under another form.
        write_raw(out, word);
        return;
    };
    let mut implied = blanks()[index];
    crate::text_carry::carry(index, text, u128::from(word), &mut implied, &mut NoHooks);
    // Only the low 64 bits exist.
    let _ = write_raw_note(out, format, &word, &(implied as u64));
}

/// Appends the `mesa.line` text of `word` as an instruction of format
/// `index` (no note) and returns which of the format's lines it is; on
/// `None` (no line prints the word) `out` is unchanged.
fn write_line(out: &mut String, index: usize, word: u64) -> Option<usize> {
    let text = crate::text_writers::select(index, line_group(index), &word)?;
    let from = out.len();
    if crate::text_writers::write(index, text, out, &word, &mut NoHooks).is_err() {
        out.truncate(from);
        return None;
    }
    Some(text)
}

/// A note gives bits the text leaves out: the line must say the same
/// with it as without it (`mov.f32f32 r0.x, r1.y {raw dst=r5.x}`
/// contradicts its text). `note` is where the note starts; `before` and
/// `after` are the word without and with it, both of format `index`.
fn note_keeps_text(note: &Cursor<'_>, index: usize, before: u64, after: u64) -> Result<(), ParseError> {
    if before == after {
        return Ok(());
    }
    let (mut said, mut reads) = (String::new(), String::new());
    let said_line = write_line(&mut said, index, before);
    let reads_line = write_line(&mut reads, index, after);
    if said_line.is_some() && reads_line.is_some() && isa_runtime::note::keeps_text(&said, &reads) {
        return Ok(());
    }
    Err(note.error(isa_runtime::note::changes_text(&reads)))
}

/// `raw 0x…`: Mesa's text for a word that matches no instruction.
fn write_raw(out: &mut String, word: u64) {
    let _ = write!(out, "raw 0x{word:016X}");
}

/// The format of the instruction `word` decodes to in generation `gen`,
/// and its index in `LAYOUT.formats`; `None` for a word that is no
/// instruction there.
fn format_of(word: u64, gen: u32) -> Option<(&'static Format, usize)> {
    let insn = Instruction::decode_gen(word, gen).ok()?;
    let op = insn.opcode_index()?;
    let format = LAYOUT.opcodes[op].format;
    Some((format, formats()[op]))
}

/// For each opcode of `LAYOUT`, its format's index in `LAYOUT.formats`.
fn formats() -> &'static [usize] {
    static TABLE: OnceLock<Vec<usize>> = OnceLock::new();
    TABLE.get_or_init(|| {
        LAYOUT
            .opcodes
            .iter()
            .map(|op| LAYOUT.format_index(op.format).unwrap_or(usize::MAX))
            .collect()
    })
}

/// The index of group `mesa.line` among the generated `text_writers`
/// groups of format `index`.
fn line_group(index: usize) -> usize {
    crate::text_writers::group(index, DIALECT, LINE).unwrap_or(usize::MAX)
}

/// [`blank`] of every format of `LAYOUT`, by its index in
/// `LAYOUT.formats` (every word printed or read starts from one).
fn blanks() -> &'static [u128] {
    static TABLE: OnceLock<Vec<u128>> = OnceLock::new();
    TABLE.get_or_init(|| LAYOUT.formats.iter().copied().map(blank).collect())
}

/// The bits of `format` that no text gives: its `fixed` and `pattern`
/// values, and the opcode of a format that has one (its lines print the
/// mnemonic from other fields: `mov`, `cov`, `mova`); 0 elsewhere.
fn blank(format: &Format) -> u128 {
    let mut word = 0u128;
    for field in format.fields {
        if let FieldKind::Fixed(value) = field.kind {
            field.write(&mut word, 0, value);
        }
    }
    let mut opcodes = LAYOUT.opcodes.iter().filter(|op| core::ptr::eq(op.format, format));
    if let (Some(op), None) = (opcodes.next(), opcodes.next()) {
        word |= op.bits;
    }
    word
}

/// The formats that have `mesa.line` lines, with their `LAYOUT.formats`
/// index and the words their lines' mnemonics start with (the format's
/// opcodes, or the literal a line prints: `mov.`, `alias.`), in spec
/// order.
fn line_formats() -> &'static [(&'static Format, usize, Vec<&'static str>)] {
    static TABLE: OnceLock<Vec<(&'static Format, usize, Vec<&'static str>)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        LAYOUT
            .formats
            .iter()
            .enumerate()
            .filter(|(_, f)| text::text_group(f, DIALECT, LINE).next().is_some())
            .map(|(i, f)| {
                let heads = text::text_group(f, DIALECT, LINE)
                    .flat_map(|t| line_heads(t.pieces))
                    .collect();
                (*f, i, heads)
            })
            .collect()
    })
}

/// How a line's mnemonic starts: after its flags (`{sy:'(sy)'}`) and
/// nested prefixes (`(rptN)`), the opcodes of `{opcode}` or a literal's
/// text.
fn line_heads(pieces: &'static [Piece]) -> Vec<&'static str> {
    for piece in pieces {
        match *piece {
            Piece::Field {
                style: Style::Mnemonic(table),
                ..
            } => return table.iter().map(|m| m.text).collect(),
            Piece::Text(t) if !t.trim().is_empty() => return vec![t.trim()],
            _ => {}
        }
    }
    Vec::new()
}

/// Where an instruction's mnemonic stands: after Mesa's `(sy)`, `(rpt2)`,
/// `(nop3) ` prefixes.
fn at_mnemonic<'a>(cur: &Cursor<'a>) -> Cursor<'a> {
    let mut at = cur.clone();
    at.skip_blanks();
    while at.peek() == Some('(') {
        let rest = at.rest();
        let Some(end) = rest.find(')') else {
            break;
        };
        at.eat(&rest[..=end]);
        at.skip_blanks();
    }
    at
}

/// Parses one instruction of generation `gen` in Mesa's text (`line` is
/// its 1-based line number, for errors), with or without a `{raw …}` note,
/// into its word.
pub fn assemble_line(source: &str, line: usize, gen: u32) -> Result<u64, ParseError> {
    let mut cur = Cursor::at(source, line, 1);
    check_gen(gen).map_err(|e| cur.error(e.to_string()))?;
    cur.skip_blanks();
    if cur.clone().word() == Some("raw") {
        cur.word();
        cur.skip_blanks();
        let at = cur.clone();
        let word = match cur.integer()? {
            Some(v) => u64::try_from(v).map_err(|_| at.error("a `raw` word is 64 bits: 0 to 0xFFFFFFFFFFFFFFFF"))?,
            None => return Err(cur.expected("the word after `raw`, such as `0x0000000000000000`")),
        };
        return end_of_line(cur).map(|()| word);
    }
    let mut best: Option<TextError<'_>> = None;
    // The first form read whole whose word is no instruction of `gen`.
    let mut not_this_gen: Option<ParseError> = None;
    // Only the formats whose mnemonics can start the word there.
    let at = at_mnemonic(&cur);
    let word = at.rest().split_whitespace().next().unwrap_or("");
    let first = word.as_bytes().first().copied();
    for (format, index, heads) in line_formats() {
        // The first byte before the whole prefix: most heads differ there.
        if !heads
            .iter()
            .any(|h| h.as_bytes().first().copied() == first && word.starts_with(h))
        {
            continue;
        }
        let format: &'static Format = format;
        for t in text::text_group(format, DIALECT, LINE) {
            let mut c = cur.clone();
            // Only the low 64 bits exist.
            let mut word = blanks()[*index] as u64;
            match text::parse_text(&mut c, format, t, &mut word, &mut NoHooks) {
                Ok(()) => {
                    let mut rest = c.clone();
                    rest.skip_blanks();
                    if !(rest.at_line_end() || rest.peek() == Some('{')) {
                        TextError::keep_furthest(
                            &mut best,
                            TextError::expected(&rest, "the end of the line or a `{raw …}` note"),
                        );
                        continue;
                    }
                    let said = word;
                    parse_raw_note(&mut c, format, "this instruction", &mut word)?;
                    end_of_line(c.clone())?;
                    // Another generation's form may print the same text
                    // (ir3's `a1.x` forms): then a later form may be this
                    // generation's.
                    match check_decodes(&cur, word, format, gen) {
                        Ok(word) => return note_keeps_text(&rest, *index, said, word).map(|()| word),
                        Err(e) => {
                            not_this_gen.get_or_insert(e);
                        }
                    }
                }
                Err(e) => TextError::keep_furthest(&mut best, e),
            }
        }
    }
    if let Some(e) = not_this_gen {
        return Err(e);
    }
    // No format's mnemonic starts the word: the error is there.
    let best = best.map_or_else(|| at.expected("a mnemonic"), TextError::report);
    Err(unknown_mnemonic(&cur, &best).unwrap_or(best))
}

/// When every form failed at the mnemonic (after Mesa's `(sy)(ss)(eq)(jp)
/// (rptN)` modifiers) and the word there is no mnemonic of the spec: that
/// error, short (the forms' errors, merged, would list every mnemonic of
/// the ISA, form by form). `None` otherwise.
fn unknown_mnemonic(cur: &Cursor<'_>, best: &ParseError) -> Option<ParseError> {
    let at = at_mnemonic(cur);
    if at.position() != (best.line, best.col) {
        return unknown_modifier(cur, best);
    }
    let Some(word) = at.clone().word() else {
        return Some(at.expected("a mnemonic"));
    };
    // `getlast.w8`, `fence.g.l`: the mnemonic is the word up to its first dot.
    let name = word.split('.').next().filter(|n| !n.is_empty()).unwrap_or(word);
    if LAYOUT.opcode(name).is_some() {
        return None;
    }
    let mut message = alloc::format!("unknown mnemonic {}", isa_runtime::text::quote_input(name));
    if let Some(near) = isa_runtime::lexer::closest(name, LAYOUT.opcodes.iter().map(|o| o.mnemonic)) {
        let _ = write!(message, "; did you mean `{near}`?");
    }
    Some(at.error(message))
}

/// When every form failed at a `(…)` before the mnemonic that is no
/// modifier of the spec (`(rpt8)nop`: repeats stop at 7): that error,
/// with the closest modifier. The modifiers are the spec's own spellings
/// in parentheses (its flags' texts and its enums' values). `None`
/// otherwise.
fn unknown_modifier(cur: &Cursor<'_>, best: &ParseError) -> Option<ParseError> {
    let mut at = cur.clone();
    at.skip_blanks();
    while at.position() != (best.line, best.col) {
        let rest = at.rest();
        let end = rest.starts_with('(').then(|| rest.find(')'))??;
        at.eat(&rest[..=end]);
        at.skip_blanks();
    }
    let rest = at.rest();
    let group = &rest[..rest.starts_with('(').then(|| rest.find(')'))?? + 1];
    let known = modifiers();
    if known.contains(&group) {
        return None;
    }
    let mut message = alloc::format!("unknown modifier {}", isa_runtime::text::quote_input(group));
    if let Some(near) = isa_runtime::lexer::closest(group, known.iter().copied()) {
        let _ = write!(message, "; did you mean `{near}`?");
    }
    Some(at.error(message))
}

/// The modifiers a `mesa.line` text can print before its mnemonic, made
/// once: its flags' texts, its literals, and the values of its enum
/// fields and of its nested layouts' (`(sy)`, `(rpt3)`, `(nop1)`), those
/// in parentheses.
fn modifiers() -> &'static [&'static str] {
    static MODIFIERS: OnceLock<Vec<&'static str>> = OnceLock::new();
    MODIFIERS.get_or_init(|| {
        let mut all = Vec::new();
        for format in LAYOUT.formats {
            for t in text::text_group(format, DIALECT, LINE) {
                let before = t.pieces.iter().take_while(|p| !is_mnemonic(p));
                before.for_each(|p| spellings(format, p, &mut all));
            }
        }
        all.retain(|t| t.len() > 2 && t.starts_with('(') && t.ends_with(')'));
        all.sort_unstable();
        all.dedup();
        all
    })
}

/// Whether `piece` prints the mnemonic.
fn is_mnemonic(piece: &Piece) -> bool {
    matches!(
        piece,
        Piece::Field {
            style: Style::Mnemonic(_),
            ..
        }
    )
}

/// The texts `piece` of `format` can print, trimmed, added to `out`: a
/// flag's, a literal, an enum field's values, and those of a nested
/// layout's lines.
fn spellings(format: &'static Format, piece: &Piece, out: &mut Vec<&'static str>) {
    match *piece {
        Piece::Text(t)
        | Piece::Field {
            style: Style::Flag(t), ..
        } => out.push(t.trim()),
        Piece::Field { index, style } => match (format.fields[index].kind, style) {
            (FieldKind::Enum(e), _) => out.extend(e.values.iter().flat_map(|v| v.spellings.iter().copied())),
            (FieldKind::Layout(inner), Style::Nested(_)) => {
                for t in text::dialect_texts(inner, DIALECT) {
                    t.pieces.iter().for_each(|p| spellings(inner, p, out));
                }
            }
            _ => {}
        },
        _ => {}
    }
}

/// Only blanks or a comment may follow, and no other line.
fn end_of_line(mut cur: Cursor<'_>) -> Result<(), ParseError> {
    if !cur.at_line_end() {
        return Err(cur.expected("the end of the line"));
    }
    cur.expect_end_of_text("instruction")
}

/// The word must decode as an instruction of `format` in generation `gen`
/// (its mnemonic may be another generation's, and a `{raw …}` note can
/// change any field, the opcode's too).
fn check_decodes(at: &Cursor<'_>, word: u64, format: &'static Format, gen: u32) -> Result<u64, ParseError> {
    if let Some((f, _)) = format_of(word, gen) {
        if core::ptr::eq(f, format) {
            return Ok(word);
        }
    }
    let other = LAYOUT
        .match_opcode_in(u128::from(word), None)
        .filter(|op| core::ptr::eq(op.format, format) && !op.in_gen(gen));
    Err(at.error(match other.and_then(|op| Some((op, op.gens?))) {
        Some((op, g)) if g.lo == g.hi => {
            alloc::format!("`{}` is an a{}xx instruction, not one of a{gen}xx", op.mnemonic, g.lo)
        }
        Some((op, g)) => alloc::format!(
            "`{}` is an instruction of a{}xx to a{}xx, not of a{gen}xx",
            op.mnemonic,
            g.lo,
            g.hi
        ),
        None => alloc::format!(
            "the fields given make 0x{word:016X} (`{}`), which is no `{}` instruction",
            checked_text(word, gen),
            format.name
        ),
    }))
}

/// Mesa's text for a program of generation `gen`: one line per 64-bit
/// word (little endian). A length that is not a whole number of words is
/// an error at the byte where the last word starts.
pub fn disassemble(bytes: &[u8], gen: u32) -> Result<String, isa_runtime::DecodeError> {
    check_gen(gen)?;
    let words = bytes.chunks_exact(8);
    if !words.remainder().is_empty() {
        let at = bytes.len() - words.remainder().len();
        let kind = isa_runtime::DecodeErrorKind::Truncated {
            needed: 8,
            available: words.remainder().len(),
        };
        return Err(isa_runtime::DecodeError::new("word", kind).at(at));
    }
    let mut out = String::with_capacity(bytes.len() * 4);
    for chunk in words {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        write_checked(&mut out, u64::from_le_bytes(word), gen);
        out.push('\n');
    }
    Ok(out)
}

/// Assembles Mesa's text for generation `gen`, one instruction per line
/// (blank lines and comments are skipped, and a leading byte-order mark),
/// into 64-bit words. Errors carry `line:col`.
pub fn assemble(source: &str, gen: u32) -> Result<Vec<u64>, ParseError> {
    check_gen(gen).map_err(|e| Cursor::new(source).error(e.to_string()))?;
    let source = isa_runtime::lexer::without_bom(source);
    let mut words = Vec::new();
    for (n, line) in source.split('\n').enumerate() {
        if Cursor::new(line).at_line_end() {
            continue;
        }
        words.push(assemble_line(line, n + 1, gen)?);
    }
    Ok(words)
}
