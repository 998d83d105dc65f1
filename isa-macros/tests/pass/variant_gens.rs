// A `variant` line's `gen` says where its form exists, whatever the base
// opcode's generations are: an older generation's encoding of an opcode
// (ir3's a4xx `stgb.a4` beside a5xx's `stgb`); without one, it has the
// base opcode's. A `variant` line takes `prio` as an opcode line does,
// negative too.
isa_macros::isa!(inline = "
isa toy {
    word 32
    gens 1..=4
}
format F : 32 {
    a      0..=24  u
    old    25      pattern 1
    opcode 26..=31 opcode
    syntax \"{a}\"
}
format Old : F {
    variant \".old\" gen 1..=2 prio -1   /// the form of generations 1 and 2 (bit 25 clear)
    old    25      pattern 0
}
opcodes {
    op 0 F gen 3..=4
    any 1 F
}
");

fn main() {
    let gens = |m: &str| LAYOUT.opcode(m).and_then(|o| o.gens).map(|g| (g.lo, g.hi));
    assert_eq!(gens("op"), Some((3, 4)));
    assert_eq!(gens("op.old"), Some((1, 2)));
    assert_eq!(gens("any"), None);
    assert_eq!(gens("any.old"), Some((1, 2)));
    assert_eq!(LAYOUT.opcode("any.old").map(|o| o.priority), Some(-1));
    assert_eq!(LAYOUT.opcode("any").map(|o| o.priority), Some(0));
    // Each generation decodes only its own form.
    assert!(Instruction::decode_gen(5, 2).is_ok());
    assert!(Instruction::decode_gen(5, 3).is_err());
    assert!(Instruction::decode_gen(5 | 1 << 25, 3).is_ok());
    assert!(Instruction::decode_gen(5 | 1 << 25, 2).is_err());
}
