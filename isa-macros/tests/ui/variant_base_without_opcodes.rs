// Rule: a `variant` line makes at least one opcode: its base has opcodes.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=24  u
    wide   25      pattern 0
    opcode 26..=31 opcode
    syntax \"{a}\"
}
format G : F {
    wide   25      pattern 1
}
format W : G {
    variant \".w\"
}
opcodes {
    op 0 F
}
");
fn main() {}
