// Rule: an operand whose enum declares operands is called with that many arguments.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Cmp : 2 operands(a, b) {
    eq = 0 \"eq\" sem \"dst = a == b\"
    lt = 1 \"lt\" sem \"dst = a < b\"
}
format F : 32 {
    cmp    0..=1   Cmp
    src    2..=25  u
    opcode 26..=31 opcode
    syntax \"{cmp} {src}\"
}
opcodes {
    test 0 F sem \"src = float(cmp(src))\"
}
");
fn main() {}
