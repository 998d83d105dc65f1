// Rule: a unit is not named after the control word or a method of the
// instruction view (`control`, `words`, `to_instr`).
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
bundle I {
    control Ctl
    unit control  enable 5 width 20 A | B
    unit words    enable 6 width 20 A
    unit to_instr enable 7 width 40 C
    derive count = words
    derive next = next.words
}
");
fn main() {}
