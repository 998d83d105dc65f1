// Rule: `{field:.N}` rounds, so only a `text` line may print it (a
// `syntax` line gives every bit back).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    imm    0..=15  f16
    rest   16..=25 unknown
    opcode 26..=31 opcode
    syntax \"{imm:.6}\"
}
opcodes {
    movh 0 F
}
");
fn main() {}
