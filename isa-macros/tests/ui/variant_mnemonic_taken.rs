// Rule: a variant's mnemonics are mnemonics like any other: one that is
// taken is a duplicate, reported at the `variant` line.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=24  u
    wide   25      pattern 0
    opcode 26..=31 opcode
    syntax \"{a}\"
}
format W : F {
    variant \".w\"
    wide   25      pattern 1
}
opcodes {
    op   0 F
    op.w 1 F
}
");
fn main() {}
