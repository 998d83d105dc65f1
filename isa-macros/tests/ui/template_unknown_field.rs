// Rule: a template names only fields that exist.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
}
opcodes {
    mov 0 F \"{dst}, {scr}\"
}
");
fn main() {}
