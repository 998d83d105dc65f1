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

/// The control fields that the `derive` lines compute, by rule (a
/// mutation survivor of `isa-runtime`: no toy suite looked them up).
#[test]
fn derived_control_fields_are_found_by_rule() {
    use isa_runtime::layout::DeriveRule;
    let packed = checked::LAYOUT.packed.expect("a presence-mask bundle");
    let derived = |rule| packed.derived(rule).map(|f| f.name);
    assert_eq!(derived(DeriveRule::Words), Some("count"));
    assert_eq!(derived(DeriveRule::NextWords), Some("next"));
    assert_eq!(derived(DeriveRule::NotLast), None);
}
