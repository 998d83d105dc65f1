// Rule: opcode values fit the format's opcode bits.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    rest   0..=26  unknown
    opcode 27..=31 opcode
    syntax \"\"
}
opcodes {
    nop  0x00 F
    big  0x2E F
}
");
fn main() {}
