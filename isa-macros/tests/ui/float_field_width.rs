// Rule: an `f32` field is 32 bits wide (the field's width is the type's):
// one of 31 bits is refused.
isa_macros::isa!(inline = "
isa toy { word 64 }
format F : 64 {
    imm    0..=30  f32
    rest   31..=57 unknown
    opcode 58..=63 opcode
    syntax \"{imm}\"
}
opcodes {
    movf 0 F
}
");
fn main() {}
