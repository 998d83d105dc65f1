// Rule: a format has each `variant` suffix once; a second line of the
// same suffix would make its base's opcodes again.
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
    variant \".w\"
    wide   25      pattern 1
}
opcodes {
    op   0 F
    add  1 F
}
");
fn main() {}
