//! `isa disasm`: binary words to assembly text, one instruction per line.

use std::path::PathBuf;

use clap::Args;

use crate::failure::Failure;
use crate::input;
use crate::isas::{self, CliIsa, IsaName};
use crate::output::Stdout;

/// Arguments of `isa disasm`.
#[derive(Args, Debug)]
pub struct DisasmArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The binary to disassemble (`-` for stdin).
    pub file: PathBuf,
    /// The file holds bare little-endian words, not a container (PICA: .shbin).
    #[arg(long)]
    pub raw: bool,
}

/// Prints every word of the file as text. Words that do not decode are
/// reported as `FILE: byte 0x…: message` (all of them) and make the command
/// fail; the others are still printed.
pub fn run<I: CliIsa>(args: &DisasmArgs) -> Result<(), Failure> {
    isas::require_raw::<I>(args.raw)?;
    let file = input::read(&args.file)?;
    let words = input::words::<I::Word>(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
    let mut out = Stdout::new();
    let mut errors = Vec::new();
    for (offset, word) in words {
        match super::instruction_text::<I>(word) {
            Ok(text) => out.line(&text)?,
            Err(e) => errors.push(format!("{}: {}", file.name, e.at(offset))),
        }
    }
    out.flush()?;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Failure::input(errors))
    }
}
