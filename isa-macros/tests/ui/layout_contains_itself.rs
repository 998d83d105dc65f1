// Rule: a layout does not contain itself.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout L : 4 {
    l 0..=3 L
    syntax \"{l}\"
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
