// Rule: `{field + N}` prints a value computed from the field: only a
// `text` line may (a `syntax` line prints every field itself).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=25  u
    opcode 26..=31 opcode
    syntax \"{a + 2}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
