// Rule: only a `layout` takes params: a format is never printed inside
// another line, so nothing would give them.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
format F : 32 {
    param wide
    a      0..=25  u
    opcode 26..=31 opcode
    syntax \"{a}\"
    text asm.line \"{opcode} {wide:'w'}{a}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
