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

use isa_runtime::{Component, Swizzle};

use super::super::asm::{allocate, pinned_pick, DescNeed, MAX_OPDESCS};
use super::super::shbin::OpdescEntry;
use super::super::{fields, Instruction, OpDesc};

/// Replays picasso's allocation over the code: `uses[i]` is the descriptor
/// instruction `i` asks for (`None` for words emitted verbatim). When the
/// result is exactly `code` and `table`, returns for each instruction the
/// descriptor bits its text must keep: the bits it reads, and for the
/// instruction that created an entry also the bits nobody reads (they stay
/// as it wrote them). Other bits are overwritten or ignored.
pub(super) fn picasso_replay(code: &[u32], uses: &[Option<DescNeed>], table: &[OpdescEntry]) -> Option<Vec<u32>> {
    if table.len() > MAX_OPDESCS || table.iter().any(|e| e.extra != 0) {
        return None;
    }
    let mut needs: Vec<Option<DescNeed>> = uses.to_vec();
    needs.resize(code.len(), None);
    let alloc = allocate(&needs);
    if !alloc.errors.is_empty() || !alloc.table.iter().map(|&(d, _)| d).eq(table.iter().map(|e| e.desc)) {
        return None;
    }
    for ((&word, index), need) in code.iter().zip(&alloc.index).zip(&needs) {
        let (Some(index), Some(_)) = (index, need) else {
            continue;
        };
        let mut insn = Instruction::decode(word).ok()?;
        if !fields::set(&mut insn, "desc", *index as u64) || insn.encode() != word {
            return None;
        }
    }
    let mut keep: Vec<u32> = needs.iter().map(|n| n.map_or(0, |n| n.care)).collect();
    for (&creator, &(_, care)) in alloc.creators.iter().zip(&alloc.table) {
        keep[creator] |= !care;
    }
    Some(keep)
}

/// Whether `uses` replayed through picasso's allocation gives `code` and `table`.
pub(super) fn picasso_reproduces(code: &[u32], uses: &[Option<DescNeed>], table: &[OpdescEntry]) -> bool {
    picasso_replay(code, uses, table).is_some()
}

/// A descriptor with the source components `care` ignores chosen for
/// readability: the identity where the read components allow it, else each
/// repeating the next read component (the last one for trailing ones), so
/// that swizzles print short.
pub(super) fn tidy(value: u32, care: u32) -> u32 {
    let (Ok(mut d), Ok(c)) = (OpDesc::decode(value), OpDesc::decode(care)) else {
        return value;
    };
    for (sel, care) in [(&mut d.sel1, c.sel1), (&mut d.sel2, c.sel2), (&mut d.sel3, c.sel3)] {
        *sel = tidy_selector(*sel, care);
    }
    d.encode()
}

/// One source selector, tidied where `care` leaves components free.
fn tidy_selector(sel: Swizzle<true>, care: Swizzle<true>) -> Swizzle<true> {
    let read: [Option<Component>; 4] =
        std::array::from_fn(|i| (care.bits() >> Swizzle::<true>::shift_of(i) & 3 == 3).then(|| sel.get(i)));
    if read.iter().all(Option::is_none) {
        return sel;
    }
    // Several components read in place print as the identity; a single
    // one prints as itself (`r0.x`).
    let identity = read.iter().flatten().count() > 1
        && read
            .iter()
            .zip(Component::ALL)
            .all(|(c, own)| c.is_none_or(|c| c == own));
    let last_read = read.iter().rev().flatten().next().copied().unwrap_or(Component::X);
    let mut comps = Component::ALL;
    let mut next = None;
    for i in (0..4).rev() {
        comps[i] = match read[i] {
            Some(c) => {
                next = Some(c);
                c
            }
            None if identity => Component::ALL[i],
            None => next.unwrap_or(last_read),
        };
    }
    Swizzle::from_components(comps)
}

/// With the table pinned (`.raw_opdesc`), whether an instruction asking for
/// `want` picks entry `index` (the assembler's [`pinned_pick`]).
pub(super) fn pinned_pick_is(table: &[OpdescEntry], want: &DescNeed, index: usize) -> bool {
    pinned_pick(table, want) == Some(index)
}

#[cfg(test)]
mod tests {
    use super::super::super::asm::opdesc_need;
    use super::super::super::Reads;
    use super::*;

    fn entry(desc: u32) -> OpdescEntry {
        OpdescEntry { desc, extra: 0 }
    }

    /// What an instruction with a destination and `sources` sources asks
    /// of descriptor `value`.
    fn use_of(reads: Reads, value: u32, sources: usize) -> DescNeed {
        let d = OpDesc::decode(value).unwrap();
        let srcs = [(d.neg1, d.sel1), (d.neg2, d.sel2), (d.neg3, d.sel3)];
        opdesc_need(reads, Some(d.mask), &srcs[..sources], false)
    }

    #[test]
    fn unread_components_are_ignored() {
        // mov r0.x: only src1.x matters.
        let care = OpDesc::decode(use_of(Reads::Written, 0x0000_0368, 1).care).unwrap();
        assert_eq!(care.mask.bits(), 0xF);
        assert!(care.neg1);
        assert_eq!(care.sel1.to_string(), "wxxx", "x's two bits only");
        assert_eq!(care.sel2.bits(), 0);
    }

    #[test]
    fn sharing_and_widening() {
        // mov r0.x, r1 then mov r0.x, r1.xyyy share an entry.
        let code = [0x4c01_1000, 0x4c01_1000];
        let a = use_of(Reads::Written, 0x0000_0368, 1);
        let b = use_of(Reads::Written, 0x0000_0348, 1);
        let uses = [Some(a), Some(b)];
        assert!(picasso_reproduces(&code, &uses, &[entry(0x368)]));
        assert!(!picasso_reproduces(&code, &uses, &[entry(0x348)]));
    }

    #[test]
    fn tidy_swizzles() {
        let sel1 = |value: u32| OpDesc::decode(value).unwrap().sel1.to_string();
        // mov r0.w, c.yyyy sharing an entry that holds xxyy: only w is read.
        let want = use_of(Reads::Written, 0x1 | (0b00_00_01_01 << 5), 1);
        assert_eq!(sel1(tidy(want.desc, want.care)), "yyyy");
        // dp3 reads xyz; an identity read gives the identity.
        let want = use_of(Reads::Dp3, 0xF | (0b00_01_10_00 << 5), 2);
        assert_eq!(sel1(tidy(want.desc, want.care)), "xyzw");
    }

    #[test]
    fn pinned_tables_pick_the_first_agreeing_entry() {
        let table = [entry(0x368), entry(0x36F)];
        assert!(pinned_pick_is(&table, &use_of(Reads::Written, 0x36F, 1), 1));
        assert!(pinned_pick_is(&table, &use_of(Reads::Written, 0x368, 1), 0));
    }
}
