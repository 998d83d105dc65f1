//! Hand-written layout metadata for the unit tests (the generated kind
//! comes from the `isa!` macro, which this crate's tests cannot run).

use crate::layout::{BitRange, Field, FieldKind};
#[cfg(feature = "check")]
use crate::layout::{Enum, EnumValue};

/// A field with no doc, as wide as its ranges together.
pub(crate) const fn field(name: &'static str, ranges: &'static [BitRange], kind: FieldKind) -> Field {
    let mut width = 0;
    let mut i = 0;
    while i < ranges.len() {
        width += ranges[i].width;
        i += 1;
    }
    Field {
        name,
        doc: "",
        ranges,
        width,
        kind,
    }
}

/// An enum value with no spellings, semantics, attributes or doc.
#[cfg(feature = "check")]
pub(crate) const fn enum_value(name: &'static str, value: u64) -> EnumValue {
    EnumValue {
        name,
        value,
        spellings: &[],
        semantics: "",
        attrs: &[],
        doc: "",
    }
}

/// A 2-bit enum of `values`, with no operands or attributes.
#[cfg(feature = "check")]
pub(crate) const fn two_bit_enum(name: &'static str, open: bool, values: &'static [EnumValue]) -> Enum {
    Enum {
        name,
        doc: "",
        bits: 2,
        open,
        operands: &[],
        attrs: &[],
        values,
    }
}
