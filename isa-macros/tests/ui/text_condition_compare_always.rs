// Rule: a comparison that holds for every value of the field (or for
// none) says nothing: `n < 16` of a 4-bit field is always true.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
format F : 32 {
    n 0..=3 u
    m 4..=31 u
    syntax \"{n} {m}\"
    text mesa.line when n < 16 \"{n} {m}\"
    text mesa.line when n > 15 \"{n} {m}\"
    text mesa.line when m > 0 \"{n} {m}\"
}
");
fn main() {}
