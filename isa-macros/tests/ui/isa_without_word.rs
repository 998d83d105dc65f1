// Rule: the `isa` item has a `word` line; without one, the formats are not
// also compared with a width the spec never gave.
isa_macros::isa!(inline = "
isa toy {
    fallback \".word\"
}
format F : 64 {
    dst    0..=12  u
    src    13..=57 u
    opcode 58..=63 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
