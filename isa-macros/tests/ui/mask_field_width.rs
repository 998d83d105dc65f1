// Rule: a write mask is 4 bits wide (the field's width is the type's).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    mask   0..=2   mask(x_low)
    rest   3..=25  unknown
    opcode 26..=31 opcode
    syntax \"{mask}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
