//! `isa asm`: assembly text to the ISA's container (PICA: `.shbin` from
//! picasso syntax, one DVLE per file; AGAL: a program with its header) or,
//! with `--raw`, to bare little-endian words.

use std::path::PathBuf;

use clap::Args;
use isa_agal::ProgramType;
use isa_runtime::BitWord;

use crate::failure::Failure;
use crate::input::{self, Place};
use crate::isas::{self, AsmOptions, CliIsa, IsaName};
use crate::output;

/// Arguments of `isa asm`.
#[derive(Args, Debug)]
pub struct AsmArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The source files (`-` for stdin). PICA: picasso syntax, one DVLE per
    /// file in order (`A.v.pica B.g.pica`). AGAL: one file of
    /// AGALMiniAssembler text, where `//` starts comments. Lima GP: one file
    /// of Mesa's disassembler text (`000:` lines), with or without `isa
    /// disasm`'s `{raw …}` notes. With `--raw`: one
    /// file of one instruction per line, where `;`, `//` and `#` start
    /// comments.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Where to write the binary (`-` for stdout).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Write bare little-endian words, not a container (PICA: .shbin; AGAL:
    /// a program with its header). With `--raw`, each line is one word in
    /// the spec's field-explicit form (Lima GP: instead of Mesa's text; the
    /// output is raw words either way).
    #[arg(long)]
    pub raw: bool,
    /// PICA: do not insert the padding NOPs that flow-control errata need at
    /// the ends of blocks (picasso's `--no-nop`).
    #[arg(long)]
    pub no_nop: bool,
    /// AGAL: the program type written in the header.
    #[arg(long = "type", value_name = "TYPE", value_parser = isas::program_types())]
    pub kind: Option<ProgramType>,
    /// AGAL: the version written in the header (1, 2 or 3); it sets the
    /// register limits and allows AGAL2's opcodes.
    #[arg(long, value_name = "N")]
    pub version: Option<u32>,
    /// AGAL: raise every register limit to 1024, as AGALMiniAssembler's
    /// `ignorelimits` does, and lift the limit of 4096 tokens.
    #[arg(long)]
    pub ignore_limits: bool,
    /// Accept input with no instructions (an empty file or stdin, or only
    /// blanks and comments), which is an error otherwise, and write an empty
    /// output: no bytes, or for an AGAL program its 7-byte header alone.
    #[arg(long)]
    pub allow_empty: bool,
}

impl AsmArgs {
    /// The options that go to the container's assembler.
    fn options(&self) -> AsmOptions {
        AsmOptions {
            no_nop: self.no_nop,
            kind: self.kind,
            version: self.version,
            ignore_limits: self.ignore_limits,
            allow_empty: self.allow_empty,
        }
    }
}

/// The option that accepts empty input.
pub const ALLOW_EMPTY: &str = "--allow-empty";

/// Assembles the files. Every problem is reported as `FILE:line:col:
/// message`, and nothing is written unless everything assembles. Input
/// with no instructions is an error unless `--allow-empty` is given. Options
/// that the ISA's container does not take, or that `--raw` makes pointless,
/// are usage errors.
pub fn run<I: CliIsa>(args: &AsmArgs) -> Result<(), Failure> {
    let options = args.options();
    let taken = I::CONTAINER.map_or(&[][..], |c| c.options);
    options.allow_only(taken, &format!("to `{}`", I::NAME))?;
    if let Some(container) = I::CONTAINER.filter(|_| !args.raw) {
        let files = (args.files.iter())
            .map(|f| input::read(f))
            .collect::<Result<Vec<_>, _>>()?;
        return output::write_with(&args.output, |out| (container.assemble)(&files, &options, out));
    }
    options.allow_only(&[], "with --raw")?;
    let [path] = args.files.as_slice() else {
        return Err(Failure::usage("--raw takes exactly one input file"));
    };
    let file = input::read(path)?;
    let (words, errors) = isa_runtime::assemble_stream::<I>(&file.bytes);
    if !errors.is_empty() {
        return Err(Failure::input(
            errors.iter().map(|e| format!("{}:{e}", file.name)).collect(),
        ));
    }
    if words.is_empty() && !args.allow_empty {
        return Err(file.empty(Place::Text, Some(ALLOW_EMPTY)));
    }
    output::write_with(&args.output, |out| {
        let mut bytes = Vec::with_capacity(isas::word_bytes::<I>());
        for word in &words {
            bytes.clear();
            word.write_le_bytes(&mut bytes);
            out.write_all(&bytes).map_err(output::write_error)?;
        }
        Ok(())
    })
}
