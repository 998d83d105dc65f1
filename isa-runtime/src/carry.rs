//! What a `text` line carries: the bits that reading a line's text back
//! gives, worked out from the line's pieces instead of by printing the text
//! and parsing it.
//!
//! Parsing a line ([`crate::text::parse_text`]) starts from the caller's
//! blank bits, writes the line's `default`s, pins the fields its conditions
//! name to a single value, then reads each piece. [`Carry::new`] turns
//! that into a constant start (blank + defaults + pins) and, in template
//! order, the fields whose bits the text carries (copied from the word),
//! the optional groups (present or absent by the word, as the printer
//! decides) and the hooks. What a hook's text gives back is the caller's
//! to say, per hook, through [`HookRules`] (exact, text only, or a pure
//! function of a few fields, memoized in a [`Memo`]) or
//! [`CarryHooks::carry_hook`] (by default: print the hook's few characters
//! into a stack buffer and read them back, one value, not the line).
//!
//! Applied to a word, a `Carry` gives the bits the parser would give; the
//! fields where they differ from the word are what a lossless printer
//! notes beside the text (the Lima layers' `{raw …}`). Each layer checks
//! its carries against reading its printed text back, over random words.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::layout::{Cond, Field, FieldKind, Format, NamedText, Piece, Style};
use crate::lexer::Cursor;
use crate::text::{self, TextHooks};
use crate::BitWord;

/// How a layer's hooks carry bits, by hook name. A hook in none of the
/// lists goes to [`CarryHooks::carry_hook`].
#[derive(Debug)]
pub struct HookRules {
    /// Hooks whose text gives back exactly the bits of their field and
    /// writes no other field.
    pub exact: &'static [&'static str],
    /// Hooks that print a text that writes no field when read.
    pub text_only: &'static [&'static str],
    /// Hooks whose text depends only on their field and the listed sibling
    /// fields (at most [`Memo::KEY_BITS`] bits together), and whose reading
    /// writes exactly those fields: what reading back gives is a function
    /// of those values, read back once per combination and kept in a
    /// [`Memo`].
    pub pure: &'static [(&'static str, &'static [&'static str])],
}

/// The hooks of a layer, as [`Carry`] asks them.
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

/// What parsing one `text` line gives, as a function of the word's bits
/// (formats of up to 128 bits).
#[derive(Debug)]
pub struct Carry {
    format: &'static Format,
    /// The blank bits, the line's defaults and its pinned fields.
    start: u128,
    /// The line's defaults, for [`Carry::apply`] (which starts from what
    /// earlier lines gave, not from blank bits).
    defaults: &'static [(usize, u64)],
    /// The conditions that may pin a value (see [`text::pin`]), for
    /// [`Carry::apply`].
    pins: Vec<&'static Cond>,
    actions: Vec<Action>,
}

#[derive(Debug)]
enum Action {
    /// These bits are the word's.
    Copy(u128),
    /// A hook the layer works out ([`CarryHooks::carry_hook`]), with its
    /// field's index and the field.
    Hook(&'static str, Option<(usize, &'static Field)>),
    /// A [`HookRules::pure`] hook: its index there, and its field then the
    /// siblings (the memo's key, low bits first, and what it writes).
    Pure(usize, Vec<&'static Field>),
    /// `{field?…}` / `{!field?…}`.
    Group {
        field: &'static Field,
        /// The field's bits.
        mask: u128,
        when_set: bool,
        /// What the parser writes to the field when the group is absent,
        /// where that is not the word's value (a multi-bit `{!f?…}`).
        absent: Option<u64>,
        inner: Vec<Action>,
    },
}

/// The bits of `field` in a word.
fn mask_of(field: &Field) -> u128 {
    let mut m = 0u128;
    field.write(&mut m, 0, u64::MAX);
    m
}

impl Carry {
    /// The carry of line `text` of `format`, whose parse starts from
    /// `blank`, with the layer's hooks classified by `rules`.
    pub fn new(format: &'static Format, text: &'static NamedText, blank: u128, rules: &'static HookRules) -> Self {
        let mut start = blank;
        text::pin(format, text, &mut start);
        let mut decided = Vec::new();
        let actions = actions(format, text.pieces, rules, &mut decided);
        let pins = text.when.iter().filter(|c| text::pins(format, c)).collect();
        Carry {
            format,
            start,
            defaults: text.defaults,
            pins,
            actions,
        }
    }

    /// The bits that parsing this line's text of `bits` gives, the line
    /// starting from its blank bits.
    pub fn implied<H: CarryHooks + ?Sized>(&self, bits: u128, hooks: &mut H, memo: &mut Memo) -> u128 {
        let mut implied = self.start;
        self.apply(bits, &mut implied, hooks, memo);
        implied
    }

    /// Parses this line's text of `bits` on top of `implied` (which holds
    /// what the instruction's earlier lines gave): the line's start bits
    /// where the line pins or defaults a field, then its pieces.
    pub fn apply<H: CarryHooks + ?Sized>(&self, bits: u128, implied: &mut u128, hooks: &mut H, memo: &mut Memo) {
        for &(field, value) in self.defaults {
            self.format.fields[field].write(implied, 0, value);
        }
        for c in &self.pins {
            text::pin_one(self.format, c, implied);
        }
        apply(&self.actions, bits, implied, hooks, memo);
    }

    /// The start bits: the blank bits, the line's defaults and its pinned
    /// fields.
    pub fn start(&self) -> u128 {
        self.start
    }
}

fn actions(
    format: &'static Format,
    pieces: &'static [Piece],
    rules: &'static HookRules,
    decided: &mut Vec<usize>,
) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    let copy = |out: &mut Vec<Action>, m: u128| match out.last_mut() {
        Some(Action::Copy(prev)) => *prev |= m,
        _ => out.push(Action::Copy(m)),
    };
    for piece in pieces {
        match *piece {
            Piece::Text(_) | Piece::Space => {}
            Piece::Hook(h) if rules.text_only.contains(&h) => {}
            Piece::Hook(h) => out.push(Action::Hook(h, None)),
            Piece::Field {
                index,
                style: Style::Hook(h),
            } => {
                let field = &format.fields[index];
                if rules.exact.contains(&h) {
                    copy(&mut out, mask_of(field));
                } else if rules.text_only.contains(&h) {
                } else if let Some(pure) = pure(format, rules, h, field) {
                    out.push(pure);
                } else {
                    out.push(Action::Hook(h, Some((index, field))));
                }
            }
            Piece::Field { index, .. } => {
                decided.push(index);
                copy(&mut out, mask_of(&format.fields[index]));
            }
            Piece::Group {
                index,
                when_set,
                pieces,
            } => {
                let field = &format.fields[index];
                let known = decided.contains(&index);
                decided.push(index);
                let multi_bit = !matches!(field.kind, FieldKind::Bool);
                let absent = (!known && multi_bit && !when_set).then_some(1);
                let inner = actions(format, pieces, rules, decided);
                out.push(Action::Group {
                    field,
                    mask: mask_of(field),
                    when_set,
                    absent,
                    inner,
                });
            }
        }
    }
    out
}

fn apply<H: CarryHooks + ?Sized>(actions: &[Action], bits: u128, implied: &mut u128, hooks: &mut H, memo: &mut Memo) {
    for a in actions {
        match a {
            Action::Copy(m) => *implied = *implied & !m | bits & m,
            Action::Hook(h, field) => hooks.carry_hook(h, *field, bits, implied),
            Action::Pure(index, fields) => {
                let hook = memo.rules.pure[*index].0;
                if !memo.enabled {
                    read_back(hooks, hook, Some(fields[0]), bits, implied);
                    continue;
                }
                let key = pack(fields, &bits);
                let back = memo.get(*index, key).unwrap_or_else(|| {
                    let mut word = 0u128;
                    read_back(hooks, hook, Some(fields[0]), bits, &mut word);
                    let back = pack(fields, &word);
                    memo.put(*index, key, back);
                    back
                });
                let mut shift = 0;
                for f in fields {
                    f.write(implied, 0, back >> shift & ((1 << f.width) - 1));
                    shift += f.width;
                }
            }
            Action::Group {
                field,
                mask,
                when_set,
                absent,
                inner,
            } => {
                *implied = *implied & !mask | bits & mask;
                if (bits & mask != 0) == *when_set {
                    apply(inner, bits, implied, hooks, memo);
                } else if let Some(v) = absent {
                    field.write(implied, 0, *v);
                }
            }
        }
    }
}

/// The [`Action::Pure`] of hook `hook` on `field` of `format`, if the hook
/// is one of the rules' pure hooks, the layout has its siblings, and the
/// key fits.
fn pure(format: &'static Format, rules: &HookRules, hook: &str, field: &'static Field) -> Option<Action> {
    let index = rules.pure.iter().position(|(h, _)| *h == hook)?;
    let mut fields = vec![field];
    for name in rules.pure[index].1 {
        fields.push(format.field(name)?);
    }
    (fields.iter().map(|f| f.width).sum::<u32>() <= Memo::KEY_BITS).then_some(Action::Pure(index, fields))
}

/// The values of `fields` in `bits`, concatenated (the first lowest).
fn pack(fields: &[&Field], bits: &u128) -> u64 {
    let (mut key, mut shift) = (0, 0);
    for f in fields {
        key |= f.read(bits, 0) << shift;
        shift += f.width;
    }
    key
}

/// What reading back each [`HookRules::pure`] hook gives, by the packed
/// values of its fields: one table of 2^16 entries per hook, filled as
/// keys occur. Zeroed memory is mapped by the system as it is touched, so
/// a run pays only for the pages of the keys it meets.
#[derive(Debug)]
pub struct Memo {
    rules: &'static HookRules,
    enabled: bool,
    /// An entry is `KNOWN | result`, or 0 while unknown.
    tables: Vec<Vec<u32>>,
}

impl Memo {
    /// The widest key: the fields of a pure hook take at most this many
    /// bits together.
    pub const KEY_BITS: u32 = 16;
    const KNOWN: u32 = 1 << Self::KEY_BITS;

    /// An empty memo for the pure hooks of `rules`.
    pub fn new(rules: &'static HookRules) -> Self {
        Memo {
            rules,
            enabled: true,
            tables: Vec::new(),
        }
    }

    /// A memo that keeps nothing: every pure hook is read back each time
    /// (the oracle of the memo in tests).
    pub fn off(rules: &'static HookRules) -> Self {
        Memo {
            enabled: false,
            ..Memo::new(rules)
        }
    }

    fn get(&self, hook: usize, key: u64) -> Option<u64> {
        let e = *self.tables.get(hook)?.get(usize::try_from(key).ok()?)?;
        (e & Self::KNOWN != 0).then_some(u64::from(e & (Self::KNOWN - 1)))
    }

    fn put(&mut self, hook: usize, key: u64, back: u64) {
        if self.tables.is_empty() {
            self.tables = self
                .rules
                .pure
                .iter()
                .map(|_| vec![0u32; 1 << Self::KEY_BITS])
                .collect();
        }
        if let Some(e) = self
            .tables
            .get_mut(hook)
            .and_then(|t| t.get_mut(usize::try_from(key).ok()?))
        {
            *e = Self::KNOWN | (back as u32 & (Self::KNOWN - 1));
        }
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
