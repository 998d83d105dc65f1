// Rule: a declared `func` is called with its declared argument count.
isa_macros::isa!(inline = "
isa toy {
    word 32
    state stack
    func push(2)
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    op 0 F sem \"stack = push(stack); dst = src\"
}
");
fn main() {}
