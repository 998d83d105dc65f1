// Rule: an attribute's value has its type: an enum attribute takes a variant's name, a `u` attribute a number.
isa_macros::isa!(inline = "
isa toy {
    word 32
    attr level Level = low
    attr cycles u = 1
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
    op 0 F level=medium cycles=high
    op2 1 F level=1
}
");
fn main() {}
