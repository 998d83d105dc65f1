// Rule: a syntax error in the spec points at its line and column.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    dst    0..=12  u
    src    13..25  u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
