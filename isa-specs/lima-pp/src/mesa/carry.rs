//! How the `mesa` lines' hooks carry bits: the rules that
//! [`isa_runtime::carry::Carry`] needs to work out, once per line, what
//! reading a unit's text back gives (the `{raw …}` notes), and the memo of
//! the hooks whose reading is a function of a few field values.
//!
//! `@half` is C's `%f` of a float16 and `@varying_index` prints an index
//! by its alignment: their text does not carry their bits exactly, so each
//! is read back once per combination of its fields' values and kept.

use isa_runtime::carry::{Carry, CarryHooks, HookRules, Memo};

use super::hooks::Hooks;

/// The `mesa` hooks by how their text carries bits. Exact: the text gives
/// back exactly the bits of the hook's field and writes no other field
/// (the random round-trip tests and `static_notes_match_reading_back`
/// check the list). Text only: `@unit`, the unit's name. Pure: the hook's
/// text depends only on its field and the listed siblings. Every other
/// hook is printed and read back.
pub(super) static RULES: HookRules = HookRules {
    exact: &["sreg", "sdest", "swizzle", "mask", "outmod", "branch_target"],
    text_only: &["unit"],
    pure: &[
        ("half", &[]),
        ("varying_index", &["alignment", "offset_vector", "offset_scalar"]),
    ],
};

impl CarryHooks for Hooks {}

/// The bits that parsing `carry`'s line of `bits` gives, with this
/// thread's memo of the pure hooks.
pub(super) fn implied(carry: &Carry, bits: u128, hooks: &mut Hooks) -> u128 {
    thread_local! {
        static MEMO: core::cell::RefCell<Memo> = core::cell::RefCell::new(Memo::new(&RULES));
    }
    MEMO.with_borrow_mut(|memo| carry.implied(bits, hooks, memo))
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

    /// For every line with a memoized hook, and every combination of the
    /// values its memo is keyed by (all 2^16 halves, all 2^14 varying
    /// indices with their alignment and offset), the memo gives what
    /// reading the hook's text back gives.
    #[test]
    fn memoized_hooks_agree_with_reading_back_for_every_key() {
        let packed = super::super::packed();
        let mut checked = [0usize; 2];
        assert_eq!(RULES.pure.len(), checked.len());
        let mut memo = Memo::new(&RULES);
        for unit in packed.units {
            for &format in unit.variants {
                for t in text::dialect_texts(format, super::super::print::DIALECT) {
                    let carry = Carry::new(format, t, 0, &RULES);
                    for (k, &(hook, siblings)) in RULES.pure.iter().enumerate() {
                        let mut at = Vec::new();
                        hooked(t.pieces, hook, &mut at);
                        for index in at {
                            let mut fields = vec![&format.fields[index]];
                            fields.extend(siblings.iter().filter_map(|s| format.field(s)));
                            let width: u32 = fields.iter().map(|f| f.width).sum();
                            assert!(width <= Memo::KEY_BITS, "`{}` @{hook}: {width} bits", format.name);
                            for key in 0..1u64 << width {
                                let mut bits = 0u128;
                                let mut shift = 0;
                                for f in &fields {
                                    f.write(&mut bits, 0, key >> shift & ((1 << f.width) - 1));
                                    shift += f.width;
                                }
                                let mut hooks = Hooks::new(format, unit.name, 0);
                                let kept = carry.implied(bits, &mut hooks, &mut memo);
                                let read = carry.implied(bits, &mut hooks, &mut Memo::off(&RULES));
                                assert_eq!(kept, read, "`{}` @{hook} key {key:#x}", format.name);
                            }
                            checked[k] += 1;
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
