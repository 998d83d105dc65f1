// Rule: `opcode.ATTR` in a binding is a flag attribute (a param is a bool).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
    attr size u = 0
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
    text asm.line \"{opcode} {src(half = opcode.size)}\"
}
opcodes {
    mov 0 F size=2
}
");
fn main() {}
