//! Operand descriptors: what each instruction needs, and picasso's table.
//!
//! An instruction needs some bits of a descriptor: the write mask (if it
//! has a destination) and the negate and selector of each source it has,
//! except selector components the operation never reads (a `dp3` ignores
//! `.w`, `rcp` reads only `.x`, a componentwise operation reads only the
//! components it writes). picasso gives each instruction the first table
//! entry that agrees on the bits both care about, then widens that entry;
//! otherwise it appends an entry. mad's descriptor index has 5 bits, so a
//! mad whose entry lands at 32 or above swaps it with the first entry below
//! 32 no mad uses, renumbering the instructions that used that one.
//!
//! With `.raw_opdesc` the table is given: each instruction takes the first
//! entry that agrees with it on every bit it cares about.

use isa_runtime::{Component, Mask, Swizzle, UInt};

use super::state::{Asm, DescNeed, Word};
use crate::pica::shbin::OpdescEntry;
use crate::pica::{OpDesc, Reads};

/// One source's descriptor bits: negate and selector.
pub(crate) type Src = (bool, Swizzle<true>);

/// The components of src1, src2 and src3 that an operation reading `reads`
/// ignores, given the destination components it writes: the selector bits
/// picasso's `optimizeOpdesc` drops. The assembler and the disassembler's
/// replay of picasso's table both use it.
pub(crate) fn unread(reads: Reads, write: Mask<true>) -> [[bool; 4]; 3] {
    let from = |first: usize| -> [bool; 4] { [0, 1, 2, 3].map(|i| i >= first) };
    let not_written = Component::ALL.map(|c| !write.has(c));
    let none = [false; 4];
    match reads {
        Reads::Written => [not_written, not_written, not_written],
        Reads::Dp3 => [from(3), from(3), none],
        Reads::Dph => [from(3), none, none],
        Reads::X => [from(1), none, none],
        Reads::Mova => {
            let mut u = from(2);
            u[0] = !write.has(Component::X);
            u[1] = !write.has(Component::Y);
            [u, none, none]
        }
        Reads::Xy => [from(2), none, none],
        Reads::All => [none, none, none],
    }
}

/// What an instruction needs. `mask` is `None` for cmp (no destination);
/// `srcs` are its sources in order.
pub(crate) fn need(reads: Reads, mask: Option<Mask<true>>, srcs: &[Src], mad: bool) -> DescNeed {
    let src = |i: usize| srcs.get(i).copied().unwrap_or((false, Swizzle::from_bits(0)));
    let write = mask.unwrap_or(Mask::from_bits(0));
    let desc = OpDesc {
        mask: write,
        neg1: src(0).0,
        sel1: src(0).1,
        neg2: src(1).0,
        sel2: src(1).1,
        neg3: src(2).0,
        sel3: src(2).1,
        unused: UInt::from_bits(0),
    };
    let [u1, u2, u3] = unread(reads, write);
    let care_sel = |present: bool, unused: [bool; 4]| -> Swizzle<true> {
        let mut bits = if present { 0xFF } else { 0 };
        for (i, &u) in unused.iter().enumerate() {
            if u {
                bits &= !(3u64 << Swizzle::<true>::shift_of(i));
            }
        }
        Swizzle::from_bits(bits)
    };
    let care = OpDesc {
        mask: Mask::from_bits(if mask.is_some() { 0xF } else { 0 }),
        neg1: !srcs.is_empty(),
        sel1: care_sel(!srcs.is_empty(), u1),
        neg2: srcs.len() > 1,
        sel2: care_sel(srcs.len() > 1, u2),
        neg3: srcs.len() > 2,
        sel3: care_sel(srcs.len() > 2, u3),
        unused: UInt::from_bits(0),
    };
    DescNeed {
        desc: desc.encode(),
        care: care.encode(),
        mad,
    }
}

/// The limit on table entries.
const MAX_OPDESCS: usize = 128;

/// picasso's growing table: each entry's descriptor and the bits pinned so far.
#[derive(Default)]
struct Table {
    entries: Vec<(u32, u32)>,
}

impl Table {
    fn find_or_add(&mut self, need: DescNeed) -> Option<usize> {
        for (i, (desc, pinned)) in self.entries.iter_mut().enumerate() {
            let both = need.care & *pinned;
            if need.desc & both == *desc & both {
                *desc = (*desc & !need.care) | (need.desc & need.care);
                *pinned |= need.care;
                return Some(i);
            }
        }
        if self.entries.len() == MAX_OPDESCS {
            return None;
        }
        self.entries.push((need.desc, need.care));
        Some(self.entries.len() - 1)
    }
}

impl Asm {
    /// Gives every instruction its descriptor index and returns the table.
    pub fn assign_opdescs(&mut self) -> Vec<OpdescEntry> {
        let assigned = match self.raw_opdescs.clone() {
            Some(raw) => {
                self.match_raw(&raw);
                return raw;
            }
            None => self.allocate(),
        };
        assigned
            .into_iter()
            .map(|(desc, _)| OpdescEntry { desc, extra: 0 })
            .collect()
    }

    /// picasso's allocation, in code order (the order picasso sees them).
    fn allocate(&mut self) -> Vec<(u32, u32)> {
        let mut table = Table::default();
        let mut mad_used = 0u32;
        let mut index: Vec<Option<usize>> = vec![None; self.code.len()];
        for at in 0..self.code.len() {
            let Some(need) = self.code[at].need else { continue };
            let Some(mut i) = table.find_or_add(need) else {
                let error = self.code[at]
                    .pos
                    .error(format!("too many operand descriptors (the limit is {MAX_OPDESCS})"));
                self.errors.push(error);
                continue;
            };
            if need.mad && i >= 32 {
                let Some(free) = (0..32).find(|&k| mad_used & (1 << k) == 0) else {
                    let error = self.code[at]
                        .pos
                        .error("no operand descriptor below 32 is left for this mad");
                    self.errors.push(error);
                    continue;
                };
                table.entries.swap(free, i);
                for (j, slot) in index.iter_mut().enumerate().take(at) {
                    let is_mad = self.code[j].need.is_some_and(|n| n.mad);
                    match *slot {
                        Some(k) if !is_mad && k == free => *slot = Some(i),
                        Some(k) if !is_mad && k == i => *slot = Some(free),
                        _ => {}
                    }
                }
                i = free;
            }
            if need.mad {
                mad_used |= 1 << i;
            }
            index[at] = Some(i);
        }
        for (at, i) in index.into_iter().enumerate() {
            if let Some(i) = i {
                set_desc(&mut self.code[at].word, i);
            }
        }
        table.entries
    }

    /// With `.raw_opdesc`: the first entry agreeing on every bit needed.
    fn match_raw(&mut self, raw: &[OpdescEntry]) {
        for at in 0..self.code.len() {
            let Some(need) = self.code[at].need else { continue };
            let limit = if need.mad { 32 } else { MAX_OPDESCS };
            let found = raw
                .iter()
                .take(limit)
                .position(|e| e.desc & need.care == need.desc & need.care);
            match found {
                Some(i) => set_desc(&mut self.code[at].word, i),
                None => {
                    let wanted = OpDesc::decode(need.desc).map(|d| d.to_string()).unwrap_or_default();
                    let error = self.code[at].pos.error(format!(
                        "no `.raw_opdesc` entry{} fits this instruction (it needs {wanted})",
                        if need.mad { " below 32" } else { "" }
                    ));
                    self.errors.push(error);
                }
            }
        }
    }
}

/// Sets the descriptor index of an instruction that has one (a `desc`
/// field in its format; it keeps its index when the new one does not fit).
fn set_desc(word: &mut Word, index: usize) {
    if let Word::Insn(insn) = word {
        crate::pica::fields::set(insn, "desc", index as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sw(s: &str) -> Swizzle<true> {
        super::super::operand::parse_swizzle(s).unwrap()
    }

    #[test]
    fn dp3_ignores_w() {
        let n = need(
            Reads::Dp3,
            Some(Mask::from_bits(0xF)),
            &[(false, sw("xyzw")), (false, sw("xyzw"))],
            false,
        );
        let care = OpDesc::decode(n.care).unwrap();
        assert_eq!(care.sel1.bits() & 3, 0);
        assert_eq!(care.sel2.bits() & 3, 0);
        assert_eq!(care.sel3.bits(), 0);
    }

    #[test]
    fn entries_are_shared_and_widened() {
        let mut t = Table::default();
        let mov_x = need(
            Reads::Written,
            Some(Mask::from_bits(0b1000)),
            &[(false, sw("xyzw"))],
            false,
        );
        let mov_y = need(
            Reads::Written,
            Some(Mask::from_bits(0b1000)),
            &[(false, sw("yyyy"))],
            false,
        );
        let add = need(
            Reads::Written,
            Some(Mask::from_bits(0b1000)),
            &[(false, sw("x")), (true, sw("x"))],
            false,
        );
        assert_eq!(t.find_or_add(mov_x), Some(0));
        assert_eq!(t.find_or_add(mov_y), Some(1));
        assert_eq!(t.find_or_add(add), Some(0));
        let d = OpDesc::decode(t.entries[0].0).unwrap();
        assert!(d.neg2);
    }
}
