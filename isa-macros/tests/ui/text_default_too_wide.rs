// Rule: a `default` value fits its field.
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
    text mesa.line default b = 0x40000000 \"{a}\"
}
");
fn main() {}
