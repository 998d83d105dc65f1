// Rule: register prefixes are distinct.
isa_macros::isa!(inline = "
isa toy { word 32 }
regs Reg : 4 {
    r = 0 count 4
    r = 8 count 4
}
format F : 32 {
    dst    0..=3   Reg
    rest   4..=25  unknown
    opcode 26..=31 opcode
    syntax \"{dst}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
