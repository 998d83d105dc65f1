// Rule: an enum is 1 to 64 bits wide (65 is refused; pass/boundaries.rs has a
// 64-bit enum, which compiles).
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Big : 65 {
    a = 0 \"a\"
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
