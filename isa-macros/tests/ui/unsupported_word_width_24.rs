// Rule: a 24-bit word (three bytes) is refused; 8, 16 and 32 bits work.
isa_macros::isa!(inline = "
isa toy { word 24 }
format T : 24 {
    a      0..=15  u
    opcode 16..=23 opcode
    syntax \"{a}\"
}
opcodes {
    nop 0 T
}
");
fn main() {}
