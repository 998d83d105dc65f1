// `f32` and `f16` fields: the field-explicit syntax gives every bit back
// (a NaN as its bits, equal to itself), and a `text` line may print N
// decimals (`{f:.6}` is C's `%f`, `.9` the most).
use isa_runtime::text::NoHooks;

isa_macros::isa!(inline = "
isa floats {
    word 64
    dialect asm   /// a made-up text
}
format F : 64 {
    single 0..=31  f32
    half   32..=47 f16
    rest   48..=57 unknown
    opcode 58..=63 opcode
    syntax \"{single}, {half}\"
    text asm.line \"{opcode} ({single:.6}), h({half:.9})\"
}
opcodes {
    movf 1 F
}
");

fn main() {
    let word: u64 = 1 << 58 | 0x3c00 << 32 | u64::from((-1.456763f32).to_bits());
    let insn = Instruction::decode(word).unwrap();
    assert_eq!(insn.to_string(), "movf -1.456763, 1.0");
    assert_eq!("movf -1.456763, 1.0".parse::<Instruction>(), Ok(insn));

    // A NaN with a payload prints as its bits and equals itself.
    let nan: u64 = 1 << 58 | 0x7e01 << 32 | 0x7fc0_0001;
    let insn = Instruction::decode(nan).unwrap();
    assert_eq!(insn.to_string(), "movf 0x7fc00001, 0x7e01");
    assert_eq!(insn.to_string().parse::<Instruction>(), Ok(insn));
    assert_eq!(insn.encode(), nan);

    let format = LAYOUT.format("F").unwrap();
    let text = isa_runtime::text::text_group(format, "asm", "line").next().unwrap();
    let mut out = String::new();
    isa_runtime::text::write_text(&mut out, format, text, &word, &mut NoHooks).unwrap();
    assert_eq!(out, "movf (-1.456763), h(1.000000000)");
}
