// Rule: a register field is as wide as its register file's `regs` line
// says: a 3-bit field of a 4-bit file is refused.
isa_macros::isa!(inline = "
isa toy { word 32 }
regs Reg : 4 {
    r = 0 count 16
}
format F : 32 {
    dst    0..=2   Reg
    rest   3..=25  unknown
    opcode 26..=31 opcode
    syntax \"{dst}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
