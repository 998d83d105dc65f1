// Rule: a `func` may not redefine an AGSL built-in.
isa_macros::isa!(inline = "
isa toy {
    word 32
    func push(2) clamp(3)
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F sem \"dst = clamp(src, 0.0, 1.0)\"
}
");
fn main() {}
