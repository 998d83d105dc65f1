// Rule: in words wider than 128 bits, the opcode lies in bits 0..=127.
isa_macros::isa!(inline = "
isa toy { word 192 }
format T : 192 {
    a      0..=63    unknown
    b      64..=127  unknown
    c      128..=159 unknown
    opcode 160..=191 opcode
    syntax \"\"
}
opcodes {
    nop 0 T
}
");
fn main() {}
