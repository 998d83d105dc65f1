// Rule: a function declared under a misspelt name, whose right name every
// `sem` string that calls it writes (two places or more), is one error at
// the declaration; a function is no layout's, so the message names none.
isa_macros::isa!(inline = "
isa toy {
    word 32
    state acc
    func psuh(2)
}
format F : 32 {
    src    0..=7   u
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    a 1 F sem \"acc = push(acc, src)\"
    b 2 F sem \"acc = push(src, acc)\"
}
");
fn main() {}
