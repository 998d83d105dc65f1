// Rule: a `variant` line makes at least one opcode: some base opcode exists
// in a generation of the variant's `gen`.
isa_macros::isa!(inline = "
isa toy {
    word 32
    gens 1..=4
}
format F : 32 {
    a      0..=24  u
    wide   25      pattern 0
    opcode 26..=31 opcode
    syntax \"{a}\"
}
format W : F {
    variant \".w\" gen 3..=4
    wide   25      pattern 1
}
opcodes {
    op 0 F gen 1..=2
}
");
fn main() {}
