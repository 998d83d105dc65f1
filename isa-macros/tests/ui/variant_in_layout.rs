// Rule: `variant` is for a derived format: a layout has no opcodes.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout L : 8 {
    variant \".w\"
    a      0..=7   u
    syntax \"{a}\"
}
format F : 32 {
    l      0..=7   L
    pad    8..=25  reserved
    opcode 26..=31 opcode
    syntax \"{l}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
