// Rule: a `sem` is not empty: it holds what the opcode computes (leave it
// out to give none).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    mov 0 F sem \"dst = src\"
    op  1 F sem \"\"
}
");
fn main() {}
