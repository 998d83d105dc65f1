// Rule: strings hold visible text: a control character other than a tab,
// or an invisible one that reorders text, is an error (and is escaped
// where the message quotes it).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a 0..=25 u
    opcode 26..=31 opcode
    syntax \"{a}\u{1b}[2J\"
}
opcodes {
    x 0 F
}
");
fn main() {}
