// Rule: only a `text` line names the opcode field: `{opcode}` prints the
// mnemonic there, and a `syntax` line is printed after the mnemonic.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a 0..=25 u
    opcode 26..=31 opcode
    syntax \"{opcode} {a}\"
}
opcodes {
    add 0x01 F
}
");
fn main() {}
