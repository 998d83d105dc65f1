// Rule: a generation range is written oldest first.
isa_macros::isa!(inline = "
isa toy {
    word 32
    gens 7..=3
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
