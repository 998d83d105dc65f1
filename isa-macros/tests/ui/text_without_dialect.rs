// Rule: a `text` line names its dialect (`text DIALECT.GROUP`).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a 0..=31 u
    syntax \"{a}\"
    text line \"{a}\"
}
");
fn main() {}
