// Rule: a template names each operand once.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
}
opcodes {
    mov 0 F \"{dst}, {src}, {dst}\"
}
");
fn main() {}
