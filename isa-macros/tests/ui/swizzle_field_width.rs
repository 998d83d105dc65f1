// Rule: a swizzle is 8 bits wide (the field's width is the type's): one of
// 7 bits is refused.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    swz    0..=6   swizzle(x_low)
    rest   7..=25  unknown
    opcode 26..=31 opcode
    syntax \"{swz}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
