// Rule: a register file fits its field (the 4-bit field holds 0..=15: c = 8 count 8 fits, count 9 does not).
isa_macros::isa!(inline = "
isa toy { word 32 }
regs Reg : 4 {
    r = 0 count 8
    c = 8 count 9
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
