// Rule: a union field is one contiguous range.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout A : 8 {
    v    0..=5 u
    kind 6..=7 fixed 0
    syntax \"a{v}\"
}
layout B : 8 {
    v    0..=5 u
    kind 6..=7 fixed 1
    syntax \"b{v}\"
}
union S : 8 {
    A
    B
}
format F : 32 {
    src    0..=3 + 8..=11 S
    mid    4..=7  unknown
    rest   12..=25 unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
