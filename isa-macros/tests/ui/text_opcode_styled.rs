// Rule: a `text` line prints the opcode field only as its mnemonic,
// `{opcode}`, with no style.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// the tool's text
}
format F : 32 {
    a 0..=25 u
    opcode 26..=31 opcode
    syntax \"{a}\"
    text asm.line \"{opcode:x} {a}\"
}
opcodes {
    add 0x01 F
}
");
fn main() {}
