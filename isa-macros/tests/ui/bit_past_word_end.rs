// Rule: a field lies inside its format's word; a single bit past the end
// gets the last bit as its suggestion.
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    src    0..=24  u
    opcode 25..=30 opcode
    flag   32      bool
    syntax \"{src}{flag:' f'}\"
}
opcodes {
    mov 0 F
}
");
fn main() {}
