// Rule: optional groups (`{flag?…}`) appear only in `text` lines.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    neg 0 bool
    a 1..=31 u
    syntax \"{neg?-}{a}\"
}
");
fn main() {}
