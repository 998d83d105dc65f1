//! One trybuild case per spec rule (`tests/ui`), and a spec that uses every
//! field kind and must compile and round-trip (`tests/pass`).

#[test]
fn spec_rules() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/pass/*.rs");
}
