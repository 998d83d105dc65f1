// A small spec with every field kind expands and round-trips.
mod toy {
    isa_macros::isa!(inline = "
isa toy {
    word 32
    fallback \".word\"
    state flags
}
enum Cond : 2 open {
    al = 0 \"al\"
    eq = 1 \"eq\" \"z\"
}
// r and c touch (0..=7, 8..=15) without overlapping: the passing boundary of
// tests/ui/regs_overlap.rs and tests/ui/regs_past_field.rs.
regs Reg : 4 {
    r = 0 count 8
    c = 8 count 8
}
format F : 32 {
    dst    0..=3   Reg
    imm    4..=7 + 12..=15  s
    cond   8..=9   Cond
    sat    10      bool
    magic  11      fixed 1
    mask   16..=19 mask(x_low)
    pad    20..=21 reserved
    junk   22..=25 unknown
    opcode 26..=31 opcode
    syntax \"{dst}.{mask}, {imm}{sat:'.sat'} if {cond}\"
}
opcodes {
    addi 0x01 F sem \"flags = float(imm > 0.0); dst = dst + imm\"  /// add an immediate
}
");
}

fn main() {
    use toy::*;
    let insn: Instruction = "addi c3.xw, -100.sat if z".parse().unwrap();
    let word = insn.encode();
    assert_eq!(Instruction::decode(word), Ok(insn));
    assert_eq!(insn.to_string(), "addi c3.xw, -100.sat if eq");
    assert!(Instruction::decode(word | (1 << 20)).is_err()); // reserved bits
    assert!(Instruction::decode(word & !(1 << 11)).is_err()); // fixed bit
    assert_eq!(LAYOUT.opcodes[0].doc, "add an immediate");
    open_enums_are_newtypes_over_their_bits();
}

/// An open enum is a one-byte newtype over its bits: the named values are
/// constants that work as patterns, and every other value is kept.
fn open_enums_are_newtypes_over_their_bits() {
    use toy::Cond;
    assert_eq!(core::mem::size_of::<Cond>(), 1);
    assert_eq!(Cond::NAMED, &[Cond::Al, Cond::Eq]);
    for bits in 0..4u64 {
        let c = Cond::from_bits(bits);
        assert_eq!(c.raw(), bits);
        let named = match c {
            Cond::Al => Some("Al"),
            Cond::Eq => Some("Eq"),
            _ => None,
        };
        assert_eq!(c.name(), named);
        assert_eq!(c.is_named(), named.is_some());
        assert_eq!(Cond::from_raw(bits), named.map(|_| c));
    }
    assert_eq!(format!("{:?}", Cond::from_bits(3)), "Cond(0x3)");
    assert_eq!(format!("{:?}", Cond::Eq), "Eq");
    assert_eq!(Cond::from_bits(0x7).raw(), 3, "from_bits keeps the enum's bits only");
}
