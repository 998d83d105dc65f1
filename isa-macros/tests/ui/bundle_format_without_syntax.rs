// Rule: the one format of a bundle ISA has a `syntax` line.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a 0..=31 u
}
");
fn main() {}
