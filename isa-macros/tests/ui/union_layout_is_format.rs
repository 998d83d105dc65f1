// Rule: a union lists layouts, not formats.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout A : 8 {
    v    0..=5 u
    kind 6..=7 fixed 0
    syntax \"a{v}\"
}
union S : 8 {
    A
    F
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
