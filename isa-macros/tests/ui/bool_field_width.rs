// Rule: a `bool` field is 1 bit wide (the field's width is the type's): one
// of 2 bits is refused.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    sat    0..=1   bool
    rest   2..=25  unknown
    opcode 26..=31 opcode
    syntax \"{sat:' sat'}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
