// Rule: `{field + N}` adds to a `u` field.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// one line per instruction
}
format F : 32 {
    a      0..=11  u
    s      12..=25 s
    opcode 26..=31 opcode
    syntax \"{a}, {s}\"
    text asm.line \"{opcode} {s + 2}, {a}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
