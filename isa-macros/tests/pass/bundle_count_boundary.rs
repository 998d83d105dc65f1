// `derive count = words` on a field that holds the longest instruction
// exactly: a 2-bit `count` (at most 3) and a control word with two 32-bit
// units, 3 words in all (a 2-bit field under 4 words is refused:
// `bundle_derive_wrong_type`).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=1  u
    units 2..=3  presence
    rest  4..=31 unknown
    syntax \"count={count}\"
}
layout A : 32 {
    a 0..=31 u
    syntax \"a {a}\"
}
layout B : 32 {
    b 0..=31 u
    syntax \"b {b}\"
}
bundle Instr {
    control Ctl
    unit ua enable 2 width 32 A
    unit ub enable 3 width 32 B
    derive count = words
}
");

fn main() {
    let mut program = vec![Instr {
        control: Ctl {
            count: isa_runtime::UInt::new(0).unwrap(),
            rest: isa_runtime::UInt::new(0).unwrap(),
        },
        ua: Some(A { a: isa_runtime::UInt::new(1).unwrap() }),
        ub: Some(B { b: isa_runtime::UInt::new(2).unwrap() }),
    }];
    Instr::derive(&mut program);
    assert_eq!(program[0].control.count.get(), 3);
    let words = Instr::encode_program(&program);
    assert_eq!(words.len(), 3);
    assert_eq!(Instr::decode_program(&words).unwrap(), program);
}
