// Rule: a union prints through its layouts' lines of the dialect only if
// every layout has some.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
layout SrcReg : 8 {
    reg    0..=6   u
    kind   7       fixed 0
    syntax \"r{reg}\"
    text asm.src \"r{reg}\"
}
layout SrcImm : 8 {
    imm    0..=6   u
    kind   7       fixed 1
    syntax \"#{imm}\"
}
union Src : 8 {
    SrcReg
    SrcImm
}
format F : 32 {
    src    0..=7   Src
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
    text asm.line \"{opcode} {src}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
