// Rule: a register file has at least one register.
isa_macros::isa!(inline = "
isa toy { word 32 }
regs Reg : 4 {
    r = 0 count 0
    c = 8 count 8
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
