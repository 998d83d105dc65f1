// Rule: `{!field?…}` needs a bool field.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    n 0..=3 u
    a 4..=31 u
    syntax \"{n} {a}\"
    text mesa.line \"{!n?none }{a}\"
}
");
fn main() {}
