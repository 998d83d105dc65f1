// Rule: `variant` gives a format its base's opcodes, so the format needs a
// base (`format NAME : BASE`).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    variant \".w\"
    a      0..=25  u
    opcode 26..=31 opcode
    syntax \"{a}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
