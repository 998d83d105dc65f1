// Rule: words wider than 128 bits are multiples of 64 up to 512: 576 is refused
// (pass/boundaries.rs has a 512-bit word, which compiles).
isa_macros::isa!(inline = "
isa toy { word 576 }
format T : 576 {
    a      0..=63    unknown
    b      64..=119  unknown
    opcode 120..=127 opcode
    c      128..=191 unknown
    d      192..=255 unknown
    e      256..=319 unknown
    f      320..=383 unknown
    g      384..=447 unknown
    h      448..=511 unknown
    i      512..=575 unknown
    syntax \"\"
}
opcodes {
    nop 0 T
}
");
fn main() {}
