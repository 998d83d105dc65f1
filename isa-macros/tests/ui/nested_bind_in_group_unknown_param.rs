// Rule: a nested piece inside an optional group is checked as one outside
// it: its binding must name a param of the layout.
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
    on     8       bool
    rest   9..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}{on:' on'}\"
    text asm.line \"{opcode}{on?, {src(half = 1)}}\"
    text asm.line \"{opcode} {src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
