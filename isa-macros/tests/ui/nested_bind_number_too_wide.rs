// Rule: a binding `p = f == v|N` on an enum field names variants of its
// enum or numbers that fit: 4 does not fit two bits (3 does, see the pass
// case `nested_bind_numbers`).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
enum Ty : 2 {
    f16 = 0 \"f16\"
    f32 = 1 \"f32\"
}
layout Src : 8 {
    param half
    reg    0..=7   u
    syntax \"r{reg}\"
    text asm.src \"{half:'h'}r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    ty     8..=9   Ty
    rest   10..=25 unknown
    opcode 26..=31 opcode
    syntax \"{src}, {ty}\"
    text asm.line \"{opcode}.{ty} {src(half = ty == f16|4)}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
