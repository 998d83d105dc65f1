// Rule: a name is either ISA state or a `func`, not both.
isa_macros::isa!(inline = "
isa toy {
    word 32
    state stack
    func stack(1)
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
