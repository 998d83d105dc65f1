// Rule: `opcode.attr` names an attribute declared in the `isa` item.
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
    text asm.line when opcode.flw == 1 \"{a}\"
}
opcodes {
    jmp 0x01 F flow=1
}
");
fn main() {}
