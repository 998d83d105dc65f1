//! `isa disasm`: a container (PICA: `.shbin`) to assembly text that `isa asm`
//! turns back into the same bytes, or with `--raw` binary words to text, one
//! instruction per line.

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

/// Prints the file as text. A container that does not parse is reported as
/// `FILE: byte 0x…: message`. With `--raw`, words that do not decode are
/// reported the same way (all of them) and make the command fail; the others
/// are still printed.
pub fn run<I: CliIsa>(args: &DisasmArgs) -> Result<(), Failure> {
    if !args.raw {
        if let Some(reader) = I::CONTAINER_READ {
            let file = input::read(&args.file)?;
            let text =
                (reader.disassemble)(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
            let mut out = Stdout::new();
            out.bytes(text.as_bytes())?;
            return out.flush();
        }
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

/// A PICA `.shbin` → picasso-syntax text (the PICA [`isas::ContainerReader`]).
pub fn pica_shbin(bytes: &[u8]) -> Result<String, String> {
    let shbin = isa_specs::pica::shbin::Shbin::parse(bytes).map_err(|e| e.to_string())?;
    Ok(isa_specs::pica::disasm::disassemble(&shbin))
}
