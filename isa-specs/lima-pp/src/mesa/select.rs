//! Choosing a `text` group's alternative by table: the fields a group's
//! conditions read are few and narrow (a layout's op, three branch
//! flags), so the first alternative that holds is computed once for each
//! combination of their values and then looked up, instead of testing the
//! conditions in turn for every unit printed.

use isa_runtime::layout::{BitRange, Field, Format, NamedText};
use isa_runtime::BitWord;

/// The widest key (sum of the condition fields' widths) that gets a table.
const MAX_KEY_BITS: u32 = 12;

/// A key whose field values no word has (overlapping fields that
/// disagree): never looked up, tested in turn if it were.
const UNREACHABLE: u8 = u8::MAX;

/// One `text` group of a layout: its alternatives in spec order, and which
/// of them holds for each combination of the fields their conditions read.
pub(super) struct Group {
    alternatives: Vec<&'static NamedText>,
    /// The fields the conditions read, low bits of the key first.
    keys: Vec<&'static Field>,
    /// Their bit ranges in key order (a field's low bits first): the key
    /// is these bits of a word, concatenated.
    ranges: Vec<BitRange>,
    /// By key: 1 + the index of the first alternative that holds, 0 for
    /// none; empty when the key is wider than [`MAX_KEY_BITS`].
    table: Vec<u8>,
}

impl Group {
    /// The group of `alternatives` (spec order) of `format`, with its table.
    pub(super) fn new(format: &'static Format, alternatives: Vec<&'static NamedText>) -> Self {
        let mut keys: Vec<&'static Field> = Vec::new();
        for c in alternatives.iter().flat_map(|t| t.when) {
            let field = &format.fields[c.field];
            if !keys.iter().any(|k| core::ptr::eq(*k, field)) {
                keys.push(field);
            }
        }
        let ranges = keys.iter().flat_map(|f| f.ranges.iter().copied()).collect();
        let mut group = Group {
            alternatives,
            keys,
            ranges,
            table: Vec::new(),
        };
        let width: u32 = group.keys.iter().map(|f| f.width).sum();
        if width <= MAX_KEY_BITS && group.alternatives.len() < usize::from(UNREACHABLE) {
            group.table = (0..1u64 << width).map(|key| group.entry(format, key)).collect();
        }
        group
    }

    /// The table entry for `key`: a word with those field values, tested.
    fn entry(&self, format: &Format, key: u64) -> u8 {
        let mut bits = 0u128;
        let mut shift = 0;
        for f in &self.keys {
            f.write(&mut bits, 0, key >> shift & ((1 << f.width) - 1));
            shift += f.width;
        }
        if self.key(&bits) != key {
            return UNREACHABLE;
        }
        self.in_turn(format, &bits).map_or(0, |i| i as u8 + 1)
    }

    /// The values of the condition fields in `bits`, as one number.
    fn key(&self, bits: &u128) -> u64 {
        let (mut key, mut shift) = (0, 0);
        for r in &self.ranges {
            key |= bits.get(r.lo, r.width) << shift;
            shift += r.width;
        }
        key
    }

    /// The first alternative whose conditions hold, testing each.
    fn in_turn(&self, format: &Format, bits: &u128) -> Option<usize> {
        self.alternatives.iter().position(|t| t.holds(format, bits, 0))
    }

    /// The alternative that prints `bits` of `format`: the first whose
    /// conditions hold, or `None`.
    #[cfg(test)]
    pub(super) fn choose(&self, format: &Format, bits: &u128) -> Option<&'static NamedText> {
        self.choose_index(format, bits).map(|i| self.alternatives[i])
    }

    /// [`Group::choose`], as the alternative's index.
    pub(super) fn choose_index(&self, format: &Format, bits: &u128) -> Option<usize> {
        if self.table.is_empty() {
            return self.in_turn(format, bits);
        }
        match self.table.get(self.key(bits) as usize) {
            Some(0) => None,
            Some(&n) if n != UNREACHABLE => Some(usize::from(n) - 1),
            _ => self.in_turn(format, bits),
        }
    }

    /// The alternatives, in spec order.
    pub(super) fn alternatives(&self) -> &[&'static NamedText] {
        &self.alternatives
    }
}

#[cfg(test)]
mod tests {
    /// The table gives what testing the conditions in turn gives, for
    /// random bits of every layout's every group.
    #[test]
    fn table_and_tests_in_turn_agree() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut tabled = 0;
        for layout in super::super::print::all_layouts() {
            let format = layout.format;
            for group in &layout.groups {
                tabled += usize::from(!group.table.is_empty());
                for _ in 0..2_000 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let bits = u128::from(x) << 64 | u128::from(x.rotate_left(29));
                    let want = group.alternatives().iter().position(|t| t.holds(format, &bits, 0));
                    let got = group
                        .choose(format, &bits)
                        .map(|t| group.alternatives().iter().position(|a| core::ptr::eq(*a, t)));
                    assert_eq!(got, want.map(Some), "{}", format.name);
                }
            }
        }
        assert!(tabled > 10, "{tabled}");
    }
}
