//! A `no_std` library that depends on `isa-pica` alone (default features
//! off) and decodes, edits and re-encodes PICA200 instruction words.
#![no_std]

use isa_pica::{Instruction, SrcWide};

/// Why a word could not be edited.
#[derive(Debug, PartialEq)]
pub enum Error {
    /// The word is not a PICA200 instruction.
    Decode(isa_pica::runtime::DecodeError),
    /// The instruction has no format-1 operands (`dst, src1, src2`).
    NotFormat1,
    /// There is no such float constant register.
    NoSuchConstant(u64),
}

/// Makes the first source of a format-1 instruction (`add`, `dp4`, `mul`, …)
/// read float constant `c` instead, keeping every other bit.
pub fn read_constant(word: u32, c: u64) -> Result<u32, Error> {
    let mut insn = Instruction::decode(word).map_err(Error::Decode)?;
    let fields = insn.as_fmt1_mut().ok_or(Error::NotFormat1)?;
    fields.set_src1(SrcWide::c(c).ok_or(Error::NoSuchConstant(c))?);
    Ok(insn.encode())
}

/// The mnemonic of a word, or `None` when it does not decode.
pub fn mnemonic(word: u32) -> Option<&'static str> {
    Instruction::decode(word).ok()?.opcode().map(|op| op.mnemonic)
}
