// Rule: a name has at most 64 characters (one of 65 is an error, and the
// messages after it quote the name cut short).
isa_macros::isa!(inline = r#"
isa toy { word 32 }
format F : 32 {
    fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff 0..=25 u
    opcode 26..=31 opcode
    syntax "{a}"
}
opcodes {
    x 0 F
}
"#);
fn main() {}
