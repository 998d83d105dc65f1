// The largest value of each range rule compiles and round-trips; one more
// is each rule's compile-fail case in tests/ui (named beside each line).

/// A 512-bit word (`unsupported_word_width_576`), a 64-bit enum
/// (`enum_too_wide`), register field (`regs_field_too_wide`) and `u` field
/// (`field_65_bits`), and the opcode in bits 120..=127 (`opcode_beyond_128_bits`).
mod wide {
    isa_macros::isa!(inline = "
isa wide { word 512 }
enum E : 64 {
    lo = 0 \"lo\"
    hi = 0xffffffffffffffff \"hi\"
}
regs R : 64 {
    r = 0 count 8
    h = 0xfffffffffffffff8 count 8
}
format F : 512 {
    dst    0..=63    R
    imm    64..=119  u
    opcode 120..=127 opcode
    e      128..=191 E
    big    192..=255 u
    a      256..=319 unknown
    b      320..=383 unknown
    c      384..=447 unknown
    d      448..=511 unknown
    syntax \"{dst}, {e}, {imm}, {big}\"
}
opcodes {
    op 0xff F
}
");
}

/// A `func` of 8 arguments (`func_too_many_arguments`) and an enum of 8
/// operands (`enum_too_many_operands`).
mod arity {
    isa_macros::isa!(inline = "
isa arity {
    word 32
    func wide(8)
}
enum Op : 2 operands(a, b, c, d, e, f, g, h) {
    add = 0 \"add\" sem \"dst = a + h\"
}
format F : 32 {
    op     0..=1   Op
    dst    2..=13  u
    src    14..=25 u
    opcode 26..=31 opcode
    syntax \"{op} {dst}, {src}\"
}
opcodes {
    call 0 F sem \"dst = wide(src, src, src, src, src, src, src, src)\"
    apply 1 F sem \"dst = op(src, src, src, src, src, src, src, src)\"
}
");
}

/// The widest pattern value of a 4-bit field (`pattern_value_too_wide`):
/// words of opcode 0 whose low nibble is not 0xf match no opcode.
mod pattern {
    isa_macros::isa!(inline = "
isa pattern { word 32 }
format F : 32 {
    kind   0..=3   pattern 0xf
    rest   4..=25  u
    opcode 26..=31 opcode
    syntax \"{rest}\"
}
opcodes {
    op 0 F
}
");
}

/// One opcode value in two disjoint generation ranges
/// (`gen_overlapping_same_gen`), reaching both ends of the ISA's `gens`
/// (`gen_outside_gens`).
mod gens {
    isa_macros::isa!(inline = "
isa gens {
    word 32
    gens 3..=7
}
format F : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
opcodes {
    old 0 F gen 3..=4
    new 0 F gen 5..=7
}
");
}

/// A 64-bit union (`union_too_wide`) of two layouts, the last without a
/// `fixed` field (`union_layout_without_fixed`: it takes every other value).
mod union64 {
    isa_macros::isa!(inline = "
isa union64 { word 128 }
layout Neg : 64 {
    v    0..=62 u
    sign 63     fixed 1
    syntax \"-{v}\"
}
layout Any : 64 {
    v    0..=63 u
    syntax \"{v}\"
}
union U : 64 {
    Neg
    Any
}
format F : 128 {
    u      0..=63   U
    rest   64..=121 unknown
    opcode 122..=127 opcode
    syntax \"{u}\"
}
opcodes {
    op 1 F
}
");
}

/// A 128-bit layout (`layout_too_wide`) as a 128-bit unit (`bundle_unit_too_wide`).
mod bundle {
    isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=3  u
    units 4      presence
    rest  5..=31 unknown
    syntax \"count={count}\"
}
layout W : 128 {
    a 0..=63   u
    b 64..=127 u
    syntax \"w {a} {b}\"
}
bundle Instr {
    control Ctl
    unit uw enable 4 width 128 W
    derive count = words
}
");
}

fn main() {
    let text = "op h7, hi, 72057594037927935, 18446744073709551615";
    let insn: wide::Instruction = text.parse().unwrap();
    assert_eq!(wide::Instruction::decode(insn.encode()), Ok(insn));
    assert_eq!(insn.to_string(), text);

    let insn: pattern::Instruction = "op 7".parse().unwrap();
    assert_eq!(insn.encode(), 7 << 4 | 0xf);
    assert_eq!(pattern::Instruction::decode(0x7f), Ok(insn));
    assert!(pattern::Instruction::decode(0x7e).is_err(), "the pattern is part of the opcode's");

    assert_eq!(gens::Instruction::decode_gen(0, 3).unwrap().to_string(), "old");
    assert_eq!(gens::Instruction::decode_gen(0, 7).unwrap().to_string(), "new");
    assert_eq!(gens::Instruction::decode(0).unwrap().to_string(), "new");
    assert!(gens::Instruction::decode_gen(0, 8).is_err(), "no opcode in generation 8");

    let neg = union64::Instruction::decode(1 << 122 | 1 << 63 | 5).unwrap();
    assert_eq!(neg.to_string(), "op -5");
    assert_eq!("op 7".parse::<union64::Instruction>().unwrap().encode(), 1 << 122 | 7);

    let insn: arity::Instruction = "apply add 1, 2".parse().unwrap();
    assert_eq!(arity::Instruction::decode(insn.encode()), Ok(insn));

    let mut program = vec![bundle::Instr {
        control: bundle::Ctl {
            count: isa_runtime::UInt::new(0).unwrap(),
            rest: isa_runtime::UInt::new(0).unwrap(),
        },
        uw: Some(bundle::W {
            a: isa_runtime::UInt::new(u64::MAX).unwrap(),
            b: isa_runtime::UInt::new(1).unwrap(),
        }),
    }];
    bundle::Instr::derive(&mut program);
    assert_eq!(program[0].control.count.get(), 5); // 1 + 128 / 32
    let words = bundle::Instr::encode_program(&program);
    assert_eq!(words.len(), 5);
    assert_eq!(bundle::Instr::decode_program(&words).unwrap(), program);
}

/// A union whose last layout has no `fixed` field: it takes every value
/// the others leave (`union_layout_without_fixed` lists one earlier).
mod union_last_takes_the_rest {
    isa_macros::isa!(inline = "
isa rest { word 32 }
layout Imm : 8 {
    v      0..=6   u
    kind   7       fixed 1
    syntax \"#{v}\"
}
layout Reg : 8 {
    r      0..=7   u
    syntax \"r{r}\"
}
union Src : 8 {
    Imm
    Reg
}
format F : 32 {
    src    0..=7   Src
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    mov 0 F
}
");
}

/// An opcode three of whose four values of bits 24..=25 are taken by
/// higher-priority opcodes: not shadowed (`shadowed_opcode_by_patterns` has
/// the fourth).
mod three_of_four_patterns {
    isa_macros::isa!(inline = "
isa three { word 32 }
format Any : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
format K0 : Any {
    rest   0..=23  unknown
    k      24..=25 pattern 0
}
format K1 : K0 {
    k      24..=25 pattern 1
}
format K3 : K0 {
    k      24..=25 pattern 3
}
opcodes {
    any 5 Any
    k0  5 K0 prio 1
    k1  5 K1 prio 1
    k3  5 K3 prio 1
}
");
}
