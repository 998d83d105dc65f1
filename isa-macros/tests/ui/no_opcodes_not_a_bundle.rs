// Rule: an ISA without opcodes must be a bundle: exactly one format, with no
// opcode field.
isa_macros::isa!(inline = "
isa toy { word 32 }
format A : 32 {
    a 0..=31 u
    syntax \"{a}\"
}
format B : 32 {
    b 0..=31 u
    syntax \"{b}\"
}
");
fn main() {}
