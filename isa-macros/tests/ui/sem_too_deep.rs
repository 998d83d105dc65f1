// Rule: a semantics expression nests at most 64 levels (each operator,
// parenthesis, call, swizzle and index is one): the checkers walk it
// recursively. 64 parentheses around an operand are one level too many.
isa_macros::isa!(inline = r#"
isa toy { word 32 }
enum Op : 2 operands(a, b) {
    add = 0 "add" sem "dst = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))"
}
format F : 32 {
    op 0..=1 Op
    rest 2..=25 u
    opcode 26..=31 opcode
    syntax "{op} {rest}"
}
opcodes {
    x 0 F
}
"#);
fn main() {}
