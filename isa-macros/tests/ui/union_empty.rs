// Rule: a union lists at least one layout.
isa_macros::isa!(inline = "
isa toy { word 32 }
union S : 8 {
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
