// Rule: the opcodes of one line whose values and patterns an earlier line's
// have are one error, at that line: here the `variant` format lost the
// pattern that told it from its base's.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=24  u
    wide   25      pattern 0
    opcode 26..=31 opcode
    syntax \"{a}\"
}
format W : F {
    variant \".w\"
}
opcodes {
    add 0 F
    sub 1 F
    mul 2 F
}
");
fn main() {}
