// Rule: an enum value's semantics name only the enum's operands, `dst` and state.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Op : 2 operands(a, b) {
    add = 0 \"add\" sem \"dst = a + c\"
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
