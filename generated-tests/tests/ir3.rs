//! Round-trip tests for Qualcomm Adreno ir3, generated from
//! `isa-specs/ir3/ir3.isa` (categories 0 and 7 so far; a word of another
//! category decodes as `raw`).

isa_macros::isa_tests!(
    file = "../isa-specs/ir3/ir3.isa",
    module = isa_ir3,
    random_words = 200_000
);
