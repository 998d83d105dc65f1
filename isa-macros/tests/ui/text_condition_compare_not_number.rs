// Rule: `field > N` and `field < N` compare a `u` (or `unknown`) field.
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
enum Kind : 2 {
    a = 0 \"a\"
    b = 1 \"b\"
    c = 2 \"c\"
    d = 3 \"d\"
}
format F : 32 {
    k 0..=1 Kind
    n 2..=31 u
    syntax \"{k} {n}\"
    text mesa.line when k > 1 \"{k} {n}\"
    text mesa.line \"{k} {n}\"
}
");
fn main() {}
