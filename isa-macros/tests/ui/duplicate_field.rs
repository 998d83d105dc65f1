// Rule: a format's field names are unique.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    rest   0..=12  unknown
    rest   13..=25 unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
