// Rule: two mnemonics do not become the same Rust variant (`mul.v` and `mul_v`
// are both `MulV`).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    mul.v 0 F
    mul_v 1 F
}
");
fn main() {}
