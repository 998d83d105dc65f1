// Rule: an enum's values are unique.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Cond : 2 {
    al = 0 \"al\"
    nv = 0 \"nv\"
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
