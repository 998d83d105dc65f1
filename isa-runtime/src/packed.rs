//! Support for presence-mask bundles (the spec's `bundle` item, Lima PP):
//! bit access across a run of 32-bit words, the choice of a unit's variant,
//! and the field-explicit text form, all driven by [`Packed`] metadata.
//!
//! An instruction is a control word followed by the enabled units, packed
//! back to back from bit 0 of the second word in enable-bit order. The
//! generated decoder and encoder are straight-line code per unit; they use
//! [`read_bits`] and [`write_bits`] for the unit bits.

use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::bits::low_mask;
use crate::error::ParseError;
use crate::layout::{DeriveRule, FieldKind, Format, Packed, Unit};
use crate::lexer::Cursor;
use crate::text::{parse_layout, write_layout};

/// Reads `width` (at most 128) bits starting at bit `bit` of `words`, little
/// endian (bit 0 is bit 0 of `words[0]`). The caller checks the bounds.
#[inline(always)]
pub fn read_bits(words: &[u32], bit: u32, width: u32) -> u128 {
    // A window of four words (five when a wide field straddles); words past
    // the slice read as zero, and the mask drops whatever is not the field's.
    let first = (bit / 32) as usize;
    let shift = bit % 32;
    let word = |k: usize| u128::from(words.get(first + k).copied().unwrap_or(0));
    let mut value = (word(0) | word(1) << 32 | word(2) << 64 | word(3) << 96) >> shift;
    if shift != 0 && width + shift > 128 {
        value |= word(4) << (128 - shift);
    }
    value & mask(width)
}

/// [`read_bits`] for a field of at most 64 bits, in 64-bit arithmetic: a
/// window of two words, or three when `width` is over 32. It has no branch
/// on `bit`, so a decoder reading units at data-dependent offsets does not
/// mispredict.
#[inline(always)]
pub fn read_bits_u64(words: &[u32], bit: u32, width: u32) -> u64 {
    debug_assert!(width <= 64);
    let first = (bit / 32) as usize;
    let shift = bit % 32;
    let word = |k: usize| u64::from(words.get(first + k).copied().unwrap_or(0));
    let mut value = (word(0) | word(1) << 32) >> shift;
    if width > 32 {
        // `<< 1 << (63 - shift)` is `<< (64 - shift)`, and 0 when shift is 0.
        value |= word(2) << 1 << (63 - shift);
    }
    value & low_mask(width)
}

/// The first set bit of `words` at or after bit `from`, if any (padding
/// after an instruction's last unit must be zero).
#[inline]
pub fn first_set_bit(words: &[u32], from: u32) -> Option<u32> {
    let end = words.len() as u32 * 32;
    let mut bit = from;
    while bit < end {
        let word = words[(bit / 32) as usize] >> (bit % 32);
        if word != 0 {
            return Some(bit + word.trailing_zeros());
        }
        bit = (bit / 32 + 1) * 32;
    }
    None
}

/// Little-endian bytes as 32-bit words; a length that is not a multiple of
/// four is an error at the offset of the incomplete word.
pub fn words_of(bytes: &[u8]) -> Result<Vec<u32>, crate::DecodeError> {
    if bytes.len() % 4 != 0 {
        let offset = bytes.len() - bytes.len() % 4;
        return Err(crate::DecodeError::new(
            "",
            crate::DecodeErrorKind::Truncated {
                needed: 4,
                available: bytes.len() % 4,
            },
        )
        .at(offset));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// Writes the low `width` bits of `value` at bit `bit` of `words` (other bits
/// are kept). The caller checks the bounds.
#[inline(always)]
pub fn write_bits(words: &mut [u32], bit: u32, width: u32, value: u128) {
    let value = value & mask(width);
    let mut done = 0u32;
    while done < width {
        let at = bit + done;
        let i = (at / 32) as usize;
        let shift = at % 32;
        let take = (32 - shift).min(width - done);
        let part = ((value >> done) as u32) & (u32::MAX >> (32 - take));
        words[i] = (words[i] & !((u32::MAX >> (32 - take)) << shift)) | (part << shift);
        done += take;
    }
}

/// The low `width` bits set.
#[inline(always)]
pub const fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// The length in words of an instruction whose units take `unit_bits` bits:
/// the control word plus the units rounded up to whole words.
#[inline(always)]
pub const fn words_for(unit_bits: u32) -> u32 {
    1 + unit_bits.div_ceil(32)
}

/// The layout a unit's bits decode as: the first later variant whose `fixed`
/// fields all hold, else the first (default) variant.
pub fn variant_of(unit: &Unit, bits: u128) -> &'static Format {
    unit.variants
        .iter()
        .skip(1)
        .find(|v| fixed_hold(v, bits))
        .copied()
        .unwrap_or(unit.variants[0])
}

/// Whether the format has a `fixed` field and every one holds its value.
fn fixed_hold(format: &Format, bits: u128) -> bool {
    let mut has_fixed = false;
    for f in format.fields {
        if let FieldKind::Fixed(v) = f.kind {
            if f.read(&bits, 0) != v {
                return false;
            }
            has_fixed = true;
        }
    }
    has_fixed
}

/// The units an instruction's control word enables, with their bit offsets
/// from the start of the instruction (the control word's bit 0).
pub fn unit_offsets(packed: &Packed, control: u32) -> impl Iterator<Item = (&'static Unit, u32)> + '_ {
    let mut bit = 32;
    packed
        .units
        .iter()
        .filter(move |u| control >> u.enable & 1 != 0)
        .map(move |u| {
            let at = bit;
            bit += u.width;
            (u, at)
        })
}

/// Prints an instruction's field-explicit text: the control word's syntax,
/// then `; UNIT TEXT` for each enabled unit, in packing order. `words` must
/// hold the whole instruction (as the generated encoder writes it).
pub fn write_instr(out: &mut impl Write, packed: &Packed, words: &[u32]) -> fmt::Result {
    let control = words[0];
    write_layout(out, packed.control, &control)?;
    for (unit, at) in unit_offsets(packed, control) {
        let bits = read_bits(words, at, unit.width);
        write!(out, "; {} ", unit.name)?;
        write_layout(out, variant_of(unit, bits), &bits)?;
    }
    Ok(())
}

/// Parses an instruction's field-explicit text (as [`write_instr`] prints it)
/// into its words: the control word with the enables of the units given,
/// then the units in packing order, zero-padded to the `words` field when
/// it asks for more. Units may be written in any order, each at most once.
pub fn parse_instr(packed: &Packed, cur: &mut Cursor<'_>) -> Result<Vec<u32>, ParseError> {
    let control: u32 = parse_layout(packed.control, cur)?;
    let mut units: Vec<Option<u128>> = packed.units.iter().map(|_| None).collect();
    loop {
        cur.skip_blanks();
        if !cur.eat(";") {
            break;
        }
        cur.skip_blanks();
        let at = cur.clone();
        let Some(name) = cur.word() else {
            return Err(cur.expected("a unit name"));
        };
        let Some(index) = packed.units.iter().position(|u| u.name == name) else {
            let names = packed.units.iter().map(|u| u.name);
            let hint = match crate::lexer::closest(name, names) {
                Some(c) => alloc::format!(" (did you mean `{c}`?)"),
                None => alloc::string::String::new(),
            };
            return Err(at.error(alloc::format!("unknown unit {}{hint}", crate::lexer::quote_input(name))));
        };
        if units[index].is_some() {
            return Err(at.error(alloc::format!("unit `{name}` appears twice in one instruction")));
        }
        cur.skip_blanks();
        units[index] = Some(parse_unit(&packed.units[index], cur)?);
    }
    Ok(pack_units(packed, control, &units))
}

/// An instruction's words from its control word and its units' bits (by
/// unit index; `None` for absent units): the control word with the
/// present units' enables set, then the units in packing order,
/// zero-padded to the `words` field when it asks for more than they need.
pub fn pack_units(packed: &Packed, mut control: u32, units: &[Option<u128>]) -> alloc::vec::Vec<u32> {
    let mut unit_bits = 0;
    for (unit, bits) in packed.units.iter().zip(units) {
        if bits.is_some() {
            control |= 1 << unit.enable;
            unit_bits += unit.width;
        }
    }
    let needed = words_for(unit_bits) as usize;
    let declared = packed
        .derived(DeriveRule::Words)
        .map_or(needed, |f| f.read(&control, 0) as usize);
    let mut words = alloc::vec![0u32; needed.max(declared)];
    words[0] = control;
    let mut bit = 32;
    for (unit, bits) in packed.units.iter().zip(units) {
        if let Some(bits) = bits {
            write_bits(&mut words, bit, unit.width, *bits);
            bit += unit.width;
        }
    }
    words
}

/// Parses one unit's text: each variant's syntax is tried, later variants
/// first; the error reported is the one that got furthest.
fn parse_unit(unit: &Unit, cur: &mut Cursor<'_>) -> Result<u128, ParseError> {
    let mut best: Option<ParseError> = None;
    for variant in unit.variants.iter().rev() {
        let mut attempt = cur.clone();
        match parse_layout::<u128>(variant, &mut attempt) {
            Ok(bits) => {
                attempt.skip_blanks();
                if attempt.peek().is_none_or(|c| c == ';') {
                    *cur = attempt;
                    return Ok(bits);
                }
                let e = attempt.expected("`;` or the end of the line");
                best = Some(further(best, e));
            }
            Err(e) => best = Some(further(best, e)),
        }
    }
    Err(best.unwrap_or_else(|| cur.expected("a unit")))
}

fn further(a: Option<ParseError>, b: ParseError) -> ParseError {
    match a {
        Some(a) if (a.line, a.col) >= (b.line, b.col) => a,
        _ => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_at_every_offset_and_width() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for width in 1..=128u32 {
            for bit in 0..64u32 {
                let value = (u128::from(next()) << 64 | u128::from(next())) & mask(width);
                let mut words = [0xdead_beefu32; 8];
                let before = words;
                write_bits(&mut words, bit, width, value);
                assert_eq!(read_bits(&words, bit, width), value, "width {width} bit {bit}");
                // Bits outside the field are kept.
                for b in (0..256).filter(|b| *b < bit || *b >= bit + width) {
                    let i = (b / 32) as usize;
                    assert_eq!(words[i] >> (b % 32) & 1, before[i] >> (b % 32) & 1, "bit {b}");
                }
            }
        }
    }

    /// The 64-bit reader agrees with the general one at every offset and
    /// width, including windows that run past the end of the slice.
    #[test]
    fn read_bits_u64_agrees_with_read_bits() {
        let words = [0x8765_4321u32, 0xfedc_ba98, 0x0f1e_2d3c, 0xa5a5_5a5a, 0xffff_ffff];
        for width in 1..=64u32 {
            for bit in 0..(words.len() as u32 * 32) {
                let expected = read_bits(&words, bit, width) as u64;
                assert_eq!(read_bits_u64(&words, bit, width), expected, "width {width} bit {bit}");
            }
        }
    }

    /// The first set bit at or after `from`, within a word and across
    /// words, and none past the last.
    #[test]
    fn first_set_bit_finds_the_next_one() {
        let words = [0b1010_0000u32, 0, 1 << 31, 0x0000_0100];
        assert_eq!(first_set_bit(&words, 0), Some(5));
        assert_eq!(first_set_bit(&words, 6), Some(7));
        assert_eq!(first_set_bit(&words, 8), Some(95));
        assert_eq!(first_set_bit(&words, 95), Some(95));
        assert_eq!(first_set_bit(&words, 96), Some(104));
        assert_eq!(first_set_bit(&words, 105), None);
        assert_eq!(first_set_bit(&[], 0), None);
    }

    /// Bytes as little-endian words; a cut word is an error at its offset,
    /// saying how many of its bytes are there.
    #[test]
    fn words_of_reads_whole_words_only() {
        assert_eq!(words_of(&[1, 0, 0, 0, 0, 1, 0, 0]).unwrap(), [1, 0x100]);
        for cut in 1..4 {
            let bytes = [0u8; 8 + 3];
            let err = words_of(&bytes[..8 + cut]).unwrap_err();
            assert_eq!(err.offset, Some(8), "{cut} bytes over");
            assert!(
                matches!(err.kind, crate::DecodeErrorKind::Truncated { needed: 4, available } if available == cut),
                "{cut}: {err:?}"
            );
        }
    }

    /// Of two parse errors, the one further into the text (a later line,
    /// or a later column of the same line; the first on a tie).
    #[test]
    fn further_keeps_the_error_further_in() {
        let at = |line: usize, col: usize, message: &str| ParseError {
            line,
            col,
            message: message.into(),
        };
        assert_eq!(further(None, at(1, 1, "b")).message, "b");
        assert_eq!(further(Some(at(2, 1, "a")), at(1, 9, "b")).message, "a");
        assert_eq!(further(Some(at(1, 3, "a")), at(1, 9, "b")).message, "b");
        assert_eq!(further(Some(at(1, 9, "a")), at(1, 9, "b")).message, "a");
    }

    #[test]
    fn words_for_rounds_up() {
        assert_eq!(words_for(0), 1);
        assert_eq!(words_for(1), 2);
        assert_eq!(words_for(32), 2);
        assert_eq!(words_for(33), 3);
        assert_eq!(words_for(107), 5);
    }
}
