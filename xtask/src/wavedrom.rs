//! `docs/isa/<isa>.wavedrom.json`: every format and layout as a WaveDrom `reg`
//! (bit-field) description, keyed by name in spec order, so that people can
//! render them with WaveDrom, `bit-field` or their own tools.
//!
//! Each value is a complete WaveDrom document:
//! `{"reg": [{"bits": n, "name": …, "attr": …, "type": …}, …], "config": {"lanes": …, "bits": …}}`,
//! least significant piece first, as WaveDrom wants it.
//! - A field split over several ranges gives one piece per range, named
//!   `name[hi:lo]` with field-relative bit numbers.
//! - Fixed bits (and the opcode of a format with a single opcode) are named by
//!   their numeric value, which WaveDrom draws as 0/1 digits; the field name
//!   moves to `attr`, as in the RISC-V figures.
//! - `attr` otherwise holds the field's type (`u7`, an enum, register-file or
//!   layout name, `opcode`, `reserved`, `unknown`).
//! - `type` picks WaveDrom's colour: 5 opcode, 7 fixed, 4 nested layout,
//!   2 reserved (must be zero), 1 unknown (kept verbatim); data fields have none.

use serde_json::{json, Map, Value};

use isa_runtime::layout::{FieldKind, Format, IsaLayout};

use crate::svg::{detail_text, single_opcode};

/// The WaveDrom colour type of a field kind, if it has one.
fn wavedrom_type(kind: FieldKind) -> Option<u32> {
    match kind {
        FieldKind::Opcode => Some(5),
        FieldKind::Fixed(_) => Some(7),
        FieldKind::Layout(_) | FieldKind::Union(_) => Some(4),
        FieldKind::Reserved => Some(2),
        FieldKind::Unknown => Some(1),
        _ => None,
    }
}

/// The lane count: at least one lane per 32 bits, and a count that divides the
/// width (WaveDrom makes every lane `bits / lanes` wide).
pub fn lanes(bits: u32) -> u32 {
    let mut lanes = bits.div_ceil(32).max(1);
    while bits % lanes != 0 {
        lanes += 1;
    }
    lanes
}

/// One format's WaveDrom document.
pub fn format_reg(isa: &IsaLayout, format: &Format) -> Value {
    struct Piece<'a> {
        lo: u32,
        width: u32,
        rel_lo: u32,
        field: &'a isa_runtime::layout::Field,
    }
    let mut pieces = Vec::new();
    for field in format.fields {
        let mut rel = 0;
        for r in field.ranges {
            pieces.push(Piece {
                lo: r.lo,
                width: r.width,
                rel_lo: rel,
                field,
            });
            rel += r.width;
        }
    }
    pieces.sort_by_key(|p| p.lo);
    let opcode = single_opcode(isa, format);
    let reg: Vec<Value> = pieces
        .iter()
        .map(|p| {
            let field = p.field;
            let mut entry = Map::new();
            entry.insert("bits".into(), json!(p.width));
            // The value of this piece's bits, when they are known.
            let known: Option<u64> = match field.kind {
                FieldKind::Fixed(v) => Some(extract(v as u128, p.rel_lo, p.width)),
                FieldKind::Opcode => opcode.map(|op| extract(op.bits, p.lo, p.width)),
                _ => None,
            };
            let name = if field.ranges.len() > 1 {
                format!("{}[{}:{}]", field.name, p.rel_lo + p.width - 1, p.rel_lo)
            } else {
                field.name.to_string()
            };
            match known {
                Some(v) if p.width <= 32 => {
                    entry.insert("name".into(), json!(v));
                    entry.insert("attr".into(), json!(name));
                }
                Some(v) => {
                    entry.insert("name".into(), json!(format!("{v:0w$b}", w = p.width as usize)));
                    entry.insert("attr".into(), json!(name));
                }
                None => {
                    entry.insert("name".into(), json!(name));
                    let attr = match field.kind {
                        FieldKind::Reserved => Some("reserved".to_string()),
                        FieldKind::Unknown => Some("unknown".to_string()),
                        FieldKind::Opcode => Some("opcode".to_string()),
                        _ => detail_text(field),
                    };
                    if let Some(attr) = attr {
                        entry.insert("attr".into(), json!(attr));
                    }
                }
            }
            if let Some(t) = wavedrom_type(field.kind) {
                entry.insert("type".into(), json!(t));
            }
            Value::Object(entry)
        })
        .collect();
    let mut config = Map::new();
    config.insert("lanes".into(), json!(lanes(format.bits)));
    config.insert("bits".into(), json!(format.bits));
    let mut doc = Map::new();
    doc.insert("reg".into(), Value::Array(reg));
    doc.insert("config".into(), Value::Object(config));
    Value::Object(doc)
}

/// `width` bits of `value` from bit `lo` (0 past bit 127).
fn extract(value: u128, lo: u32, width: u32) -> u64 {
    let shifted = value.checked_shr(lo).unwrap_or(0);
    let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
    (shifted as u64) & mask
}

/// The whole file for one ISA: `{"<format>": <WaveDrom document>, …}`.
pub fn isa_wavedrom(isa: &IsaLayout) -> String {
    let mut root = Map::new();
    for format in isa.formats {
        root.insert(format.name.to_string(), format_reg(isa, format));
    }
    let mut out = serde_json::to_string_pretty(&Value::Object(root)).expect("a JSON value always serialises");
    out.push('\n');
    out
}
