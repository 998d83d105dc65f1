// Rule: a dialect is declared once.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
    dialect mesa
}
format F : 32 {
    a 0..=31 u
    syntax \"{a}\"
    text mesa.line \"{a}\"
}
");
fn main() {}
