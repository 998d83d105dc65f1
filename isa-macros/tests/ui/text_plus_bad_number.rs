// Rule: `{field + N}` adds a decimal number of 1 or more.
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
    text asm.line \"{opcode} {a + x}, {s:+}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
