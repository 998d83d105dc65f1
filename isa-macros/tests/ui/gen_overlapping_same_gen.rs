// Rule: opcodes of one pattern need disjoint `gen` ranges (here both have
// generation 5); disjoint ranges are tests/pass/boundaries.rs.
isa_macros::isa!(inline = "
isa toy {
    word 32
    gens 3..=7
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    old 0 F gen 3..=5
    new 0 F gen 5..=7
}
");
fn main() {}
