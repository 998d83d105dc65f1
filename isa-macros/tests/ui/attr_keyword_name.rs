// Rule: an attribute cannot be called `sem` or `prio` (opcode lines read them as keywords) or a Rust path keyword.
isa_macros::isa!(inline = "
isa toy {
    word 32
    attr sem
    attr self
}
enum Level : 2 {
    low  = 0 \"low\"
    high = 1 \"high\"
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
