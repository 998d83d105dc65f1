// Rule: each `derive` rule is derived into one field only.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=3  u
    units 4      presence
    next  5..=8  u
    rest  9..=31 unknown
    syntax \"count={count} next={next}\"
}
layout A : 20 {
    a 0..=19 u
    syntax \"a {a}\"
}
bundle I {
    control Ctl
    unit ua enable 4 width 20 A
    derive count = words
    derive next = words
}
");
fn main() {}
