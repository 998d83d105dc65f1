// Rule: a `default` in a `text` line names a field of its layout.
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
    text mesa.line default d = 1 \"{a}\"
}
");
fn main() {}
