// Rule: a format is as wide as the ISA's word.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 16 {
    rest   0..=9   unknown
    opcode 10..=15 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
