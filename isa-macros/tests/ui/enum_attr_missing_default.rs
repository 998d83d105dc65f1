// Rule: an enum's typed attribute declares its default, the value of a value line that does not set it, and cannot be called `sem` or `prio` (value lines read them as keywords).
isa_macros::isa!(inline = "
isa toy {
    word 32
}
enum Level : 2 {
    attr cycles u
    attr prio
    low  = 0 \"low\"
    high = 1 \"high\"
}
format F : 32 {
    dst    0..=11  u
    lvl    12..=13 Level
    src    14..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {lvl}, {src}\"
}
opcodes {
    op 0 F
}
");
fn main() {}
