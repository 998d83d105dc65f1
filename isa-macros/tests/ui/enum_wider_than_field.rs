// Rule: an enum fits the field that holds it.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Cond : 3 {
    always = 0 \"al\"
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
