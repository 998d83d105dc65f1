// Rule: optional groups nest at most 8 deep in a `text` template (the
// printers and parsers walk them recursively); the ninth is an error.
isa_macros::isa!(inline = r#"
isa toy {
    word 32
    /// Mesa's.
    dialect mesa
}
format F : 32 {
    f 0 bool
    a 1..=25 u
    opcode 26..=31 opcode
    syntax "{f} {a}"
    text mesa.line "{opcode} {a} {f?{f?{f?{f?{f?{f?{f?{f?{f?x}}}}}}}}}"
}
opcodes {
    x 0 F
}
"#);
fn main() {}
