// Rule: each `state` name is declared once.
isa_macros::isa!(inline = "
isa toy {
    word 32
    state pc flags
    state pc
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F sem \"pc = pc + 1\"
}
");
fn main() {}
