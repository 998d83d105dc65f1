// Rule: a fixed value fits its field.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    magic  0..=3   fixed 0x1F
    rest   4..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
