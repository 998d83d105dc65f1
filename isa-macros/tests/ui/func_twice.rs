// Rule: each `func` is declared once.
isa_macros::isa!(inline = "
isa toy {
    word 32
    func push(2) pop(1) push(2)
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F sem \"dst = pop(src)\"
}
");
fn main() {}
