// A small presence-mask bundle expands, and a program round-trips.
mod toy {
    isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=3  u
    stop  4      bool
    units 5..=7  presence
    next  8..=11 u
    rest  12..=31 unknown
    syntax \"count={count} next={next}{stop:' stop'}\"
}
layout A : 20 {
    a 0..=19 u
    syntax \"a {a}\"
}
layout B : 20 {
    tag 0..=3 fixed 5
    b 4..=19 u
    syntax \"b {b}\"
}
layout C : 40 {
    c 0..=39 u
    syntax \"c {c}\"
}
bundle Instr {
    control Ctl
    unit ua enable 5 width 20 A | B
    unit ub enable 6 width 20 A
    unit uc enable 7 width 40 C
    derive count = words
    derive next = next.words
}
");
}

fn main() {
    use toy::{Instr, UaUnit, A, B, C};
    let mut program = vec![
        Instr {
            control: toy::Ctl { count: isa_runtime::UInt::new(0).unwrap(), stop: false, next: isa_runtime::UInt::new(0).unwrap(), rest: isa_runtime::UInt::new(0).unwrap() },
            ua: Some(UaUnit::B(B { b: isa_runtime::UInt::new(0xBEEF).unwrap() })),
            ub: None,
            uc: Some(C { c: isa_runtime::UInt::new(0xAB_CDEF_0123).unwrap() }),
        },
        Instr {
            control: toy::Ctl { count: isa_runtime::UInt::new(0).unwrap(), stop: true, next: isa_runtime::UInt::new(0).unwrap(), rest: isa_runtime::UInt::new(0).unwrap() },
            ua: Some(UaUnit::A(A { a: isa_runtime::UInt::new(7).unwrap() })),
            ub: Some(A { a: isa_runtime::UInt::new(9).unwrap() }),
            uc: None,
        },
    ];
    Instr::derive(&mut program);
    assert_eq!(program[0].control.count.get(), 3); // 1 + ceil(60 / 32)
    assert_eq!(program[0].control.next.get(), 3); // 1 + ceil(40 / 32)
    assert_eq!(program[1].control.next.get(), 0);
    let words = Instr::encode_program(&program);
    assert_eq!(words.len(), 6);
    assert_eq!(words[0] & 0xe0, 0b101 << 5);
    assert_eq!(Instr::decode_program(&words).unwrap(), program);
    let text = program[0].to_string();
    assert_eq!(text, "count=3 next=3; ua b 48879; uc c 737894400291");
    assert_eq!(text.parse::<Instr>().unwrap(), program[0]);
}
