// Rule: the `isa` item has one `word` line (and one `fallback`, one `gens`);
// the first is kept.
isa_macros::isa!(inline = "
isa toy {
    word 32
    word 64
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
