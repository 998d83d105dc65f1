//! Round-trip tests for AGAL, generated from `isa-specs/specs/agal.isa`.

isa_macros::isa_tests!(
    file = "../isa-specs/specs/agal.isa",
    module = isa_specs::agal,
    random_words = 300_000
);
