// Rule: a format without an `opcode` field is one error, at the format that
// lost it: the formats derived from it lack it too, their `pattern` fields
// are part of no opcode pattern, and their templates that name `opcode`
// (or its attributes) give one more error, shown once with their lines.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
    attr odd
}
format F : 32 {
    a      0..=24  u
    wide   25      reserved
    hi     26..=31 reserved
    syntax \"{a}\"
}
format W : F {
    variant \".w\"
    wide   25      pattern 1
    text asm.line \"{opcode}.w {a}\"
}
format V : F {
    variant \".v\"
    wide   25      pattern 0
    text asm.line when opcode.odd \"{opcode}.v {a}\"
}
opcodes {
    add 0 F
    sub 1 F odd
}
");
fn main() {}
