// Rule: an enum declares each operand name once.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Op : 2 operands(a, b, a) {
    add = 0 \"add\" sem \"dst = a + b\"
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
