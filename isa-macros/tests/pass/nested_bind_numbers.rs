// A binding `p = f == v|N` on an enum field may name a value by number;
// the largest number that fits the field (3 in two bits) is accepted (the
// next one is `nested_bind_number_too_wide`), and the line prints and
// reads with it.
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{parse_text, write_text, NoHooks};

isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
enum Ty : 2 {
    f16 = 0 \"f16\"
    f32 = 1 \"f32\"
    f64 = 2 \"f64\"
    b8  = 3 \"b8\"
}
layout Src : 8 {
    param half   /// a half register
    reg    0..=7   u
    syntax \"r{reg}\"
    text asm.src \"{half:'h'}r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    ty     8..=9   Ty
    rest   10..=25 unknown
    opcode 26..=31 opcode
    syntax \"{src}, {ty}\"
    text asm.line \"{opcode}.{ty} {src(half = ty == f16|3)}\"
}
opcodes {
    mov 0 F
}
");

fn main() {
    let format = &__layout::LAYOUT_F;
    let text = &format.texts[0];
    for (word, want) in [(5, "mov.f16 hr5"), (5 | 1 << 8, "mov.f32 r5"), (5 | 2 << 8, "mov.f64 r5"), (5 | 3 << 8, "mov.b8 hr5")] {
        let mut out = String::new();
        write_text(&mut out, format, text, &word, &mut NoHooks).unwrap();
        assert_eq!(out, want);
        let mut back = 0u32;
        parse_text(&mut Cursor::new(want), format, text, &mut back, &mut NoHooks).unwrap();
        assert_eq!(back, word, "{want}");
    }
}
