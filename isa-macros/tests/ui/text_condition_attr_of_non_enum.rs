// Rule: `field.attr` needs an enum field.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    n 0..=1 u
    a 2..=31 u
    syntax \"{n} {a}\"
    text mesa.line when n.args == 1 \"{n} {a}\"
}
");
fn main() {}
