// Rule: a field holds at most 64 bits (65 is refused; pass/boundaries.rs has a
// 64-bit field, which compiles).
isa_macros::isa!(inline = "
isa toy { word 128 }
format F : 128 {
    a      0..=64    u
    rest   65..=119  unknown
    opcode 120..=127 opcode
    syntax \"{a}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
