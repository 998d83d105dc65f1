// Rule: a `default` names a field the line's `when` does not pin.
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
    text mesa.line when b == 2 default b = 1 \"{a}\"
}
");
fn main() {}
