//! How the `mesa` lines' hooks carry bits: what reading back each hook's
//! text gives, for the generated `text_carry::carry` that works out, once
//! per unit, what reading the unit's text back gives (the `{raw …}` notes).
//!
//! Most hooks print exactly their field's bits, or a text that names no
//! field. `@half` is C's `%f` of a float16 and `@varying_index` prints an
//! index by its alignment: their text does not carry their bits exactly,
//! and what reading it back gives depends only on a few field values, so
//! it is worked out once per combination and kept. Every other hook is
//! printed and read back.

use isa_runtime::carry::{copy_field, read_back, CarryHooks, Memo};
use isa_runtime::layout::Field;

use super::hooks::Hooks;

/// Hooks whose text depends only on their field and the listed siblings
/// (at most [`Memo::KEY_BITS`] bits together), and whose reading writes
/// exactly those fields: what reading back gives is kept per combination.
const PURE: &[(&str, &[&str])] = &[
    ("half", &[]),
    ("varying_index", &["alignment", "offset_vector", "offset_scalar"]),
];

impl CarryHooks for Hooks {
    #[inline]
    fn carry_hook(
        &mut self,
        hook: &'static str,
        field: Option<(usize, &'static Field)>,
        bits: u128,
        implied: &mut u128,
    ) {
        let field = field.map(|(_, f)| f);
        // One `match` on the name the generated code passes.
        let slot = match hook {
            // The unit's name: a fixed text that writes no field.
            "unit" => return,
            // Hooks whose text gives back exactly the bits of their field
            // and writes no other field (the random round-trip tests and
            // `static_notes_match_reading_back` check it).
            "sreg" | "sdest" | "swizzle" | "mask" | "outmod" | "branch_target" => {
                if let Some(f) = field {
                    copy_field(f, bits, implied);
                    return;
                }
                None
            }
            _ => PURE.iter().position(|(h, _)| *h == hook),
        };
        if let Some(slot) = slot {
            if let Some((fields, n)) = field.and_then(|f| self.pure_fields(f, PURE[slot].1)) {
                thread_local! {
                    static MEMO: core::cell::RefCell<Memo> = core::cell::RefCell::new(Memo::new(PURE.len()));
                }
                MEMO.with_borrow_mut(|memo| read_pure(self, slot, &fields[..n], bits, implied, memo));
                return;
            }
        }
        read_back(self, hook, field, bits, implied);
    }
}

impl Hooks {
    /// `field` and the named siblings (the first `n` of the array), if the
    /// layout has them all and they fit a memo's key.
    fn pure_fields(&self, field: &'static Field, siblings: &[&str]) -> Option<([&'static Field; 4], usize)> {
        let mut fields = [field; 4];
        let n = 1 + siblings.len();
        for (slot, name) in fields.get_mut(1..n)?.iter_mut().zip(siblings) {
            *slot = self.sibling_field(name)?;
        }
        (fields[..n].iter().map(|f| f.width).sum::<u32>() <= Memo::KEY_BITS).then_some((fields, n))
    }
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

/// Writes into `implied` what reading back [`PURE`] hook `slot` (on
/// `fields[0]`, with its siblings after it) of `bits` gives, from `memo`
/// or by reading it back.
fn read_pure(
    hooks: &mut Hooks,
    slot: usize,
    fields: &[&'static Field],
    bits: u128,
    implied: &mut u128,
    memo: &mut Memo,
) {
    let back = memo.get_or(slot, pack(fields, &bits), || {
        let mut word = 0u128;
        read_back(hooks, PURE[slot].0, Some(fields[0]), bits, &mut word);
        pack(fields, &word)
    });
    let mut shift = 0;
    for f in fields {
        f.write(implied, 0, back >> shift & ((1 << f.width) - 1));
        shift += f.width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa_runtime::layout::{Piece, Style};
    use isa_runtime::text;

    /// The fields a line prints through hook `hook`.
    fn hooked(pieces: &'static [Piece], hook: &str, out: &mut Vec<usize>) {
        for p in pieces {
            match *p {
                Piece::Field {
                    index,
                    style: Style::Hook(h),
                } if h == hook => out.push(index),
                Piece::Group { pieces, .. } => hooked(pieces, hook, out),
                _ => {}
            }
        }
    }

    /// For every use of a memoized hook, and every combination of the
    /// values its memo is keyed by (all 2^16 halves, all 2^14 varying
    /// indices with their alignment and offset), the memo gives what
    /// reading the hook's text back gives.
    #[test]
    fn memoized_hooks_agree_with_reading_back_for_every_key() {
        let packed = super::super::packed();
        let mut checked = [0usize; PURE.len()];
        let mut memo = Memo::new(PURE.len());
        for unit in packed.units {
            for &format in unit.variants {
                for t in text::dialect_texts(format, super::super::print::DIALECT) {
                    for (slot, &(hook, siblings)) in PURE.iter().enumerate() {
                        let mut at = Vec::new();
                        hooked(t.pieces, hook, &mut at);
                        for index in at {
                            let mut hooks = Hooks::new(format, unit.name, 0);
                            let Some((fields, n)) = hooks.pure_fields(&format.fields[index], siblings) else {
                                panic!("`{}` @{hook}: a sibling is missing or the key is too wide", format.name);
                            };
                            let fields = &fields[..n];
                            let width: u32 = fields.iter().map(|f| f.width).sum();
                            for key in 0..1u64 << width {
                                let mut bits = 0u128;
                                let mut shift = 0;
                                for f in fields {
                                    f.write(&mut bits, 0, key >> shift & ((1 << f.width) - 1));
                                    shift += f.width;
                                }
                                // Ones where the reading starts: a field it leaves alone stays so.
                                let (mut kept, mut read) = (u128::MAX, u128::MAX);
                                read_pure(&mut hooks, slot, fields, bits, &mut kept, &mut memo);
                                read_pure(&mut hooks, slot, fields, bits, &mut read, &mut Memo::off(PURE.len()));
                                assert_eq!(kept, read, "`{}` @{hook} key {key:#x}", format.name);
                            }
                            checked[slot] += 1;
                        }
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
