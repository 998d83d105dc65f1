// Rule: a field can hold a layout, not a format.
isa_macros::isa!(inline = "
isa toy { word 32 }
format G : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
layout L : 32 {
    g 0..=31 G
    syntax \"{g}\"
}
opcodes {
    nop 0 G
}
");
fn main() {}
