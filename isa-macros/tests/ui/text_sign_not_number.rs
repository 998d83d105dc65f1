// Rule: `{field:+}` prints a number with its sign: the field is `u` or `s`.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// one line per instruction
}
format F : 32 {
    neg    0       bool
    a      1..=25  u
    opcode 26..=31 opcode
    syntax \"{a}{neg:' neg'}\"
    text asm.line \"{opcode} {a}{neg:+}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
