// Rule: strings know three escapes, `\"`, `\\` and `\n`; any other
// character after a backslash (however many bytes it takes) is an error.
isa_macros::isa!(inline = r#"
isa toy { word 32 }
format F : 32 {
    a 0..=25 u
    opcode 26..=31 opcode
    syntax "{a}\t\é"
}
opcodes {
    x 0 F
}
"#);
fn main() {}
