// Rule: `format NAME : BASE` needs a format defined above it.
isa_macros::isa!(inline = "
isa toy { word 32 }
format Narrow : Wide {
    b      0..=25  reserved
}
format Wide : 32 {
    a      0..=25  u
    opcode 26..=31 opcode
    syntax \"{a}\"
}
opcodes {
    nop 0 Wide
    halt 1 Narrow
}
");
fn main() {}
