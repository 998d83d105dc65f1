// Rule: `opcode.ATTR` in a binding names an attribute of the `isa` item,
// with a suggestion.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
    attr full
}
layout Src : 8 {
    param half
    reg    0..=7   u
    syntax \"r{reg}\"
    text asm.src \"{half:'h'}r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
    text asm.line \"{opcode} {src(half = !opcode.ful)}\"
}
opcodes {
    mov 0 F full
}
");
fn main() {}
