// Rule: a character that starts no token (a name, a number, a string, a
// comment, `..=` or the punctuation) is an error; a run of them is one
// error, quoting them with control characters escaped.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a 0..=25 u $$\u{0}
    opcode 26..=31 opcode
    syntax \"{a}\"
}
opcodes {
    x 0 F
}
");
fn main() {}
