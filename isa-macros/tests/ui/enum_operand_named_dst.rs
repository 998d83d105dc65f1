// Rule: `dst` is a value's result and cannot also be one of its enum's operands.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Op : 2 operands(dst, a) {
    neg = 0 \"neg\" sem \"dst = -a\"
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
