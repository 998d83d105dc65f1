// Rule: word widths are 8, 16, 32, 64, 128 or a multiple of 64 up to 512.
isa_macros::isa!(inline = "
isa toy { word 48 }
format T : 48 {
    a      0..=39  u
    opcode 40..=47 opcode
    syntax \"{a}\"
}
opcodes {
    nop 0 T
}
");
fn main() {}
