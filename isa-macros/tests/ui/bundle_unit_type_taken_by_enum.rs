// Rule: a unit with variants gets the type `<Unit>Unit`, which no spec type
// may already be called: here an enum has the name.
isa_macros::isa!(inline = "
isa toy { word 32 }
enum UaUnit : 2 {
    x = 0 \"x\"
}
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
layout B : 20 {
    tag 0..=3 fixed 5
    b 4..=19 u
    syntax \"b {b}\"
}
bundle I {
    control Ctl
    unit ua enable 4 width 20 A | B
    derive count = words
}
");
fn main() {}
