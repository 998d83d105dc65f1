// Rule: a number in a `text` condition fits its field.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    a 0..=2 u
    b 3..=31 u
    syntax \"{a} {b}\"
    text mesa.line when a != 8 \"{a}\"
}
");
fn main() {}
