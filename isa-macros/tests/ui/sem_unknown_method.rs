// Rule: the only method in an opcode's AGSL semantics is a shader's `eval`.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F sem \"dst = src.sample(src)\"
}
");
fn main() {}
