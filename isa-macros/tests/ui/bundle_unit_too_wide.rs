// Rule: a unit is 1 to 128 bits wide (129 is refused; pass/boundaries.rs has a
// 128-bit unit, which compiles).
isa_macros::isa!(inline = "
isa toy { word 32 }
layout Ctl : 32 {
    count 0..=3  u
    units 4      presence
    rest  5..=31 unknown
    syntax \"count={count}\"
}
layout A : 128 {
    a 0..=63   u
    b 64..=127 u
    syntax \"a {a} {b}\"
}
bundle I {
    control Ctl
    unit ua enable 4 width 129 A
    derive count = words
}
");
fn main() {}
