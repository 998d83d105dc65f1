// Rule: no dialect takes the name of the field-explicit syntax.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect syntax
}
format F : 32 {
    a 0..=31 u
    syntax \"{a}\"
}
");
fn main() {}
