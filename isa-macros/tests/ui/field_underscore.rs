// Rule: a field is not called `_` (nor `self`, `Self`, `super`, `crate`).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    _      0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
