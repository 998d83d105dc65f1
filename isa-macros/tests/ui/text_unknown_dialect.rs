// Rule: a `text` line's dialect is declared in the `isa` item.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    a 0..=31 u
    syntax \"{a}\"
    text mesa.line \"{a}\"
    text mesaa.line \"{a}\"
}
");
fn main() {}
