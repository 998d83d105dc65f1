//! The table-driven printer and parser.
//!
//! Both walk an opcode's template from the layout metadata over the encoded
//! word, so the text form can never drift from the encoding: printing reads
//! bits, parsing writes bits, and the generated decoder turns the parsed word
//! into the typed instruction.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::bits::{low_mask, BitWord};
use crate::error::ParseError;
use crate::layout::{
    Bind, Binding, ComponentOrder, Cond, Enum, EnumValue, Field, FieldKind, Format, IsaLayout, Mnemonic, NamedText,
    Opcode, Piece, Style, Term, View,
};
use crate::lexer::{closest, Cursor};
pub use crate::lexer::{escape_input, quote_input, Quoted, QUOTE_MAX};
pub use crate::text_error::TextError;

/// Prints an instruction word that is known to match `opcode`.
pub fn write_instruction<W: BitWord>(out: &mut impl Write, opcode: &Opcode, word: &W) -> fmt::Result {
    out.write_str(opcode.mnemonic)?;
    // The space before the operands only if they print something (`nop`
    // with no flags set is `nop`, not `nop `).
    let mut operands = SpaceFirst {
        out: &mut *out,
        pending: !opcode.template.is_empty(),
    };
    write_pieces(&mut operands, opcode.format, opcode.template, word, 0)?;
    write_unknown_suffix(out, opcode.format, opcode.template, word)
}

/// A writer that puts one space before the first non-empty text written
/// to it, if `pending`.
struct SpaceFirst<'o, O: Write> {
    out: &'o mut O,
    pending: bool,
}

impl<O: Write> Write for SpaceFirst<'_, O> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.pending && !s.is_empty() {
            self.pending = false;
            self.out.write_char(' ')?;
        }
        self.out.write_str(s)
    }
}

/// Prints any word of the ISA: its opcode's text, or the fallback form.
pub fn write_word<W: BitWord>(out: &mut impl Write, isa: &IsaLayout, word: &W) -> fmt::Result {
    if let Some(bundle) = isa.bundle {
        return write_layout(out, bundle, word);
    }
    match isa.match_opcode(word.to_u128()) {
        Some(op) => write_instruction(out, op, word),
        None => write_fallback(out, isa, word),
    }
}

/// Prints a word that matches no opcode, such as `.word 0x0123abcd`.
pub fn write_fallback<W: BitWord>(out: &mut impl Write, isa: &IsaLayout, word: &W) -> fmt::Result {
    write!(out, "{} {}", isa.fallback.unwrap_or(".word"), crate::bits::to_hex(word))
}

/// Prints a free-standing layout (such as an operand descriptor) with its syntax.
pub fn write_layout<W: BitWord>(out: &mut impl Write, format: &Format, word: &W) -> fmt::Result {
    write_pieces(out, format, format.syntax, word, 0)?;
    write_unknown_suffix(out, format, format.syntax, word)
}

fn write_pieces<W: BitWord>(
    out: &mut impl Write,
    format: &Format,
    pieces: &[Piece],
    word: &W,
    base: u32,
) -> fmt::Result {
    for piece in pieces {
        match *piece {
            Piece::Text(t) => out.write_str(t)?,
            Piece::Space => out.write_char(' ')?,
            Piece::Field { index, style } => {
                write_value(out, &format.fields[index], style, word, base)?;
            }
            // Hooks need a context, groups and params are for dialects;
            // the spec checker keeps them out of syntax lines and opcode
            // templates.
            Piece::Hook(_) | Piece::Group { .. } | Piece::Param { .. } => return Err(fmt::Error),
        }
    }
    Ok(())
}

/// Unknown fields that the template leaves out print as ` name=0x…` when not zero.
fn write_unknown_suffix<W: BitWord>(out: &mut impl Write, format: &Format, pieces: &[Piece], word: &W) -> fmt::Result {
    write_suffix_fields(out, format, pieces, &SuffixPath::Root, 0, word)
}

/// The path of a nested layout's field in a suffix name: `src1.` in
/// `src1.undef1`, without allocating (printers write one per word).
enum SuffixPath<'p> {
    /// The instruction's own fields.
    Root,
    /// Inside field `name` of the enclosing path.
    In(&'p SuffixPath<'p>, &'static str),
}

impl SuffixPath<'_> {
    /// Writes the path with a `.` after each name.
    fn write(&self, out: &mut impl Write) -> fmt::Result {
        match self {
            SuffixPath::Root => Ok(()),
            SuffixPath::In(outer, name) => {
                outer.write(out)?;
                out.write_str(name)?;
                out.write_char('.')
            }
        }
    }
}

/// Writes ` path.name=0x…` for each non-zero unknown field of `format`
/// (at `base`) that `pieces` leave out, and of its nested layouts.
fn write_suffix_fields<W: BitWord>(
    out: &mut impl Write,
    format: &Format,
    pieces: &[Piece],
    path: &SuffixPath<'_>,
    base: u32,
    word: &W,
) -> fmt::Result {
    for (i, field) in format.fields.iter().enumerate() {
        match field.kind {
            FieldKind::Unknown if !names_field(pieces, i) => {
                let v = field.read(word, base);
                if v != 0 {
                    out.write_char(' ')?;
                    path.write(out)?;
                    write!(out, "{}={v:#x}", field.name)?;
                }
            }
            FieldKind::Layout(inner) => {
                let nested = SuffixPath::In(path, field.name);
                write_suffix_fields(out, inner, inner.syntax, &nested, base + field.ranges[0].lo, word)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// The unknown fields a template leaves out, which print as `name=0x…`
/// suffixes: the format's own, and those of nested layouts (`src1.undef1`).
fn suffix_fields(
    format: &Format,
    pieces: &[Piece],
    prefix: &str,
    base: u32,
    out: &mut Vec<(String, &'static Field, u32)>,
) {
    for (i, field) in format.fields.iter().enumerate() {
        match field.kind {
            FieldKind::Unknown if !names_field(pieces, i) => out.push((format!("{prefix}{}", field.name), field, base)),
            FieldKind::Layout(inner) => {
                let nested = format!("{prefix}{}.", field.name);
                suffix_fields(inner, inner.syntax, &nested, base + field.ranges[0].lo, out);
            }
            _ => {}
        }
    }
}

fn names_field(pieces: &[Piece], index: usize) -> bool {
    pieces
        .iter()
        .any(|p| matches!(p, Piece::Field { index: i, .. } if *i == index))
}

/// The meaning of a field's raw value, as text (what `explain` shows).
pub fn describe_value(field: &Field, raw: u64) -> String {
    let mut s = String::new();
    let _ = write_raw(&mut s, field, Style::Default, raw, &|out: &mut String, f: &Format| {
        // Nested layouts describe themselves through their own syntax.
        let _ = write_layout(out, f, &raw);
        Ok(())
    });
    s
}

fn write_value<W: BitWord>(out: &mut impl Write, field: &Field, style: Style, word: &W, base: u32) -> fmt::Result {
    let raw = field.read(word, base);
    if let Style::View { view, decimals } = style {
        return write_view(out, view, decimals, raw);
    }
    let nested_base = base + field.ranges[0].lo;
    write_raw(out, field, style, raw, &|out, f| {
        write_pieces(out, f, f.syntax, word, nested_base)
    })
}

fn write_raw<O: Write>(
    out: &mut O,
    field: &Field,
    style: Style,
    raw: u64,
    nested: &dyn Fn(&mut O, &Format) -> fmt::Result,
) -> fmt::Result {
    match (field.kind, style) {
        (_, Style::Hook(_)) => write_raw(out, field, Style::Default, raw, nested),
        // A value that is no opcode of the format has no text.
        (_, Style::Mnemonic(table)) => out.write_str(Mnemonic::of(table, raw).ok_or(fmt::Error)?),
        (FieldKind::Bool, Style::Flag(text)) => {
            if raw != 0 {
                out.write_str(text)?;
            }
            Ok(())
        }
        (_, Style::Hex) => write!(out, "{raw:#x}"),
        (_, Style::Decimal) => write_decimal(out, raw),
        (_, Style::Plus(n)) => write_decimal(out, raw + n),
        (FieldKind::Unsigned | FieldKind::Signed, Style::Sign) => {
            write_sign(out, field.width, matches!(field.kind, FieldKind::Signed), raw)
        }
        (FieldKind::Unsigned | FieldKind::Opcode | FieldKind::Reserved | FieldKind::Presence, _) => {
            write_decimal(out, raw)
        }
        (FieldKind::Unknown | FieldKind::Fixed(_), _) => write!(out, "{raw:#x}"),
        (FieldKind::Signed, _) => {
            let shift = 64 - field.width;
            write!(out, "{}", ((raw << shift) as i64) >> shift)
        }
        (FieldKind::Bool, _) => write!(out, "{raw}"),
        (FieldKind::Half | FieldKind::Float, Style::Decimals(n)) => write_decimals(out, field.width, raw, n),
        (FieldKind::Half, _) => write_half(out, raw),
        (FieldKind::Float, _) => write_float(out, raw),
        (FieldKind::Enum(e), _) => match e.value(raw) {
            Some(v) => out.write_str(v.spellings.first().copied().unwrap_or("")),
            None => write_decimal(out, raw),
        },
        (FieldKind::Regs(r), _) => match r.lookup(raw) {
            Some((file, index)) => {
                out.write_str(file.prefix)?;
                write_decimal(out, index)
            }
            None => write_decimal(out, raw),
        },
        (FieldKind::Layout(f), _) => nested(out, f),
        // A union prints its variant's syntax (a value no variant takes
        // decodes nowhere; its bits print in hex).
        (FieldKind::Union(u), _) => match u.variant(raw) {
            Some(f) => nested(out, f),
            None => write!(out, "{raw:#x}"),
        },
        (FieldKind::Mask(order), _) => {
            for (i, c) in ['x', 'y', 'z', 'w'].into_iter().enumerate() {
                let bit = match order {
                    ComponentOrder::XHigh => 3 - i,
                    ComponentOrder::XLow => i,
                };
                if raw & (1 << bit) != 0 {
                    out.write_char(c)?;
                }
            }
            Ok(())
        }
        (FieldKind::Swizzle(order), _) => {
            for i in 0..4 {
                let shift = match order {
                    ComponentOrder::XHigh => 6 - 2 * i,
                    ComponentOrder::XLow => 2 * i,
                };
                out.write_char(['x', 'y', 'z', 'w'][((raw >> shift) & 3) as usize])?;
            }
            Ok(())
        }
    }
}

/// Prints the low 16 bits of `raw` as a half float in a field's default
/// form: the shortest decimal that reads back (`1.5`, `-0.0`), or the bits
/// in hex (`0x7c00`) for an infinity or a NaN.
pub fn write_half<O: Write + ?Sized>(out: &mut O, raw: u64) -> fmt::Result {
    let h = half::f16::from_bits(raw as u16);
    if h.is_finite() {
        let v = f32::from(h);
        if v == 0.0 && v.is_sign_negative() {
            out.write_str("-0.0")
        } else {
            write!(out, "{v:?}")
        }
    } else {
        write!(out, "{raw:#06x}")
    }
}

/// Prints the low 32 bits of `raw` as a single float in a field's default
/// form: the shortest decimal that reads back (`1.5`, `-0.0`), or the bits
/// in hex (`0x7f800000`) for an infinity or a NaN.
pub fn write_float<O: Write + ?Sized>(out: &mut O, raw: u64) -> fmt::Result {
    let v = f32::from_bits(raw as u32);
    if !v.is_finite() {
        write!(out, "{raw:#010x}")
    } else if v == 0.0 && v.is_sign_negative() {
        out.write_str("-0.0")
    } else {
        write!(out, "{v:?}")
    }
}

/// The value of a float field of `width` bits (16: half, 32: single).
fn float_value(width: u32, raw: u64) -> f64 {
    if width == 16 {
        f64::from(half::f16::from_bits(raw as u16))
    } else {
        f64::from(f32::from_bits(raw as u32))
    }
}

/// Prints a float field of `width` bits (16 or 32) with exactly
/// `decimals` decimals, as C's `printf("%.Nf")` does: the exact value
/// rounded half to even, `nan`, `-nan`, `inf` or `-inf` otherwise.
pub fn write_decimals<O: Write + ?Sized>(out: &mut O, width: u32, raw: u64, decimals: u8) -> fmt::Result {
    let v = float_value(width, raw);
    if v.is_nan() {
        out.write_str(if v.is_sign_negative() { "-nan" } else { "nan" })
    } else if v.is_infinite() {
        out.write_str(if v < 0.0 { "-inf" } else { "inf" })
    } else {
        write!(out, "{v:.prec$}", prec = usize::from(decimals))
    }
}

/// Reads a decimal number (or `nan`, `inf`, with a sign) and rounds it to
/// float field `field` (16 or 32 bits) as a C assembler reading `%f` text
/// does: `strtod`, then to `float`, then (a half) to the nearest half.
fn parse_rounded<'a>(cur: &mut Cursor<'a>, field: &'static Field) -> Result<u64, TextError<'a>> {
    let rest = cur.rest();
    let sign = usize::from(rest.starts_with(['-', '+']));
    let body = &rest[sign..];
    let len = if body.starts_with("nan") || body.starts_with("inf") {
        sign + 3
    } else {
        rest.find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
            .unwrap_or(rest.len())
    };
    let Ok(v) = rest[..len].parse::<f64>() else {
        return Err(TextError::expected_for(cur, "a number", field));
    };
    let single = v as f32;
    let (value, infinite, zero, kind, range) = if field.width == 16 {
        let h = half::f16::from_f32(single);
        let bits = h.to_bits();
        (u64::from(bits), h.is_infinite(), bits & 0x7FFF == 0, "half", "±65504")
    } else {
        (
            u64::from(single.to_bits()),
            single.is_infinite(),
            single == 0.0,
            "single",
            "±3.4e38",
        )
    };
    // Rounding to the nearest value is what `%f` text needs; a number no
    // value is near is an error, not an infinity or a zero.
    let (quoted, what) = (quote_input(&rest[..len]), Subject::Field(field));
    if infinite && v.is_finite() {
        let message = format!("{quoted} is beyond the range of a {kind} float ({range}) for {what}");
        return Err(TextError::message(cur, message));
    }
    if zero && v != 0.0 {
        let message = format!("{quoted} is too small for a {kind} float: it would read as 0 ({what})");
        return Err(TextError::message(cur, message));
    }
    cur.eat(&rest[..len]);
    Ok(value)
}

/// Reads a single float (or its bits in hex, as [`write_float`] prints a
/// NaN or an infinity): a decimal reads as the nearest single, which is the
/// value printed when the text is [`write_float`]'s shortest form; one
/// beyond the single range is an error.
fn parse_float<'a>(cur: &mut Cursor<'a>, field: &'static Field) -> Result<u64, TextError<'a>> {
    let at = cur.clone();
    let what = Subject::Field(field);
    let rest = cur.rest();
    if rest.starts_with("0x") {
        return parse_unsigned(cur, 32, what);
    }
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
        .unwrap_or(rest.len());
    let (Ok(f), Ok(v)) = (rest[..len].parse::<f32>(), rest[..len].parse::<f64>()) else {
        return Err(TextError::expected_for(cur, "a number", field));
    };
    if f.is_infinite() && v.is_finite() {
        let message = format!(
            "{} is beyond the range of a single float (±3.4e38) for {what}",
            quote_input(&rest[..len])
        );
        return Err(TextError::message(&at, message));
    }
    cur.eat(&rest[..len]);
    Ok(u64::from(f.to_bits()))
}

/// Prints `v` in decimal with a `-` when negative (as `{v}` does, without
/// the formatting machinery).
pub fn write_signed<O: Write + ?Sized>(out: &mut O, v: i64) -> fmt::Result {
    if v < 0 {
        out.write_char('-')?;
    }
    write_decimal(out, v.unsigned_abs())
}

/// `{field:+}`: `raw`, a `width`-bit field (two's complement when
/// `signed`), with its sign always: `+5`, `-176`, `+0`.
pub fn write_sign<O: Write + ?Sized>(out: &mut O, width: u32, signed: bool, raw: u64) -> fmt::Result {
    if signed {
        let shift = 64 - width;
        let v = ((raw << shift) as i64) >> shift;
        if v >= 0 {
            out.write_char('+')?;
        }
        write_signed(out, v)
    } else {
        out.write_char('+')?;
        write_decimal(out, raw)
    }
}

/// Prints field `field` of `word` (a format that starts at bit 0) in
/// `style`, as a `text` template's `{field}` piece does (a hook style
/// prints the default form). Generated printers call it for the kinds they
/// do not print inline (nested layouts, masks, swizzles).
pub fn write_styled<W: BitWord, O: Write>(out: &mut O, field: &Field, style: Style, word: &W) -> fmt::Result {
    write_value(out, field, style, word, 0)
}

/// Parses field `field` in `style` into `word` (a format that starts at bit
/// 0), as a `text` template's `{field}` piece does: the inverse of
/// [`write_styled`].
pub fn parse_styled<'a, W: BitWord>(
    cur: &mut Cursor<'a>,
    field: &'static Field,
    style: Style,
    word: &mut W,
) -> Result<(), TextError<'a>> {
    parse_value(cur, field, style, word, 0)
}

/// A count for a message, with its noun: `1 byte`, `0 bytes`, `7 bytes`.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Choices for a message: `a`, `a or b`, `a, b or c` (empty for none).
pub fn or_list<S: AsRef<str>>(choices: &[S]) -> String {
    match choices.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
        Some((last, _)) => String::from(last.as_ref()),
        None => String::new(),
    }
}

/// Prints `v` in decimal (as `{v}` does, without the formatting machinery:
/// printers write many small numbers).
#[inline]
pub fn write_decimal<O: Write + ?Sized>(out: &mut O, v: u64) -> fmt::Result {
    /// `0` to `99`, as most printed numbers are (register numbers, small
    /// fields): one slice, no conversion.
    const SMALL: &str = "0123456789\
                         10111213141516171819202122232425262728293031323334353637383940414243444546474849\
                         50515253545556575859606162636465666768697071727374757677787980818283848586878889\
                         90919293949596979899";
    match v {
        0..10 => out.write_str(&SMALL[v as usize..][..1]),
        10..100 => out.write_str(&SMALL[10 + 2 * (v as usize - 10)..][..2]),
        _ => out.write_str(itoa::Buffer::new().format(v)),
    }
}

/// Parses one instruction (mnemonic and operands, nothing else on the line
/// but a comment) into its word. The cursor's position gives error locations.
pub fn parse_instruction<W: BitWord>(isa: &IsaLayout, cur: &mut Cursor<'_>) -> Result<W, ParseError> {
    if let Some(bundle) = isa.bundle {
        return parse_layout(bundle, cur);
    }
    cur.skip_blanks();
    let at_mnemonic = cur.clone();
    let Some(mnemonic) = cur.word() else {
        return Err(cur.expected("a mnemonic"));
    };
    if Some(mnemonic) == isa.fallback {
        cur.skip_blanks();
        let word = parse_wide_hex::<W>(cur)?;
        expect_line_end(cur)?;
        return Ok(word);
    }
    let Some(opcode) = isa.opcode(mnemonic) else {
        let mut msg = format!("unknown mnemonic {}", quote_input(mnemonic));
        if let Some(s) = closest(mnemonic, isa.opcodes.iter().map(|o| o.mnemonic)) {
            msg.push_str(&format!("; did you mean `{s}`?"));
        }
        return Err(at_mnemonic.error(msg));
    };
    let mut word = W::default();
    for field in opcode.format.fields {
        match field.kind {
            FieldKind::Opcode => field.write(&mut word, 0, opcode.value),
            FieldKind::Fixed(v) => field.write(&mut word, 0, v),
            _ => {}
        }
    }
    parse_pieces(cur, opcode.format, opcode.template, &mut word, 0)?;
    parse_unknown_suffix(cur, opcode.format, opcode.template, &mut word)?;
    expect_line_end(cur)?;
    Ok(word)
}

/// Parses a free-standing layout's text (its `syntax`) into its bits.
pub fn parse_layout<W: BitWord>(format: &Format, cur: &mut Cursor<'_>) -> Result<W, ParseError> {
    let mut word = W::default();
    for field in format.fields {
        if let FieldKind::Fixed(v) = field.kind {
            field.write(&mut word, 0, v);
        }
    }
    cur.skip_blanks();
    parse_pieces(cur, format, format.syntax, &mut word, 0)?;
    parse_unknown_suffix(cur, format, format.syntax, &mut word)?;
    expect_line_end(cur)?;
    Ok(word)
}

/// A whole word as a number (decimal, or hex of any width up to the word's).
fn parse_wide_hex<W: BitWord>(cur: &mut Cursor<'_>) -> Result<W, ParseError> {
    let at = cur.clone();
    let rest = cur.rest();
    if let Some(hex) = rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
        let len = hex
            .find(|c: char| !(c.is_ascii_hexdigit() || c == '_'))
            .unwrap_or(hex.len());
        // As for any number (`Cursor::integer`), `_` separates digits:
        // it cannot come first (`0x_` is no number).
        if len == 0 || hex.starts_with('_') {
            cur.eat(&rest[..2]);
            return Err(cur.expected("hex digits"));
        }
        let digits: String = hex[..len].chars().filter(|&c| c != '_').collect();
        let digits = digits.trim_start_matches('0');
        if digits.len() > (W::BITS / 4) as usize {
            return Err(at.error(format!("0x{digits} does not fit a {}-bit word", W::BITS)));
        }
        let mut word = W::default();
        for (i, c) in digits.chars().rev().enumerate() {
            word.set(4 * i as u32, 4, u64::from(c.to_digit(16).unwrap_or(0)));
        }
        cur.eat(&rest[..2 + len]);
        if let Some(c) = cur.peek().filter(|&c| is_word_char(c)) {
            let c = &cur.rest()[..c.len_utf8()];
            return Err(cur.error(format!("unexpected {} after a number", quote_input(c))));
        }
        return Ok(word);
    }
    let value = parse_unsigned(cur, W::BITS.min(64), Subject::Plain("the word"))?;
    Ok(W::from_u128(u128::from(value)))
}

fn expect_line_end(cur: &mut Cursor<'_>) -> Result<(), ParseError> {
    if cur.at_line_end() {
        Ok(())
    } else {
        Err(cur.expected("end of line"))
    }
}

fn parse_unknown_suffix<W: BitWord>(
    cur: &mut Cursor<'_>,
    format: &Format,
    pieces: &[Piece],
    word: &mut W,
) -> Result<(), ParseError> {
    let mut fields = Vec::new();
    suffix_fields(format, pieces, "", 0, &mut fields);
    let mut given = alloc::vec![false; fields.len()];
    loop {
        cur.skip_blanks();
        let save = cur.clone();
        let Some(name) = cur.word() else {
            return Ok(());
        };
        let Some(at) = fields.iter().position(|(n, _, _)| n == name) else {
            *cur = save;
            return Err(cur.expected("end of line"));
        };
        if core::mem::replace(&mut given[at], true) {
            return Err(save.error(format!("`{name}` is given twice in this instruction")));
        }
        let (_, field, base) = &fields[at];
        cur.skip_blanks();
        cur.expect("=")?;
        cur.skip_blanks();
        let v = parse_unsigned(cur, field.width, Subject::Field(field))?;
        field.write(word, *base, v);
    }
}

fn parse_pieces<W: BitWord>(
    cur: &mut Cursor<'_>,
    format: &Format,
    pieces: &[Piece],
    word: &mut W,
    base: u32,
) -> Result<(), ParseError> {
    // The last register read and where it ended: a `.` suffix right after
    // it is a mask or swizzle, which this form does not write there.
    let mut last_register: Option<(&Field, usize)> = None;
    for (i, piece) in pieces.iter().enumerate() {
        match *piece {
            Piece::Space => cur.skip_blanks(),
            Piece::Text(t) => {
                cur.skip_blanks();
                if !eat_token(cur, t) {
                    let mut error = cur.expected(&format!("`{t}`"));
                    if let Some(register) = suffixed_register(cur, last_register) {
                        error.message.push_str(&format!(
                            ": this form writes `{}` as a bare register (no mask or swizzle)",
                            register.name
                        ));
                    }
                    return Err(error);
                }
            }
            Piece::Field { index, style } => {
                cur.skip_blanks();
                let field = &format.fields[index];
                parse_glued(cur, format.fields, field, style, pieces.get(i + 1), word, base)?;
                if matches!(field.kind, FieldKind::Regs(_)) {
                    last_register = Some((field, cur.offset()));
                }
            }
            Piece::Hook(name) => {
                return Err(cur.error(format!("the context hook `{{@{name}}}` needs a context")));
            }
            Piece::Group { .. } => return Err(cur.error("an optional group appears only in `text` templates")),
            Piece::Param { .. } => return Err(cur.error("a layout's param appears only in `text` templates")),
        }
    }
    Ok(())
}

/// The register `last` (a field and the offset where its text ended) when
/// the text at the cursor is a `.` suffix glued to it, after fields that
/// read nothing (`r0.xyzw` where a layout's form has `{dst}` alone: its
/// masks and swizzles are other fields).
fn suffixed_register<'f>(cur: &Cursor<'_>, last: Option<(&'f Field, usize)>) -> Option<&'f Field> {
    let (field, end) = last?;
    let suffix = cur.rest().strip_prefix('.')?;
    (end == cur.offset() && suffix.starts_with(|c: char| c.is_ascii_alphabetic())).then_some(field)
}

/// Matches literal text; a literal ending in a word character must not be
/// followed by another word character (so `lt` does not match `lte`).
fn eat_token(cur: &mut Cursor<'_>, t: &str) -> bool {
    token_at(cur.rest(), t) && cur.eat(t)
}

/// Whether `rest` starts with the token `t`: digits may follow it (`fs0`,
/// `vc0`), but a `t` ending in a word character may not run into a letter
/// (`lt` is not `lte`), and one ending in a digit may not run into another
/// digit (`$1` is not the start of `$16`).
fn token_at(rest: &str, t: &str) -> bool {
    let Some(last) = t.chars().last() else {
        return true;
    };
    let next = rest.get(t.len()..).and_then(|r| r.chars().next());
    crate::lexer::starts_with(rest, t)
        && !(is_word_char(last) && next.is_some_and(|c| c.is_alphabetic() || c == '_'))
        && !(last.is_ascii_digit() && next.is_some_and(|c| c.is_ascii_digit()))
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// What a number is for, in messages: a field (`` `name` ``) or words.
#[derive(Clone, Copy)]
enum Subject {
    Field(&'static Field),
    Plain(&'static str),
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Field(field) => field.shown().fmt(f),
            Subject::Plain(s) => f.write_str(s),
        }
    }
}

fn parse_unsigned<'a>(cur: &mut Cursor<'a>, width: u32, what: Subject) -> Result<u64, TextError<'a>> {
    let at = cur.clone();
    match cur.integer()? {
        Some(v) if v >= 0 && (v as u128) <= low_mask(width) as u128 => Ok(v as u64),
        Some(v) => Err(TextError::message(
            &at,
            format!("{v} does not fit {what} ({width} bits, 0..={})", low_mask(width)),
        )),
        None => Err(match what {
            Subject::Field(f) => TextError::expected_for(cur, "a number", f),
            Subject::Plain(_) => TextError::message(cur, cur.expected(&format!("a number for {what}")).message),
        }),
    }
}

fn parse_value<'a, W: BitWord>(
    cur: &mut Cursor<'a>,
    field: &'static Field,
    style: Style,
    word: &mut W,
    base: u32,
) -> Result<(), TextError<'a>> {
    let at = cur.clone();
    let what = Subject::Field(field);
    let raw: u64 = match (field.kind, style) {
        (_, Style::Hook(_)) => return parse_value(cur, field, Style::Default, word, base),
        (_, Style::View { view, decimals }) => {
            let mut value = 0u64;
            parse_value(cur, view.field(), view_style(decimals), &mut value, 0)?;
            value
        }
        (_, Style::Mnemonic(table)) => parse_mnemonic(cur, field, table)?,
        (FieldKind::Unsigned | FieldKind::Signed, Style::Sign) => parse_sign(cur, field)?,
        (_, Style::Plus(n)) => parse_plus(cur, field, n)?,
        (FieldKind::Bool, Style::Flag(text)) => u64::from(eat_token(cur, flag_text(text))),
        (FieldKind::Unsigned | FieldKind::Unknown, _) | (_, Style::Hex | Style::Decimal) => {
            parse_unsigned(cur, field.width, what)?
        }
        (FieldKind::Signed, _) => parse_signed(cur, field)?,
        (FieldKind::Bool, _) => {
            if eat_token(cur, "true") {
                1
            } else if eat_token(cur, "false") {
                0
            } else {
                parse_unsigned(cur, 1, what)?
            }
        }
        (FieldKind::Half | FieldKind::Float, Style::Decimals(_)) => parse_rounded(cur, field)?,
        (FieldKind::Half, _) => parse_half(cur, field)?,
        (FieldKind::Float, _) => parse_float(cur, field)?,
        (FieldKind::Enum(e), _) => {
            // The longest spelling that matches (the last of equals).
            let rest = cur.rest();
            let first = rest.as_bytes().first().copied();
            let mut best: Option<(&EnumValue, &str)> = None;
            for v in e.values {
                for &s in v.spellings {
                    if s.as_bytes().first().is_some_and(|&b| Some(b) == first)
                        && best.is_none_or(|(_, b)| s.len() >= b.len())
                        && token_at(rest, s)
                    {
                        best = Some((v, s));
                    }
                }
            }
            // A closed enum prints only spellings: when one is empty, what
            // follows (a number, say) is the next piece's, not a raw value.
            let empty = e.values.iter().find(|v| v.spellings.contains(&""));
            if let Some((v, s)) = best {
                cur.eat(s);
                v.value
            } else if let (Some(v), false) = (empty, e.open) {
                v.value
            } else if let Some(n) = {
                // A number that is no number (`3d`) is read as no value.
                let mut number = cur.clone();
                let n = number.integer().map_err(|_| TextError::one_of(cur, field))?;
                *cur = number;
                n
            } {
                let fits = n >= 0 && (n as u128) <= low_mask(field.width) as u128;
                if !fits || !(e.open || e.value(n as u64).is_some()) {
                    return Err(TextError::message(
                        &at,
                        format!("{n} is not a value of `{}` for {what}", e.name),
                    ));
                }
                n as u64
            } else if let Some(v) = empty {
                v.value
            } else {
                return Err(TextError::one_of(cur, field));
            }
        }
        (FieldKind::Regs(r), _) => {
            let save = cur.clone();
            let rest = cur.rest();
            let len = rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len());
            if len == 0 {
                return Err(TextError::expected_for(cur, "a register", field));
            }
            let name = &rest[..len];
            cur.eat(name);
            let found = r.files.iter().filter(|f| name.starts_with(f.prefix)).find_map(|f| {
                let digits = &name[f.prefix.len()..];
                (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())).then_some((f, digits))
            });
            let Some((file, digits)) = found else {
                // `c-1`, `c x`: a file's prefix, then no number.
                if let Some(file) = r.files.iter().find(|f| f.prefix == name) {
                    let token = rest
                        .find(|c: char| c.is_whitespace() || ",;()[]{}".contains(c))
                        .map_or(rest, |end| &rest[..end]);
                    return Err(TextError::message(
                        &save,
                        format!(
                            "{} is no register: `{p}` registers are {p}0 to {p}{} ({what})",
                            quote_input(token),
                            file.count - 1,
                            p = file.prefix,
                        ),
                    ));
                }
                let prefixes: Vec<&str> = r.files.iter().map(|f| f.prefix).collect();
                return Err(TextError::message(
                    &save,
                    format!(
                        "expected a register ({}) for {what}, found {}",
                        prefixes.iter().map(|p| format!("{p}N")).collect::<Vec<_>>().join(", "),
                        quote_input(name)
                    ),
                ));
            };
            let index: u64 = digits.parse().unwrap_or(u64::MAX);
            if index >= file.count {
                return Err(TextError::message(
                    &save,
                    format!(
                        "register {} is out of range: {} has {}..={}",
                        quote_input(name),
                        file.prefix,
                        0,
                        file.count - 1
                    ),
                ));
            }
            file.base + index
        }
        (FieldKind::Layout(f), _) => {
            let nested_base = base + field.ranges[0].lo;
            for inner in f.fields {
                if let FieldKind::Fixed(v) = inner.kind {
                    inner.write(word, nested_base, v);
                }
            }
            return Ok(parse_pieces(cur, f, f.syntax, word, nested_base)?);
        }
        (FieldKind::Union(u), _) => return parse_union(cur, field, u, word, base),
        (FieldKind::Mask(order), _) => {
            let mut raw = 0u64;
            let mut next = 0;
            while let Some(c) = cur.peek() {
                let Some(i) = "xyzw".find(c) else { break };
                if i < next {
                    return Err(TextError::message(
                        cur,
                        format!("mask components must be in xyzw order, found `{c}` after a later one"),
                    ));
                }
                cur.eat(c.encode_utf8(&mut [0u8; 4]));
                raw |= 1
                    << match order {
                        ComponentOrder::XHigh => 3 - i,
                        ComponentOrder::XLow => i,
                    };
                next = i + 1;
            }
            raw
        }
        (FieldKind::Swizzle(order), _) => {
            let mut sel = Vec::new();
            while let Some(c) = cur.peek() {
                let Some(i) = "xyzw".find(c) else { break };
                if sel.len() == 4 {
                    return Err(TextError::message(cur, "a swizzle has at most 4 components"));
                }
                cur.eat(c.encode_utf8(&mut [0u8; 4]));
                sel.push(i as u64);
            }
            if sel.is_empty() {
                return Err(TextError::expected_for(cur, "a swizzle (1 to 4 of x, y, z, w)", field));
            }
            while sel.len() < 4 {
                sel.push(*sel.last().unwrap_or(&3));
            }
            sel.iter().enumerate().fold(0, |acc, (i, &c)| {
                acc | c
                    << match order {
                        ComponentOrder::XHigh => 6 - 2 * i,
                        ComponentOrder::XLow => 2 * i,
                    }
            })
        }
        (FieldKind::Opcode | FieldKind::Fixed(_) | FieldKind::Reserved | FieldKind::Presence, _) => {
            return Err(TextError::message(
                cur,
                format!("{what} cannot be written in a template"),
            ))
        }
    };
    field.write(word, base, raw);
    Ok(())
}

/// The value of the longest mnemonic of `table` at the cursor that does
/// not run into a letter, digit or `_` (a `.` may follow: `cmps.f` then
/// `.lt`), which it eats.
fn parse_mnemonic<'a>(
    cur: &mut Cursor<'a>,
    field: &'static Field,
    table: &'static [Mnemonic],
) -> Result<u64, TextError<'a>> {
    let rest = cur.rest();
    let ends_word = |m: &Mnemonic| {
        rest.get(m.text.len()..)
            .and_then(|r| r.chars().next())
            .is_none_or(|c| !is_word_char(c))
    };
    let best = table
        .iter()
        .filter(|m| crate::lexer::starts_with(rest, m.text) && ends_word(m))
        .max_by_key(|m| m.text.len());
    match best {
        Some(m) => {
            cur.eat(m.text);
            Ok(m.value)
        }
        None => Err(TextError::mnemonic(cur, field, table)),
    }
}

fn parse_half<'a>(cur: &mut Cursor<'a>, field: &'static Field) -> Result<u64, TextError<'a>> {
    let at = cur.clone();
    let what = Subject::Field(field);
    let rest = cur.rest();
    if rest.starts_with("0x") {
        return parse_unsigned(cur, 16, what);
    }
    let len = rest
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
        .unwrap_or(rest.len());
    let Ok(v) = rest[..len].parse::<f32>() else {
        return Err(TextError::expected_for(cur, "a number", field));
    };
    let h = half::f16::from_f32(v);
    if f32::from(h) != v {
        let message = format!("{v} is not exactly representable as a half float for {what}");
        return Err(TextError::message(&at, message));
    }
    cur.eat(&rest[..len]);
    Ok(u64::from(h.to_bits()))
}

/// A union field: its layouts' syntaxes, each tried; of those that read
/// (with their fixed fields written, the bits then choosing the layout),
/// the one that reads the most text wins (the first on a tie), as for a
/// nested field's `text` lines: `r5.y` is a component's, not `r5` and a
/// rest. When none reads, the error that read furthest (two at one place
/// merge).
fn parse_union<'a, W: BitWord>(
    cur: &mut Cursor<'a>,
    field: &'static Field,
    u: &'static crate::layout::Union,
    word: &mut W,
    base: u32,
) -> Result<(), TextError<'a>> {
    let nested_base = base + field.ranges[0].lo;
    let mut error: Option<TextError<'a>> = None;
    let mut best: Option<(Cursor<'a>, W)> = None;
    for f in u.variants {
        let mut c = cur.clone();
        let mut w = *word;
        field.write(&mut w, base, 0);
        for inner in f.fields {
            if let FieldKind::Fixed(v) = inner.kind {
                inner.write(&mut w, nested_base, v);
            }
        }
        match parse_pieces(&mut c, f, f.syntax, &mut w, nested_base) {
            // The bits must choose this layout (an earlier one's fixed
            // fields may hold too).
            Ok(()) if u.variant(field.read(&w, base)).is_some_and(|g| core::ptr::eq(g, *f)) => {
                if best.as_ref().is_none_or(|(b, _)| c.offset() > b.offset()) {
                    best = Some((c, w));
                }
            }
            Ok(()) => {}
            Err(e) => TextError::keep_furthest(&mut error, e.into()),
        }
    }
    let Some((c, w)) = best else {
        return Err(error.unwrap_or_else(|| TextError::expected_for(cur, "one of the union's layouts", field)));
    };
    *cur = c;
    *word = w;
    Ok(())
}

/// The [`TextHooks`] of text without hooks (every piece a field or
/// literal, as nested layouts' lines and ir3's Mesa lines are): a hook
/// cannot be printed (`fmt::Error`) or read (an error at it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoHooks;

impl<W: BitWord> TextHooks<W> for NoHooks {
    fn write_hook(&mut self, _: &mut dyn Write, _: &str, _: Option<&Field>, _: &W) -> fmt::Result {
        Err(fmt::Error)
    }

    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        _: &str,
        _: Option<&Field>,
        _: &mut W,
    ) -> Result<(), TextError<'a>> {
        Err(TextError::expected(cur, "no hook: this text is read without hooks"))
    }
}

/// The context of `text` templates ([`NamedText`]): it prints and parses
/// their hooks, `{@name}` (`field` is `None`) and `{field:@name}`, from what
/// the word alone cannot say (the instruction's place in a program, its
/// neighbours).
pub trait TextHooks<W: BitWord> {
    /// Prints hook `hook` (of `field`, if the piece names one) for `word`.
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, word: &W) -> fmt::Result;

    /// [`TextHooks::write_hook`] for a hook on `field`, whose raw value in
    /// `word` the caller has read (`value`): the generated printers call
    /// this, so that a hook need not read it again through the metadata.
    /// By default, `write_hook`.
    fn write_field_hook(
        &mut self,
        out: &mut dyn Write,
        hook: &str,
        field: &Field,
        value: u64,
        word: &W,
    ) -> fmt::Result {
        let _ = value;
        self.write_hook(out, hook, Some(field), word)
    }

    /// Parses hook `hook` at the cursor, writing what it says into `word`
    /// (`field`, if the piece names one, and any other bits it implies).
    /// Errors are [`TextError`]s: a template that does not fit is one of
    /// several tried, so failing should cost little (no message is written
    /// until the error is reported); a [`ParseError`] converts with `?`.
    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        hook: &str,
        field: Option<&Field>,
        word: &mut W,
    ) -> Result<(), TextError<'a>>;

    /// Checks what follows a parsed template (say, the end of its line), as
    /// part of the template: an optional group whose absence leaves text
    /// this rejects is tried present, and the error that read furthest is
    /// the one reported. By default anything may follow.
    fn parse_end<'a>(&mut self, cur: &Cursor<'a>) -> Result<(), TextError<'a>> {
        let _ = cur;
        Ok(())
    }
}

/// The `text` lines of `format` in `dialect`, in spec order.
pub fn dialect_texts<'a>(format: &'a Format, dialect: &'a str) -> impl Iterator<Item = &'static NamedText> + 'a {
    format.texts.iter().filter(move |t| t.dialect == dialect)
}

/// The alternatives of the `text` group `dialect.name` of `format`, in spec
/// order.
pub fn text_group<'a>(
    format: &'a Format,
    dialect: &'a str,
    name: &'a str,
) -> impl Iterator<Item = &'static NamedText> + 'a {
    dialect_texts(format, dialect).filter(move |t| t.name == name)
}

/// The alternative of group `dialect.name` that prints `word`: the first
/// whose conditions hold, or `None` (the group prints nothing).
pub fn select_text<W: BitWord>(format: &Format, dialect: &str, name: &str, word: &W) -> Option<&'static NamedText> {
    text_group(format, dialect, name).find(|t| t.holds(format, word, 0))
}

/// Prints one `text` alternative of `format` for `word`, with `hooks`
/// printing its hooks. The caller chose the alternative (see
/// [`select_text`]).
///
/// `out` is generic (a `String`'s writes inline; hooks get it as
/// `&mut dyn Write`).
pub fn write_text<W: BitWord, H: TextHooks<W> + ?Sized>(
    out: &mut impl Write,
    format: &Format,
    text: &NamedText,
    word: &W,
    hooks: &mut H,
) -> fmt::Result {
    let at = Place {
        dialect: text.dialect,
        base: 0,
        params: 0,
    };
    write_text_pieces(out, format, text.pieces, word, &at, hooks)
}

/// Where a `text` line prints from: its dialect, where its layout starts in
/// the word (a nested layout's field), and its params (bit `i` is
/// `Format::params[i]`).
#[derive(Clone, Copy)]
struct Place {
    dialect: &'static str,
    base: u32,
    params: u64,
}

fn write_text_pieces<W: BitWord, H: TextHooks<W> + ?Sized>(
    out: &mut impl Write,
    format: &Format,
    pieces: &[Piece],
    word: &W,
    at: &Place,
    hooks: &mut H,
) -> fmt::Result {
    let base = at.base;
    for piece in pieces {
        match *piece {
            Piece::Text(t) => out.write_str(t)?,
            Piece::Space => out.write_char(' ')?,
            Piece::Field {
                index,
                style: Style::Hook(hook),
            } => hooks.write_hook(out, hook, Some(&format.fields[index]), word)?,
            Piece::Field {
                index,
                style: Style::Nested(bindings),
            } => write_nested(out, format, &format.fields[index], bindings, word, at, hooks)?,
            Piece::Field { index, style } => write_value(out, &format.fields[index], style, word, base)?,
            Piece::Hook(hook) => hooks.write_hook(out, hook, None, word)?,
            Piece::Param { index, text } => {
                if at.params >> index & 1 != 0 {
                    out.write_str(text)?;
                }
            }
            Piece::Group {
                index,
                when_set,
                pieces,
            } => {
                if (format.fields[index].read(word, base) != 0) == when_set {
                    write_text_pieces(out, format, pieces, word, at, hooks)?;
                }
            }
        }
    }
    Ok(())
}

/// The layout that nested field `field` holds in `word` (a union's by its
/// fixed bits) and where it starts; `None` for a union value no layout
/// holds.
fn nested_layout<W: BitWord>(field: &Field, word: &W, base: u32) -> Option<(&'static Format, u32)> {
    let inner = base + field.ranges.first().map_or(0, |r| r.lo);
    match field.kind {
        FieldKind::Layout(f) => Some((f, inner)),
        FieldKind::Union(u) => u.variant(field.read(word, base)).map(|f| (f, inner)),
        _ => None,
    }
}

/// The params of `inner` that `bindings` give, from the outer word and
/// the outer layout's params.
fn bound_params<W: BitWord>(inner: &Format, bindings: &[Binding], outer: &Format, word: &W, at: &Place) -> u64 {
    let mut params = 0u64;
    for b in bindings {
        if let Some(i) = inner.params.iter().position(|p| p.name == b.param) {
            params |= u64::from(b.value.value(outer, word, at.base, at.params)) << i;
        }
    }
    params
}

/// Prints nested field `field` of `outer` through its layout's `text`
/// lines of the dialect: the first alternative whose conditions hold (a
/// value none prints is an error, `fmt::Error`).
fn write_nested<W: BitWord, H: TextHooks<W> + ?Sized>(
    out: &mut impl Write,
    outer: &Format,
    field: &Field,
    bindings: &[Binding],
    word: &W,
    at: &Place,
    hooks: &mut H,
) -> fmt::Result {
    let (inner, base) = nested_layout(field, word, at.base).ok_or(fmt::Error)?;
    let params = bound_params(inner, bindings, outer, word, at);
    let text = dialect_texts(inner, at.dialect)
        .find(|t| t.holds_with(inner, word, base, params))
        .ok_or(fmt::Error)?;
    let place = Place {
        dialect: at.dialect,
        base,
        params,
    };
    write_text_pieces(out, inner, text.pieces, word, &place, hooks)
}

/// What parsing `text` writes before its pieces: its defaults, then, for
/// each condition that does not hold yet, the value it pins (`f == v`
/// writes the first value listed, `!flag` clears the flag).
fn pin<W: BitWord>(format: &Format, text: &NamedText, word: &mut W, base: u32) {
    for &(field, value) in text.defaults {
        format.fields[field].write(word, base, value);
    }
    for c in text.when {
        let field = &format.fields[c.field];
        // The opcode is the caller's (the mnemonic's): a condition on it is
        // checked, never written.
        if c.holds(format, word, base)
            || c.named.is_some()
            || c.attr.is_some()
            || c.other.is_some()
            || c.range.is_some()
            || matches!(field.kind, FieldKind::Opcode)
        {
            continue;
        }
        if c.equal {
            if let Some(&v) = c.values.first() {
                field.write(word, base, v);
            }
        } else if matches!(field.kind, FieldKind::Bool) {
            field.write(word, base, u64::from(!c.values.contains(&1)));
        }
    }
}

/// Parses one `text` alternative of `format` at the cursor into `word`.
///
/// First the line's `default` values are written, then the conditions
/// that pin a value are applied (`f == v` writes `v`
/// unless the field already holds one of the listed values; `!flag` clears
/// the flag), then the pieces are parsed (hooks through `hooks`), then every
/// condition must hold, or the error (at the start) names the one that does
/// not: the text would not print this way. The rest of the line is left to
/// the caller.
///
/// A bool that appears more than once (`{abs:'abs('}…{abs:')'}`, a group's
/// field) is decided by its first appearance; the later ones must follow
/// it. An optional group is tried present, then absent (the first that
/// lets the rest of the template parse wins), so hooks inside groups must
/// not keep state across a failed attempt.
///
/// A failure costs no allocation: the [`TextError`] writes its message
/// when reported.
pub fn parse_text<'a, W: BitWord, H: TextHooks<W> + ?Sized>(
    cur: &mut Cursor<'a>,
    format: &'static Format,
    text: &'static NamedText,
    word: &mut W,
    hooks: &mut H,
) -> Result<(), TextError<'a>> {
    let start = cur.clone();
    pin(format, text, word, 0);
    let mut decided = Decided::new(format, text, start, 0, false);
    parse_text_pieces(cur, text.pieces, None, word, &mut decided, hooks)?;
    decided.finish(word)
}

/// The line a template parse reads, and the fields it has read so far
/// (whose conditions on a field are checked as soon as the field is read).
struct Decided<'c> {
    fields: FieldSet,
    format: &'static Format,
    text: &'static NamedText,
    start: Cursor<'c>,
    /// Where the format starts in the word (a nested layout's field).
    base: u32,
    /// A nested layout's line: it ends where its pieces do.
    nested: bool,
    /// The params read so far: bit `i` of `known` says param `i` is, and
    /// bit `i` of `set` its value.
    known: u64,
    set: u64,
    /// Bindings of nested lines read so far that wait for the whole line
    /// (`p = A == b`, solved; `p = opcode.ATTR`, checked), with the
    /// param's value and where the nested text starts.
    deferred: Vec<(Bind, bool, Cursor<'c>)>,
}

/// What [`Decided::restore`] goes back to.
#[derive(Clone, Copy)]
struct Mark {
    fields: (u128, usize),
    known: u64,
    set: u64,
    deferred: usize,
}

impl<'c> Decided<'c> {
    fn new(format: &'static Format, text: &'static NamedText, start: Cursor<'c>, base: u32, nested: bool) -> Self {
        let mut d = Decided {
            fields: FieldSet::default(),
            format,
            text,
            start,
            base,
            nested,
            known: 0,
            set: 0,
            deferred: Vec::new(),
        };
        // A condition on a param pins it, as one on a field does.
        for c in text.when_params {
            d.known |= 1 << c.param;
            d.set |= u64::from(c.set) << c.param;
        }
        d
    }

    /// "this form of `g` prints only when `f` is …; here it is …" for
    /// condition `c`, at the start of the line.
    fn broken<W: BitWord>(&self, c: &'static Cond, word: &W) -> TextError<'c> {
        let value = self.format.fields[c.field].read(word, self.base);
        TextError::condition(&self.start, self.format, self.text, c, value)
    }

    fn mark(&self) -> Mark {
        Mark {
            fields: self.fields.mark(),
            known: self.known,
            set: self.set,
            deferred: self.deferred.len(),
        }
    }

    fn restore(&mut self, m: Mark) {
        self.fields.restore(m.fields);
        (self.known, self.set) = (m.known, m.set);
        self.deferred.truncate(m.deferred);
    }

    /// Once the pieces are read: solves the `p = A == b` bindings and
    /// checks the `p = opcode.ATTR` ones, then checks every condition.
    fn finish<W: BitWord>(&mut self, word: &mut W) -> Result<(), TextError<'c>> {
        let format = self.format;
        for (bind, p, at) in core::mem::take(&mut self.deferred) {
            match bind {
                Bind::Equal { a, b, differ } => {
                    let a_value = a.value(format, word, self.base);
                    let b_value = u64::from((a_value == p) != differ);
                    self.decide(b, b_value, word, &at)?;
                }
                Bind::OneOf(t, invert) if t.value(format, word, self.base) != (p != invert) => {
                    return Err(TextError::message(
                        &at,
                        format!(
                            "this operand's text is {} for this opcode",
                            if p { "not the form" } else { "the other form" }
                        ),
                    ));
                }
                _ => {}
            }
        }
        match self.text.when.iter().find(|c| !c.holds(self.format, word, self.base)) {
            Some(c) => Err(self.broken(c, word)),
            None => Ok(()),
        }
    }

    /// Field `index` is `value`: written if no piece has read it yet, else
    /// it must already be.
    fn decide<W: BitWord>(
        &mut self,
        index: usize,
        value: u64,
        word: &mut W,
        at: &Cursor<'c>,
    ) -> Result<(), TextError<'c>> {
        let field = &self.format.fields[index];
        if !self.fields.contains(index) {
            field.write(word, self.base, value);
            self.fields.insert(index);
            return Ok(());
        }
        let had = field.read(word, self.base);
        if had == value {
            return Ok(());
        }
        Err(TextError::message(
            at,
            format!(
                "the operands disagree on `{}`: one says {}, another {}",
                field.name,
                describe_value(field, had),
                describe_value(field, value)
            ),
        ))
    }
}

/// A set of field indices: bits for the first 128 (every layout so far),
/// a list for the rest.
#[derive(Default)]
struct FieldSet {
    low: u128,
    more: Vec<usize>,
}

impl FieldSet {
    fn contains(&self, index: usize) -> bool {
        match index {
            0..128 => self.low >> index & 1 != 0,
            _ => self.more.contains(&index),
        }
    }

    fn insert(&mut self, index: usize) {
        match index {
            0..128 => self.low |= 1 << index,
            _ => self.more.push(index),
        }
    }

    /// What [`FieldSet::restore`] goes back to.
    fn mark(&self) -> (u128, usize) {
        (self.low, self.more.len())
    }

    fn restore(&mut self, (low, len): (u128, usize)) {
        self.low = low;
        self.more.truncate(len);
    }
}

/// The message of a broken condition (see [`TextError::condition`]): the
/// form `text` of `format` does not print `value` of the condition's field.
pub(crate) fn condition_message(format: &Format, text: &NamedText, c: &Cond, value: u64) -> String {
    let field = &format.fields[c.field];
    let values: Vec<String> = c.values.iter().map(|&v| describe_value(field, v)).collect();
    if let Some(other) = c.other {
        let o = &format.fields[other];
        return format!(
            "this form of `{}` prints only when `{}` {} `{}`; here `{}` is {}",
            text.name,
            field.name,
            if c.equal { "equals" } else { "differs from" },
            o.name,
            field.name,
            describe_value(field, value)
        );
    }
    let wanted = match (c.named, c.attr, c.range) {
        (_, _, Some((0, hi))) => format!("below {}", u128::from(hi) + 1),
        (_, _, Some((lo, _))) => format!("above {}", lo - 1),
        (Some(true), _, _) => String::from("a named value"),
        (Some(false), _, _) => String::from("a value its enum does not name"),
        (None, Some(a), _) => format!(
            "a named value whose `{}` is {}{}",
            attr_name(field, a),
            if c.equal { "" } else { "not " },
            c.values.iter().map(|v| format!("{v}")).collect::<Vec<_>>().join(" or ")
        ),
        (None, None, _) if c.equal => format!("one of {}", values.join(", ")),
        (None, None, _) => format!("none of {}", values.join(", ")),
    };
    format!(
        "this form of `{}` prints only when `{}` is {wanted}; here it is {}",
        text.name,
        field.name,
        describe_value(field, value)
    )
}

/// The name of attribute `attr` of an enum field's values.
fn attr_name(field: &Field, attr: usize) -> &'static str {
    match field.kind {
        FieldKind::Enum(e) => e.attrs.get(attr).map_or("?", |a| a.name),
        _ => "?",
    }
}

/// What follows a group's pieces: the rest of the sequence that holds the
/// group, then what follows that (a list on the stack, innermost first).
#[derive(Clone, Copy)]
struct Then<'t> {
    pieces: &'static [Piece],
    outer: Option<&'t Then<'t>>,
}

/// Parses `pieces`, then the rest of each enclosing sequence in `then`
/// (innermost first): a group's pieces are followed by what follows the
/// group, so a group that parses but leaves the rest unparseable is tried
/// absent instead.
fn parse_text_pieces<'a, W: BitWord, H: TextHooks<W> + ?Sized>(
    cur: &mut Cursor<'a>,
    pieces: &'static [Piece],
    then: Option<&Then<'_>>,
    word: &mut W,
    decided: &mut Decided<'a>,
    hooks: &mut H,
) -> Result<(), TextError<'a>> {
    let Some((piece, rest)) = pieces.split_first() else {
        return match then {
            Some(next) => parse_text_pieces(cur, next.pieces, next.outer, word, decided, hooks),
            None if decided.nested => Ok(()),
            None => hooks.parse_end(cur),
        };
    };
    let format = decided.format;
    let fields: &'static [Field] = format.fields;
    let base = decided.base;
    match *piece {
        Piece::Space => cur.skip_blanks(),
        // A run of blanks (`text` templates print it as written).
        Piece::Text(t) if t.trim().is_empty() => cur.skip_blanks(),
        Piece::Text(t) => {
            cur.skip_blanks();
            if !eat_literal(cur, t, next_piece(rest, then)) {
                return Err(TextError::expected_code(cur, t));
            }
        }
        Piece::Field {
            index,
            style: Style::Hook(hook),
        } => {
            cur.skip_blanks();
            hooks.parse_hook(cur, hook, Some(&fields[index]), word)?;
        }
        Piece::Field {
            index,
            style: Style::Flag(t),
        } if decided.fields.contains(index) => {
            cur.skip_blanks();
            let t = flag_text(t);
            if fields[index].read(word, base) != 0 && !eat_token(cur, t) {
                return Err(TextError::expected_code(cur, t));
            }
        }
        Piece::Field {
            index,
            style: Style::Flag(t),
        } if matches!(fields[index].kind, FieldKind::Bool) => {
            cur.skip_blanks();
            // As for a literal, the flag's text may be glued to what follows
            // (`texld.b_t3`).
            let next = next_piece(rest, then);
            let (at, was, known) = (cur.clone(), *word, decided.mark());
            let set = eat_literal(cur, flag_text(t), next);
            fields[index].write(word, base, u64::from(set));
            decided.fields.insert(index);
            // The flag's text again (`(sy)(sy)`): if the line fails no
            // further on, that is what is wrong with it.
            let again = (set && token_at(cur.rest(), flag_text(t))).then(|| cur.clone());
            let given_twice = |e: TextError<'a>| match &again {
                Some(again) if e.place() <= again.position() => {
                    TextError::message(again, format!("`{}` is given twice", flag_text(t).trim()))
                }
                _ => e,
            };
            if set && next.is_some_and(|p| !matches!(p, Piece::Space)) {
                // Glued, its text may instead start what follows (ir3's
                // `{s:'.s'}.s2en`): without the flag, if not with it.
                let Err(first) = parse_text_pieces(cur, rest, then, word, decided, hooks) else {
                    return Ok(());
                };
                let first_at = cur.clone();
                *cur = at;
                *word = was;
                decided.restore(known);
                decided.fields.insert(index);
                fields[index].write(word, base, 0);
                return parse_text_pieces(cur, rest, then, word, decided, hooks)
                    .map_err(|second| given_twice(further(first, first_at, second, cur)));
            }
            return parse_text_pieces(cur, rest, then, word, decided, hooks).map_err(|e| match set {
                true => given_twice(e),
                false => out_of_order(e, &at, flag_text(t)),
            });
        }
        Piece::Field {
            index,
            style: Style::Nested(bindings),
        } => {
            cur.skip_blanks();
            let start = cur.clone();
            parse_nested(cur, index, bindings, word, decided, hooks)?;
            // The layout's text again where the line fails (`(rpt1)(rpt2)`).
            let read_again = |c: &mut Cursor<'a>, w: &mut W, d: &mut Decided<'a>, h: &mut H| {
                parse_nested(c, index, bindings, w, d, h).is_ok()
            };
            let read = (&fields[index], start);
            return parse_after_read(read, cur, (rest, then), word, decided, hooks, read_again);
        }
        Piece::Field { index, style } => {
            cur.skip_blanks();
            let (field, next) = (&fields[index], next_piece(rest, then));
            let start = cur.clone();
            parse_glued(cur, fields, field, style, next, word, base)?;
            decided.fields.insert(index);
            // A condition on the field fails now rather than after the rest.
            let text = decided.text;
            if let Some(c) = text
                .when
                .iter()
                .find(|c| c.field == index && c.other.is_none() && !c.holds(format, word, base))
            {
                return Err(decided.broken(c, word));
            }
            if matches!(field.kind, FieldKind::Enum(_)) {
                // The field's text again where the line fails (`(neg)(neg)`).
                let read_again = |c: &mut Cursor<'a>, w: &mut W, _: &mut Decided<'a>, _: &mut H| {
                    parse_glued(c, fields, field, style, next, w, base).is_ok()
                };
                return parse_after_read((field, start), cur, (rest, then), word, decided, hooks, read_again);
            }
        }
        Piece::Hook(hook) => {
            cur.skip_blanks();
            hooks.parse_hook(cur, hook, None, word)?;
        }
        Piece::Param { index, text } => {
            cur.skip_blanks();
            let t = flag_text(text);
            if decided.known >> index & 1 != 0 {
                if decided.set >> index & 1 != 0 && !eat_literal(cur, t, next_piece(rest, then)) {
                    return Err(TextError::expected_code(cur, t));
                }
            } else {
                let set = eat_literal(cur, t, next_piece(rest, then));
                decided.known |= 1 << index;
                decided.set |= u64::from(set) << index;
            }
        }
        Piece::Group {
            index,
            when_set,
            pieces: inner,
        } => {
            let field = &fields[index];
            let after = Then {
                pieces: rest,
                outer: then,
            };
            if decided.fields.contains(index) {
                return if (field.read(word, base) != 0) == when_set {
                    parse_text_pieces(cur, inner, Some(&after), word, decided, hooks)
                } else {
                    parse_text_pieces(cur, rest, then, word, decided, hooks)
                };
            }
            let is_bool = matches!(field.kind, FieldKind::Bool);
            let (at, was, known) = (cur.clone(), *word, decided.mark());
            decided.fields.insert(index);
            // Present: the field is set (a bool here; any other field by
            // the group's own pieces) or clear (`{!flag?…}`).
            if is_bool || !when_set {
                field.write(word, base, u64::from(when_set));
            }
            let present = parse_text_pieces(cur, inner, Some(&after), word, decided, hooks).and_then(|()| {
                match (field.read(word, base) != 0) == when_set {
                    true => Ok(()),
                    false => Err(TextError::message(&at, format!("`{}` must not be 0 here", field.name))),
                }
            });
            let Err(first) = present else { return Ok(()) };
            let first_at = cur.clone();
            *cur = at;
            *word = was;
            decided.restore(known);
            decided.fields.insert(index);
            field.write(word, base, u64::from(!when_set));
            return parse_text_pieces(cur, rest, then, word, decided, hooks)
                .map_err(|second| further(first, first_at, second, cur));
        }
    }
    parse_text_pieces(cur, rest, then, word, decided, hooks)
}

/// An error `e` after a flag read absent at `at`, at the flag's text
/// further on (`(ss)(sy)`, where `(sy)` goes first): the flag is out of
/// order, which is what is wrong with the line.
fn out_of_order<'a>(e: TextError<'a>, at: &Cursor<'a>, flag: &str) -> TextError<'a> {
    let Some(there) = e.cursor().filter(|_| e.is_expectation()) else {
        return e;
    };
    let before = between(at, there);
    if before.is_empty() || !token_at(there.rest(), flag) {
        return e;
    }
    let message = format!("`{}` must come before {}", escape_input(flag), quote_input(before));
    TextError::message(there, message)
}

/// Parses the rest of the line (`pieces`, then what follows them) once
/// `field` is read from `start` to `cur`: its error is the field given
/// twice when [`JustRead::twice_or`] finds it so, with `read_again`.
fn parse_after_read<'a, W: BitWord, H: TextHooks<W> + ?Sized>(
    (field, start): (&'static Field, Cursor<'a>),
    cur: &mut Cursor<'a>,
    (pieces, then): (&'static [Piece], Option<&Then<'_>>),
    word: &mut W,
    decided: &mut Decided<'a>,
    hooks: &mut H,
    read_again: impl FnOnce(&mut Cursor<'a>, &mut W, &mut Decided<'a>, &mut H) -> bool,
) -> Result<(), TextError<'a>> {
    let read = JustRead {
        field,
        start,
        end: cur.clone(),
        word: *word,
        known: decided.mark(),
    };
    match parse_text_pieces(cur, pieces, then, word, decided, hooks) {
        Ok(()) => Ok(()),
        Err(e) => Err(read.twice_or(e, (pieces, then), decided, hooks, read_again)),
    }
}

/// A field just read from `start` to `end`, with the word and what was
/// decided then: for the error of the rest of the line, which may be the
/// field given twice.
struct JustRead<'a, W> {
    field: &'static Field,
    start: Cursor<'a>,
    end: Cursor<'a>,
    word: W,
    known: Mark,
}

impl<'a, W: BitWord> JustRead<'a, W> {
    /// `e`, the error of the rest of the line (`pieces`, then what follows
    /// them), or the field given twice: when nothing could be read right
    /// after the field, with nothing between (after a blank, the same
    /// text again is as likely an operand too many: `mov.v1 $1 ^const0
    /// ^const1`), `read_again` reads the field's text once more there,
    /// and the line reads without it. What is decided is as it was.
    fn twice_or<H: TextHooks<W> + ?Sized>(
        self,
        e: TextError<'a>,
        (pieces, then): (&'static [Piece], Option<&Then<'_>>),
        decided: &mut Decided<'a>,
        hooks: &mut H,
        read_again: impl FnOnce(&mut Cursor<'a>, &mut W, &mut Decided<'a>, &mut H) -> bool,
    ) -> TextError<'a> {
        let right_after = e.cursor().is_some_and(|there| there.offset() == self.end.offset());
        if !right_after || !e.is_expectation() || self.end.offset() == self.start.offset() {
            return e;
        }
        decided.restore(self.known);
        let (mut probe, mut scratch) = (self.end.clone(), self.word);
        let mut twice = read_again(&mut probe, &mut scratch, decided, hooks) && probe.offset() > self.end.offset();
        if twice {
            decided.restore(self.known);
            let (mut cur, mut word) = (probe.clone(), self.word);
            twice = parse_text_pieces(&mut cur, pieces, then, &mut word, decided, hooks).is_ok();
        }
        decided.restore(self.known);
        if !twice {
            return e;
        }
        let (first, second) = (between(&self.start, &self.end), between(&self.end, &probe));
        let message = if first == second {
            format!("{} is given twice", quote_input(first))
        } else {
            format!(
                "`{}` is given twice: {}, then {}",
                self.field.name,
                quote_input(first),
                quote_input(second)
            )
        };
        TextError::message(&self.end, message)
    }
}

/// The text from `from` to `to`, two cursors of one text.
fn between<'a>(from: &Cursor<'a>, to: &Cursor<'a>) -> &'a str {
    from.rest()
        .get(..to.offset().saturating_sub(from.offset()))
        .unwrap_or("")
        .trim()
}

/// Of two failed attempts from one place (an optional group or a glued
/// flag read, then not), the error of the one that read further, and the
/// cursor there; on a tie, both expectations when they can be merged.
fn further<'a>(
    first: TextError<'a>,
    first_at: Cursor<'a>,
    second: TextError<'a>,
    cur: &mut Cursor<'a>,
) -> TextError<'a> {
    if first_at.offset() > cur.offset() {
        *cur = first_at;
        first
    } else if first_at.offset() == cur.offset() {
        TextError::merge(first, second)
    } else {
        second
    }
}

/// The params of `inner` whose bindings the outer line can already tell:
/// constants, and fields, params and enum values it has read (or that its
/// conditions fix). Bit `i` of the first mask says param `i` is known,
/// of the second its value.
fn known_params<W: BitWord>(inner: &Format, bindings: &[Binding], outer: &Decided<'_>, word: &W) -> (u64, u64) {
    let format = outer.format;
    let read = |index: usize| outer.fields.contains(index) || fixed_by_line(outer.text, format, index);
    let (mut known, mut set) = (0u64, 0u64);
    for b in bindings {
        let Some(i) = inner.params.iter().position(|p| p.name == b.param) else {
            continue;
        };
        let value = match b.value {
            Bind::Const(v) => Some(v),
            Bind::Field { index, .. } | Bind::OneOf(Term::Field(index), _) if read(index) => {
                Some(b.value.value(format, word, outer.base, outer.set))
            }
            Bind::OneOf(Term::OneOf { field, .. }, _) if read(field) => {
                Some(b.value.value(format, word, outer.base, outer.set))
            }
            Bind::Param { index, invert } if outer.known >> index & 1 != 0 => {
                Some((outer.set >> index & 1 != 0) != invert)
            }
            _ => None,
        };
        if let Some(v) = value {
            known |= 1 << i;
            set |= u64::from(v) << i;
        }
    }
    (known, set)
}

/// Whether a condition of `text` fixes field `index` to one value (`f ==
/// v`, `flag`, `!flag`): parsing writes it before the line's pieces.
fn fixed_by_line(text: &NamedText, format: &Format, index: usize) -> bool {
    text.when.iter().any(|c| {
        c.field == index
            && c.other.is_none()
            && c.named.is_none()
            && c.attr.is_none()
            && ((c.equal && c.values.len() == 1) || matches!(format.fields[index].kind, FieldKind::Bool))
    })
}

/// Parses nested field `index` of the line `outer` reads through its
/// layout's `text` lines of the dialect (each layout's, for a union): of
/// those that parse, the one that reads the most text (the first on a
/// tie). Then the params it read go to the outer fields by `bindings`.
fn parse_nested<'a, W: BitWord, H: TextHooks<W> + ?Sized>(
    cur: &mut Cursor<'a>,
    index: usize,
    bindings: &'static [Binding],
    word: &mut W,
    outer: &mut Decided<'a>,
    hooks: &mut H,
) -> Result<(), TextError<'a>> {
    let field: &'static Field = &outer.format.fields[index];
    let base = outer.base + field.ranges.first().map_or(0, |r| r.lo);
    let single;
    let layouts: &[&'static Format] = match field.kind {
        FieldKind::Layout(f) => {
            single = [f];
            &single
        }
        FieldKind::Union(u) => u.variants,
        _ => &[],
    };
    let dialect = outer.text.dialect;
    let mut best: Option<(Cursor<'a>, W, &'static Format, u64, u64)> = None;
    let mut error: Option<TextError<'a>> = None;
    // First the lines whose param conditions agree with what the outer
    // line has read; if none reads the text, every line (the bindings then
    // say what disagrees).
    for strict in [true, false] {
        for &layout in layouts {
            let (known, set) = if strict {
                known_params(layout, bindings, outer, word)
            } else {
                (0, 0)
            };
            for text in dialect_texts(layout, dialect) {
                if text
                    .when_params
                    .iter()
                    .any(|c| known >> c.param & 1 != 0 && (set >> c.param & 1 != 0) != c.set)
                {
                    continue;
                }
                let mut c = cur.clone();
                let mut w = *word;
                field.write(&mut w, outer.base, 0);
                for f in layout.fields {
                    if let FieldKind::Fixed(v) = f.kind {
                        f.write(&mut w, base, v);
                    }
                }
                pin(layout, text, &mut w, base);
                let mut inner = Decided::new(layout, text, c.clone(), base, true);
                // The params the outer line tells are known inside too, so a
                // layout that passes one on (`{a(half = half)}`) reads its
                // own nested fields by it.
                // (The line's own conditions on its params agree with them.)
                inner.known |= known;
                inner.set |= set & known;
                let read = parse_text_pieces(&mut c, text.pieces, None, &mut w, &mut inner, hooks)
                    .and_then(|()| inner.finish(&mut w));
                match read {
                    Ok(()) if best.as_ref().is_none_or(|b| c.offset() > b.0.offset()) => {
                        best = Some((c, w, layout, inner.known, inner.set));
                    }
                    Ok(()) => {}
                    Err(e) if strict => TextError::keep_furthest(&mut error, e),
                    Err(_) => {}
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    let Some((end, w, layout, known, set)) = best else {
        return Err(error.unwrap_or_else(|| TextError::expected_for(cur, "an operand", field)));
    };
    let at = cur.clone();
    *cur = end;
    *word = w;
    outer.fields.insert(index);
    for b in bindings {
        let Some(i) = layout.params.iter().position(|p| p.name == b.param) else {
            continue;
        };
        if known >> i & 1 == 0 {
            continue;
        }
        let value = set >> i & 1 != 0;
        match b.value {
            Bind::Const(c) if c != value => {
                return Err(TextError::message(
                    &at,
                    format!(
                        "`{}` here does not print `{}` {}",
                        field.name,
                        b.param,
                        if c { "set" } else { "clear" }
                    ),
                ));
            }
            Bind::Const(_) => {}
            Bind::Field { index, invert } => outer.decide(index, u64::from(value != invert), word, &at)?,
            Bind::Param { index, invert } => {
                let v = value != invert;
                if outer.known >> index & 1 != 0 && (outer.set >> index & 1 != 0) != v {
                    return Err(TextError::message(
                        &at,
                        format!(
                            "`{}` here disagrees with `{}` read before",
                            field.name, outer.format.params[index].name
                        ),
                    ));
                }
                outer.known |= 1 << index;
                outer.set |= u64::from(v) << index;
            }
            Bind::OneOf(..) | Bind::Equal { .. } => outer.deferred.push((b.value, value, at.clone())),
        }
    }
    Ok(())
}

/// Prints the low bits of `raw` as `view` reads them (`{field as f16:.6}`),
/// with `decimals` for a float.
pub fn write_view<O: Write>(out: &mut O, view: View, decimals: Option<u8>, raw: u64) -> fmt::Result {
    let raw = raw & low_mask(view.width());
    write_raw(out, view.field(), view_style(decimals), raw, &|_, _| Err(fmt::Error))
}

/// The style a view prints its value in.
fn view_style(decimals: Option<u8>) -> Style {
    decimals.map_or(Style::Default, Style::Decimals)
}

/// Parses a field's value, which may be glued to the `next` piece: an enum
/// before another enum as its longest spelling that starts the text
/// (`{src_type}{dst_type}` reads `f32f16`), a number before a word as its
/// decimal digits alone (`{d + 1}d` reads `2d`).
fn parse_glued<'a, W: BitWord>(
    cur: &mut Cursor<'a>,
    fields: &[Field],
    field: &'static Field,
    style: Style,
    next: Option<&Piece>,
    word: &mut W,
    base: u32,
) -> Result<(), TextError<'a>> {
    let spelled = match (field.kind, style) {
        (FieldKind::Enum(e), Style::Default) if next.is_some_and(|p| glued_enum(fields, p)) => eat_spelling(cur, e),
        _ => None,
    };
    if let Some(v) = spelled {
        field.write(word, base, v);
        return Ok(());
    }
    let digits = glued_number_len(field, next, cur.rest());
    if digits == 0 {
        return parse_value(cur, field, style, word, base);
    }
    let mut number = cur.first(digits);
    parse_value(&mut number, field, style, word, base)?;
    cur.catch_up(&number);
    Ok(())
}

/// How long the number at the start of `rest` is (a sign, then decimal
/// digits) when `field` is a number glued to a word (`next` is a literal
/// that starts with a letter or a digit); 0 otherwise, or when no digit
/// is there.
fn glued_number_len(field: &Field, next: Option<&Piece>, rest: &str) -> usize {
    let numeric = matches!(field.kind, FieldKind::Unsigned | FieldKind::Signed | FieldKind::Unknown);
    let before_word = matches!(next, Some(Piece::Text(t)) if t.starts_with(|c: char| c.is_alphanumeric() || c == '_'));
    if !numeric || !before_word {
        return 0;
    }
    let body = rest.strip_prefix(['+', '-']).unwrap_or(rest);
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        0
    } else {
        rest.len() - body.len() + digits
    }
}

/// Whether `next` (the piece right after an enum) is another enum in its
/// default form: `{src_type}{dst_type}` reads `f32f16`, each the longest
/// spelling that starts the text. Before anything else an enum's spelling
/// must end a word.
fn glued_enum(fields: &[Field], next: &Piece) -> bool {
    matches!(next, Piece::Field { index, style: Style::Default } if matches!(fields[*index].kind, FieldKind::Enum(_)))
}

/// The value of the longest non-empty spelling of `e` that the text
/// starts with, eaten, whether a letter follows it or not (a digit may not
/// follow a spelling that ends in one); `None` if none does.
fn eat_spelling(cur: &mut Cursor<'_>, e: &Enum) -> Option<u64> {
    let rest = cur.rest();
    let mut best: Option<(u64, &str)> = None;
    for v in e.values {
        for &s in v.spellings {
            // A number may not run into another digit (`$1` is not the
            // start of `$16`).
            let Some(after) = rest.strip_prefix(s).filter(|_| !s.is_empty()) else {
                continue;
            };
            let digits = s.ends_with(|c: char| c.is_ascii_digit()) && after.starts_with(|c: char| c.is_ascii_digit());
            if !digits && best.is_none_or(|(_, b)| s.len() > b.len()) {
                best = Some((v.value, s));
            }
        }
    }
    let (value, s) = best?;
    cur.eat(s);
    Some(value)
}

/// A flag's text as parsed: blanks before the piece are already skipped,
/// so without its own leading blanks (`' attr'` prints a space), unless it
/// is only blanks.
fn flag_text(text: &'static str) -> &'static str {
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        text
    } else {
        trimmed
    }
}

/// Eats literal `t` of a `text` template. Glued to the next piece
/// (`texld{flag}_t{type}`), it may run into a word; before a space or at
/// the end it must end one.
/// `{field:+}`: `+N` (or `-N` for an `s` field), N in the field's range.
fn parse_sign<'a>(cur: &mut Cursor<'a>, field: &'static Field) -> Result<u64, TextError<'a>> {
    let signed = matches!(field.kind, FieldKind::Signed);
    let negative = signed && cur.peek() == Some('-');
    if !negative && !cur.eat("+") {
        let what = if signed { "`+N` or `-N`" } else { "`+N`" };
        return Err(TextError::expected_for(cur, what, field));
    }
    if !negative && cur.peek() == Some('-') {
        return Err(TextError::expected_for(cur, "a number after `+`", field));
    }
    if signed {
        parse_signed(cur, field)
    } else {
        parse_unsigned(cur, field.width, Subject::Field(field))
    }
}

/// `{field + n}`: a number from `n` to `n` + the field's largest value,
/// less `n`.
fn parse_plus<'a>(cur: &mut Cursor<'a>, field: &'static Field, n: u64) -> Result<u64, TextError<'a>> {
    let at = cur.clone();
    let max = low_mask(field.width);
    match cur.integer()? {
        Some(v) if v >= i128::from(n) && v - i128::from(n) <= i128::from(max) => Ok((v - i128::from(n)) as u64),
        Some(v) => Err(TextError::message(
            &at,
            format!(
                "{v} is not {} + {n}: expected {n} to {}",
                Subject::Field(field),
                u128::from(max) + u128::from(n)
            ),
        )),
        None => Err(TextError::expected_for(cur, "a number", field)),
    }
}

/// A number that fits `s` field `field` (two's complement), as its bits.
fn parse_signed<'a>(cur: &mut Cursor<'a>, field: &'static Field) -> Result<u64, TextError<'a>> {
    let at = cur.clone();
    let lo = -(1i128 << (field.width - 1));
    let hi = (1i128 << (field.width - 1)) - 1;
    match cur.integer()? {
        Some(v) if v >= lo && v <= hi => Ok((v as u64) & low_mask(field.width)),
        Some(v) => Err(TextError::message(
            &at,
            format!(
                "{v} does not fit {} ({} bits, {lo}..={hi})",
                Subject::Field(field),
                field.width
            ),
        )),
        None => Err(TextError::expected_for(cur, "a number", field)),
    }
}

fn eat_literal(cur: &mut Cursor<'_>, t: &str, next: Option<&Piece>) -> bool {
    if next.is_some_and(|p| !matches!(p, Piece::Space)) {
        cur.eat(t)
    } else {
        eat_token(cur, t)
    }
}

/// The piece after `rest` is parsed: the first of `rest`, else of the
/// innermost enclosing sequence that has one.
fn next_piece<'p>(rest: &'p [Piece], mut then: Option<&Then<'_>>) -> Option<&'p Piece> {
    if let Some(p) = rest.first() {
        return Some(p);
    }
    while let Some(t) = then {
        if let Some(p) = t.pieces.first() {
            return Some(p);
        }
        then = t.outer;
    }
    None
}

/// Prints one field of a word in its type's default form (enum spelling,
/// number, …), as the field-explicit syntax does.
pub fn write_field<W: BitWord>(mut out: &mut dyn Write, field: &Field, word: &W) -> fmt::Result {
    write_value(&mut out, field, Style::Default, word, 0)
}

/// Parses one field's value (as [`write_field`] prints it) into the word.
pub fn parse_field<'a, W: BitWord>(
    cur: &mut Cursor<'a>,
    field: &'static Field,
    word: &mut W,
) -> Result<(), TextError<'a>> {
    parse_value(cur, field, Style::Default, word, 0)
}

#[cfg(test)]
mod tests {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use crate::layout::{
        BitRange, ComponentOrder, Enum, EnumValue, Field, FieldKind, Format, Piece, RegFile, Regs, Style, Union,
    };
    use crate::lexer::Cursor;
    use crate::test_layout::field;

    /// Counts and choices read as English: one noun is singular, and the
    /// last two choices are joined by `or`.
    #[test]
    fn counts_and_choices_read_as_english() {
        let counts: [String; 3] = [0, 1, 7].map(|n| super::counted(n, "byte"));
        assert_eq!(counts, ["0 bytes", "1 byte", "7 bytes"]);
        let choices = |c: &[&str]| super::or_list(c);
        assert_eq!(
            [
                choices(&[]),
                choices(&["a"]),
                choices(&["a", "b"]),
                choices(&["a", "b", "c"])
            ],
            ["", "a", "a or b", "a, b or c"]
        );
    }

    /// A layout whose syntax prints `x` and leaves its unknown `u` out.
    static INNER: Format = Format {
        name: "Inner",
        doc: "",
        bits: 6,
        is_instruction: false,
        fields: &[
            field("x", &[BitRange { lo: 0, width: 3 }], FieldKind::Unsigned),
            field("u", &[BitRange { lo: 3, width: 3 }], FieldKind::Unknown),
        ],
        syntax: &[
            Piece::Text("#"),
            Piece::Field {
                index: 0,
                style: Style::Default,
            },
        ],
        texts: &[],
        params: &[],
    };

    /// A format with that layout at bit 2, an unknown it prints (`w`) and
    /// one it leaves out (`v`).
    static OUTER: Format = Format {
        name: "Outer",
        doc: "",
        bits: 16,
        is_instruction: false,
        fields: &[
            field("w", &[BitRange { lo: 0, width: 2 }], FieldKind::Unknown),
            field("inner", &[BitRange { lo: 2, width: 6 }], FieldKind::Layout(&INNER)),
            field("v", &[BitRange { lo: 8, width: 8 }], FieldKind::Unknown),
        ],
        syntax: &[
            Piece::Field {
                index: 1,
                style: Style::Default,
            },
            Piece::Text(","),
            Piece::Space,
            Piece::Field {
                index: 0,
                style: Style::Default,
            },
        ],
        texts: &[],
        params: &[],
    };

    /// A format of a half `h` printed with three decimals, then a number
    /// `n` glued to a word (`{h:.3},{n}a`, for the test below).
    static FLOATS: Format = Format {
        name: "Floats",
        doc: "",
        bits: 24,
        is_instruction: false,
        fields: &[
            field("h", &[BitRange { lo: 0, width: 16 }], FieldKind::Half),
            field("n", &[BitRange { lo: 16, width: 8 }], FieldKind::Unsigned),
        ],
        syntax: &[
            Piece::Field {
                index: 0,
                style: Style::Decimals(3),
            },
            Piece::Text(","),
            Piece::Field {
                index: 1,
                style: Style::Default,
            },
            Piece::Text("a"),
        ],
        texts: &[],
        params: &[],
    };

    /// A decimal that rounds to a half zero is an error unless it is zero;
    /// a number glued to the word after it (`7a`) reads up to the word.
    #[test]
    fn a_half_that_reads_as_zero_is_refused_and_a_glued_number_read() {
        let parse = |text: &str| super::parse_layout::<u32>(&FLOATS, &mut Cursor::new(text)).map_err(|e| e.to_string());
        assert_eq!(parse("0.000,7a"), Ok(7 << 16));
        assert_eq!(parse("-0.0,7a"), Ok(7 << 16 | 0x8000));
        assert_eq!(parse("1.5,255a"), Ok(255 << 16 | 0x3e00));
        let small = parse("0.00000001,7a").unwrap_err();
        assert!(
            small.contains("is too small for a half float: it would read as 0"),
            "{small}"
        );
    }

    /// Unknown fields a syntax leaves out print as ` name=0x…` suffixes when
    /// not zero, a nested layout's named through its field (`inner.u`), and
    /// read back; one the syntax prints is not repeated.
    #[test]
    fn unknown_fields_left_out_are_suffixes() {
        let print = |word: u16| {
            let mut s = String::new();
            super::write_layout(&mut s, &OUTER, &word).unwrap();
            s
        };
        assert_eq!(print(0x0000), "#0, 0x0");
        // x = 5, inner.u = 3, w = 1, v = 0x2a.
        let word: u16 = 0x2a << 8 | 3 << 5 | 5 << 2 | 1;
        assert_eq!(print(word), "#5, 0x1 inner.u=0x3 v=0x2a");
        let back: u16 = super::parse_layout(&OUTER, &mut Cursor::new(&print(word))).unwrap();
        assert_eq!(back, word);
        // Only a comment may follow.
        let with = |tail: &str| {
            super::parse_layout::<u16>(&OUTER, &mut Cursor::new(&alloc::format!("#5, 0x1{tail}")))
                .map_err(|e| e.to_string())
        };
        assert_eq!(with(" ; comment"), Ok(5 << 2 | 1));
        assert_eq!(with(" 2"), Err("1:9: expected end of line, found `2`".into()));
        // An unknown field the syntax prints is no suffix.
        assert!(with(" inner.u=0x1").is_ok());
        assert_eq!(with(" w=0x1"), Err("1:9: expected end of line, found `w`".into()));
    }

    /// A value as messages describe it: its field's text form, a nested
    /// layout's through its syntax.
    #[test]
    fn values_are_described_in_their_fields_text() {
        assert_eq!(super::describe_value(&OUTER.fields[0], 3), "0x3");
        assert_eq!(super::describe_value(&OUTER.fields[1], 5), "#5");
        assert_eq!(super::describe_value(&INNER.fields[0], 7), "7");
    }

    /// One field of each kind that prints on its own, at bit 0 of a word.
    static KINDS: [Field; 8] = [
        field("s", &[BitRange { lo: 0, width: 8 }], FieldKind::Signed),
        field("u", &[BitRange { lo: 0, width: 8 }], FieldKind::Unsigned),
        field(
            "mh",
            &[BitRange { lo: 0, width: 4 }],
            FieldKind::Mask(ComponentOrder::XHigh),
        ),
        field(
            "ml",
            &[BitRange { lo: 0, width: 4 }],
            FieldKind::Mask(ComponentOrder::XLow),
        ),
        field(
            "sh",
            &[BitRange { lo: 0, width: 8 }],
            FieldKind::Swizzle(ComponentOrder::XHigh),
        ),
        field(
            "sl",
            &[BitRange { lo: 0, width: 8 }],
            FieldKind::Swizzle(ComponentOrder::XLow),
        ),
        field("h", &[BitRange { lo: 0, width: 16 }], FieldKind::Half),
        field("f", &[BitRange { lo: 0, width: 32 }], FieldKind::Float),
    ];

    /// Each field kind and style prints its value as the spec language
    /// says, and reads that text back to the same bits.
    #[test]
    fn every_kind_and_style_prints_and_reads_back() {
        let [s, u, mh, ml, sh, sl, h, f] = &KINDS;
        let half = |v: f32| u64::from(half::f16::from_f32(v).to_bits());
        let single = |v: f32| u64::from(v.to_bits());
        let cases: &[(&'static Field, Style, u64, &str)] = &[
            (s, Style::Default, 0xFF, "-1"),
            (s, Style::Default, 0x80, "-128"),
            (s, Style::Default, 0x7F, "127"),
            (s, Style::Sign, 0xFB, "-5"),
            (s, Style::Sign, 5, "+5"),
            (s, Style::Sign, 0, "+0"),
            (u, Style::Sign, 0xF7, "+247"),
            (u, Style::Plus(1), 4, "5"),
            (u, Style::Plus(2), 0xFD, "255"),
            (u, Style::Hex, 10, "0xa"),
            (u, Style::Default, 200, "200"),
            (mh, Style::Default, 0b1000, "x"),
            (mh, Style::Default, 0b1010, "xz"),
            (mh, Style::Default, 0b0111, "yzw"),
            (ml, Style::Default, 0b0001, "x"),
            (ml, Style::Default, 0b1100, "zw"),
            (ml, Style::Default, 0b1011, "xyw"),
            (sh, Style::Default, 0b00_01_10_11, "xyzw"),
            (sh, Style::Default, 0b11_10_01_00, "wzyx"),
            (sh, Style::Default, 0b00_00_00_01, "xxxy"),
            (sl, Style::Default, 0b11_10_01_00, "xyzw"),
            (sl, Style::Default, 0b00_01_10_11, "wzyx"),
            (sl, Style::Default, 0b01_00_00_00, "xxxy"),
            (h, Style::Default, half(1.5), "1.5"),
            (h, Style::Default, half(-1.5), "-1.5"),
            (h, Style::Default, 0x8000, "-0.0"),
            (h, Style::Default, 0x7C00, "0x7c00"),
            (f, Style::Default, single(1.5), "1.5"),
            (f, Style::Default, single(-2.25), "-2.25"),
            (f, Style::Default, single(-0.0), "-0.0"),
            (f, Style::Default, single(3e-45), "3e-45"),
            (f, Style::Default, 0xFF80_0000, "0xff800000"),
            (f, Style::Decimals(2), single(0.375), "0.38"),
            (f, Style::Decimals(1), single(-4.0), "-4.0"),
            (h, Style::Decimals(3), half(0.5), "0.500"),
        ];
        for &(field, style, raw, text) in cases {
            let mut printed = String::new();
            super::write_styled(&mut printed, field, style, &raw).unwrap();
            assert_eq!(printed, text, "`{}` {style:?} of {raw:#x}", field.name);
            let mut back = 0u64;
            let mut cur = Cursor::new(text);
            super::parse_styled(&mut cur, field, style, &mut back).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(cur.at_line_end(), "`{text}` read only in part");
            let want = match style {
                // Read back through a single: the nearest one to the text.
                Style::Decimals(_) if field.width == 32 => single(text.parse().unwrap()),
                _ => raw,
            };
            assert_eq!(back, want, "`{text}` read back as `{}` {style:?}", field.name);
        }
    }

    /// A short swizzle repeats its last component (`xy` is `xyyy`); a mask
    /// names each component once, in order (`xx` is an error).
    #[test]
    fn short_swizzles_repeat_their_last_and_masks_name_each_once() {
        let [_, _, mh, ml, sh, sl, ..] = &KINDS;
        let read = |field: &'static Field, text: &str| {
            let mut word = 0u64;
            super::parse_styled(&mut Cursor::new(text), field, Style::Default, &mut word)
                .map(|()| word)
                .map_err(|e| e.to_string())
        };
        assert_eq!(read(sh, "xy"), read(sh, "xyyy"));
        assert_eq!(read(sh, "xy"), Ok(0b00_01_01_01));
        assert_eq!(read(sl, "w"), Ok(0xFF));
        for mask in [mh, ml] {
            let twice = read(mask, "xx").unwrap_err();
            assert!(twice.contains("mask components must be in xyzw order"), "{twice}");
        }
    }

    /// Floats read as C's assemblers read them: `nan` and `inf` with a sign
    /// in the `%f` form; a finite number beyond a single's range is an
    /// error; hex gives the bits.
    #[test]
    fn float_text_reads_as_c_reads_it() {
        let [.., h, f] = &KINDS;
        let read = |field: &'static Field, style: Style, text: &str| {
            let mut word = 0u64;
            super::parse_styled(&mut Cursor::new(text), field, style, &mut word)
                .map(|()| word)
                .map_err(|e| e.to_string())
        };
        assert_eq!(read(f, Style::Decimals(6), "inf"), Ok(0x7F80_0000));
        assert_eq!(read(f, Style::Decimals(6), "-inf"), Ok(0xFF80_0000));
        assert_eq!(read(h, Style::Decimals(6), "+inf"), Ok(0x7C00));
        assert_eq!(
            read(f, Style::Decimals(6), "nan").map(|w| f32::from_bits(w as u32).is_nan()),
            Ok(true)
        );
        assert_eq!(read(f, Style::Default, "0x7fc00000"), Ok(0x7FC0_0000));
        assert_eq!(read(f, Style::Default, "1e3"), Ok(u64::from(1000f32.to_bits())));
        assert_eq!(
            read(f, Style::Default, "1e39"),
            Err(String::from(
                "1:1: `1e39` is beyond the range of a single float (±3.4e38) for `f`"
            ))
        );
        assert!(read(f, Style::Default, "x").is_err());
        assert!(read(f, Style::Decimals(2), "x").is_err());
    }

    /// A token ends where a word could not go on: digits may follow it,
    /// but not a letter or `_` after a word character, nor a digit after
    /// a digit.
    #[test]
    fn a_token_does_not_run_into_the_next_word() {
        for (rest, token, at) in [
            ("lt x", "lt", true),
            ("lt", "lt", true),
            ("lt0", "lt", true),
            ("lte", "lt", false),
            ("lt_x", "lt", false),
            ("$1", "$1", true),
            ("$16", "$1", false),
            ("$1.x", "$1", true),
            ("(rpt1)x", "(rpt1)", true),
            ("l", "lt", false),
            ("anything", "", true),
        ] {
            assert_eq!(super::token_at(rest, token), at, "{token:?} at the start of {rest:?}");
        }
    }

    const fn value(name: &'static str, value: u64, spellings: &'static [&'static str]) -> EnumValue {
        EnumValue {
            name,
            value,
            spellings,
            semantics: "",
            attrs: &[],
            doc: "",
        }
    }

    const fn an_enum(name: &'static str, open: bool, values: &'static [EnumValue]) -> Enum {
        Enum {
            name,
            doc: "",
            bits: 3,
            open,
            operands: &[],
            attrs: &[],
            values,
        }
    }

    /// A closed enum whose 0 is spelled as nothing, with two spellings of
    /// one value and spellings that start alike.
    static COND: Enum = an_enum(
        "Cond",
        false,
        &[
            value("none", 0, &[""]),
            value("lt", 1, &["lt"]),
            value("lte", 2, &["lte", "le"]),
            value("eq", 5, &["eq"]),
            value("eqf", 6, &["eq.f"]),
        ],
    );
    /// An open enum: unnamed values read as numbers.
    static OP: Enum = an_enum("Op", true, &[value("add", 0, &["add"]), value("mul", 1, &["mul"])]);
    /// Registers `r0`–`r3` at 0 and `c0`–`c1` at 8.
    static REGS: Regs = Regs {
        name: "Reg",
        doc: "",
        bits: 4,
        open: false,
        files: &[
            RegFile {
                prefix: "r",
                base: 0,
                count: 4,
                doc: "",
            },
            RegFile {
                prefix: "c",
                base: 8,
                count: 2,
                doc: "",
            },
        ],
    };
    static NAMED: [Field; 4] = [
        field("cond", &[BitRange { lo: 0, width: 3 }], FieldKind::Enum(&COND)),
        field("op", &[BitRange { lo: 0, width: 3 }], FieldKind::Enum(&OP)),
        field("reg", &[BitRange { lo: 0, width: 4 }], FieldKind::Regs(&REGS)),
        field("closed", &[BitRange { lo: 0, width: 3 }], FieldKind::Enum(&CLOSED)),
    ];
    /// A closed enum with no empty spelling: numbers name its values.
    static CLOSED: Enum = an_enum("Closed", false, &[value("a", 0, &["a"]), value("b", 3, &["b"])]);

    /// `{f:+}` reads `+N`, and `-N` for a signed field only, never `+-N`;
    /// `{f + n}` reads `n` up to `n` plus the field's largest value, as
    /// the value less `n`.
    #[test]
    fn signed_and_offset_numbers_read_in_range() {
        static U4: Field = field("u", &[BitRange { lo: 0, width: 4 }], FieldKind::Unsigned);
        static S4: Field = field("s", &[BitRange { lo: 0, width: 4 }], FieldKind::Signed);
        let sign =
            |f: &'static Field, text: &str| super::parse_sign(&mut Cursor::new(text), f).map_err(|e| e.report().col);
        assert_eq!(sign(&U4, "+15"), Ok(15));
        assert_eq!(sign(&S4, "+7"), Ok(7));
        assert_eq!(sign(&S4, "-8"), Ok(8));
        assert_eq!(sign(&S4, "-1"), Ok(15));
        assert_eq!(sign(&U4, "-1"), Err(1));
        assert_eq!(sign(&U4, "+-1"), Err(2));
        assert_eq!(sign(&S4, "+-1"), Err(2));
        assert_eq!(sign(&U4, "15"), Err(1));
        let signed = |text: &str| super::parse_signed(&mut Cursor::new(text), &S4).map_err(|e| e.report().message);
        assert_eq!(signed("-8"), Ok(8));
        assert_eq!(signed("7"), Ok(7));
        let too_big = |v: &str| Err(alloc::format!("{v} does not fit `s` (4 bits, -8..=7)"));
        assert_eq!(signed("-9"), too_big("-9"));
        assert_eq!(signed("8"), too_big("8"));
        let plus = |text: &str| super::parse_plus(&mut Cursor::new(text), &U4, 3).map_err(|e| e.report().message);
        assert_eq!(plus("3"), Ok(0));
        assert_eq!(plus("18"), Ok(15));
        let out_of_range = |v: &str| Err(alloc::format!("{v} is not `u` + 3: expected 3 to 18"));
        assert_eq!(plus("2"), out_of_range("2"));
        assert_eq!(plus("19"), out_of_range("19"));
        assert_eq!(plus("-1"), out_of_range("-1"));
    }

    /// An enum glued to what follows (`{from}{to}`) reads the longest of
    /// its spellings that the text starts with, wherever it stands in the
    /// enum, never the empty one, and not one ending in a digit that runs
    /// into another digit (`h1` is not the start of `h12`).
    #[test]
    fn a_glued_spelling_is_the_longest_that_starts_the_text() {
        static GLUED: Enum = an_enum(
            "Glued",
            false,
            &[
                value("f32", 0, &["f32"]),
                value("f", 1, &["f"]),
                value("h1", 2, &["h1"]),
            ],
        );
        for (e, text, want, rest) in [
            (&COND, "ltex", Some(2), "x"),
            (&COND, "ltx", Some(1), "x"),
            (&COND, "eq.fz", Some(6), "z"),
            (&COND, "x", None, "x"),
            (&GLUED, "f32x", Some(0), "x"),
            (&GLUED, "f16", Some(1), "16"),
            (&GLUED, "h1x", Some(2), "x"),
            (&GLUED, "h12", None, "h12"),
        ] {
            let mut cur = Cursor::new(text);
            assert_eq!(super::eat_spelling(&mut cur, e), want, "{text:?}");
            assert_eq!(cur.rest(), rest, "{text:?}");
        }
    }

    /// Enum values read by their longest spelling that is a whole token
    /// (`lte` is not `lt` then `e`), any of their spellings, or (open
    /// enums, and closed ones with no empty spelling) a number that names
    /// one; registers by file prefix and number, in range.
    #[test]
    fn enum_and_register_values_read_by_name() {
        let [cond, op, reg, closed] = &NAMED;
        let read = |field: &'static Field, text: &str| {
            let mut word = 0u64;
            let mut cur = Cursor::new(text);
            super::parse_field(&mut cur, field, &mut word)
                .map(|()| (word, cur.rest().len()))
                .map_err(|e| e.report().to_string())
        };
        assert_eq!(read(cond, "lt"), Ok((1, 0)));
        assert_eq!(read(cond, "lte"), Ok((2, 0)));
        assert_eq!(read(cond, "le x"), Ok((2, 2)));
        assert_eq!(read(cond, "eq"), Ok((5, 0)));
        assert_eq!(read(cond, "eq.f"), Ok((6, 0)));
        assert_eq!(read(cond, "eq.x"), Ok((5, 2)));
        // Spelled as nothing: what follows is the next piece's.
        assert_eq!(read(cond, "ltx"), Ok((0, 3)));
        assert_eq!(read(cond, "3"), Ok((0, 1)));
        assert_eq!(read(op, "mul"), Ok((1, 0)));
        assert_eq!(read(op, "6"), Ok((6, 0)));
        assert_eq!(read(op, "8"), Err("1:1: 8 is not a value of `Op` for `op`".into()));
        assert_eq!(read(op, "-1"), Err("1:1: -1 is not a value of `Op` for `op`".into()));
        // A number glued to a word is no value, and no number either.
        let glued = read(op, "3d").unwrap_err();
        assert!(
            glued.starts_with("1:1: expected one of ") && glued.ends_with(" for `op`, found `3d`"),
            "{glued}"
        );
        assert_eq!(read(closed, "3"), Ok((3, 0)));
        assert_eq!(read(closed, "b"), Ok((3, 0)));
        assert_eq!(
            read(closed, "2"),
            Err("1:1: 2 is not a value of `Closed` for `closed`".into())
        );
        assert_eq!(
            read(closed, "c"),
            Err("1:1: expected one of a, b for `closed`, found `c`".into())
        );
        assert_eq!(read(reg, "r3"), Ok((3, 0)));
        assert_eq!(read(reg, "c1,"), Ok((9, 1)));
        assert_eq!(
            read(reg, "r4"),
            Err("1:1: register `r4` is out of range: r has 0..=3".into())
        );
        assert_eq!(
            read(reg, "c2"),
            Err("1:1: register `c2` is out of range: c has 0..=1".into())
        );
        assert_eq!(
            read(reg, "x1"),
            Err("1:1: expected a register (rN, cN) for `reg`, found `x1`".into())
        );
        assert_eq!(
            read(reg, "r1x"),
            Err("1:1: expected a register (rN, cN) for `reg`, found `r1x`".into())
        );
        assert_eq!(
            read(reg, "c"),
            Err("1:1: `c` is no register: `c` registers are c0 to c1 (`reg`)".into())
        );
        // The message quotes the prefix alone, up to a blank or a comma.
        assert_eq!(
            read(reg, "c, 1"),
            Err("1:1: `c` is no register: `c` registers are c0 to c1 (`reg`)".into())
        );
        assert!(read(reg, ",").is_err());
    }

    /// Variant `A` of [`EITHER`]: bit 0 fixed at 0, and a 1-bit `x`.
    static VARIANT_A: Format = Format {
        name: "A",
        doc: "",
        bits: 2,
        is_instruction: false,
        fields: &[
            field("sel", &[BitRange { lo: 0, width: 1 }], FieldKind::Fixed(0)),
            field("x", &[BitRange { lo: 1, width: 1 }], FieldKind::Unsigned),
        ],
        syntax: &[
            Piece::Text("#"),
            Piece::Field {
                index: 1,
                style: Style::Default,
            },
        ],
        texts: &[],
        params: &[],
    };
    /// Variant `B`: bit 1 fixed at 1, which `A`'s bits also hold when
    /// bit 0 is 0 (`A` comes first, so such bits are `A`'s).
    static VARIANT_B: Format = Format {
        name: "B",
        doc: "",
        bits: 2,
        is_instruction: false,
        fields: &[field("mode", &[BitRange { lo: 1, width: 1 }], FieldKind::Fixed(1))],
        syntax: &[Piece::Text("#b")],
        texts: &[],
        params: &[],
    };
    static EITHER: Union = Union {
        name: "Either",
        doc: "",
        bits: 2,
        variants: &[&VARIANT_A, &VARIANT_B],
    };
    static EITHER_FIELD: Field = field("e", &[BitRange { lo: 0, width: 2 }], FieldKind::Union(&EITHER));

    /// A union's text reads as the variant its bits then choose: text that
    /// parses as a later variant, but whose bits an earlier one claims,
    /// is not taken (it would decode as the other).
    #[test]
    fn a_union_reads_only_text_whose_bits_choose_its_variant() {
        let read = |text: &str| {
            let mut word = 0u64;
            super::parse_field(&mut Cursor::new(text), &EITHER_FIELD, &mut word)
                .map(|()| word)
                .map_err(|e| e.report().to_string())
        };
        assert_eq!(read("#1"), Ok(0b10));
        assert_eq!(read("#0"), Ok(0b00));
        // `#b` would be 0b10, which is `A`'s `#1`.
        assert!(read("#b").is_err(), "{:?}", read("#b"));
        assert_eq!(EITHER.variant(0b10).map(|f| f.name), Some("A"));
    }

    /// Of a union's variants whose syntaxes read the same text, the first
    /// listed wins.
    #[test]
    fn a_union_reads_the_first_of_variants_that_read_as_much() {
        const fn same_text(name: &'static str, fields: &'static [Field]) -> Format {
            Format {
                name,
                doc: "",
                bits: 1,
                is_instruction: false,
                fields,
                syntax: &[Piece::Text("#z")],
                texts: &[],
                params: &[],
            }
        }
        static P: Format = same_text("P", &[field("p", &[BitRange { lo: 0, width: 1 }], FieldKind::Fixed(0))]);
        static Q: Format = same_text("Q", &[field("q", &[BitRange { lo: 0, width: 1 }], FieldKind::Fixed(1))]);
        const fn tie(variants: &'static [&'static Format]) -> Union {
            Union {
                name: "Tie",
                doc: "",
                bits: 1,
                variants,
            }
        }
        static PQ: Union = tie(&[&P, &Q]);
        static QP: Union = tie(&[&Q, &P]);
        static PQ_FIELD: Field = field("t", &[BitRange { lo: 0, width: 1 }], FieldKind::Union(&PQ));
        static QP_FIELD: Field = field("t", &[BitRange { lo: 0, width: 1 }], FieldKind::Union(&QP));
        for (f, want) in [(&PQ_FIELD, 0), (&QP_FIELD, 1)] {
            let mut word = 0u64;
            assert!(super::parse_field(&mut Cursor::new("#z"), f, &mut word).is_ok());
            assert_eq!(word, want);
        }
    }

    /// Text without hooks cannot print or read one (an error, not an
    /// empty piece); a hooks type that only writes `write_hook` gets it
    /// for field hooks too.
    #[test]
    fn hooks_print_through_write_hook_and_nohooks_refuses_them() {
        use super::{NoHooks, TextHooks};
        let f = &OUTER.fields[0];
        let mut out = String::new();
        assert!(TextHooks::<u64>::write_hook(&mut NoHooks, &mut out, "h", None, &0).is_err());
        assert!(NoHooks.write_field_hook(&mut out, "h", f, 0, &0u64).is_err());
        let mut word = 0u64;
        assert!(NoHooks.parse_hook(&mut Cursor::new("x"), "h", None, &mut word).is_err());
        struct Named;
        impl TextHooks<u64> for Named {
            fn write_hook(
                &mut self,
                out: &mut dyn core::fmt::Write,
                hook: &str,
                field: Option<&Field>,
                _: &u64,
            ) -> core::fmt::Result {
                write!(out, "{hook}:{}", field.map_or("-", |f| f.name))
            }
            fn parse_hook<'a>(
                &mut self,
                _: &mut Cursor<'a>,
                _: &str,
                _: Option<&Field>,
                _: &mut u64,
            ) -> Result<(), super::TextError<'a>> {
                Ok(())
            }
        }
        Named.write_field_hook(&mut out, "h", f, 0, &0u64).unwrap();
        assert_eq!(out, "h:w");
    }

    /// `{f:.N}` prints as C's `%.Nf`: the exact value rounded half to even
    /// (0.125 has an exact tie), special values in C's spelling; a single's
    /// default form is its shortest decimal, or its bits when not finite.
    #[test]
    fn floats_print_as_c_does() {
        let print = |width, raw, n| {
            let mut s = String::new();
            super::write_decimals(&mut s, width, raw, n).unwrap();
            s
        };
        assert_eq!(print(32, u64::from((-1.456763f32).to_bits()), 6), "-1.456763");
        assert_eq!(print(32, u64::from(0.125f32.to_bits()), 2), "0.12");
        assert_eq!(print(32, u64::from(0.375f32.to_bits()), 2), "0.38");
        assert_eq!(print(16, 0x3900, 6), "0.625000");
        assert_eq!(print(16, 0x8000, 1), "-0.0");
        assert_eq!(
            print(32, u64::from(f32::MAX.to_bits()), 0),
            "340282346638528859811704183484516925440"
        );
        assert_eq!(print(16, 0x7c00, 6), "inf");
        assert_eq!(print(16, 0xfc00, 6), "-inf");
        assert_eq!(print(32, 0xffc0_0000, 6), "-nan");
        let mut s = String::new();
        super::write_float(&mut s, 0x7f80_0000).unwrap();
        assert_eq!(s, "0x7f800000");
    }

    /// `write_decimal` and `write_signed` print what `{v}` prints, at every
    /// length and at the edges.
    #[test]
    fn numbers_print_as_display_does() {
        let mut values: alloc::vec::Vec<u64> = (0..=100_000).collect();
        let mut x = 0x243F_6A88_85A3_08D3u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.extend([x, x >> (x % 64)]);
        }
        values.extend([u64::MAX, u64::MAX - 1, 1 << 63, 999, 1000, 9_999_999, 10_000_000]);
        let mut out = String::new();
        for v in values {
            out.clear();
            super::write_decimal(&mut out, v).unwrap();
            assert_eq!(out, v.to_string());
            out.clear();
            super::write_signed(&mut out, v as i64).unwrap();
            assert_eq!(out, (v as i64).to_string());
        }
    }

    /// A condition of `field` (index into `PINNED`) compared with `values`.
    const fn cond(field: usize, equal: bool, values: &'static [u64]) -> crate::layout::Cond {
        crate::layout::Cond {
            field,
            text: "",
            equal,
            values,
            named: None,
            attr: None,
            other: None,
            range: None,
        }
    }

    /// An enum whose value 0 has attribute `kind` 0 and whose 1 has `kind` 1.
    static ATTRIBUTED: Enum = Enum {
        attrs: &[crate::layout::Attr {
            name: "kind",
            kind: crate::layout::AttrKind::Unsigned,
            default: 0,
            doc: "",
        }],
        values: &[
            EnumValue {
                attrs: &[0],
                ..value("zero", 0, &["z"])
            },
            EnumValue {
                attrs: &[1],
                ..value("one", 1, &["o"])
            },
        ],
        ..an_enum("Attributed", false, &[])
    };

    /// Fields of every kind a condition can be on: the opcode (bits 0..4),
    /// `a` (4..8), the bools `f` and `g` (8, 9), the enum `e` (10..13) and
    /// `r` (13..16).
    static PINNED: Format = Format {
        name: "Pinned",
        doc: "",
        bits: 16,
        is_instruction: true,
        fields: &[
            field("op", &[BitRange { lo: 0, width: 4 }], FieldKind::Opcode),
            field("a", &[BitRange { lo: 4, width: 4 }], FieldKind::Unsigned),
            field("f", &[BitRange { lo: 8, width: 1 }], FieldKind::Bool),
            field("g", &[BitRange { lo: 9, width: 1 }], FieldKind::Bool),
            field("e", &[BitRange { lo: 10, width: 3 }], FieldKind::Enum(&ATTRIBUTED)),
            field("r", &[BitRange { lo: 13, width: 3 }], FieldKind::Unsigned),
        ],
        syntax: &[],
        texts: &[],
        params: &[],
    };

    /// The indices of `PINNED`'s fields.
    mod pinned {
        pub const OP: usize = 0;
        pub const A: usize = 1;
        pub const F: usize = 2;
        pub const G: usize = 3;
        pub const E: usize = 4;
        pub const R: usize = 5;
    }

    /// A `text` line of group `name` with conditions `when` and `defaults`,
    /// and no pieces.
    const fn line(
        name: &'static str,
        when: &'static [crate::layout::Cond],
        defaults: &'static [(usize, u64)],
    ) -> crate::layout::NamedText {
        crate::layout::NamedText {
            dialect: "",
            name,
            doc: "",
            when,
            when_params: &[],
            defaults,
            pieces: &[],
        }
    }

    /// What `pin` writes: the defaults, then each plain condition that does
    /// not hold (`==` its first value, a bool's `!f` a clear flag, `f` a
    /// set one); a condition that holds, and one on the opcode, an
    /// attribute, whether a value is named, another field or a range, is
    /// left as the word has it, even where writing would make it hold.
    #[test]
    fn pin_writes_defaults_and_unmet_plain_conditions_alone() {
        use crate::layout::{Cond, NamedText};
        use pinned::*;
        let text = |defaults, when| line("", when, defaults);
        let pinned = |text: &NamedText, word: u64| {
            let mut word = word;
            super::pin(&PINNED, text, &mut word, 0);
            word
        };
        // A word holding `value` in `field`, 0 elsewhere.
        let at = |field: usize, value: u64| {
            let mut word = 0u64;
            PINNED.fields[field].write(&mut word, 0, value);
            word
        };
        // Defaults are written first, over what the word holds.
        assert_eq!(pinned(&text(&[(A, 5), (R, 6)], &[]), at(A, 9)), at(A, 5) | at(R, 6));
        // Unmet plain conditions: the first value listed, a flag set or
        // cleared.
        static UNMET: [Cond; 3] = [cond(R, true, &[2, 3]), cond(F, true, &[1]), cond(G, false, &[1])];
        assert_eq!(pinned(&text(&[], &UNMET), at(G, 1)), at(R, 2) | at(F, 1));
        // A plain condition that holds keeps the value the word has, not
        // the first one listed.
        assert_eq!(pinned(&text(&[], &UNMET), at(R, 3) | at(G, 1)), at(R, 3) | at(F, 1));
        // The conditions parsing only checks, none of which holds here.
        static CHECKED: [Cond; 5] = [
            cond(OP, true, &[3]),
            Cond {
                attr: Some(0),
                ..cond(E, true, &[1])
            },
            Cond {
                named: Some(false),
                ..cond(E, true, &[])
            },
            Cond {
                other: Some(F),
                ..cond(G, false, &[])
            },
            Cond {
                range: Some((1, 7)),
                ..cond(R, true, &[])
            },
        ];
        for (i, c) in CHECKED.iter().enumerate() {
            let word = at(OP, 1);
            assert!(!c.holds(&PINNED, &word, 0), "condition {i} holds already");
            assert_eq!(
                pinned(&text(&[], core::slice::from_ref(c)), word),
                word,
                "condition {i} wrote a field"
            );
        }
    }

    /// A line fixes a field when a condition on it alone pins one value
    /// (`f == v`, a bool's `f` or `!f`): not for two values, `!=`, a
    /// range, an attribute, a named test or another field, and never a
    /// field no condition names.
    #[test]
    fn a_line_fixes_the_fields_its_plain_conditions_pin() {
        use crate::layout::Cond;
        use pinned::*;
        let fixes = |when: &'static [Cond], index: usize| super::fixed_by_line(&line("", when, &[]), &PINNED, index);
        static ONE_VALUE: [Cond; 1] = [cond(R, true, &[2])];
        static FLAG: [Cond; 1] = [cond(F, true, &[1])];
        static NOT_FLAG: [Cond; 1] = [cond(G, false, &[1])];
        assert!(fixes(&ONE_VALUE, R));
        assert!(fixes(&FLAG, F));
        assert!(fixes(&NOT_FLAG, G));
        for when in [&ONE_VALUE[..], &FLAG, &NOT_FLAG] {
            assert!(!fixes(when, A), "{when:?} fixes `a`, which it does not name");
        }
        static UNFIXED: [(Cond, usize); 6] = [
            (cond(R, true, &[2, 3]), R),
            (cond(R, false, &[2]), R),
            (
                Cond {
                    range: Some((1, 7)),
                    ..cond(R, true, &[])
                },
                R,
            ),
            (
                Cond {
                    attr: Some(0),
                    ..cond(E, true, &[1])
                },
                E,
            ),
            (
                Cond {
                    named: Some(true),
                    ..cond(E, true, &[])
                },
                E,
            ),
            (
                Cond {
                    other: Some(F),
                    ..cond(G, false, &[])
                },
                G,
            ),
        ];
        for (c, index) in &UNFIXED {
            assert!(!fixes(core::slice::from_ref(c), *index), "{c:?} fixes its field");
        }
    }

    /// A mark of a field set, restored, forgets what was inserted since,
    /// below bit 128 and beyond it, and keeps what was there before.
    #[test]
    fn a_field_set_goes_back_to_its_mark() {
        let mut set = super::FieldSet::default();
        set.insert(3);
        set.insert(200);
        let mark = set.mark();
        set.insert(5);
        set.insert(300);
        assert!([3, 5, 200, 300].iter().all(|&i| set.contains(i)));
        set.restore(mark);
        let held: Vec<usize> = [3, 5, 200, 300].into_iter().filter(|&i| set.contains(i)).collect();
        assert_eq!(held, [3, 200]);
    }

    /// The message of each kind of condition a word breaks says what the
    /// line needs and what the word holds.
    #[test]
    fn a_broken_condition_says_what_the_line_needs() {
        use crate::layout::Cond;
        use pinned::*;
        let text = line("form", &[], &[]);
        let message = |c: Cond, value: u64| super::condition_message(&PINNED, &text, &c, value);
        let cases = [
            (cond(R, true, &[2, 3]), 5),
            (cond(R, false, &[2]), 2),
            (
                Cond {
                    range: Some((0, 3)),
                    ..cond(R, true, &[])
                },
                5,
            ),
            (
                Cond {
                    range: Some((4, 7)),
                    ..cond(R, true, &[])
                },
                1,
            ),
            (
                Cond {
                    named: Some(true),
                    ..cond(E, true, &[])
                },
                3,
            ),
            (
                Cond {
                    named: Some(false),
                    ..cond(E, true, &[])
                },
                0,
            ),
            (
                Cond {
                    attr: Some(0),
                    ..cond(E, true, &[1])
                },
                0,
            ),
            (
                Cond {
                    attr: Some(0),
                    ..cond(E, false, &[0])
                },
                0,
            ),
            (
                Cond {
                    other: Some(F),
                    ..cond(G, true, &[])
                },
                1,
            ),
        ];
        let messages: Vec<String> = cases.into_iter().map(|(c, value)| message(c, value)).collect();
        let needs =
            |what: &str, value: &str| alloc::format!("this form of `form` prints only when {what}; here it is {value}");
        pretty_assertions::assert_eq!(
            messages,
            [
                needs("`r` is one of 2, 3", "5"),
                needs("`r` is none of 2", "2"),
                needs("`r` is below 4", "5"),
                needs("`r` is above 3", "1"),
                needs("`e` is a named value", "3"),
                needs("`e` is a value its enum does not name", "z"),
                needs("`e` is a named value whose `kind` is 1", "z"),
                needs("`e` is a named value whose `kind` is not 0", "z"),
                String::from("this form of `form` prints only when `g` equals `f`; here `g` is 1"),
            ]
        );
    }
}
