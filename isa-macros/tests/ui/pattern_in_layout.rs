// Rule: a `pattern` field belongs to a format, whose opcode patterns it
// joins; a layout has no opcodes (there it would be `fixed`).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Src : 8 {
    kind 0..=1 pattern 2
    reg  2..=7 u
    syntax \"r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
