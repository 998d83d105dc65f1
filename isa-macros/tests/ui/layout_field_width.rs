// Rule: a field of a layout's type is as wide as the layout.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Src : 8 {
    reg    0..=7   u
    syntax \"r{reg}\"
}
format F : 32 {
    src    0..=6   Src
    rest   7..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
