// Rule: a template names only fields that exist; an abbreviation of a field
// (`tgt` for `target`) gets a "did you mean".
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    target 0..=25  u
    opcode 26..=31 opcode
}
opcodes {
    br 0 F \"{tgt}\"
}
");
fn main() {}
