// Rule: the bare `flag`/`!flag` condition needs a bool field.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    a 0..=30 u
    b 31 bool
    syntax \"{a}{b:'!'}\"
    text mesa.line when !a \"{a}\"
}
");
fn main() {}
