//! Mesa's text for one instruction, from the spec's `mesa` dialect.
//!
//! Every unit layout of `specs/lima_pp.isa` has `text mesa.UNIT …` lines:
//! what Mesa 23.3's `disasm.c` unit printer of that name prints, spaces
//! included. This module walks the enabled units in enable-bit order,
//! prints the alternative of each group whose conditions hold (with the
//! table-driven [`isa_runtime::text::write_text`]), and joins them with
//! `, `, then the control word's groups (`sync`, `stop`). The hooks below
//! are the operand forms Mesa prints that a field's own text does not
//! give: register numbers as `$r.c`, swizzles and masks that vanish when
//! they are the identity, indices by alignment, branch targets in program
//! words, and C's `%f`.

use core::fmt::{self, Write};
use std::sync::OnceLock;

use isa_runtime::f16;
use isa_runtime::layout::{Field, Format, NamedText};
use isa_runtime::lexer::Cursor;
use isa_runtime::packed::{read_bits, unit_offsets, variant_of};
use isa_runtime::text::{self, TextHooks};
use isa_runtime::ParseError;

use crate::lima_pp::{AddOp, CombOp, Instr, MulOp, Vec4Reg};

/// The spec's dialect that this module prints.
pub const DIALECT: &str = "mesa";

/// Appends Mesa's text for `insn`, which starts `offset` words into its
/// program (branch targets print as absolute word offsets): the enabled
/// units in enable-bit order joined by `, `, then `, sync` and `, stop`.
/// No `@` prefix and no newline.
pub fn instr(out: &mut String, insn: &Instr, offset: u32) {
    let words = insn.encode();
    let packed = super::packed();
    let mut first = Some(true);
    let control = words.first().copied().unwrap_or(0);
    for (unit, bit) in unit_offsets(packed, control) {
        let bits = read_bits(&words, bit, unit.width);
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
    let mut hooks = Hooks { format, unit, offset };
    for alternatives in groups(format) {
        let Some(chosen) = alternatives.iter().find(|t| t.holds(format, &bits, 0)) else {
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
fn groups(format: &'static Format) -> &'static [Vec<&'static NamedText>] {
    type Groups = Vec<(&'static Format, Vec<Vec<&'static NamedText>>)>;
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
                (f, groups)
            })
            .collect()
    });
    all.iter()
        .find(|(f, _)| core::ptr::eq(*f, format))
        .map_or(&[], |(_, g)| g.as_slice())
}

/// The component letters, x first.
pub(crate) const XYZW: [char; 4] = ['x', 'y', 'z', 'w'];

/// The hooks of the `mesa` lines, for one unit of one instruction.
struct Hooks {
    /// The unit's layout (hooks read sibling fields by name).
    format: &'static Format,
    /// The unit's name (`@unit`: `const0`, `const1`).
    unit: &'static str,
    /// The instruction's word offset in its program.
    offset: u32,
}

impl Hooks {
    /// The value of sibling field `name` (0 if the layout lacks it; a unit
    /// test checks every name the hooks read).
    fn sibling(&self, name: &str, bits: u128) -> u64 {
        self.format.field(name).map_or(0, |f| f.read(&bits, 0))
    }
}

/// A vec4 register as Mesa prints it: the spelling of `Vec4Reg` (`$0` to
/// `$11`, then the pipeline registers `^const0` …).
fn reg(out: &mut dyn Write, r: u64) -> fmt::Result {
    out.write_str(Vec4Reg::from_bits(r & 15).spelling())
}

/// A scalar register (register × 4 + component): `$r.c`.
fn scalar(out: &mut dyn Write, r: u64) -> fmt::Result {
    reg(out, r >> 2)?;
    write!(out, ".{}", XYZW[(r & 3) as usize])
}

/// `.xz`-style write mask, nothing for all four (and a lone `.` for none).
fn mask(out: &mut dyn Write, m: u64) -> fmt::Result {
    if m == 0xF {
        return Ok(());
    }
    out.write_char('.')?;
    for (i, c) in XYZW.iter().enumerate() {
        if m >> i & 1 != 0 {
            out.write_char(*c)?;
        }
    }
    Ok(())
}

/// Mesa's `%f` of a half float: six decimals, `inf`, `nan` with its sign.
pub(crate) fn half(out: &mut dyn Write, h: f16) -> fmt::Result {
    let v = h.to_f64();
    let sign = if h.to_bits() & 0x8000 != 0 { "-" } else { "" };
    if v.is_nan() {
        write!(out, "{sign}nan")
    } else if v.is_infinite() {
        write!(out, "{sign}inf")
    } else {
        write!(out, "{v:.6}")
    }
}

/// A uniform or temporary index as Mesa prints it: a signed 16-bit value,
/// divided (rounding towards zero) by the components of the alignment.
fn signed_index(out: &mut dyn Write, alignment: u64, index: u64) -> fmt::Result {
    let index = index as u16 as i16 as i32;
    match alignment {
        2 => write!(out, "{index}"),
        1 => write!(out, "{}.{}", index / 2, if index & 1 != 0 { "zw" } else { "xy" }),
        _ => write!(out, "{}.{}", index / 4, XYZW[(index & 3) as usize]),
    }
}

/// A varying's memory source: index (by alignment) and optional offset
/// (`offset_vector` 15 is none).
fn varying_index(
    out: &mut dyn Write,
    alignment: u64,
    index: u64,
    offset_vector: u64,
    offset_scalar: u64,
) -> fmt::Result {
    match alignment {
        0 => write!(out, "{}.{}", index >> 2, XYZW[(index & 3) as usize])?,
        1 => write!(out, "{}.{}", index >> 1, if index & 1 != 0 { "zw" } else { "xy" })?,
        _ => write!(out, "{index}")?,
    }
    if offset_vector != 15 {
        out.write_char('+')?;
        scalar(out, offset_vector << 2 | offset_scalar)?;
    }
    Ok(())
}

/// Every hook the `mesa` lines may use.
#[cfg(test)]
const HOOKS: &[&str] = &[
    "mask",
    "swizzle",
    "outmod",
    "sreg",
    "sdest",
    "vec_of_sreg",
    "vec_dest",
    "varying_index",
    "signed_index",
    "branch_target",
    "half",
    "unit",
];

impl TextHooks<u128> for Hooks {
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, bits: &u128) -> fmt::Result {
        let v = field.map_or(0, |f| f.read(bits, 0));
        match hook {
            "mask" => mask(out, v),
            // The identity prints nothing.
            "swizzle" if v == 0xE4 => Ok(()),
            "swizzle" => {
                out.write_char('.')?;
                (0..4).try_for_each(|i| out.write_char(XYZW[(v >> (2 * i) & 3) as usize]))
            }
            // `none` (0) prints nothing, the others `.sat`, `.pos`, `.int`.
            "outmod" if v == 0 => Ok(()),
            "outmod" => match field {
                Some(f) => {
                    out.write_char('.')?;
                    text::write_field(out, f, bits)
                }
                None => Err(fmt::Error),
            },
            "sreg" => scalar(out, v),
            // A scalar destination: the register by number (`$15.w`).
            "sdest" => write!(out, "${}.{}", v >> 2, XYZW[(v & 3) as usize]),
            "vec_of_sreg" => reg(out, v >> 2),
            // Mesa reads the combiner's scalar `dest` as a vec4 register
            // (its top four bits) with a mask (its low two bits over
            // `dest_modifier`).
            "vec_dest" => {
                write!(out, "${}", v >> 2)?;
                mask(out, (v & 3) << 2 | self.sibling("dest_modifier", *bits))
            }
            "varying_index" => varying_index(
                out,
                self.sibling("alignment", *bits),
                v,
                self.sibling("offset_vector", *bits),
                self.sibling("offset_scalar", *bits),
            ),
            "signed_index" => signed_index(out, self.sibling("alignment", *bits), v),
            // Mesa adds the signed target to the unsigned offset and prints
            // the 32-bit sum as signed.
            "branch_target" => {
                let target = field.map_or(0, |f| {
                    let shift = 64 - f.width;
                    ((v << shift) as i64 >> shift) as i32
                });
                write!(out, "{}", target.wrapping_add(self.offset as i32))
            }
            "half" => half(out, f16::from_bits(v as u16)),
            "unit" => out.write_str(self.unit),
            _ => Err(fmt::Error),
        }
    }

    fn parse_hook(
        &mut self,
        cur: &mut Cursor<'_>,
        hook: &str,
        _: Option<&Field>,
        _: &mut u128,
    ) -> Result<(), ParseError> {
        // The assembler (`parse.rs`) reads Mesa's text itself.
        Err(cur.error(format!("the `mesa` hook `@{hook}` is printed, not parsed, here")))
    }
}

/// A multiplier op's name and operand count, from the spec: its spelling
/// and `args`; a value with `shl` prints as `mul` (the shift follows its
/// first operand as `<<N`); unnamed values have neither.
pub(crate) fn mul_op(op: MulOp) -> (Option<&'static str>, u32) {
    match op.spelling() {
        Some(_) if op.shl() > 0 => (MulOp::Mul.spelling(), MulOp::Mul.args() as u32),
        Some(name) => (Some(name), op.args() as u32),
        None => (None, 0),
    }
}

/// An adder op's name and operand count, from the spec: its spelling and
/// `args`; the scalar adder (`vec` false) does not name the `vector_only`
/// ones, as Mesa's scalar table lacks them.
pub(crate) fn add_op(op: AddOp, vec: bool) -> (Option<&'static str>, u32) {
    match op.spelling() {
        Some(name) if vec || !op.vector_only() => (Some(name), op.args() as u32),
        _ => (None, 0),
    }
}

/// A combiner op's name: its spelling in the spec. Mesa's table stops at
/// `atan2` (9); it reads past its end for 10 to 15, which the spec leaves
/// unnamed and this prints as `op10` to `op15`.
pub(crate) fn comb_op(op: CombOp) -> Option<&'static str> {
    op.spelling()
}

#[cfg(test)]
mod tests {
    use super::*;
    use isa_runtime::layout::{FieldKind, Piece, Style};

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
                for p in flatten(t.pieces) {
                    let hook: &str = match p {
                        Piece::Hook(h) => h,
                        Piece::Field {
                            style: Style::Hook(h), ..
                        } => h,
                        _ => continue,
                    };
                    used += 1;
                    assert!(HOOKS.contains(&hook), "`{}` uses unknown hook `{hook}`", format.name);
                    let siblings: &[&str] = match hook {
                        "vec_dest" => &["dest_modifier"],
                        "varying_index" => &["alignment", "offset_vector", "offset_scalar"],
                        "signed_index" => &["alignment"],
                        _ => &[],
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

    fn flatten(pieces: &'static [Piece]) -> Vec<&'static Piece> {
        pieces
            .iter()
            .flat_map(|p| match p {
                Piece::Group { pieces, .. } => flatten(pieces),
                p => vec![p],
            })
            .collect()
    }
}
