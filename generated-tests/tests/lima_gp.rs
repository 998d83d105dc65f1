//! Round-trip tests for Lima GP, generated from `isa-specs/lima-gp/lima_gp.isa`
//! (a bundle ISA: the sweep covers every field of the one 128-bit format).

isa_macros::isa_tests!(
    file = "../isa-specs/lima-gp/lima_gp.isa",
    module = isa_lima_gp,
    random_words = 1_000_000
);
