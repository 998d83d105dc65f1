// Rule: a derived format takes its base's `text` groups that it does not
// write. When such a group fails there, and the format writes a group of
// the same dialect one slip from it, the name written on fewer lines is
// misspelt: one error at it, not one per name the taken lines lack.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
format F : 32 {
    a      0..=11  u
    rest   12..=25 unknown
    opcode 26..=31 opcode
    syntax \"{a}\"
    text asm.lnie when a == 0 \"{opcode} {rest}\"
    text asm.line \"{opcode} {a}\"
}
format G : F {
    b      12..=19 u
    more   20..=25 unknown
    syntax \"{a}, {b}\"
    text asm.line \"{opcode} {a}, {b}\"
}
format H : F {
    c      12..=19 u
    more   20..=25 unknown
    syntax \"{a}, {c}\"
    text asm.line \"{opcode} {a}, {c}\"
}
opcodes {
    add 1 F
    sub 2 G
    mul 3 H
}
");
fn main() {}
