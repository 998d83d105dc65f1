// Rule: an opcode's `gen` lies inside the ISA's `gens` (`gen 3..=7` is
// tests/pass/boundaries.rs; one past the newest fails).
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
    nop 0 F gen 6..=8
}
");
fn main() {}
