// Rule: an opcode line without a template takes its format's `syntax`
// line; a format without one makes one error for all its opcode lines.
isa_macros::isa!(inline = "
isa toy {
    word 32
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
}
opcodes {
    mov 0 F
    add 1 F
    sub 2 F \"{dst}, {src}\"
}
");
fn main() {}
