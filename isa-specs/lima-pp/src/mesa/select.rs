//! Choosing a `text` group's alternative with the generated selector
//! (`crate::text_writers::select`, the spec's conditions compiled to field
//! reads and comparisons), mapped back to the group's alternatives.

use isa_runtime::layout::{Format, NamedText};

use crate::text_writers;

/// One `text` group of a layout: where the generated code knows it and its
/// alternatives.
pub(super) struct Group {
    /// The alternatives, in spec order (the tests test them in turn).
    #[cfg(test)]
    alternatives: Vec<&'static NamedText>,
    /// The layout's index in `LAYOUT.formats`.
    format: usize,
    /// The group's index in `text_writers::GROUPS[format]`.
    group: usize,
    /// By index in the layout's `texts`: the line's place among
    /// `alternatives` (lines of other groups are never chosen here).
    places: Vec<usize>,
}

impl Group {
    /// The group of `alternatives` (spec order, one dialect and group) of
    /// `format`, the layout at index `index` of `LAYOUT.formats`.
    pub(super) fn new(format: &'static Format, index: usize, alternatives: Vec<&'static NamedText>) -> Self {
        let first = alternatives.first().map_or(("", ""), |t| (t.dialect, t.name));
        let group = text_writers::group(index, first.0, first.1);
        let places = format
            .texts
            .iter()
            .map(|t| {
                alternatives
                    .iter()
                    .position(|a| core::ptr::eq(*a, t))
                    .unwrap_or(usize::MAX)
            })
            .collect();
        Group {
            #[cfg(test)]
            alternatives,
            format: index,
            // A group the generated code lacks chooses nothing (a test
            // checks that every group is found).
            group: group.unwrap_or(usize::MAX),
            places,
        }
    }

    /// The alternative that prints `bits`: its index in the layout's
    /// `texts` (what `text_writers::write` takes) and among the group's
    /// alternatives, or `None`.
    #[inline]
    pub(super) fn choose(&self, bits: &u128) -> Option<(usize, usize)> {
        let text = text_writers::select(self.format, self.group, bits)?;
        Some((text, *self.places.get(text)?))
    }

    /// [`Group::choose`], as the alternative's place in the group.
    pub(super) fn choose_index(&self, bits: &u128) -> Option<usize> {
        self.choose(bits).map(|(_, place)| place)
    }

    /// The alternatives, in spec order.
    #[cfg(test)]
    pub(super) fn alternatives(&self) -> &[&'static NamedText] {
        &self.alternatives
    }

    /// The layout's index in `LAYOUT.formats`.
    pub(super) fn format(&self) -> usize {
        self.format
    }
}

#[cfg(test)]
mod tests {
    /// Every `mesa` group of every layout is one the generated code knows,
    /// and its choice is what testing the conditions in turn gives, for
    /// random bits.
    #[test]
    fn generated_choice_and_tests_in_turn_agree() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut groups = 0;
        for layout in super::super::print::all_layouts() {
            let format = layout.format;
            for group in &layout.groups {
                groups += 1;
                assert_ne!(
                    group.group,
                    usize::MAX,
                    "{}: a group the generated code lacks",
                    format.name
                );
                for _ in 0..2_000 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let bits = u128::from(x) << 64 | u128::from(x.rotate_left(29));
                    let want = group.alternatives().iter().position(|t| t.holds(format, &bits, 0));
                    assert_eq!(group.choose_index(&bits), want, "{}", format.name);
                }
            }
        }
        assert!(groups > 10, "{groups}");
    }
}
