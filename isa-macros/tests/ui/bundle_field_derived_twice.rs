// Rule: each control field is derived by one rule only.
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=3  u
    units 4      presence
    rest  5..=31 unknown
    syntax \"count={count}\"
}
layout A : 20 {
    a 0..=19 u
    syntax \"a {a}\"
}
bundle I {
    control Ctl
    unit ua enable 4 width 20 A
    derive count = words
    derive count = next.words
}
");
fn main() {}
