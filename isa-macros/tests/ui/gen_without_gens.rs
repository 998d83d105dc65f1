// Rule: an opcode's `gen` needs the ISA's `gens`.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F gen 6
}
");
fn main() {}
