//! Operand-descriptor allocation as picasso does it, replayed to check that
//! the printed swizzles give back the file's descriptor table.
//!
//! Facts from picasso (`picasso_assembler.cpp`): each instruction builds a
//! descriptor from its destination mask and source swizzles, with a mask of
//! the bits it cares about (components an operation never reads are left
//! out). It reuses the first table entry that agrees on the bits both care
//! about, widening that entry, or appends a new one. A `mad` whose entry lands
//! at index 32 or above swaps it with the first entry below 32 that no `mad`
//! uses, renumbering the instructions already emitted. With the table
//! pinned (`.raw_opdesc`), each instruction takes the first entry that
//! agrees on the bits it reads (isaforge's assembler).

use isa_runtime::Mask;

use super::super::asm::opdesc_unread;
use super::super::shbin::OpdescEntry;
use super::super::Reads;

/// picasso's limit on the table size.
const MAX_OPDESC: usize = 128;

/// Which descriptor fields an instruction form sets.
pub(super) mod fields {
    /// Destination mask and src1, src2, src3.
    pub const D123: u32 = 0x7FFF_FFFF;
    /// Destination mask, src1 and src2.
    pub const D12: u32 = 0x003F_FFFF;
    /// Destination mask and src1.
    pub const D1: u32 = 0x0000_1FFF;
    /// src1 and src2 (`cmp`).
    pub const S12: u32 = 0x003F_FFF0;
}

/// The descriptor an instruction's text asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OpdescUse {
    /// The descriptor built from the text (fields not written are 0).
    pub value: u32,
    /// The bits the instruction cares about (after picasso's optimisation).
    pub mask: u32,
    /// `mad`: the entry must end up below 32.
    pub mad: bool,
}

impl OpdescUse {
    /// The use of `value` by an instruction that reads `reads` (its spec
    /// attribute) and whose form sets the `fields` bits; `mad` for the
    /// forms whose index has 5 bits.
    pub(super) fn new(reads: Reads, mad: bool, value: u32, fields: u32) -> Self {
        OpdescUse {
            value,
            mask: care_mask(reads, value, fields),
            mad,
        }
    }

    fn agrees_with(&self, entry: u32, entry_mask: u32) -> bool {
        let both = self.mask & entry_mask;
        self.value & both == entry & both
    }
}

/// picasso's `optimizeOpdesc`: drops the selector bits of source components
/// the operation never reads (the assembler's rule, `unread`).
fn care_mask(reads: Reads, value: u32, fields: u32) -> u32 {
    let unread = opdesc_unread(reads, Mask::from_bits(u64::from(value & 0xF)));
    let selector = |u: [bool; 4]| -> u32 { (0..4).filter(|&i| u[i]).fold(0, |m, i| m | 3 << (6 - 2 * i)) };
    fields & !((selector(unread[0]) << 5) | (selector(unread[1]) << 14) | (selector(unread[2]) << 23))
}

/// The descriptor index field of `word`: 5 bits for `mad`/`madi`, else 7.
fn desc_bits(word: u32) -> u32 {
    if word >> 29 >= 6 {
        0x1F
    } else {
        0x7F
    }
}

/// picasso's table while it assembles.
#[derive(Default)]
struct Allocator {
    table: Vec<u32>,
    masks: Vec<u32>,
    mad_entries: u32,
}

impl Allocator {
    /// `findOrAddOpdesc`: `None` when the table is full.
    fn find_or_add(&mut self, want: &OpdescUse) -> Option<usize> {
        for (i, (entry, entry_mask)) in self.table.iter_mut().zip(self.masks.iter_mut()).enumerate() {
            if want.agrees_with(*entry, *entry_mask) {
                *entry = (*entry & !want.mask) | (want.value & want.mask);
                *entry_mask |= want.mask;
                return Some(i);
            }
        }
        if self.table.len() == MAX_OPDESC {
            return None;
        }
        self.table.push(want.value);
        self.masks.push(want.mask);
        Some(self.table.len() - 1)
    }

    /// `swapOpdesc`: exchanges two entries and renumbers the non-`mad`
    /// instructions emitted so far that use either (words written verbatim
    /// with `.word` keep their index).
    fn swap(&mut self, from: usize, to: usize, emitted: &mut [u32], uses: &[Option<OpdescUse>]) {
        self.table.swap(from, to);
        self.masks.swap(from, to);
        for (word, want) in emitted.iter_mut().zip(uses) {
            if want.is_some_and(|w| !w.mad) {
                let desc = (*word & 0x7F) as usize;
                let new = if desc == from {
                    to
                } else if desc == to {
                    from
                } else {
                    desc
                };
                *word = (*word & !0x7F) | new as u32;
            }
        }
    }
}

/// Replays picasso's allocation over the code: `uses[i]` is the descriptor
/// instruction `i` asks for (`None` for words emitted verbatim). When the
/// result is exactly `code` and `table`, returns for each instruction the
/// descriptor bits its text must keep: the bits it reads, and for the
/// instruction that created an entry also the bits nobody reads (they stay
/// as it wrote them). Other bits are overwritten or ignored.
pub(super) fn picasso_replay(code: &[u32], uses: &[Option<OpdescUse>], table: &[OpdescEntry]) -> Option<Vec<u32>> {
    if table.len() > MAX_OPDESC || table.iter().any(|e| e.extra != 0) {
        return None;
    }
    let mut keep = vec![0u32; code.len()];
    // The position that created each entry, kept in step with swaps.
    let mut creators: Vec<usize> = Vec::new();
    let mut alloc = Allocator::default();
    let mut emitted: Vec<u32> = Vec::with_capacity(code.len());
    for (i, &word) in code.iter().enumerate() {
        let Some(want) = uses.get(i).copied().flatten() else {
            emitted.push(word);
            continue;
        };
        keep[i] = want.mask;
        let mut index = alloc.find_or_add(&want)?;
        if index == creators.len() {
            creators.push(i);
        }
        if want.mad {
            if index >= 32 {
                let free = (0..32).find(|&j| alloc.mad_entries & (1 << j) == 0)?;
                alloc.swap(free, index, &mut emitted, uses);
                creators.swap(free, index);
                index = free;
            }
            alloc.mad_entries |= 1 << index;
        }
        let bits = desc_bits(word);
        emitted.push((word & !bits) | index as u32);
    }
    if emitted != code || !alloc.table.iter().eq(table.iter().map(|e| &e.desc)) {
        return None;
    }
    for (&creator, &mask) in creators.iter().zip(&alloc.masks) {
        keep[creator] |= !mask;
    }
    Some(keep)
}

/// Whether `uses` replayed through picasso's allocation gives `code` and `table`.
pub(super) fn picasso_reproduces(code: &[u32], uses: &[Option<OpdescUse>], table: &[OpdescEntry]) -> bool {
    picasso_replay(code, uses, table).is_some()
}

/// A descriptor with the source components `mask` ignores chosen for
/// readability: the identity where the read components allow it, else each
/// repeating the next read component (the last one for trailing ones), so
/// that swizzles print short.
pub(super) fn tidy(value: u32, mask: u32) -> u32 {
    let mut out = value;
    for shift in [5, 14, 23] {
        let sel = (value >> shift) & 0xFF;
        let care = (mask >> shift) & 0xFF;
        let read: Vec<Option<u32>> = (0..4)
            .map(|i| {
                let bits = 3 << (6 - 2 * i);
                (care & bits == bits).then_some((sel >> (6 - 2 * i)) & 3)
            })
            .collect();
        if read.iter().all(Option::is_none) {
            continue;
        }
        // Several components read in place print as the identity; a single
        // one prints as itself (`r0.x`).
        let identity =
            read.iter().flatten().count() > 1 && read.iter().enumerate().all(|(i, c)| c.is_none_or(|c| c == i as u32));
        let mut comps = [0u32; 4];
        let mut next = None;
        for i in (0..4).rev() {
            comps[i] = match read[i] {
                Some(c) => {
                    next = Some(c);
                    c
                }
                None if identity => i as u32,
                None => next.unwrap_or_else(|| read.iter().rev().flatten().next().copied().unwrap_or(0)),
            };
        }
        let tidy_sel = comps.iter().enumerate().fold(0, |s, (i, &c)| s | (c << (6 - 2 * i)));
        out = (out & !(0xFF << shift)) | (tidy_sel << shift);
    }
    out
}

/// With the table pinned (`.raw_opdesc`), whether an instruction asking for
/// `want` picks entry `index`: the first entry that agrees on its bits.
pub(super) fn pinned_pick_is(table: &[OpdescEntry], want: &OpdescUse, index: usize) -> bool {
    table
        .iter()
        .take(if want.mad { 32 } else { MAX_OPDESC })
        .position(|e| want.agrees_with(e.desc, u32::MAX))
        .is_some_and(|first| first == index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(desc: u32) -> OpdescEntry {
        OpdescEntry { desc, extra: 0 }
    }

    #[test]
    fn unread_components_are_ignored() {
        // mov r0.x: only src1.x matters.
        let want = OpdescUse::new(Reads::Written, false, 0x0000_0368, fields::D1);
        assert_eq!(want.mask, 0xF | 0x10 | (3 << 11));
        // dp3 ignores w of both sources.
        let want = OpdescUse::new(Reads::Dp3, false, 0x0000_036F, fields::D12);
        assert_eq!(want.mask & (3 << 5), 0);
        assert_eq!(want.mask & (3 << 14), 0);
    }

    #[test]
    fn sharing_and_widening() {
        // mov r0.x, r1 then mov r0.x, r1.xyyy share an entry.
        let code = [0x4c01_1000, 0x4c01_1000];
        let a = OpdescUse::new(Reads::Written, false, 0x0000_0368, fields::D1);
        let b = OpdescUse::new(Reads::Written, false, 0x0000_0348, fields::D1);
        let uses = [Some(a), Some(b)];
        assert!(picasso_reproduces(&code, &uses, &[entry(0x368)]));
        assert!(!picasso_reproduces(&code, &uses, &[entry(0x348)]));
    }

    #[test]
    fn tidy_swizzles() {
        // mov r0.w, c.yyyy sharing an entry that holds xxyy: only w is read.
        let want = OpdescUse::new(Reads::Written, false, 0x1 | (0b00_00_01_01 << 5), fields::D1);
        assert_eq!(tidy(want.value, want.mask) >> 5 & 0xFF, 0b01_01_01_01);
        // dp3 reads xyz; an identity read gives the identity.
        let want = OpdescUse::new(Reads::Dp3, false, 0xF | (0b00_01_10_00 << 5), fields::D12);
        assert_eq!(tidy(want.value, want.mask) >> 5 & 0xFF, 0b00_01_10_11);
    }

    #[test]
    fn pinned_tables_pick_the_first_agreeing_entry() {
        let table = [entry(0x368), entry(0x36F)];
        let want = OpdescUse::new(Reads::Written, false, 0x36F, fields::D1);
        assert!(pinned_pick_is(&table, &want, 1));
        let want = OpdescUse::new(Reads::Written, false, 0x368, fields::D1);
        assert!(pinned_pick_is(&table, &want, 0));
    }
}
