// Rule: a `func` takes at most 8 arguments.
isa_macros::isa!(inline = "
isa toy {
    word 32
    func wide(9)
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F sem \"dst = src\"
}
");
fn main() {}
