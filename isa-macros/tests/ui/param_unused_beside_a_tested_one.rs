// Rule: every param is used by a `text` line, even beside a param that a
// condition tests (`when half`).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// one line per instruction
}
layout Src : 8 {
    param half
    param wide
    reg    0..=7   u
    syntax \"r{reg}\"
    text asm.src when half \"hr{reg}\"
    text asm.src \"r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    full   8       bool
    rest   9..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}{full:' full'}\"
    text asm.line \"{opcode} {src(half = !full, wide = 0)}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
