//! Round-trip tests for AGAL, generated from `isa-specs/agal/agal.isa`.

isa_macros::isa_tests!(
    file = "../isa-specs/agal/agal.isa",
    module = isa_agal,
    random_words = 300_000
);
