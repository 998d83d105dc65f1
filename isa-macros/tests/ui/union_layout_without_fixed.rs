// Rule: a union layout without `fixed` fields must be the last (it takes every value).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Any : 8 {
    v 0..=7 u
    syntax \"any{v}\"
}
layout B : 8 {
    v    0..=5 u
    kind 6..=7 fixed 1
    syntax \"b{v}\"
}
union S : 8 {
    Any
    B
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
