//! What each `mesa` line carries, decided once per line from the spec
//! rather than by reading the printed text back.
//!
//! Parsing a line ([`isa_runtime::text::parse_text`]) starts from the
//! layout's `fixed` bits, writes the line's `default`s, pins the fields its
//! conditions name to a single value, then reads each piece. For every
//! `mesa` line this module turns that into a [`Carry`]: the constant start
//! (fixed + defaults + pins) and, in template order, the fields whose bits
//! the text carries (copied from the word), the optional groups (present or
//! absent by the word, as the printer decides) and the hooks whose text
//! does not carry their field's bits exactly (`@half` is C's `%f`, indices
//! divide by the alignment, …): those print their few characters into a
//! stack buffer and read them back, one value, not the line. Applied to a
//! unit's bits, a `Carry` gives the bits the parser would give; the fields
//! where they differ are the `{raw …}` note.

use core::fmt::{self, Write};

use isa_runtime::layout::{Field, FieldKind, Format, NamedText, Piece, Style};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::TextHooks;

use super::hooks::Hooks;

/// Hooks whose text gives back exactly the bits of their field and write
/// no other field (the random round-trip tests and
/// `static_notes_match_reading_back` check the list).
const EXACT_HOOKS: &[&str] = &["sreg", "sdest", "swizzle", "mask", "outmod", "branch_target"];

/// Hooks that print a fixed text and write no field (`@unit`, the unit's
/// name): their text carries nothing to read back.
const TEXT_ONLY_HOOKS: &[&str] = &["unit"];

/// Hooks whose text depends only on the values of their field and the
/// listed siblings (at most 16 bits together), and whose reading writes
/// exactly those fields: what reading back gives is a function of those
/// values, worked out once per combination and kept (see [`memo`]).
/// `@half` is C's `%f` of a float16; `@varying_index` prints the index by
/// its alignment, with its offset register.
const PURE_HOOKS: &[(&str, &[&str])] = &[
    ("half", &[]),
    ("varying_index", &["alignment", "offset_vector", "offset_scalar"]),
];

/// What parsing one `mesa` line gives, as a function of the unit's bits.
pub(super) struct Carry {
    /// The layout's fixed bits, the line's defaults and its pinned fields.
    start: u128,
    actions: Vec<Action>,
}

enum Action {
    /// These bits are the word's.
    Copy(u128),
    /// A hook that does not carry its field exactly: printed and read back.
    Hook(&'static str, Option<&'static Field>),
    /// A [`PURE_HOOKS`] hook: its index there, and its field then the
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

fn mask_of(field: &Field) -> u128 {
    let mut m = 0u128;
    field.write(&mut m, 0, u64::MAX);
    m
}

impl Carry {
    /// The carry of line `text` of `format`, whose parse starts from `blank`.
    pub(super) fn new(format: &'static Format, text: &'static NamedText, blank: u128) -> Self {
        let mut start = blank;
        for &(field, value) in text.defaults {
            format.fields[field].write(&mut start, 0, value);
        }
        for c in text.when {
            let field = &format.fields[c.field];
            if c.holds(format, &start, 0)
                || c.named.is_some()
                || c.attr.is_some()
                || matches!(field.kind, FieldKind::Opcode)
            {
                continue;
            }
            if c.equal {
                if let Some(&v) = c.values.first() {
                    field.write(&mut start, 0, v);
                }
            } else if matches!(field.kind, FieldKind::Bool) {
                field.write(&mut start, 0, u64::from(!c.values.contains(&1)));
            }
        }
        let mut decided = Vec::new();
        let actions = actions(format, text.pieces, &mut decided);
        Carry { start, actions }
    }

    /// The bits parsing this line's text of `bits` gives.
    pub(super) fn implied(&self, bits: u128, hooks: &mut Hooks) -> u128 {
        let mut implied = self.start;
        apply(&self.actions, bits, &mut implied, hooks, true);
        implied
    }
}

fn actions(format: &'static Format, pieces: &'static [Piece], decided: &mut Vec<usize>) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::new();
    let copy = |out: &mut Vec<Action>, m: u128| match out.last_mut() {
        Some(Action::Copy(prev)) => *prev |= m,
        _ => out.push(Action::Copy(m)),
    };
    for piece in pieces {
        match *piece {
            Piece::Text(_) | Piece::Space => {}
            Piece::Hook(h) if TEXT_ONLY_HOOKS.contains(&h) => {}
            Piece::Hook(h) => out.push(Action::Hook(h, None)),
            Piece::Field {
                index,
                style: Style::Hook(h),
            } => {
                let field = &format.fields[index];
                if EXACT_HOOKS.contains(&h) {
                    copy(&mut out, mask_of(field));
                } else if let Some(pure) = pure(format, h, field) {
                    out.push(pure);
                } else {
                    out.push(Action::Hook(h, Some(field)));
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
                let inner = actions(format, pieces, decided);
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

/// Applies `actions`; with `memoize` false, a [`PURE_HOOKS`] hook is read
/// back every time (the oracle of the memo in the tests).
fn apply(actions: &[Action], bits: u128, implied: &mut u128, hooks: &mut Hooks, memoize: bool) {
    for a in actions {
        match a {
            Action::Copy(m) => *implied = *implied & !m | bits & m,
            Action::Hook(h, field) => read_back(h, *field, bits, implied, hooks),
            Action::Pure(index, fields) if !memoize => {
                read_back(PURE_HOOKS[*index].0, Some(fields[0]), bits, implied, hooks);
            }
            Action::Pure(index, fields) => {
                let key = pack(fields, &bits);
                let back = memo(*index, key, || {
                    let mut word = 0u128;
                    read_back(PURE_HOOKS[*index].0, Some(fields[0]), bits, &mut word, hooks);
                    pack(fields, &word)
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
                    apply(inner, bits, implied, hooks, memoize);
                } else if let Some(v) = absent {
                    field.write(implied, 0, *v);
                }
            }
        }
    }
}

/// The [`Action::Pure`] of hook `hook` on `field` of `format`, if the hook
/// is one of [`PURE_HOOKS`], the layout has its siblings, and the key fits.
fn pure(format: &'static Format, hook: &str, field: &'static Field) -> Option<Action> {
    let index = PURE_HOOKS.iter().position(|(h, _)| *h == hook)?;
    let mut fields = vec![field];
    for name in PURE_HOOKS[index].1 {
        fields.push(format.field(name)?);
    }
    (fields.iter().map(|f| f.width).sum::<u32>() <= KEY_BITS).then_some(Action::Pure(index, fields))
}

/// The widest memo key.
const KEY_BITS: u32 = 16;

/// The values of `fields` in `bits`, concatenated (the first lowest).
fn pack(fields: &[&Field], bits: &u128) -> u64 {
    let (mut key, mut shift) = (0, 0);
    for f in fields {
        key |= f.read(bits, 0) << shift;
        shift += f.width;
    }
    key
}

/// What reading back [`PURE_HOOKS`] hook number `hook` gives for the
/// packed values `key` (at most [`KEY_BITS`] bits): `read_back()` the first
/// time, then the kept result. One table of 2^16 entries per hook, filled
/// as keys occur.
fn memo(hook: usize, key: u64, read_back: impl FnOnce() -> u64) -> u64 {
    /// An entry is `KNOWN | result`, or 0 while unknown.
    const KNOWN: u32 = 1 << KEY_BITS;
    thread_local! {
        /// Per thread, so plain integers; `vec![0; …]` is zeroed memory the
        /// system maps as it is touched, so a run pays only for the pages
        /// of the keys it meets.
        static TABLES: core::cell::RefCell<Vec<Vec<u32>>> = const { core::cell::RefCell::new(Vec::new()) };
    }
    let known = TABLES.with_borrow(|tables| {
        tables
            .get(hook)
            .and_then(|t| t.get(usize::try_from(key).ok()?))
            .copied()
            .filter(|e| e & KNOWN != 0)
    });
    if let Some(e) = known {
        return u64::from(e & (KNOWN - 1));
    }
    let back = read_back();
    TABLES.with_borrow_mut(|tables| {
        if tables.is_empty() {
            *tables = PURE_HOOKS.iter().map(|_| vec![0u32; 1 << KEY_BITS]).collect();
        }
        if let Some(e) = tables.get_mut(hook).and_then(|t| t.get_mut(usize::try_from(key).ok()?)) {
            *e = KNOWN | (back as u32 & (KNOWN - 1));
        }
    });
    back
}

/// Prints hook `hook` of `bits` and reads it back into `implied`.
fn read_back(hook: &'static str, field: Option<&'static Field>, bits: u128, implied: &mut u128, hooks: &mut Hooks) {
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

/// A hook's text, on the stack (the longest is a half's `%f`, some 12
/// bytes, or a varying index with its offset).
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
    use isa_runtime::text;

    /// For every line with a memoized hook, and every combination of the
    /// values its memo is keyed by (all 2^16 halves, all 2^14 varying
    /// indices with their alignment and offset), the memo gives what
    /// reading the hook's text back gives.
    #[test]
    fn memoized_hooks_agree_with_reading_back_for_every_key() {
        let packed = super::super::packed();
        let mut checked = [0usize; PURE_HOOKS.len()];
        for unit in packed.units {
            for &format in unit.variants {
                for t in text::dialect_texts(format, super::super::print::DIALECT) {
                    let carry = Carry::new(format, t, 0);
                    for action in &carry.actions {
                        let Action::Pure(index, fields) = action else { continue };
                        let width: u32 = fields.iter().map(|f| f.width).sum();
                        for key in 0..1u64 << width {
                            let mut bits = 0u128;
                            let mut shift = 0;
                            for f in fields {
                                f.write(&mut bits, 0, key >> shift & ((1 << f.width) - 1));
                                shift += f.width;
                            }
                            let mut hooks = Hooks::new(format, unit.name, 0);
                            // Ones where the line starts: a field the reading leaves alone stays so.
                            let (mut memo, mut oracle) = (u128::MAX, u128::MAX);
                            apply(core::slice::from_ref(action), bits, &mut memo, &mut hooks, true);
                            apply(core::slice::from_ref(action), bits, &mut oracle, &mut hooks, false);
                            assert_eq!(memo, oracle, "`{}` @{} key {key:#x}", format.name, PURE_HOOKS[*index].0);
                        }
                        checked[*index] += 1;
                    }
                }
            }
        }
        assert!(
            checked.iter().all(|&n| n > 0),
            "a memoized hook is used nowhere: {checked:?}"
        );
    }
}
