// Rule: the mnemonic (`{opcode}`) is not inside an optional group.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// the tool's text
}
format F : 32 {
    a 0..=24 u
    c 25 bool
    opcode 26..=31 opcode
    syntax \"{c:'c '}{a}\"
    text asm.line \"{c?({opcode})} {a}\"
}
opcodes {
    add 0x01 F
}
");
fn main() {}
