// Errors are collected, never stopped at the first: one run reports a
// syntax error, an overlap, missing bits and a duplicate mnemonic together.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=9   u
    b      8..=15  u
    opcode 26..=31 opcode
    syntax \"{a}, {b}\"
}
format G : 32 {
    a      0..=25  u u
    opcode 26..=31 opcode
    syntax \"{a}\"
}
opcodes {
    nop 0 F
    nop 1 F
}
");
fn main() {}
