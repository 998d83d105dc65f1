// Rule: no duplicate opcode values.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop  0x21 F
    halt 0x21 F
}
");
fn main() {}
