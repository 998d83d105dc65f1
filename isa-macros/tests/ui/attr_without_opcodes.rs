// Rule: attributes describe opcodes; a spec without opcode lines (a bundle ISA) cannot declare them.
isa_macros::isa!(inline = "
isa toy {
    word 32
    attr privileged
}
format Word : 32 {
    a 0..=15  u
    b 16..=31 u
    syntax \"{a}, {b}\"
}
");
fn main() {}
