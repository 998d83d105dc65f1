// Rule: a bare `field.attr` condition needs a flag attribute.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
enum Op : 2 {
    attr args u = 2
    mov = 0 \"mov\" args=1
    add = 1 \"add\"
}
format F : 32 {
    op 0..=1 Op
    a 2..=31 u
    syntax \"{op} {a}\"
    text mesa.line when op.args \"{op} {a}\"
}
");
fn main() {}
