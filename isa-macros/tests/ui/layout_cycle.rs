// Rule: a layout or union may not contain itself through other layouts
// and unions (its type would be infinitely large); each cycle is reported
// once, at the field or union variant that closes it.
isa_macros::isa!(inline = r#"
isa toy { word 32 }
layout A : 8 {
    b 0..=7 B
    syntax "{b}"
}
layout B : 8 {
    a 0..=7 A
    syntax "{a}"
}
union U : 8 {
    C
}
layout C : 8 {
    u 0..=7 U
    syntax "{u}"
}
format F : 32 {
    a 0..=7 A
    c 8..=15 C
    rest 16..=25 u
    opcode 26..=31 opcode
    syntax "{a}, {c}, {rest}"
}
opcodes {
    x 0 F
}
"#);
fn main() {}
