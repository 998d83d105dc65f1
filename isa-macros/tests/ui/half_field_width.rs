// Rule: an `f16` field is 16 bits wide (the field's width is the type's):
// one of 15 bits is refused.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    imm    0..=14  f16
    rest   15..=25 unknown
    opcode 26..=31 opcode
    syntax \"{imm}\"
}
opcodes {
    movh 0 F
}
");
fn main() {}
