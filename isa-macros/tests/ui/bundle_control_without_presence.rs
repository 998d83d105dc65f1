// Rule: a bundle's control layout has a `presence` field (the unit-enable bits).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=3  u
    rest  4..=31 unknown
    syntax \"count={count}\"
}
layout A : 20 {
    a 0..=19 u
    syntax \"a {a}\"
}
bundle I {
    control Ctl
    unit ua enable 5 width 20 A
    derive count = words
}
");
fn main() {}
