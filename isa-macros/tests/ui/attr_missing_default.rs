// Rule: a typed attribute (`u` or an enum) declares its default; an `opcode` attribute has none (unset is no opcode).
isa_macros::isa!(inline = "
isa toy {
    word 32
    attr level Level
    attr cycles u
    attr pair opcode = op
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
