// Rule: no duplicate mnemonics.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0x00 F
    nop 0x01 F
}
");
fn main() {}
