//! What a `text` line carries: the bits that reading a line's text back
//! gives, worked out from the line instead of by printing the text and
//! parsing it.
//!
//! The macro generates, per ISA, `text_carry::carry`: for one line, what
//! parsing it writes (its `default`s, the fields its conditions pin
//! ([`pin`]), a copy of the bits of every field its text prints, its
//! optional groups) and, for its hooks, a call to the layer's
//! [`CarryHooks::carry_hook`], which knows what its own text gives back:
//! by default it prints the hook's few characters into a stack buffer and
//! reads them back ([`read_back`]); a hook whose reading is a function of a
//! few field values can keep it in a [`Memo`]. Where the result differs
//! from the word, the differing fields are what a lossless printer notes
//! beside the text (the Lima layers' `{raw …}`). Each layer checks its
//! carries against reading its printed text back, over random words.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::layout::Field;
use crate::lexer::Cursor;
use crate::text::TextHooks;
use crate::BitWord;

/// The hooks of a layer, as the generated `text_carry` asks them.
pub trait CarryHooks: TextHooks<u128> {
    /// Writes into `implied` what reading back the text that hook `hook`
    /// (of `field`, if the piece names one: its index in the format's
    /// fields and the field) prints for `bits` gives. By default it prints
    /// the text into a stack buffer and parses it.
    fn carry_hook(
        &mut self,
        hook: &'static str,
        field: Option<(usize, &'static Field)>,
        bits: u128,
        implied: &mut u128,
    ) {
        read_back(self, hook, field.map(|(_, f)| f), bits, implied);
    }
}

/// Text without hooks carries nothing through them.
impl CarryHooks for crate::text::NoHooks {}

/// Copies the bits of `field` from `bits` into `implied`: what reading
/// back a hook whose text carries exactly its field gives.
#[inline]
pub fn copy_field(field: &Field, bits: u128, implied: &mut u128) {
    match field.ranges {
        [r] => {
            let m = u128::from(crate::bits::low_mask(r.width)) << r.lo;
            *implied = *implied & !m | bits & m;
        }
        _ => field.write(implied, 0, field.read(&bits, 0)),
    }
}

/// Writes into `implied` what reading back float field `field` printed
/// with `decimals` decimals (`{field:.N}`) gives: its value in `bits`,
/// rounded to that many decimals and back to the field's type.
pub fn round_decimals(field: &'static Field, decimals: u8, bits: u128, implied: &mut u128) {
    let mut buf = Buf::default();
    let raw = field.read(&bits, 0);
    if crate::text::write_decimals(&mut buf, field.width, raw, decimals).is_err() {
        return;
    }
    let Ok(text) = core::str::from_utf8(&buf.bytes[..buf.len]) else {
        return;
    };
    let mut cur = Cursor::new(text);
    let mut value = 0u128;
    if crate::text::parse_styled(&mut cur, field, crate::layout::Style::Decimals(decimals), &mut value).is_ok() {
        field.write(implied, 0, field.read(&value, 0));
    }
}

/// Writes into `implied` what reading back `{field as VIEW}` (with
/// `decimals`) printed for `bits` gives: the view's low bits, printed and
/// read back (a rounded float included), and 0 above them.
pub fn view(field: &'static Field, view: crate::layout::View, decimals: Option<u8>, bits: u128, implied: &mut u128) {
    let mut buf = Buf::default();
    if crate::text::write_view(&mut buf, view, decimals, field.read(&bits, 0)).is_err() {
        return;
    }
    let Ok(text) = core::str::from_utf8(&buf.bytes[..buf.len]) else {
        return;
    };
    let mut cur = Cursor::new(text);
    let style = decimals.map_or(crate::layout::Style::Default, crate::layout::Style::Decimals);
    let mut value = 0u64;
    if crate::text::parse_styled(&mut cur, view.field(), style, &mut value).is_ok() {
        field.write(implied, 0, value);
    }
}

/// What parsing a line writes for a condition that pins a field (bits
/// `lo..lo + width` of `implied`): the field is (`equal`) or is not one
/// of `values`, and if that does not hold yet, the field becomes `value`
/// (see [`crate::text::parse_text`]). The generated `text_carry` calls it.
#[inline]
pub fn pin(implied: &mut u128, lo: u32, width: u32, values: &[u64], equal: bool, value: u64) {
    if values.contains(&implied.get(lo, width)) != equal {
        implied.set(lo, width, value);
    }
}

/// What reading back a layer's hooks gives, for hooks whose reading is a
/// function of a few field values (at most [`Memo::KEY_BITS`] bits
/// together): one table of 2^16 entries per hook (`slot`), filled as keys
/// occur. Zeroed memory is mapped by the system as it is touched, so a run
/// pays only for the pages of the keys it meets.
#[derive(Debug)]
pub struct Memo {
    enabled: bool,
    slots: usize,
    /// An entry is `KNOWN | result`, or 0 while unknown.
    tables: Vec<Vec<u32>>,
}

impl Memo {
    /// The widest key.
    pub const KEY_BITS: u32 = 16;
    const KNOWN: u32 = 1 << Self::KEY_BITS;

    /// An empty memo for `slots` hooks.
    pub fn new(slots: usize) -> Self {
        Memo {
            enabled: true,
            slots,
            tables: Vec::new(),
        }
    }

    /// A memo that keeps nothing: every lookup works its value out (the
    /// oracle of a memo in tests).
    pub fn off(slots: usize) -> Self {
        Memo {
            enabled: false,
            ..Memo::new(slots)
        }
    }

    /// The value kept for `key` (below 2^[`Memo::KEY_BITS`]) of hook
    /// `slot`, or `work()`'s, kept (its low 16 bits) for next time. A slot
    /// or key out of range is worked out every time.
    pub fn get_or(&mut self, slot: usize, key: u64, work: impl FnOnce() -> u64) -> u64 {
        let index = usize::try_from(key).ok().filter(|&k| k < 1 << Self::KEY_BITS);
        let (Some(index), true) = (index, self.enabled && slot < self.slots) else {
            return work();
        };
        if self.tables.is_empty() {
            self.tables = (0..self.slots).map(|_| vec![0u32; 1 << Self::KEY_BITS]).collect();
        }
        let entry = &mut self.tables[slot][index];
        if *entry & Self::KNOWN != 0 {
            return u64::from(*entry & (Self::KNOWN - 1));
        }
        let value = work();
        *entry = Self::KNOWN | (value as u32 & (Self::KNOWN - 1));
        value
    }
}

/// Prints hook `hook` of `bits` and reads it back into `implied`; a hook
/// that does not print, or whose text does not parse, writes nothing.
pub fn read_back<H: TextHooks<u128> + ?Sized>(
    hooks: &mut H,
    hook: &'static str,
    field: Option<&'static Field>,
    bits: u128,
    implied: &mut u128,
) {
    let mut buf = Buf::default();
    if hooks.write_hook(&mut buf, hook, field, &bits).is_err() {
        return;
    }
    let Ok(text) = core::str::from_utf8(&buf.bytes[..buf.len]) else {
        return;
    };
    let mut cur = Cursor::new(text);
    let _ = hooks.parse_hook(&mut cur, hook, field, implied);
}

/// Writes into `implied` what reading back line `text` of `format`, as
/// printed for `bits`, gives: the line is printed and parsed (the
/// generated `text_carry` does this for a line that prints a layout
/// through its own lines). A line that does not print, or does not read
/// back, writes nothing.
pub fn read_back_text<H: TextHooks<u128> + ?Sized>(
    format: &'static crate::layout::Format,
    text: &'static crate::layout::NamedText,
    bits: u128,
    implied: &mut u128,
    hooks: &mut H,
) {
    let mut line = alloc::string::String::new();
    if crate::text::write_text(&mut line, format, text, &bits, hooks).is_err() {
        return;
    }
    let mut cur = Cursor::new(&line);
    let mut word = *implied;
    if crate::text::parse_text(&mut cur, format, text, &mut word, hooks).is_ok() {
        *implied = word;
    }
}

/// A hook's text, on the stack (hooks print a few characters: a half's
/// `%f` is some 12 bytes).
struct Buf {
    bytes: [u8; 64],
    len: usize,
}

impl Default for Buf {
    fn default() -> Self {
        Buf { bytes: [0; 64], len: 0 }
    }
}

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end > self.bytes.len() {
            return Err(fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{BitRange, FieldKind};

    /// A field of two ranges: bits 4..=5 then 10..=11.
    static SPLIT: Field = Field {
        name: "split",
        doc: "",
        ranges: &[BitRange { lo: 4, width: 2 }, BitRange { lo: 10, width: 2 }],
        width: 4,
        kind: FieldKind::Unsigned,
    };
    static ONE: Field = Field {
        name: "one",
        doc: "",
        ranges: &[BitRange { lo: 100, width: 3 }],
        width: 3,
        kind: FieldKind::Unsigned,
    };

    #[test]
    fn copy_field_copies_exactly_the_fields_bits() {
        let bits = u128::MAX;
        let mut implied = 0;
        copy_field(&ONE, bits, &mut implied);
        assert_eq!(implied, 0b111 << 100);
        copy_field(&SPLIT, bits, &mut implied);
        assert_eq!(implied, 0b111 << 100 | 0b11 << 4 | 0b11 << 10);
        copy_field(&SPLIT, 0, &mut implied);
        assert_eq!(implied, 0b111 << 100);
        // Copying clears what the word does not have, and nothing else.
        let mut implied = u128::MAX;
        copy_field(&ONE, 0, &mut implied);
        assert_eq!(implied, !(0b111u128 << 100));
    }

    /// Hooks whose text is `<field's value>`: the default `carry_hook`
    /// prints it into the stack buffer and reads it back.
    struct Echo;

    impl TextHooks<u128> for Echo {
        fn write_hook(&mut self, out: &mut dyn Write, _: &str, field: Option<&Field>, word: &u128) -> fmt::Result {
            match field {
                Some(f) => write!(out, "<{}>", f.read(word, 0)),
                None => out.write_str("<>"),
            }
        }

        fn parse_hook<'a>(
            &mut self,
            cur: &mut Cursor<'a>,
            _: &str,
            field: Option<&Field>,
            word: &mut u128,
        ) -> Result<(), crate::text::TextError<'a>> {
            let open = cur.clone();
            if !cur.eat("<") {
                return Err(crate::text::TextError::expected(&open, "`<`"));
            }
            if let Some(f) = field {
                let v = cur.integer().ok().flatten().unwrap_or(0);
                f.write(word, 0, v as u64);
            }
            if cur.eat(">") {
                Ok(())
            } else {
                Err(crate::text::TextError::expected(cur, "`>`"))
            }
        }
    }

    impl CarryHooks for Echo {}

    /// A half float in bits 8..=23, and a 32-bit field in bits 40..=71.
    static HALF: Field = Field {
        name: "half",
        doc: "",
        ranges: &[BitRange { lo: 8, width: 16 }],
        width: 16,
        kind: FieldKind::Half,
    };
    static WIDE: Field = Field {
        name: "wide",
        doc: "",
        ranges: &[BitRange { lo: 40, width: 32 }],
        width: 32,
        kind: FieldKind::Unsigned,
    };

    #[test]
    fn a_float_printed_with_decimals_reads_back_rounded() {
        // 0x3c01 is 1.0009765625: `{half:.2}` prints `1.00`, which reads
        // back as 1.0 (0x3c00); every other bit of `implied` stays.
        let bits = 0x3c01u128 << 8;
        let mut implied = u128::MAX;
        round_decimals(&HALF, 2, bits, &mut implied);
        assert_eq!(implied, !(0xffffu128 << 8) | 0x3c00 << 8);
        // Enough decimals keep the value exactly.
        let mut implied = 0;
        round_decimals(&HALF, 10, bits, &mut implied);
        assert_eq!(implied, bits);
    }

    #[test]
    fn a_view_reads_back_its_low_bits_and_clears_the_rest() {
        // `{wide as f16:.2}` of 0xabcd_3c01: the low half prints `1.00`,
        // which reads back as 0x3c00, and the bits above the view are 0.
        let bits = 0xabcd_3c01u128 << 40;
        let mut implied = u128::MAX;
        view(&WIDE, crate::layout::View::F16, Some(2), bits, &mut implied);
        assert_eq!(implied, !(0xffff_ffffu128 << 40) | 0x3c00 << 40);
        // `{wide as s16}` of 0x1234_fffe prints `-2`: 0xfffe comes back.
        let mut implied = 0;
        view(
            &WIDE,
            crate::layout::View::S16,
            None,
            0x1234_fffeu128 << 40,
            &mut implied,
        );
        assert_eq!(implied, 0xfffeu128 << 40);
    }

    #[test]
    fn the_default_carry_reads_the_hooks_text_back() {
        // `split` is 0b1011: 0b11 in bits 4..=5, 0b10 in bits 10..=11.
        let bits = 0b11u128 << 4 | 0b10 << 10 | 1 << 127;
        let mut implied = 0u128;
        Echo.carry_hook("v", Some((0, &SPLIT)), bits, &mut implied);
        assert_eq!(SPLIT.read(&implied, 0), 0b1011);
        assert_eq!(implied, 0b11 << 4 | 0b10 << 10, "only the field's bits");
        // A hook whose text does not read back writes nothing.
        struct Mute;
        impl TextHooks<u128> for Mute {
            fn write_hook(&mut self, out: &mut dyn Write, _: &str, _: Option<&Field>, _: &u128) -> fmt::Result {
                out.write_str("?")
            }
            fn parse_hook<'a>(
                &mut self,
                cur: &mut Cursor<'a>,
                _: &str,
                _: Option<&Field>,
                _: &mut u128,
            ) -> Result<(), crate::text::TextError<'a>> {
                Err(crate::text::TextError::expected(cur, "nothing"))
            }
        }
        impl CarryHooks for Mute {}
        let mut implied = 0x55u128;
        Mute.carry_hook("v", Some((0, &SPLIT)), u128::MAX, &mut implied);
        assert_eq!(implied, 0x55);
    }

    /// A hook's text fits 64 bytes: exactly 64 do, 65 do not.
    #[test]
    fn the_stack_buffer_takes_64_bytes() {
        let mut buf = Buf::default();
        assert!(buf.write_str(&"x".repeat(63)).is_ok());
        assert!(buf.write_str("y").is_ok(), "the 64th byte fits");
        assert_eq!(buf.len, 64);
        assert!(buf.write_str("z").is_err(), "the 65th does not");
        let mut buf = Buf::default();
        assert!(buf.write_str(&"x".repeat(65)).is_err());
        assert_eq!(buf.len, 0);
    }

    #[test]
    fn pin_writes_only_when_the_condition_does_not_hold() {
        let mut w = 5u128 << 8;
        pin(&mut w, 8, 4, &[5, 6], true, 6);
        assert_eq!(w, 5 << 8, "5 is one of 5|6: kept");
        pin(&mut w, 8, 4, &[1, 2], true, 1);
        assert_eq!(w, 1 << 8, "not one of 1|2: the first is written");
        pin(&mut w, 8, 4, &[1], false, 0);
        assert_eq!(w, 0, "`!= 1` does not hold for 1: written");
        pin(&mut w, 8, 4, &[1], false, 0);
        assert_eq!(w, 0);
    }

    #[test]
    fn a_memo_works_a_key_out_once_and_an_off_memo_every_time() {
        let mut calls = 0;
        let mut memo = Memo::new(2);
        for _ in 0..3 {
            assert_eq!(
                memo.get_or(1, 0xffff, || {
                    calls += 1;
                    42
                }),
                42
            );
        }
        assert_eq!(calls, 1);
        // Another slot, a key past 16 bits, a slot past the memo's: worked out.
        assert_eq!(
            memo.get_or(0, 0xffff, || {
                calls += 1;
                7
            }),
            7
        );
        assert_eq!(
            memo.get_or(0, 1 << 16, || {
                calls += 1;
                8
            }),
            8
        );
        assert_eq!(
            memo.get_or(0, 1 << 16, || {
                calls += 1;
                8
            }),
            8
        );
        assert_eq!(
            memo.get_or(2, 0, || {
                calls += 1;
                9
            }),
            9
        );
        assert_eq!(calls, 5);
        let mut off = Memo::off(2);
        for _ in 0..3 {
            assert_eq!(
                off.get_or(1, 3, || {
                    calls += 1;
                    1
                }),
                1
            );
        }
        assert_eq!(calls, 8);
    }
}
