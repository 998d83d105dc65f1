// Rule: every layout of a union is as wide as the union.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout A : 8 {
    v    0..=5 u
    kind 6..=7 fixed 0
    syntax \"a{v}\"
}
layout W : 9 {
    v    0..=6 u
    kind 7..=8 fixed 1
    syntax \"w{v}\"
}
union S : 8 {
    A
    W
}
format F : 32 {
    src    0..=7 S
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
