// Rule: a union holds 1 to 64 bits (64 is tests/pass/boundaries.rs).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout L : 65 {
    v    0..=63 u
    kind 64     fixed 0
    syntax \"l{v}\"
}
union S : 65 {
    L
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
