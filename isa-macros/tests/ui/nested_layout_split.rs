// Rule: a nested layout field is one contiguous range.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout L : 4 {
    a 0..=3 u
    syntax \"{a}\"
}
format F : 32 {
    l      0..=1 + 4..=5 L
    rest   2..=3 + 6..=25 unknown
    opcode 26..=31 opcode
    syntax \"{l}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
