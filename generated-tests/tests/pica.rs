//! Round-trip tests for PICA200, generated from `isa-specs/pica/pica.isa`.

isa_macros::isa_tests!(file = "../isa-specs/pica/pica.isa", module = isa_pica);
