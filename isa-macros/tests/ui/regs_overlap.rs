// Rule: register files do not overlap (c starts one register too early; pass/minimal.rs has r and c touching, 0..=7 and 8..=15, and compiles).
isa_macros::isa!(inline = "
isa toy { word 32 }
regs Reg : 4 {
    r = 0 count 8
    c = 7 count 8
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
