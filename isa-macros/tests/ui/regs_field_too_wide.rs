// Rule: a register field is 1 to 64 bits wide (65 is refused; pass/boundaries.rs
// has a 64-bit one, which compiles).
isa_macros::isa!(inline = "
isa toy { word 32 }
regs Reg : 65 {
    r = 0 count 8
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
