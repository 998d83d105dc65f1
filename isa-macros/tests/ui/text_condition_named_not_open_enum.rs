// Rule: `FIELD is named` / `FIELD is unnamed` needs an open enum field that
// leaves some values unnamed (for any other field the answer never changes).
isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect mesa
}
enum Op : 2 open {
    add = 0 \"add\"
}
enum Full : 1 open {
    no  = 0 \"no\"
    yes = 1 \"yes\"
}
format F : 32 {
    op   0..=1  Op
    full 2      Full
    a    3..=31 u
    syntax \"{op} {full} {a}\"
    text mesa.line when op is named \"{op}\"
    text mesa.line when a is unnamed \"{a}\"
    text mesa.line when full is named \"{full}\"
}
");
fn main() {}
