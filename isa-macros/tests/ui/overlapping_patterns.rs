// Rule: two patterns that can match the same word need a declared priority.
isa_macros::isa!(inline = "
isa toy { word 32 }
format Six : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
format Five : 32 {
    rest   0..=26  unknown
    opcode 27..=31 opcode
    syntax \"\"
}
opcodes {
    wide   0x2E Six
    narrow 0x17 Five
}
");
fn main() {}
