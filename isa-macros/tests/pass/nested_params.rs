// Nested text lines with params: a `text` line prints a `layout` or
// `union` field through the layout's own lines of the dialect, binding
// its params with every form a binding has (`0`, `1`, a bool field `f`,
// `!f`, a param of the enclosing layout `q`, `!q`, `opcode.ATTR`,
// `!opcode.ATTR`, `A == b` with a field, `A != b` with `opcode.ATTR`), the
// union's layouts test their params in conditions, and each line reads
// back to the word it printed.
use isa_runtime::layout::{Bind, Style, Term};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{parse_text, select_text, write_text, NoHooks};

isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect asm   /// one line per instruction
    attr wide     /// full-precision sources
}
layout Reg : 6 {
    param half   /// a half register: `hr5`
    num    0..=5   u
    syntax \"r{num}\"
    text asm.reg \"{half:'h'}r{num}\"
}
layout Dst : 6 {
    param half   /// passed on to the register
    reg    0..=5   Reg
    syntax \"{reg}\"
    text asm.dst \"{reg(half = half)}\"
}
layout SrcReg : 8 {
    param r      /// `(r)`
    param full   /// the register is not a half one
    reg    0..=5   Reg
    neg    6       bool
    kind   7       fixed 0
    syntax \"{neg:'-'}{reg}\"
    text asm.src \"{neg:'-'}{r:'(r)'}{reg(half = !full)}\"
}
layout SrcImm : 8 {
    param r
    param full
    imm    0..=6   u
    kind   7       fixed 1
    syntax \"#{imm}\"
    text asm.src when full \"{r:'(r)'}#{imm}\"
    text asm.src when !full \"{r:'(r)'}h#{imm}\"
}
union Src : 8 {
    SrcReg
    SrcImm
}
format F : 32 {
    src1   0..=7   Src
    src2   8..=15  Src
    dst    16..=21 Dst
    r1     22      bool
    full   23      bool
    conv   24      bool
    pad    25      reserved
    opcode 26..=31 opcode
    syntax \"{dst}, {src1}, {src2}{r1:' r1'}{full:' full'}{conv:' conv'}\"
    text asm.line when !opcode.wide \"{opcode} {dst(half = full == conv)}, {src1(r = r1, full = full)}, {src2(r = 0, full = !opcode.wide)}\"
    text asm.line \"{opcode} {dst(half = opcode.wide != conv)}, {src1(r = 1, full = opcode.wide)}, {src2(r = !r1, full = full)}\"
}
opcodes {
    add 0 F
    mul 1 F wide
}
");

fn print(word: u32) -> String {
    let f = &__layout::LAYOUT_F;
    let t = select_text(f, "asm", "line", &word).expect("a line holds");
    let mut out = String::new();
    write_text(&mut out, f, t, &word, &mut NoHooks).expect("prints");
    out
}

fn parse(line: &str, alternative: usize) -> Result<u32, String> {
    let f = &__layout::LAYOUT_F;
    let mut word = 0u32;
    parse_text(
        &mut Cursor::new(line),
        f,
        &f.texts[alternative],
        &mut word,
        &mut NoHooks,
    )
    .map_err(|e| e.report().message)?;
    Ok(word)
}

fn main() {
    // (word, line, the alternative that prints it)
    let cases = [
        // add: `dst(half = full == conv)`, src1's `(r)` from `r1`, src2
        // full because `add` is not `wide`.
        (0x00C2_8345u32, "add r2, -(r)r5, #3", 0),
        (0x0107_0189, "add r7, h#9, r1", 0),
        // mul: `(r)` always on src1, `!r1` on src2; `dst` half since
        // `wide != conv`.
        (0x0403_E404, "mul hr3, (r)r4, (r)h#100", 1),
        (0x0540_8185, "mul r0, (r)#5, h#1", 1),
    ];
    for (word, line, alternative) in cases {
        assert_eq!(print(word), line, "{word:#010x}");
        assert_eq!(parse(line, alternative), Ok(word), "`{line}`");
    }
    // A constant binding is checked: `mul`'s src1 prints `(r)`.
    assert_eq!(
        parse("mul hr3, r4, (r)h#100", 1),
        Err("`src1` here does not print `r` set".to_owned())
    );
    // `full = !opcode.wide` on `add`'s src2: a half source is not its form.
    assert_eq!(
        parse("add r2, -(r)r5, h#3", 0),
        Err("this operand's text is the other form for this opcode".to_owned())
    );

    // The metadata: each layout's params, the union's layouts' param
    // conditions, and the bindings as written.
    let names = |f: &isa_runtime::layout::Format| f.params.iter().map(|p| (p.name, p.doc)).collect::<Vec<_>>();
    assert_eq!(names(&__layout::LAYOUT_REG), [("half", "a half register: `hr5`")]);
    assert_eq!(names(&__layout::LAYOUT_SRCIMM), [("r", ""), ("full", "")]);
    assert!(__layout::LAYOUT_F.params.is_empty());
    let imm = &__layout::LAYOUT_SRCIMM;
    let conds: Vec<Vec<(usize, bool)>> = imm
        .texts
        .iter()
        .map(|t| t.when_params.iter().map(|c| (c.param, c.set)).collect())
        .collect();
    assert_eq!(conds, [vec![(1, true)], vec![(1, false)]]);
    let f = &__layout::LAYOUT_F;
    // Fields: src1 0, src2 1, dst 2, r1 3, full 4, conv 5, pad 6, opcode 7.
    let bindings = |alternative: usize, field: usize| {
        f.texts[alternative]
            .pieces
            .iter()
            .find_map(|p| match *p {
                isa_runtime::layout::Piece::Field {
                    index,
                    style: Style::Nested(b),
                } if index == field => Some(b.iter().map(|b| (b.param, b.value)).collect::<Vec<_>>()),
                _ => None,
            })
            .expect("a nested piece")
    };
    let field = |index: usize, invert: bool| Bind::Field { index, invert };
    let full_is_conv = Bind::Equal {
        a: Term::Field(4),
        b: 5,
        differ: false,
    };
    assert_eq!(bindings(0, 2), [("half", full_is_conv)]);
    assert_eq!(bindings(0, 0), [("r", field(3, false)), ("full", field(4, false))]);
    let wide = Term::OneOf { field: 7, values: &[1] };
    assert_eq!(
        bindings(0, 1),
        [("r", Bind::Const(false)), ("full", Bind::OneOf(wide, true))]
    );
    let wide_is_not_conv = Bind::Equal {
        a: wide,
        b: 5,
        differ: true,
    };
    assert_eq!(bindings(1, 2), [("half", wide_is_not_conv)]);
    assert_eq!(
        bindings(1, 0),
        [("r", Bind::Const(true)), ("full", Bind::OneOf(wide, false))]
    );
    assert_eq!(bindings(1, 1), [("r", field(3, true)), ("full", field(4, false))]);
    let forwarded = |l: &isa_runtime::layout::Format| match l.texts[0].pieces.last() {
        Some(isa_runtime::layout::Piece::Field {
            style: Style::Nested(b),
            ..
        }) => b[0].value,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        forwarded(&__layout::LAYOUT_DST),
        Bind::Param {
            index: 0,
            invert: false
        }
    );
    assert_eq!(
        forwarded(&__layout::LAYOUT_SRCREG),
        Bind::Param { index: 1, invert: true }
    );
}
