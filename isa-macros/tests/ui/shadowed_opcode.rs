// Rule: no opcode may be shadowed (every word it matches taken by
// higher-priority opcodes), even when priorities are declared.
isa_macros::isa!(inline = "
isa toy { word 32 }
format Six : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
format Five : 32 {
    rest   0..=26  unknown
    opcode 27..=31 opcode
    syntax \"\"
}
opcodes {
    even   0x2E Six  prio 2
    odd    0x2F Six  prio 2
    narrow 0x17 Five prio 1
}
");
fn main() {}
