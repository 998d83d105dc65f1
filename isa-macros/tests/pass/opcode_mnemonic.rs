// `{opcode}` in a `text` line: the mnemonic printed where the line puts it
// (here after a flag), read back as the longest mnemonic of the format
// that does not run into a word, and written into the opcode field.
use isa_runtime::layout::{Mnemonic, Style};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{parse_text, write_text, NoHooks};

isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// the tool's text
}
format F : 32 {
    dst 0..=24 u
    c 25 bool
    opcode 26..=31 opcode
    syntax \"{c:'c '}{dst}\"
    text asm.line \"{c:'(c)'}{opcode} r{dst}\"
}
opcodes {
    mov   0x02 F
    mov.s 0x03 F
    add   0x01 F
}
");

fn main() {
    let format = &__layout::LAYOUT_F;
    let line = &format.texts[0];
    // The table lists the format's opcodes in spec order.
    let table = [
        Mnemonic { value: 2, text: "mov" },
        Mnemonic { value: 3, text: "mov.s" },
        Mnemonic { value: 1, text: "add" },
    ];
    assert!(matches!(line.pieces[1], isa_runtime::layout::Piece::Field { index: 2, style: Style::Mnemonic(t) } if t == table));
    assert_eq!(format.mnemonics(), table);

    for (word, text) in [(3u32 << 26 | 1 << 25 | 7, "(c)mov.s r7"), (2 << 26 | 9, "mov r9"), (1 << 26, "add r0")] {
        let mut out = String::new();
        write_text(&mut out, format, line, &word, &mut NoHooks).unwrap();
        assert_eq!(out, text);
        let mut parsed = 0u32;
        parse_text(&mut Cursor::new(text), format, line, &mut parsed, &mut NoHooks).unwrap();
        assert_eq!(parsed, word, "{text}");
    }
    // A value that is no opcode of the format has no mnemonic.
    assert!(write_text(&mut String::new(), format, line, &(5u32 << 26), &mut NoHooks).is_err());
    // `movx` is not `mov` followed by `x`.
    let err = parse_text(&mut Cursor::new("(c)movx r1"), format, line, &mut 0u32, &mut NoHooks).unwrap_err();
    assert_eq!(err.to_string(), "1:4: expected a mnemonic (mov, mov.s or add) for `opcode`, found `movx`");
}
