// Rule: a `default` names a field the line's template does not print.
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
    text mesa.line default a = 1 \"{a}\"
}
");
fn main() {}
