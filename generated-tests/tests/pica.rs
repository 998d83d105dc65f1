//! Round-trip tests for PICA200, generated from `isa-specs/specs/pica.isa`.

isa_macros::isa_tests!(file = "../isa-specs/specs/pica.isa", module = isa_specs::pica);
