// Rule: `variant` lines may bring a spec to at most 4096 opcodes (each
// copies its base's, so formats in a chain, or many of one base, multiply
// them): 64 opcodes and 64 variants of them would make 4160, and the line
// that passes the limit is the error (once: the lines below it make
// nothing).
isa_macros::isa!(inline = "
isa toy { word 32 }
format F : 32 {
    a      0..=18  u
    k      19..=25 pattern 0
    opcode 26..=31 opcode
    syntax \"{a}\"
}
format A0 : F {
    variant \".a0\"
    k      19..=25 pattern 1
}
format A1 : F {
    variant \".a1\"
    k      19..=25 pattern 2
}
format A2 : F {
    variant \".a2\"
    k      19..=25 pattern 3
}
format A3 : F {
    variant \".a3\"
    k      19..=25 pattern 4
}
format A4 : F {
    variant \".a4\"
    k      19..=25 pattern 5
}
format A5 : F {
    variant \".a5\"
    k      19..=25 pattern 6
}
format A6 : F {
    variant \".a6\"
    k      19..=25 pattern 7
}
format A7 : F {
    variant \".a7\"
    k      19..=25 pattern 8
}
format A8 : F {
    variant \".a8\"
    k      19..=25 pattern 9
}
format A9 : F {
    variant \".a9\"
    k      19..=25 pattern 10
}
format A10 : F {
    variant \".a10\"
    k      19..=25 pattern 11
}
format A11 : F {
    variant \".a11\"
    k      19..=25 pattern 12
}
format A12 : F {
    variant \".a12\"
    k      19..=25 pattern 13
}
format A13 : F {
    variant \".a13\"
    k      19..=25 pattern 14
}
format A14 : F {
    variant \".a14\"
    k      19..=25 pattern 15
}
format A15 : F {
    variant \".a15\"
    k      19..=25 pattern 16
}
format A16 : F {
    variant \".a16\"
    k      19..=25 pattern 17
}
format A17 : F {
    variant \".a17\"
    k      19..=25 pattern 18
}
format A18 : F {
    variant \".a18\"
    k      19..=25 pattern 19
}
format A19 : F {
    variant \".a19\"
    k      19..=25 pattern 20
}
format A20 : F {
    variant \".a20\"
    k      19..=25 pattern 21
}
format A21 : F {
    variant \".a21\"
    k      19..=25 pattern 22
}
format A22 : F {
    variant \".a22\"
    k      19..=25 pattern 23
}
format A23 : F {
    variant \".a23\"
    k      19..=25 pattern 24
}
format A24 : F {
    variant \".a24\"
    k      19..=25 pattern 25
}
format A25 : F {
    variant \".a25\"
    k      19..=25 pattern 26
}
format A26 : F {
    variant \".a26\"
    k      19..=25 pattern 27
}
format A27 : F {
    variant \".a27\"
    k      19..=25 pattern 28
}
format A28 : F {
    variant \".a28\"
    k      19..=25 pattern 29
}
format A29 : F {
    variant \".a29\"
    k      19..=25 pattern 30
}
format A30 : F {
    variant \".a30\"
    k      19..=25 pattern 31
}
format A31 : F {
    variant \".a31\"
    k      19..=25 pattern 32
}
format A32 : F {
    variant \".a32\"
    k      19..=25 pattern 33
}
format A33 : F {
    variant \".a33\"
    k      19..=25 pattern 34
}
format A34 : F {
    variant \".a34\"
    k      19..=25 pattern 35
}
format A35 : F {
    variant \".a35\"
    k      19..=25 pattern 36
}
format A36 : F {
    variant \".a36\"
    k      19..=25 pattern 37
}
format A37 : F {
    variant \".a37\"
    k      19..=25 pattern 38
}
format A38 : F {
    variant \".a38\"
    k      19..=25 pattern 39
}
format A39 : F {
    variant \".a39\"
    k      19..=25 pattern 40
}
format A40 : F {
    variant \".a40\"
    k      19..=25 pattern 41
}
format A41 : F {
    variant \".a41\"
    k      19..=25 pattern 42
}
format A42 : F {
    variant \".a42\"
    k      19..=25 pattern 43
}
format A43 : F {
    variant \".a43\"
    k      19..=25 pattern 44
}
format A44 : F {
    variant \".a44\"
    k      19..=25 pattern 45
}
format A45 : F {
    variant \".a45\"
    k      19..=25 pattern 46
}
format A46 : F {
    variant \".a46\"
    k      19..=25 pattern 47
}
format A47 : F {
    variant \".a47\"
    k      19..=25 pattern 48
}
format A48 : F {
    variant \".a48\"
    k      19..=25 pattern 49
}
format A49 : F {
    variant \".a49\"
    k      19..=25 pattern 50
}
format A50 : F {
    variant \".a50\"
    k      19..=25 pattern 51
}
format A51 : F {
    variant \".a51\"
    k      19..=25 pattern 52
}
format A52 : F {
    variant \".a52\"
    k      19..=25 pattern 53
}
format A53 : F {
    variant \".a53\"
    k      19..=25 pattern 54
}
format A54 : F {
    variant \".a54\"
    k      19..=25 pattern 55
}
format A55 : F {
    variant \".a55\"
    k      19..=25 pattern 56
}
format A56 : F {
    variant \".a56\"
    k      19..=25 pattern 57
}
format A57 : F {
    variant \".a57\"
    k      19..=25 pattern 58
}
format A58 : F {
    variant \".a58\"
    k      19..=25 pattern 59
}
format A59 : F {
    variant \".a59\"
    k      19..=25 pattern 60
}
format A60 : F {
    variant \".a60\"
    k      19..=25 pattern 61
}
format A61 : F {
    variant \".a61\"
    k      19..=25 pattern 62
}
format A62 : F {
    variant \".a62\"
    k      19..=25 pattern 63
}
format A63 : F {
    variant \".a63\"
    k      19..=25 pattern 64
}
opcodes {
    o0 0 F
    o1 1 F
    o2 2 F
    o3 3 F
    o4 4 F
    o5 5 F
    o6 6 F
    o7 7 F
    o8 8 F
    o9 9 F
    o10 10 F
    o11 11 F
    o12 12 F
    o13 13 F
    o14 14 F
    o15 15 F
    o16 16 F
    o17 17 F
    o18 18 F
    o19 19 F
    o20 20 F
    o21 21 F
    o22 22 F
    o23 23 F
    o24 24 F
    o25 25 F
    o26 26 F
    o27 27 F
    o28 28 F
    o29 29 F
    o30 30 F
    o31 31 F
    o32 32 F
    o33 33 F
    o34 34 F
    o35 35 F
    o36 36 F
    o37 37 F
    o38 38 F
    o39 39 F
    o40 40 F
    o41 41 F
    o42 42 F
    o43 43 F
    o44 44 F
    o45 45 F
    o46 46 F
    o47 47 F
    o48 48 F
    o49 49 F
    o50 50 F
    o51 51 F
    o52 52 F
    o53 53 F
    o54 54 F
    o55 55 F
    o56 56 F
    o57 57 F
    o58 58 F
    o59 59 F
    o60 60 F
    o61 61 F
    o62 62 F
    o63 63 F
}
");
fn main() {}
