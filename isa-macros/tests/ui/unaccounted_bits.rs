// Rule: every bit of a format is accounted for: one error per gap, listing
// its bits, at the field below it, with a note at the field above.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=7   u
    b      10..=15 u
    opcode 26..=31 opcode
    syntax \"{a}, {b}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
