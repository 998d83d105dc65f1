//! Field-by-field breakdown of an encoded word (`isa explain`, `isa decode --json`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::bits::BitWord;
use crate::layout::{FieldKind, Format, IsaLayout, Opcode};
use crate::text::{describe_value, write_fallback};

/// One row of a breakdown: a contiguous run of bits and what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldReport {
    /// Field name; nested layouts give `outer.inner`, split fields `name[i]`.
    pub name: String,
    /// First bit, counted from bit 0 of the word.
    pub lo: u32,
    /// Number of bits.
    pub width: u32,
    /// The unsigned value of those bits.
    pub raw: u64,
    /// The whole field's meaning as text.
    pub value: String,
    /// The field's kind (`u`, `bool`, enum name, `reserved`, …).
    pub kind: &'static str,
    /// The field's doc.
    pub doc: &'static str,
}

/// The breakdown of one instruction word: every bit appears in exactly one row.
pub fn explain_word<W: BitWord>(isa: &IsaLayout, word: &W) -> (Option<&'static Opcode>, Vec<FieldReport>) {
    explain_word_in(isa, word, None)
}

/// [`explain_word`] as generation `gen` decodes (`None`: the newest, or an
/// ISA without generations): a word whose opcode only another generation
/// has is one row, as a word that matches no opcode is.
pub fn explain_word_in<W: BitWord>(
    isa: &IsaLayout,
    word: &W,
    gen: Option<u32>,
) -> (Option<&'static Opcode>, Vec<FieldReport>) {
    if let Some(bundle) = isa.bundle {
        return (None, explain_format(bundle, word, None));
    }
    let gen = gen.or(isa.gens.map(|g| g.hi));
    match isa.match_opcode_in(word.to_u128(), gen) {
        Some(op) => (Some(op), explain_format(op.format, word, Some(op))),
        None => {
            let mut text = String::new();
            let _ = write_fallback(&mut text, isa, word);
            let mut rows = Vec::new();
            // Wider than 64 bits: one row per 64-bit chunk.
            let mut lo = 0;
            while lo < W::BITS {
                let width = (W::BITS - lo).min(64);
                rows.push(FieldReport {
                    name: if W::BITS <= 64 {
                        "word".into()
                    } else {
                        format!("word[{}]", lo / 64)
                    },
                    lo,
                    width,
                    raw: word.get(lo, width),
                    value: text.clone(),
                    kind: "unknown",
                    doc: if isa.gens.is_some() {
                        "no opcode of this generation matches these bits"
                    } else {
                        "no opcode matches these bits"
                    },
                });
                lo += width;
            }
            (None, rows)
        }
    }
}

/// The breakdown of a word laid out as `format` (an instruction format or a
/// free-standing layout such as an operand descriptor).
pub fn explain_format<W: BitWord>(format: &Format, word: &W, opcode: Option<&Opcode>) -> Vec<FieldReport> {
    let mut rows = Vec::new();
    push_rows(&mut rows, "", format, word, 0, opcode);
    rows.sort_by_key(|r| r.lo);
    rows
}

fn push_rows<W: BitWord>(
    rows: &mut Vec<FieldReport>,
    prefix: &str,
    format: &Format,
    word: &W,
    base: u32,
    opcode: Option<&Opcode>,
) {
    for field in format.fields {
        let name = format!("{prefix}{}", field.name);
        if let FieldKind::Layout(inner) = field.kind {
            push_rows(rows, &format!("{name}."), inner, word, base + field.ranges[0].lo, None);
            continue;
        }
        if let Some(inner) = match field.kind {
            FieldKind::Union(u) => u.variant(field.read(word, base)),
            _ => None,
        } {
            push_rows(rows, &format!("{name}."), inner, word, base + field.ranges[0].lo, None);
            continue;
        }
        let raw = field.read(word, base);
        let value = match (field.kind, opcode) {
            (FieldKind::Opcode, Some(op)) => String::from(op.mnemonic),
            _ => describe_value(field, raw),
        };
        let split = field.ranges.len() > 1;
        for (i, r) in field.ranges.iter().enumerate() {
            rows.push(FieldReport {
                name: if split { format!("{name}[{i}]") } else { name.clone() },
                lo: base + r.lo,
                width: r.width,
                raw: word.get(base + r.lo, r.width),
                value: value.clone(),
                kind: field.kind.type_name(),
                doc: field.doc,
            });
        }
    }
}
