//! Mesa's text for one instruction, from the spec's `mesa` dialect.
//!
//! Every unit layout of `lima_pp.isa` has `text mesa.UNIT …` lines:
//! what Mesa 23.3's `disasm.c` unit printer of that name prints, spaces
//! included. This module walks the enabled units in enable-bit order,
//! prints the alternative of each group whose conditions hold (chosen and
//! printed by the code generated from those lines,
//! [`crate::text_writers`]), and joins them with `, `, then the control
//! word's groups (`sync`, `stop`). The hooks (the operand forms a field's
//! own text does not give) are in `hooks`.

use std::sync::OnceLock;

use isa_runtime::layout::{Field, FieldKind, Format, NamedText, Unit};
use isa_runtime::packed::{read_bits, unit_offsets, variant_of};
use isa_runtime::text;

#[cfg(test)]
use super::hooks::HOOKS;
use super::hooks::{Hooks, Siblings};
use super::select::Group;
use crate::Instr;

/// The spec's dialect that this module prints.
pub const DIALECT: &str = "mesa";

/// Appends Mesa's text for `insn`, which starts `offset` words into its
/// program (branch targets print as absolute word offsets): the enabled
/// units in enable-bit order joined by `, `, then `, sync` and `, stop`.
/// No `@` prefix and no newline.
pub fn instr(out: &mut String, insn: &Instr, offset: u32) {
    instr_in(out, insn, offset, None);
}

/// [`instr`], for a program of `total` words whose instruction at word `w`
/// is `len_at(w)` words long (0 where none starts), when `Some`: a branch
/// target outside the program or inside an instruction prints as the
/// instruction's own offset (see `Layout::printed_target`).
pub(super) fn instr_in(out: &mut String, insn: &Instr, offset: u32, program: Option<(u64, &dyn Fn(i64) -> u64)>) {
    thread_local! {
        /// The words of the instruction being printed (one buffer, not
        /// one allocation an instruction).
        static WORDS: core::cell::RefCell<Vec<u32>> = const { core::cell::RefCell::new(Vec::new()) };
    }
    WORDS.with_borrow_mut(|words| {
        words.clear();
        insn.encode_into(words);
        print_units(out, words, offset, program);
    });
}

/// [`instr_in`] for the instruction's words.
fn print_units(out: &mut String, words: &[u32], offset: u32, program: Option<(u64, &dyn Fn(i64) -> u64)>) {
    let (packed, layouts) = (super::packed(), layouts());
    let mut first = Some(true);
    let control = words.first().copied().unwrap_or(0);
    // Both in the bundle's unit order: each unit's layouts are found by
    // walking on.
    let mut all = layouts.units.iter();
    for (unit, bit) in unit_offsets(packed, control) {
        let bits = read_bits(words, bit, unit.width);
        let Some((_, variants)) = all.find(|(u, _)| core::ptr::eq(*u, unit)) else {
            continue;
        };
        let layout = Layout::of(variants, bits);
        let printed = program.and_then(|(total, len_at)| layout.printed_target(bits, offset, total, len_at));
        print_groups(out, layout, bits, unit.name, (offset, printed), &mut first);
    }
    // The control word's groups carry their own `, ` (Mesa prints it even
    // when no unit precedes them).
    print_groups(
        out,
        &layouts.control,
        u128::from(control),
        "control",
        (offset, None),
        &mut None,
    );
}

/// Prints each group of `layout` that has an alternative whose conditions
/// hold, with `, ` before each but the instruction's first (`first` is
/// `None` where the groups print their own separator). Returns the bits
/// reading the text back gives (see `carry`): `bits` where the text
/// carries them, what the parser writes elsewhere.
fn print_groups(
    out: &mut String,
    layout: &Layout,
    bits: u128,
    unit: &'static str,
    (offset, printed_target): (u32, Option<i64>),
    first: &mut Option<bool>,
) -> u128 {
    let format = layout.format;
    let mut hooks = Hooks::with_siblings(format, layout.siblings, unit, offset);
    hooks.printed_target = printed_target;
    let mut implied = layout.blank;
    for group in &layout.groups {
        let Some((text, _)) = group.choose(&bits) else {
            continue;
        };
        if let Some(first) = first {
            if !core::mem::replace(first, false) {
                out.push_str(", ");
            }
        }
        let _ = crate::text_writers::write(group.format(), text, out, &bits, &mut hooks);
        // A unit prints one line (the control word's notes are derived).
        implied = layout.blank;
        crate::text_carry::carry(group.format(), text, bits, &mut implied, &mut hooks);
    }
    implied
}

/// One unit's `{raw …}` entry: unit (or `control`), field, value.
pub(super) type Note = (&'static str, &'static str, u64);

/// [`instr`] for an instruction's words, appending to `notes` every unit
/// field that the text does not give back (what reading the text gives is
/// decided by each line's generated `text_carry::carry`, not by reading
/// it). `len_at(w)` is the
/// length of the instruction that starts at word `w` of the program, 0 if
/// none does (a branch's `next_count` is its target's length). The program
/// is `total` words long: a branch target outside it prints as the
/// instruction's own offset, and the real one goes in the notes.
pub(super) fn instr_noted(
    out: &mut String,
    words: &[u32],
    (offset, total): (u32, u64),
    notes: &mut Vec<Note>,
    len_at: &dyn Fn(i64) -> u64,
) {
    let (packed, layouts) = (super::packed(), layouts());
    let mut first = Some(true);
    let control = words.first().copied().unwrap_or(0);
    let mut all = layouts.units.iter();
    for (unit, bit) in unit_offsets(packed, control) {
        let bits = read_bits(words, bit, unit.width);
        let Some((_, variants)) = all.find(|(u, _)| core::ptr::eq(*u, unit)) else {
            continue;
        };
        let layout = Layout::of(variants, bits);
        let (from, chosen) = (out.len(), layout.groups.first().and_then(|g| g.choose_index(&bits)));
        let printed = layout.printed_target(bits, offset, total, len_at);
        let mut implied = print_groups(out, layout, bits, unit.name, (offset, printed), &mut first);
        if chosen.is_some_and(|i| layout.shadowed.get(i).copied().unwrap_or(false)) {
            // An earlier line of the layout may read this text: read it.
            let text = out[from..].trim_start_matches(", ");
            implied = super::parse::read_unit(text, unit).unwrap_or(implied);
        }
        if let (Some(next), Some(target), Some(abs)) = (layout.next_count, layout.target, printed) {
            // The parser sets a branch's `next_count` to its target's
            // length, and its target to what the text says.
            next.write(&mut implied, 0, len_at(abs));
            target.write(&mut implied, 0, (abs - i64::from(offset)) as u64);
        }
        if implied != bits {
            for f in variant_of(unit, implied).fields {
                let v = f.read(&bits, 0);
                if f.read(&implied, 0) != v {
                    notes.push((unit.name, f.name, v));
                }
            }
        }
    }
    print_groups(
        out,
        &layouts.control,
        u128::from(control),
        "control",
        (offset, None),
        &mut None,
    );
}

/// What printing needs of every layout, computed once: each unit's
/// layouts, then the control word's.
struct Layouts {
    units: Vec<(&'static Unit, Vec<Layout>)>,
    control: Layout,
}

/// One layout: its `fixed` fields (which choose it among its unit's
/// layouts) and its `mesa` groups.
pub(super) struct Layout {
    pub(super) format: &'static Format,
    fixed: Vec<(&'static Field, u64)>,
    /// The groups, in the order they first appear in the spec, each with
    /// its alternatives in spec order.
    pub(super) groups: Vec<Group>,
    /// The layout's bits before parsing: its `fixed` values.
    blank: u128,
    /// By alternative of the first group: whether an earlier alternative
    /// has the same literal text (`op{op}.s2 {dest:@vec_dest} …` after
    /// `op{op}{dest_modifier:@outmod}.s2 {dest:@sdest} …`), so that it may
    /// read this one's text; such a unit's text is read back.
    shadowed: Vec<bool>,
    /// A branch layout's `next_count` and `target`.
    next_count: Option<&'static Field>,
    target: Option<&'static Field>,
    /// The sibling fields its hooks read.
    siblings: Option<&'static Siblings>,
}

impl Layout {
    fn new(format: &'static Format) -> Self {
        let mut groups: Vec<Vec<&'static NamedText>> = Vec::new();
        for t in text::dialect_texts(format, DIALECT) {
            match groups.iter_mut().find(|g| g[0].name == t.name) {
                Some(g) => g.push(t),
                None => groups.push(vec![t]),
            }
        }
        let fixed = format.fields.iter().filter_map(|f| match f.kind {
            FieldKind::Fixed(v) => Some((f, v)),
            _ => None,
        });
        let fixed: Vec<_> = fixed.collect();
        let mut blank = 0u128;
        for (f, v) in &fixed {
            f.write(&mut blank, 0, *v);
        }
        let skeletons: Vec<Vec<&str>> = groups
            .first()
            .map_or(Vec::new(), |g| g.iter().map(|t| skeleton(t.pieces)).collect());
        let shadowed = (0..skeletons.len())
            .map(|i| skeletons[..i].contains(&skeletons[i]))
            .collect();
        let branch = groups.iter().flatten().any(|t| t.hooks().contains(&"branch_target"));
        let index = crate::LAYOUT.format_index(format).unwrap_or(usize::MAX);
        Layout {
            format,
            fixed,
            groups: groups.into_iter().map(|g| Group::new(format, index, g)).collect(),
            blank,
            shadowed,
            next_count: format.field("next_count").filter(|_| branch),
            target: format.field("target").filter(|_| branch),
            siblings: Hooks::siblings_of(format),
        }
    }

    /// What the branch in `bits` of this layout (`None` if it is not a
    /// branch layout), at word `offset` of a program of `total` words whose
    /// instruction at word `w` is `len_at(w)` words long (0 where none
    /// starts), prints as its target: Mesa's sum (the signed target plus
    /// the offset, as 32 bits), or `offset` itself for a target outside the
    /// program or inside an instruction, which the parser refuses.
    fn printed_target(&self, bits: u128, offset: u32, total: u64, len_at: &dyn Fn(i64) -> u64) -> Option<i64> {
        let (Some(_), Some(target)) = (self.next_count, self.target) else {
            return None;
        };
        let t = target.read(&bits, 0);
        let shift = 64 - target.width;
        let rel = ((t << shift) as i64 >> shift) as i32;
        let abs = i64::from(rel.wrapping_add(offset as i32));
        let starts = (0..total as i64).contains(&abs) && len_at(abs) != 0;
        Some(if starts { abs } else { i64::from(offset) })
    }

    /// The layout of a unit's `bits` among its `variants` (as
    /// [`isa_runtime::packed::variant_of`] chooses: the first after the
    /// default whose `fixed` fields, at least one, all hold).
    fn of(variants: &[Layout], bits: u128) -> &Layout {
        let holds = |l: &&Layout| !l.fixed.is_empty() && l.fixed.iter().all(|(f, v)| f.read(&bits, 0) == *v);
        variants[1..].iter().find(holds).unwrap_or(&variants[0])
    }
}

/// A line's literal texts in order, blanks left out (fields and hooks may
/// print anything).
fn skeleton(pieces: &'static [isa_runtime::layout::Piece]) -> Vec<&'static str> {
    use isa_runtime::layout::Piece;
    let mut out = Vec::new();
    for p in pieces {
        match p {
            Piece::Text(t) if !t.trim().is_empty() => out.push(t.trim()),
            Piece::Group { pieces, .. } => out.extend(skeleton(pieces)),
            _ => {}
        }
    }
    out
}

fn layouts() -> &'static Layouts {
    static LAYOUTS: OnceLock<Layouts> = OnceLock::new();
    LAYOUTS.get_or_init(|| {
        let packed = super::packed();
        Layouts {
            units: packed
                .units
                .iter()
                .map(|u| (u, u.variants.iter().map(|&f| Layout::new(f)).collect()))
                .collect(),
            control: Layout::new(packed.control),
        }
    })
}

/// Every layout with its groups (for tests).
#[cfg(test)]
pub(super) fn all_layouts() -> impl Iterator<Item = &'static Layout> {
    let layouts = layouts();
    layouts.units.iter().flat_map(|(_, v)| v).chain([&layouts.control])
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa_runtime::packed::variant_of;

    /// A unit's layout is the one `variant_of` gives, for random bits of
    /// every unit.
    #[test]
    fn layouts_are_chosen_as_variant_of_chooses() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for (unit, variants) in &layouts().units {
            for _ in 0..5_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let bits = (u128::from(x) << 64 | u128::from(x.rotate_left(17))) & ((1 << unit.width) - 1);
                let want = variant_of(unit, bits);
                assert!(core::ptr::eq(Layout::of(variants, bits).format, want), "{}", unit.name);
            }
        }
    }

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
