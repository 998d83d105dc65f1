// Rule: every declared dialect has `text` lines.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
    dialect picasso
}
format F : 32 {
    a 0..=31 u
    syntax \"{a}\"
    text mesa.line \"{a}\"
}
");
fn main() {}
