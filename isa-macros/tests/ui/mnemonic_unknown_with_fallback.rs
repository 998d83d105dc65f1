// Rule: with `fallback`, no mnemonic becomes the `Unknown` variant it adds.
isa_macros::isa!(inline = "
isa toy {
    word 32
    fallback \".word\"
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    unknown 0 F
}
");
fn main() {}
