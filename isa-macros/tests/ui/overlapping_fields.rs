// Rule: no two fields overlap; the error names both.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    src1   0..=18  u
    idx    18..=25 u
    opcode 26..=31 opcode
    syntax \"{src1}, {idx}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
