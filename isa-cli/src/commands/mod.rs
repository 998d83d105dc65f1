//! One module per subcommand; each is generic over the ISA.

pub mod asm;
pub mod decode;
pub mod disasm;
pub mod explain;
pub mod lift;

use isa_runtime::explain::{explain_word_in, FieldReport};
use isa_runtime::layout::{FieldKind, Opcode};
use isa_runtime::{BitWord, DecodeError, Isa};

use crate::failure::Failure;
use crate::input::Input;

/// The error for a container file with no instructions (an AGAL header
/// alone): an empty program, as an empty file is. `allow` names the option
/// that accepts it, when the command has one.
pub fn empty_container(file: &Input, container: &str, allow: Option<&str>) -> Failure {
    let hint = allow.map_or_else(String::new, |option| format!("; pass {option} to accept it"));
    Failure::input_one(format!(
        "{}: byte 0x0: the {container} is empty (no instructions){hint}",
        file.name
    ))
}

/// Decodes one word as generation `gen` has it (see
/// [`crate::isas::generation`]; `None`: an ISA without generations).
pub fn decode_word<I: Isa>(word: I::Word, gen: Option<u32>) -> Result<I::Instruction, DecodeError> {
    match gen {
        Some(gen) => I::decode_gen(word, gen),
        None => I::decode(word),
    }
}

/// Decodes one word of generation `gen` and prints it as `disasm --raw`
/// would.
pub fn instruction_text<I: Isa>(word: I::Word, gen: Option<u32>) -> Result<String, DecodeError> {
    decode_word::<I>(word, gen).map(|insn| insn.to_string())
}

/// A word as `0x` and zero-padded hex digits of its full width.
pub fn word_hex<W: BitWord>(word: &W) -> String {
    // Digit by digit from the top: a word may be wider than 128 bits
    // (AGAL's tokens are 192).
    let mut hex = String::from("0x");
    for digit in (0..W::BITS.div_ceil(4)).rev() {
        let nibble = word.get(4 * digit, 4.min(W::BITS - 4 * digit)) as u32;
        hex.push(char::from_digit(nibble, 16).unwrap_or('?'));
    }
    hex
}

/// The opcode `word` matches in generation `gen` (`None`: an ISA without
/// generations), if any.
pub fn opcode_of<I: Isa>(word: &I::Word, gen: Option<u32>) -> Option<&'static Opcode> {
    I::LAYOUT.match_opcode_in(word.to_u128(), gen)
}

/// The field breakdown of an instruction word of generation `gen` (every
/// bit exactly once), with the opcode's doc on the opcode row, which has
/// no doc of its own. A word whose opcode is another generation's is one
/// row, as a word that matches no opcode is.
pub fn instruction_fields<I: Isa>(word: &I::Word, gen: Option<u32>) -> Vec<FieldReport> {
    let (opcode, mut fields) = explain_word_in(I::LAYOUT, word, gen);
    if let Some(op) = opcode {
        let opcode_kind = FieldKind::Opcode.type_name();
        for f in fields.iter_mut() {
            if f.kind == opcode_kind && f.doc.is_empty() {
                f.doc = op.doc;
            }
        }
    }
    fields
}
