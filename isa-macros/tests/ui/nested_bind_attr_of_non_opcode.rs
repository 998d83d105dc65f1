// Rule: a binding reads an attribute of the opcode field or of an enum
// field only (`f.ATTR`).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
    attr wide
}
layout Src : 8 {
    reg    0..=7   u
    syntax \"r{reg}\"
    text asm.src \"r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    full   8       bool
    rest   9..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}{full:' full'}\"
    text asm.line \"{opcode} {src(half = full.wide)}\"
}
opcodes {
    mov 0 F wide
}
");
fn main() {}
