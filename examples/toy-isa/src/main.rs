//! Assembles a small acc16 program, prints its words, disassembles them and
//! checks that the text and the bytes come back unchanged.

use toy_isa::acc16::{Instruction, Reg, RegOp, LAYOUT};
use toy_isa::{assemble, disassemble};

const PROGRAM: &str = "\
ldi 10
put d1
ldi -1
add d1
jz 0x6
jmp 0x3
halt
";

fn main() -> Result<(), String> {
    let bytes = assemble(PROGRAM)?;
    for (i, word) in bytes.chunks(2).enumerate() {
        println!("{:#06x}: {:02x}{:02x}", i * 2, word[1], word[0]);
    }
    let text = disassemble(&bytes)?;
    print!("{text}");
    if text != PROGRAM {
        return Err(format!("the text does not round-trip:\n{text}"));
    }
    if assemble(&text)? != bytes {
        return Err("the bytes do not round-trip".into());
    }

    // A value built by hand, edited in place, and its layout metadata.
    let mut insn = Instruction::Add(RegOp::default().with_reg(Reg::d(2).ok_or("d2")?));
    insn.as_reg_op_mut().ok_or("RegOp")?.set_reg(Reg::d(3).ok_or("d3")?);
    assert_eq!(insn.to_string(), "add d3");
    assert_eq!(Instruction::from_bytes(insn.to_bytes()), Ok(insn));
    println!(
        "{} opcodes, {}-bit words: round trip ok",
        LAYOUT.opcodes.len(),
        LAYOUT.word_bits
    );
    Ok(())
}
