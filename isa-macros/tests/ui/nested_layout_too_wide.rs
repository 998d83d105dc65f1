// Rule: a nested layout field holds at most 64 bits.
isa_macros::isa!(inline = "
isa toy { word 128 }
layout Wide : 96 {
    a 0..=63  u
    b 64..=95 u
    syntax \"{a} {b}\"
}
format F : 128 {
    w      0..=95   Wide
    rest   96..=119 unknown
    opcode 120..=127 opcode
    syntax \"{w}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
