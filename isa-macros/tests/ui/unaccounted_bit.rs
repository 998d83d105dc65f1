// Rule: every bit of a format is accounted for; a one-bit gap is "bit N",
// pointed at the field below it, with a note at the field above.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=2   u
    b      4..=25  u
    opcode 26..=31 opcode
    syntax \"{a}, {b}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
