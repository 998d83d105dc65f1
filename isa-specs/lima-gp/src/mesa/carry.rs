//! What an instruction's Mesa text carries: the word that reading the
//! printed lines back gives, worked out while printing them (each line's
//! generated `text_carry::carry` from the spec, this layer's hooks below)
//! instead of by parsing the text. Where it differs from the word, the differing fields
//! are the `{raw …}` note. The tests check it against reading the text
//! back, over random words and programs.

use isa_runtime::carry::CarryHooks;
use isa_runtime::layout::Field;

use super::ctx::{Ctx, Pending};
use super::*;

/// The bits of `field` (by index) copied from `from` into `to`.
#[inline]
fn copy(to: &mut u128, from: u128, index: usize) {
    set(to, index, get(from, index));
}

impl CarryHooks for Ctx {
    #[inline]
    fn carry_hook(
        &mut self,
        hook: &'static str,
        field: Option<(usize, &'static Field)>,
        word: u128,
        implied: &mut u128,
    ) {
        let ix = ix();
        let index = field.map(|(i, _)| i);
        let u = *self.fields(word);
        match hook {
            "src" | "src_or_0" | "src_or_1" => {
                let Some(index) = index else { return };
                let src = get(word, index);
                let comp = src & 3;
                // A register source prints its register's text; which
                // register that text reads is decided with the others'
                // (`resolve_registers`).
                let (attr, n) = match src {
                    0..=3 => (get(word, ix.register0_attr) != 0, get(word, ix.register0_addr)),
                    4..=7 => (false, get(word, ix.register1_addr)),
                    28..=31 => (
                        get(self.prev, ix.register0_attr) != 0,
                        get(self.prev, ix.register0_addr),
                    ),
                    _ => {
                        if (SRC_LOAD..SRC_LOAD + 4).contains(&src) {
                            copy(implied, word, ix.load_addr);
                            copy(implied, word, ix.load_offset);
                        }
                        copy(implied, word, index);
                        return;
                    }
                };
                self.pending.push(Pending {
                    field: index,
                    attr,
                    n,
                    comp,
                    at: (0, 0),
                });
            }
            // This instruction's pass result: no field.
            "pass_result" => {}
            "load_x" | "load_y" => {
                copy(implied, word, ix.load_addr);
                copy(implied, word, ix.load_offset);
            }
            "branch_target" => {
                let Some(index) = index else { return };
                let printed = self.printed_target(get(word, index), word);
                if printed > 511 {
                    // Past what the parser reads: the text does not read back.
                    self.unreadable = true;
                }
                set(implied, index, printed & 0xff);
                set(implied, ix.branch_target_lo, u64::from(printed < 0x100));
            }
            _ => {
                let Some(unit) = ctx::unit_of(hook) else { return };
                for store in 0..2 {
                    let slots = [ix.store_src[2 * store], ix.store_src[2 * store + 1]];
                    let hits = u.hits(store, unit);
                    if !hits.contains(&true) {
                        continue;
                    }
                    for (slot, hit) in slots.into_iter().zip(hits) {
                        if hit {
                            set(implied, slot, STORE_SRC[unit]);
                        }
                    }
                    let temp = u.store_temp[store];
                    set(implied, ix.store_temp[store], u64::from(temp));
                    if temp {
                        // `/t[addr0]` says nothing of varying or address.
                        set(implied, ix.store_varying[store], 0);
                    } else {
                        set(implied, ix.store_varying[store], u64::from(u.store_varying[store]));
                        set(implied, ix.store_addr[store], u.store_addr[store]);
                    }
                }
                if unit == 5 {
                    let op = u.complex_op;
                    if (COMPLEX_TEMP_STORE_ADDR..COMPLEX_TEMP_STORE_ADDR + 4).contains(&op) {
                        set(implied, ix.complex_op, op);
                    }
                }
            }
        }
    }
}

/// What reading back the text [`super::mesa_text`] prints for `word` gives:
/// each printed line's carry, in print order, then the register sources
/// resolved as the parser resolves them; [`blank`] if the text would not
/// read back at all.
#[inline]
pub(super) fn finish(ctx: &mut Ctx, mut implied: u128) -> u128 {
    if ctx.unreadable || ctx.resolve_registers(&mut implied).is_err() {
        return blank();
    }
    implied
}
