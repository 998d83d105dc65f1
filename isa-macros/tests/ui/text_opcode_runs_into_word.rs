// Rule: the mnemonic (`{opcode}`) does not run into what follows it: a
// mnemonic is read only where no letter, digit or `_` follows.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// the tool's text
}
format F : 32 {
    a 0..=25 u
    opcode 26..=31 opcode
    syntax \"{a}\"
    text asm.line \"{opcode}{a}\"
}
opcodes {
    add 0x01 F
}
");
fn main() {}
