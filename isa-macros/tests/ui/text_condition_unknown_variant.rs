// Rule: a `text` condition compares an enum field with variants of its enum.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
enum Op : 2 {
    add = 0 \"add\"
    sub = 1 \"sub\"
}
format F : 32 {
    op 0..=1 Op
    a  2..=31 u
    syntax \"{op} {a}\"
    text mesa.line when op == ad|sub \"{op} {a}\"
}
");
fn main() {}
