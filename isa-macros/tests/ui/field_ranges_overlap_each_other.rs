// Rule: the ranges of one split field do not overlap each other.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=3 + 2..=5  u
    rest   6..=25  unknown
    opcode 26..=31 opcode
    syntax \"{a}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
