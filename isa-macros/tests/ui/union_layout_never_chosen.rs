// Rule: a union layout whose fixed bits an earlier one fixes the same way is never chosen
// (the same values, not only zeros: `kind` is 2 in both).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout A : 8 {
    v    0..=5 u
    kind 6..=7 fixed 2
    syntax \"a{v}\"
}
layout A2 : 8 {
    v    0..=4 u
    x    5     fixed 1
    kind 6..=7 fixed 2
    syntax \"a2 {v}\"
}
union S : 8 {
    A
    A2
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
