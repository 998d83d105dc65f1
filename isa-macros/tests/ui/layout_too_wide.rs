// Rule: a layout is 1 to 128 bits wide (129 is refused; pass/boundaries.rs has a
// 128-bit one, which compiles).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout L : 129 {
    a 0..=63   u
    b 64..=127 u
    c 128      bool
    syntax \"{a} {b} {c}\"
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
