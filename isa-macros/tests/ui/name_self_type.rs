// Rule: a name the generator makes an identifier of must be one Rust
// allows: an ISA called `self` would make the marker type `Self` (found by
// the `spec-expand` fuzz target, finding 19).
isa_macros::isa!(inline = "
isa self {
    word 32
}
format F : 32 {
    src    0..=25  u
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    a 1 F
}
");
fn main() {}
