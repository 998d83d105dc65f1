// Rule: a field declared under a misspelt name, whose right name every
// line that means it writes (two places or more), is one error at the
// declaration, not one at each place.
isa_macros::isa!(inline = "
isa toy {
    word 32
    state acc
}
format F : 32 {
    scr    0..=7   u
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
format G : F {
    syntax \"{src}, {rest}\"
}
opcodes {
    a 1 F sem \"acc = src\"
    b 2 G
}
");
fn main() {}
