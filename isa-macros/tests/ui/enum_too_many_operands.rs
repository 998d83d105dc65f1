// Rule: an enum declares at most 8 operands.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Op : 2 operands(a, b, c, d, e, f, g, h, i) {
    add = 0 \"add\" sem \"dst = a + i\"
}
format F : 32 {
    op     0..=1   Op
    rest   2..=25  u
    opcode 26..=31 opcode
    syntax \"{op} {rest}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
