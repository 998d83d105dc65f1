//! `isa disasm`: a container (PICA: `.shbin`; AGAL: a program with its
//! header; Lima GP and ir3: a program of raw words, as Mesa prints it) to assembly
//! text that `isa asm` turns back into the same bytes, or
//! with `--raw` binary words to text, one instruction per line.

use std::path::PathBuf;

use clap::Args;

use crate::commands::asm::ALLOW_EMPTY;
use crate::failure::Failure;
use crate::input::{self, Place};
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
    /// The file holds bare little-endian words, not a container (PICA:
    /// .shbin; AGAL: the 7-byte header and its tokens), printed one per line
    /// in the spec's field-explicit form. Lima GP and ir3 files are always
    /// raw words: without `--raw` they print as Mesa's disassembler text.
    #[arg(long)]
    pub raw: bool,
    /// Accept an empty input (no bytes, or a container of no instructions such as an AGAL header alone), which is an error otherwise,
    /// and print what it holds: nothing, or the header's comment.
    #[arg(long)]
    pub allow_empty: bool,
    // `--gen N`: the help names the ISAs that take it and their
    // generations, read from their specs.
    #[arg(long, value_name = "N", help = isas::gen_help())]
    pub gen: Option<u32>,
}

/// Prints the file as text. A container that does not parse prints nothing
/// and fails with `FILE: byte 0x…: message`. An empty file, or a container
/// of no instructions, is an error unless `--allow-empty`. With `--raw`, words that do not
/// decode are reported the same way (all of them) and make the command fail;
/// the others are still printed. Words are read as generation `gen` has
/// them (see [`isas::generation`]).
pub fn run<I: CliIsa>(args: &DisasmArgs, gen: Option<u32>) -> Result<(), Failure> {
    let file = input::read(&args.file)?;
    if file.bytes.is_empty() {
        return match args.allow_empty {
            true => Ok(()),
            false => Err(file.empty(Place::Binary, Some(ALLOW_EMPTY))),
        };
    }
    let mut out = Stdout::new();
    if let Some(container) = I::CONTAINER.filter(|_| !args.raw) {
        // Checked whole, then written as it is made.
        let opened =
            (container.open)(&file.bytes, gen).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
        if opened.count == 0 && !args.allow_empty {
            return Err(super::empty_container(&file, container.name, Some(ALLOW_EMPTY)));
        }
        return out.stream(opened.listing);
    }
    let words = input::words::<I::Word>(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
    let mut errors = Vec::new();
    for (offset, word) in words {
        match super::instruction_text::<I>(word, gen) {
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
