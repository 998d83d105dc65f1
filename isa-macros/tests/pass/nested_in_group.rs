// A nested piece inside an optional group: its layout's param is bound
// there only (and so is used), and the line prints and reads it.
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{parse_text, write_text, NoHooks};

isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm
}
layout Src : 8 {
    param half   /// a half register
    reg    0..=7   u
    syntax \"r{reg}\"
    text asm.src \"{half:'h'}r{reg}\"
}
format F : 32 {
    src    0..=7   Src
    on     8       bool
    full   9       bool
    rest   10..=25 unknown
    opcode 26..=31 opcode
    syntax \"{src}{on:' on'}{full:' full'}\"
    text asm.line when on \"{opcode}{on?, {src(half = !full)}}\"
}
opcodes {
    mov 0 F
}
");

fn main() {
    let format = &__layout::LAYOUT_F;
    let text = &format.texts[0];
    for (word, want) in [(5 | 1 << 8, "mov, hr5"), (5 | 1 << 8 | 1 << 9, "mov, r5")] {
        let mut out = String::new();
        write_text(&mut out, format, text, &word, &mut NoHooks).unwrap();
        assert_eq!(out, want);
        let mut back = 0u32;
        parse_text(&mut Cursor::new(want), format, text, &mut back, &mut NoHooks).unwrap();
        assert_eq!(back, word, "{want}");
    }
}
