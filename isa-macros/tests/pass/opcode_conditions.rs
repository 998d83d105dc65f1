// `opcode.ATTR` conditions: a `text` line can hold for the opcodes whose
// attribute (declared in `isa`, set on opcode lines) has a value. The macro
// resolves the condition to the format's matching opcodes, so a new opcode
// line with the attribute joins the right line with no other edit.
use isa_runtime::layout::Field;
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{parse_text, select_text, write_text, TextError, TextHooks};

isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm            /// the tool's text
    attr kind Kind = none  /// what the instruction does with its target
}
enum Kind : 2 {
    none = 0 \"none\"
    jump = 1 \"jump\"
    call = 2 \"call\"
}
format Br : 32 {
    target 0..=25 u
    opcode 26..=31 opcode
    syntax \"{target}\"
    text asm.operands when opcode.kind == jump \"{@label}\"
    text asm.operands when opcode.kind == call \"proc {target}\"
    text asm.operands when opcode.kind != jump|call \"{target:x}\"
}
opcodes {
    jmp  0x01 Br kind=jump
    bra  0x02 Br kind=jump
    call 0x03 Br kind=call
    skip 0x04 Br
}
");

struct Labels;

impl TextHooks<u32> for Labels {
    fn write_hook(&mut self, out: &mut dyn core::fmt::Write, hook: &str, _: Option<&Field>, word: &u32) -> core::fmt::Result {
        write!(out, "{hook}_{}", word & 0x3FF_FFFF)
    }

    fn parse_hook<'a>(&mut self, cur: &mut Cursor<'a>, hook: &str, _: Option<&Field>, _: &mut u32) -> Result<(), TextError<'a>> {
        if cur.eat(hook) {
            Ok(())
        } else {
            Err(cur.expected(hook).into())
        }
    }
}

fn print(word: u32) -> Option<String> {
    let format = &__layout::LAYOUT_BR;
    let t = select_text(format, "asm", "operands", &word)?;
    let mut out = String::new();
    write_text(&mut out, format, t, &word, &mut Labels).unwrap();
    Some(out)
}

fn main() {
    assert_eq!(print(1 << 26 | 7).as_deref(), Some("label_7"));
    assert_eq!(print(2 << 26 | 8).as_deref(), Some("label_8"));
    assert_eq!(print(3 << 26 | 9).as_deref(), Some("proc 9"));
    assert_eq!(print(4 << 26 | 10).as_deref(), Some("0xa"));
    // An opcode no line names (none is declared with value 0): no text.
    assert_eq!(print(10), None);

    // The metadata keeps the condition as written, and its values are the
    // matching opcodes.
    let format = &__layout::LAYOUT_BR;
    let jump = &format.texts[0].when[0];
    assert_eq!(jump.text, "opcode.kind == jump");
    assert_eq!((jump.equal, jump.values, jump.attr), (true, &[1u64, 2][..], None));
    assert_eq!(format.texts[2].when[0].values, &[4]);

    // Parsing checks the opcode the caller set; it never rewrites it.
    let t = &format.texts[1];
    let mut word = 1u32 << 26;
    let err = parse_text(&mut Cursor::new("proc 5"), format, t, &mut word, &mut Labels).unwrap_err();
    assert!(err.to_string().contains("opcode"), "{err}");
    assert_eq!(word >> 26, 1);
    let mut word = 3u32 << 26;
    parse_text(&mut Cursor::new("proc 5"), format, t, &mut word, &mut Labels).unwrap();
    assert_eq!(word, 3 << 26 | 5);
}
