// Rule: a format has one `opcode` field (split opcodes are one field with several
// ranges).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    rest   0..=19  unknown
    op2    20..=25 opcode
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
