// Rule: a `default` never names a `fixed` field.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    a 0..=2 u
    b 3..=30 u
    c 31 fixed 1
    syntax \"{a} {b}\"
    text mesa.line default c = 0 \"{a}\"
}
");
fn main() {}
