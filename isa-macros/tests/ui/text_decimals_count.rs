// Rule: N in `{field:.N}` is 0 to 9 (`.9` is tests/pass/floats.rs).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// a made-up text
}
format F : 32 {
    imm    0..=15  f16
    rest   16..=25 unknown
    opcode 26..=31 opcode
    syntax \"{imm}\"
    text asm.line \"{opcode} {imm:.10}\"
}
opcodes {
    movh 0 F
}
");
fn main() {}
