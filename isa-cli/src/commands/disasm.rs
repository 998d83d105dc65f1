//! `isa disasm`: binary words to assembly text, one instruction per line.

use std::path::PathBuf;

use clap::Args;

use crate::failure::Failure;
use crate::input;
use crate::isas::{self, CliIsa, IsaName, OpenFn};
use crate::output::Stdout;

/// Arguments of `isa disasm`.
#[derive(Args, Debug)]
pub struct DisasmArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The binary to disassemble (`-` for stdin).
    pub file: PathBuf,
    /// The file holds bare little-endian words, not a container (PICA:
    /// .shbin; AGAL: the 7-byte header and its tokens).
    #[arg(long)]
    pub raw: bool,
}

/// Prints every word of the file as text. Words that do not decode are
/// reported as `FILE: byte 0x…: message` (all of them) and make the command
/// fail; the others are still printed.
pub fn run<I: CliIsa>(args: &DisasmArgs) -> Result<(), Failure> {
    if let (false, Some(open)) = (args.raw, I::OPEN_CONTAINER) {
        return run_container(open, args);
    }
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

/// Prints a container file as its ISA's listing (AGAL: mini-assembler text
/// with the header's type and version). A malformed file prints nothing and
/// fails with `FILE: byte 0x…: message`.
fn run_container<W>(open: OpenFn<W>, args: &DisasmArgs) -> Result<(), Failure> {
    let file = input::read(&args.file)?;
    let opened = open(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
    let mut out = Stdout::new();
    out.bytes(opened.listing.as_bytes())?;
    out.flush()
}
