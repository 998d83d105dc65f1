// Rule: no opcode may be shadowed, even when the higher-priority opcodes
// that cover its words test bits it leaves free (here bits 24..=25: each
// of their four values is another opcode's).
isa_macros::isa!(inline = "
isa toy { word 32 }
format Any : 32 {
    rest   0..=25  unknown
    opcode 26..=31 opcode
    syntax \"\"
}
format K0 : Any {
    rest   0..=23  unknown
    k      24..=25 pattern 0
}
format K1 : K0 {
    k      24..=25 pattern 1
}
format K2 : K0 {
    k      24..=25 pattern 2
}
format K3 : K0 {
    k      24..=25 pattern 3
}
opcodes {
    any 5 Any
    k0  5 K0 prio 1
    k1  5 K1 prio 1
    k2  5 K2 prio 1
    k3  5 K3 prio 1
}
");
fn main() {}
