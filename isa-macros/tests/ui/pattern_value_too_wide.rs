// Rule: a pattern value fits its field (0xf in 4 bits is tests/pass/boundaries.rs).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    kind   0..=3   pattern 0x10
    rest   4..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
