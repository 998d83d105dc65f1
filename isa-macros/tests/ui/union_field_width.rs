// Rule: a union field is as wide as the union: a 7-bit field of an 8-bit
// union is refused.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout A : 8 {
    v    0..=6 u
    kind 7     fixed 0
    syntax \"a{v}\"
}
layout B : 8 {
    v    0..=6 u
    kind 7     fixed 1
    syntax \"b{v}\"
}
union S : 8 {
    A
    B
}
format F : 32 {
    src    0..=6   S
    rest   7..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
