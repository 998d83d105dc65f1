// Rule: an `opcode` attribute names an opcode of the spec.
isa_macros::isa!(inline = "
isa toy {
    word 32
    attr pair opcode
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
    op 0 F pair=opp
    op2 1 F pair=op
}
");
fn main() {}
