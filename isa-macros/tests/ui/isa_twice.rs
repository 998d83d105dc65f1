// Rule: a spec has one `isa` item. Here its line is written twice, so the
// first block is empty and cut at the second: one error, and what the
// second declares (the word, the state) is kept, not unknown everywhere.
isa_macros::isa!(inline = "
isa toy {
isa toy {
    word 32
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
