// Rule: `{field as VIEW}` (narrow): a text line reads a number field's low
// bits as f16, f32, s16 or s32 (the field is at least that wide).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
format F : 32 {
    v      0..=15  u
    n      16..=23 u
    rest   24..=25 unknown
    opcode 26..=31 opcode
    syntax \"{v} {n}\"
    text asm.line \"{opcode} {n as f32}, {n}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
