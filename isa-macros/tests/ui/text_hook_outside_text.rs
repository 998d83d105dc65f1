// Rule: context hooks (`{@name}`, `{field:@name}`) appear only in `text` lines.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a 0..=31 u
    syntax \"{a:@hook}\"
}
");
fn main() {}
