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
    /// `{field?…}` / `{!field?…}`.
    Group {
        field: &'static Field,
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
        apply(&self.actions, bits, &mut implied, hooks);
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
            Piece::Hook(h) => out.push(Action::Hook(h, None)),
            Piece::Field {
                index,
                style: Style::Hook(h),
            } => {
                let field = &format.fields[index];
                if EXACT_HOOKS.contains(&h) {
                    copy(&mut out, mask_of(field));
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
                    when_set,
                    absent,
                    inner,
                });
            }
        }
    }
    out
}

fn apply(actions: &[Action], bits: u128, implied: &mut u128, hooks: &mut Hooks) {
    for a in actions {
        match a {
            Action::Copy(m) => *implied = *implied & !m | bits & m,
            Action::Hook(h, field) => read_back(h, *field, bits, implied, hooks),
            Action::Group {
                field,
                when_set,
                absent,
                inner,
            } => {
                let m = mask_of(field);
                *implied = *implied & !m | bits & m;
                if (field.read(&bits, 0) != 0) == *when_set {
                    apply(inner, bits, implied, hooks);
                } else if let Some(v) = absent {
                    field.write(implied, 0, *v);
                }
            }
        }
    }
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
