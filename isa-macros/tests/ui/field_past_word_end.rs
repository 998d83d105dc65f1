// Rule: a field lies inside its format's word; the error is at the field's
// bits, names the word width and suggests the same bits ending at the last
// bit (the bits below it then count as declared: no knock-on gap error).
isa_macros::isa!(inline = "
isa toy { word 32 }
format FmtM : 32 {
    src    0..=9   u
    opcode 10..=15 opcode
    imm    24..=39 u
    syntax \"{src}, {imm}\"
}
opcodes {
    movi 0 FmtM
}
");
fn main() {}
