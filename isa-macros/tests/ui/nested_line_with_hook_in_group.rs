// Rule: the lines of a layout printed inside another line use no hooks,
// inside an optional group as anywhere else.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
layout Src : 8 {
    param half
    reg    0..=6   u
    wide   7       bool
    syntax \"r{reg}{wide:' wide'}\"
    text asm.src \"{half:'h'}r{wide?{reg:@reg}}{!wide?{reg}}\"
}
format F : 32 {
    src    0..=7   Src
    full   8       bool
    rest   9..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}{full:' full'}\"
    text asm.line \"{opcode} {src(half = !full)}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
