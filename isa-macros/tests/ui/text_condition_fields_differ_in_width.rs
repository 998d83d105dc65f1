// Rule: a condition that compares two fields (`a != b`) needs fields of
// the same type or width.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
format F : 32 {
    a      0..=1   u
    b      2..=4   u
    rest   5..=25  unknown
    opcode 26..=31 opcode
    syntax \"{a}, {b}\"
    text asm.line when a != b \"{opcode} {a}, {b}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
