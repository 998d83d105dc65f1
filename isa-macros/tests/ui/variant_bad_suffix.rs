// Rule: a variant's suffix continues a mnemonic: not empty, and only
// letters, digits, `_` and `.`.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=24  u
    wide   25      pattern 0
    opcode 26..=31 opcode
    syntax \"{a}\"
}
format W : F {
    variant \" w\"
    wide   25      pattern 1
}
opcodes {
    op 0 F
}
");
fn main() {}
