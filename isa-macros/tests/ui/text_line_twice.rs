// Rule: a `text` line does not repeat an earlier one of its format (the
// same dialect and group, conditions, defaults and template): the copy
// could never print.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    a 0..=31 u
    syntax \"{a}\"
    text mesa.line when a == 0 \"zero\"
    text mesa.line \"{a}\"
    text mesa.line when a == 0 \"zero\"
}
");
fn main() {}
