//! Hand-written layout metadata for the unit tests (the generated kind
//! comes from the `isa!` macro, which this crate's tests cannot run).

use crate::layout::{BitRange, Field, FieldKind};

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
