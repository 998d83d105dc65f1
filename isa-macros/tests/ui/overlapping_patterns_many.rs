// Rule: two patterns that can match the same word need a declared priority;
// an opcode that overlaps several is one error naming them all.
isa_macros::isa!(inline = "
isa toy { word 32 }
format Six : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
format Four : 32 {
    rest   0..=27  unknown
    opcode 28..=31 opcode
    syntax \"\"
}
opcodes {
    a    0x2C Six
    b    0x2D Six
    c    0x2E Six
    wide 0xB  Four
}
");
fn main() {}
