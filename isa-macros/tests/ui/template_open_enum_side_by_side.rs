// Rule: an open enum prints unnamed values as numbers, so it may not sit
// right next to a number in a template.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum Off : 3 open {
    none = 7 \"none\"
}
format F : 32 {
    addr   0..=8   u
    off    9..=11  Off
    rest   12..=25 unknown
    opcode 26..=31 opcode
    syntax \"[{addr}{off}]\"
}
opcodes {
    ld 0 F
}
");
fn main() {}
