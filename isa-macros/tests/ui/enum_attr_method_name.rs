// Rule: an enum attribute becomes a method of the enum, so it cannot take
// the name of one the enum already has (`raw`, `name`, `spelling`, …).
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Op : 2 open {
    attr raw u = 0
    attr spelling
    add = 0 \"add\"
}
format F : 32 {
    op     0..=1   Op
    a      2..=25  u
    opcode 26..=31 opcode
    syntax \"{op} {a}\"
}
opcodes {
    x 0 F
}
");
fn main() {}
