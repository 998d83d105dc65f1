// A unit of one layout gets no `<Unit>Unit` type (only a unit with
// variants does, `bundle_unit_type_taken`), so a spec type may have that
// name: here the unit's own layout is called `UaUnit`.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=3  u
    units 4      presence
    rest  5..=31 unknown
    syntax \"count={count}\"
}
layout UaUnit : 20 {
    a 0..=19 u
    syntax \"a {a}\"
}
bundle Instr {
    control Ctl
    unit ua enable 4 width 20 UaUnit
    derive count = words
}
");

fn main() {

    let mut program = vec![Instr {
        control: Ctl {
            count: isa_runtime::UInt::new(0).unwrap(),
            rest: isa_runtime::UInt::new(0).unwrap(),
        },
        ua: Some(UaUnit { a: isa_runtime::UInt::new(7).unwrap() }),
    }];
    Instr::derive(&mut program);
    let words = Instr::encode_program(&program);
    assert_eq!(Instr::decode_program(&words).unwrap(), program);
    assert_eq!(program[0].to_string(), "count=2; ua a 7");
}
