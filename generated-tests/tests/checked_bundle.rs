//! The generated suite of a made-up bundle whose units can be invalid in
//! every way (`specs/checked_bundle.isa`): above all, instruction views
//! report exactly the errors of the eager decoder on random and damaged
//! programs.

mod checked {
    isa_macros::isa!(file = "specs/checked_bundle.isa");
}

isa_macros::isa_tests!(
    file = "specs/checked_bundle.isa",
    module = crate::checked,
    random_words = 20_000
);
