// Rule: a param is a bool: a binding reads a bool field, not a number.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
layout Src : 8 {
    reg    0..=7   u
    syntax \"r{reg}\"
    text asm.src \"r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    size   8..=9   u
    rest   10..=25 unknown
    opcode 26..=31 opcode
    syntax \"{src}, {size}\"
    text asm.line \"{opcode} {src(half = size)}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
