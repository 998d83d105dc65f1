//! Round-trip tests for Lima PP, generated from `isa-specs/lima-pp/lima_pp.isa`
//! (a presence-mask bundle: programs are built from the metadata and must
//! survive the generated codec and text bit for bit).

isa_macros::isa_tests!(
    file = "../isa-specs/lima-pp/lima_pp.isa",
    module = isa_lima_pp,
    random_words = 100_000
);
