//! One module per subcommand; each is generic over the ISA.

pub mod asm;
pub mod decode;
pub mod disasm;
pub mod explain;
pub mod lift;

use isa_runtime::explain::{explain_word, FieldReport};
use isa_runtime::layout::FieldKind;
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

/// Decodes one word and prints it as `disasm` would.
pub fn instruction_text<I: Isa>(word: I::Word) -> Result<String, DecodeError> {
    I::decode(word).map(|insn| insn.to_string())
}

/// A word as `0x` and zero-padded hex digits of its full width.
pub fn word_hex<W: BitWord>(word: &W) -> String {
    let digits = (W::BITS / 4) as usize;
    format!("0x{:0digits$x}", word.to_u128())
}

/// The field breakdown of an instruction word (every bit exactly once), with
/// the opcode's doc on the opcode row, which has no doc of its own.
pub fn instruction_fields<I: Isa>(word: &I::Word) -> Vec<FieldReport> {
    let (opcode, mut fields) = explain_word(I::LAYOUT, word);
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
