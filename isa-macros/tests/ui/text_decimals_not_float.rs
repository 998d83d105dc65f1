// Rule: `{field:.N}` prints a float field (`f16`, `f32`) with N decimals.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// a made-up text
}
format F : 32 {
    imm    0..=15  u
    rest   16..=25 unknown
    opcode 26..=31 opcode
    syntax \"{imm}\"
    text asm.line \"{opcode} {imm:.6}\"
}
opcodes {
    movi 0 F
}
");
fn main() {}
