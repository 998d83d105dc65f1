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
use crate::shbin::OpdescEntry;
use crate::{OpDesc, Reads};

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

/// picasso's limit on table entries.
pub(crate) const MAX_OPDESCS: usize = 128;

/// The entries an instruction whose index field is short (mad's 5 bits)
/// can address.
pub(crate) const SHORT_INDEX_ENTRIES: usize = 32;

/// picasso's growing table: each entry's descriptor and the bits pinned so far.
#[derive(Default)]
struct Table {
    entries: Vec<(u32, u32)>,
}

impl Table {
    /// `findOrAddOpdesc`: the first entry that agrees on the bits both care
    /// about, widened; else a new entry (`None` when the table is full).
    fn find_or_add(&mut self, need: DescNeed) -> Option<usize> {
        for (i, (desc, pinned)) in self.entries.iter_mut().enumerate() {
            if need.agrees(*desc, *pinned) {
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

/// Why picasso's allocation gave an instruction no entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AllocError {
    /// The table has [`MAX_OPDESCS`] entries already.
    Full,
    /// A mad needs an entry below 32, and mads use all of them.
    NoShortEntry,
}

/// picasso's allocation over a program's instructions in code order.
pub(crate) struct Allocation {
    /// Each instruction's entry (`None` without a need, or on an error).
    pub index: Vec<Option<usize>>,
    /// The table: each entry's descriptor and the bits someone cares about.
    pub table: Vec<(u32, u32)>,
    /// For each entry, the instruction that created it.
    pub creators: Vec<usize>,
    /// The instructions that got no entry, and why.
    pub errors: Vec<(usize, AllocError)>,
}

/// picasso's allocation (`findOrAddOpdesc`, then `swapOpdesc` for a mad
/// whose entry lands at 32 or above: it takes the first entry below 32 no
/// mad uses, renumbering the non-mad instructions already placed).
pub(crate) fn allocate(needs: &[Option<DescNeed>]) -> Allocation {
    let mut table = Table::default();
    let mut short_used = 0u32;
    let mut out = Allocation {
        index: vec![None; needs.len()],
        table: Vec::new(),
        creators: Vec::new(),
        errors: Vec::new(),
    };
    for (at, need) in needs.iter().enumerate() {
        let Some(need) = *need else { continue };
        let Some(mut i) = table.find_or_add(need) else {
            out.errors.push((at, AllocError::Full));
            continue;
        };
        if i == out.creators.len() {
            out.creators.push(at);
        }
        if need.mad && i >= SHORT_INDEX_ENTRIES {
            let Some(free) = (0..SHORT_INDEX_ENTRIES).find(|&k| short_used & (1 << k) == 0) else {
                out.errors.push((at, AllocError::NoShortEntry));
                continue;
            };
            table.entries.swap(free, i);
            out.creators.swap(free, i);
            for (j, slot) in out.index.iter_mut().enumerate().take(at) {
                let long = needs[j].is_some_and(|n| !n.mad);
                match *slot {
                    Some(k) if long && k == free => *slot = Some(i),
                    Some(k) if long && k == i => *slot = Some(free),
                    _ => {}
                }
            }
            i = free;
        }
        if need.mad {
            short_used |= 1 << i;
        }
        out.index[at] = Some(i);
    }
    out.table = table.entries;
    out
}

impl Asm {
    /// Gives every instruction its descriptor index and returns the table.
    pub fn assign_opdescs(&mut self) -> Vec<OpdescEntry> {
        if let Some(raw) = self.raw_opdescs.clone() {
            self.match_raw(&raw);
            return raw;
        }
        let needs: Vec<Option<DescNeed>> = self.code.iter().map(|slot| slot.need).collect();
        let alloc = allocate(&needs);
        for (at, error) in alloc.errors {
            let message = match error {
                AllocError::Full => format!("too many operand descriptors (the limit is {MAX_OPDESCS})"),
                AllocError::NoShortEntry => "no operand descriptor below 32 is left for this mad".to_owned(),
            };
            let error = self.code[at].pos.error(message);
            self.errors.push(error);
        }
        for (at, i) in alloc.index.into_iter().enumerate() {
            if let Some(i) = i {
                set_desc(&mut self.code[at].word, i);
            }
        }
        alloc
            .table
            .into_iter()
            .map(|(desc, _)| OpdescEntry { desc, extra: 0 })
            .collect()
    }

    /// With `.raw_opdesc`: the first entry agreeing on every bit needed.
    fn match_raw(&mut self, raw: &[OpdescEntry]) {
        for at in 0..self.code.len() {
            let Some(need) = self.code[at].need else { continue };
            match pinned_pick(raw, &need) {
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

/// With the table pinned (`.raw_opdesc`): the entry an instruction that
/// needs `need` takes, the first its index reaches that agrees with it on
/// every bit it cares about.
pub(crate) fn pinned_pick(table: &[OpdescEntry], need: &DescNeed) -> Option<usize> {
    let limit = if need.mad { SHORT_INDEX_ENTRIES } else { MAX_OPDESCS };
    table.iter().take(limit).position(|e| need.agrees(e.desc, u32::MAX))
}

/// Sets the descriptor index of an instruction that has one (a `desc`
/// field in its format; it keeps its index when the new one does not fit).
fn set_desc(word: &mut Word, index: usize) {
    if let Word::Insn(insn) = word {
        crate::fields::set(insn, "desc", index as u64);
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
