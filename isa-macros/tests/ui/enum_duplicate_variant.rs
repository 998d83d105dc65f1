// Rule: an enum's variant names are unique.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Cond : 2 {
    al = 0 \"al\"
    al = 1 \"xl\"
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
