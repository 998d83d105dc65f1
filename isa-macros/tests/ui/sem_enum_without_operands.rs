// Rule: only an enum that declares `operands(…)` may give its values semantics.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Op : 2 {
    add = 0 \"add\" sem \"dst = a + b\"
    sub = 1 \"sub\"
}
format F : 32 {
    op     0..=1   Op
    rest   2..=25  u
    opcode 26..=31 opcode
    syntax \"{op} {rest}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
