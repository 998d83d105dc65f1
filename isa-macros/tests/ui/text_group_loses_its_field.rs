// Rule: a group on a non-bool field prints that field inside (otherwise
// parsing could not recover its value).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    n 0..=3 u
    a 4..=31 u
    syntax \"{n} {a}\"
    text mesa.line \"{n?some }{a}\"
}
");
fn main() {}
