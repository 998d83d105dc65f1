//! Mesa's text for one instruction, from the spec's `mesa` dialect.
//!
//! Every unit layout of `specs/lima_pp.isa` has `text mesa.UNIT …` lines:
//! what Mesa 23.3's `disasm.c` unit printer of that name prints, spaces
//! included. This module walks the enabled units in enable-bit order,
//! prints the alternative of each group whose conditions hold (with the
//! table-driven [`isa_runtime::text::write_text`]), and joins them with
//! `, `, then the control word's groups (`sync`, `stop`). The hooks (the
//! operand forms a field's own text does not give) are in `hooks`.

use std::sync::OnceLock;

use isa_runtime::layout::{Format, NamedText};
use isa_runtime::packed::{read_bits, unit_offsets, variant_of};
use isa_runtime::text;

use super::hooks::Hooks;
#[cfg(test)]
use super::hooks::HOOKS;
use super::select::Group;
use crate::lima_pp::Instr;

/// The spec's dialect that this module prints.
pub const DIALECT: &str = "mesa";

/// Appends Mesa's text for `insn`, which starts `offset` words into its
/// program (branch targets print as absolute word offsets): the enabled
/// units in enable-bit order joined by `, `, then `, sync` and `, stop`.
/// No `@` prefix and no newline.
pub fn instr(out: &mut String, insn: &Instr, offset: u32) {
    thread_local! {
        /// The words of the instruction being printed (one buffer, not
        /// one allocation an instruction).
        static WORDS: core::cell::RefCell<Vec<u32>> = const { core::cell::RefCell::new(Vec::new()) };
    }
    WORDS.with_borrow_mut(|words| {
        words.clear();
        insn.encode_into(words);
        print_units(out, words, offset);
    });
}

/// [`instr`] for the instruction's words.
fn print_units(out: &mut String, words: &[u32], offset: u32) {
    let packed = super::packed();
    let mut first = Some(true);
    let control = words.first().copied().unwrap_or(0);
    for (unit, bit) in unit_offsets(packed, control) {
        let bits = read_bits(words, bit, unit.width);
        print_groups(out, variant_of(unit, bits), bits, unit.name, offset, &mut first);
    }
    // The control word's groups carry their own `, ` (Mesa prints it even
    // when no unit precedes them).
    print_groups(out, packed.control, u128::from(control), "control", offset, &mut None);
}

/// Prints each `mesa` group of `format` that has an alternative whose
/// conditions hold, with `, ` before each but the instruction's first
/// (`first` is `None` where the groups print their own separator).
fn print_groups(
    out: &mut String,
    format: &'static Format,
    bits: u128,
    unit: &'static str,
    offset: u32,
    first: &mut Option<bool>,
) {
    let mut hooks = Hooks::new(format, unit, offset);
    for group in groups(format) {
        let Some(chosen) = group.choose(format, &bits) else {
            continue;
        };
        if let Some(first) = first {
            if !core::mem::replace(first, false) {
                out.push_str(", ");
            }
        }
        let _ = text::write_text(out, format, chosen, &bits, &mut hooks);
    }
}

/// The `mesa` groups of a layout, in the order they first appear in the
/// spec, each with its alternatives in spec order; computed once per layout.
pub(super) fn groups(format: &'static Format) -> &'static [Group] {
    type Groups = Vec<(&'static Format, Vec<Group>)>;
    static GROUPS: OnceLock<Groups> = OnceLock::new();
    let all = GROUPS.get_or_init(|| {
        let packed = super::packed();
        let formats = packed.units.iter().flat_map(|u| u.variants.iter().copied());
        formats
            .chain([packed.control])
            .map(|f| {
                let mut groups: Vec<Vec<&'static NamedText>> = Vec::new();
                for t in text::dialect_texts(f, DIALECT) {
                    match groups.iter_mut().find(|g| g[0].name == t.name) {
                        Some(g) => g.push(t),
                        None => groups.push(vec![t]),
                    }
                }
                (f, groups.into_iter().map(|g| Group::new(f, g)).collect())
            })
            .collect()
    });
    all.iter()
        .find(|(f, _)| core::ptr::eq(*f, format))
        .map_or(&[], |(_, g)| g.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa_runtime::layout::FieldKind;

    /// Every hook in the `mesa` lines is one this module prints, and every
    /// sibling field a hook reads exists where that hook is used.
    #[test]
    fn every_hook_of_the_spec_is_known() {
        let packed = super::super::packed();
        let formats = packed
            .units
            .iter()
            .flat_map(|u| u.variants.iter().copied())
            .chain([packed.control]);
        let mut used = 0;
        for format in formats {
            let texts: Vec<_> = text::dialect_texts(format, DIALECT).collect();
            assert!(
                !texts.is_empty() || format.name == "Control",
                "layout `{}` has no `mesa` text: its unit would print nothing",
                format.name
            );
            for t in texts {
                for hook in t.hooks() {
                    used += 1;
                    let Some(&(_, siblings)) = HOOKS.iter().find(|(h, _)| *h == hook) else {
                        panic!("`{}` uses unknown hook `{hook}`", format.name);
                    };
                    for s in siblings {
                        assert!(
                            format.field(s).is_some(),
                            "`{}` lacks `{s}`, which `@{hook}` reads",
                            format.name
                        );
                    }
                }
            }
        }
        assert!(used > 0);
        // `FieldKind` is what `@outmod` prints through.
        let vec_mul = packed.unit("vec_mul").map(|u| u.variants[0]);
        let dm = vec_mul.and_then(|f| f.field("dest_modifier"));
        assert!(matches!(dm.map(|f| f.kind), Some(FieldKind::Enum(_))));
    }
}
