// Rule: only formats can be extended.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout L : 32 {
    a 0..=31 u
    syntax \"{a}\"
}
format F : L {
    opcode 26..=31 opcode
}
opcodes {
    nop 0 F
}
");
fn main() {}
