// Rule: an enum value sets only the attributes its enum declares.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Op : 2 open {
    attr args u = 2
    add = 0 \"add\" arsg=1
    neg = 1 \"neg\" args=1
}
enum Plain : 1 {
    no  = 0 \"no\"
    yes = 1 \"yes\" loud
}
format F : 32 {
    op     0..=1   Op
    p      2       Plain
    a      3..=25  u
    opcode 26..=31 opcode
    syntax \"{op} {p} {a}\"
}
opcodes {
    x 0 F
}
");
fn main() {}
