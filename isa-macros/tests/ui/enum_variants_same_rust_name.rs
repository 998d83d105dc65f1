// Rule: two variants of an enum do not become the same Rust variant
// (`al` and `Al` are both `Al`).
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Cond : 2 {
    al   = 0 \"al\"
    Al   = 1 \"xl\"
}
format F : 32 {
    cond   0..=1   Cond
    rest   2..=25  unknown
    opcode 26..=31 opcode
    syntax \"{cond}\"
}
opcodes {
    nop 0 F
}
");
fn main() {}
