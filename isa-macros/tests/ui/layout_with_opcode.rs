// Rule: a layout has no `opcode` field (only a format does).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout L : 4 {
    a 0..=3 opcode
    syntax \"\"
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
