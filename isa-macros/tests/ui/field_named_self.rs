// Rule: a field is not called `self`, `Self`, `super`, `crate` or `_`.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    self   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
