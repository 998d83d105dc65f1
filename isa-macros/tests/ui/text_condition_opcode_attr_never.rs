// Rule: an `opcode.attr` condition must hold for some opcode of the format,
// or its line would never print.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
    attr flow u = 0
}
format F : 32 {
    a 0..=25 u
    opcode 26..=31 opcode
    syntax \"{a}\"
    text asm.line when opcode.flow == 2 \"{a}\"
}
opcodes {
    jmp 0x01 F flow=1
    nop 0x02 F
}
");
fn main() {}
