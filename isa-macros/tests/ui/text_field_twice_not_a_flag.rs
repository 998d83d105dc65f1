// Rule: in a `text` line only a bool printed as a flag may repeat.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    abs 0 bool
    a 1..=31 u
    syntax \"{abs:'abs '}{a}\"
    text mesa.line \"{abs:'abs('}{a}{abs:')'} {a}\"
}
");
fn main() {}
