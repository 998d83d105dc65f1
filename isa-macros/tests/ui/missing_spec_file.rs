// A spec file that does not exist is an error at the path, not a panic.
isa_macros::isa!(file = "specs/does-not-exist.isa");
fn main() {}
