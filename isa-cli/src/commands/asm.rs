//! `isa asm`: assembly text to the ISA's container (PICA: `.shbin` from
//! picasso syntax, one DVLE per file; AGAL: a program with its header; Lima
//! GP and ir3: raw words from Mesa's text) or, with `--raw`, to bare
//! little-endian words from the spec's field-explicit text.

use std::path::PathBuf;

use clap::Args;
use isa_agal::ProgramType;
use isa_runtime::lexer::Cursor;
use isa_runtime::{BitWord, ParseError};

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
    /// disasm`'s `{raw …}` notes. ir3: one file of Mesa's disassembler
    /// text, one instruction per line, with or without `{raw …}` notes. With `--raw`: one
    /// file of one instruction per line, where `;`, `//` and `#` start
    /// comments.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Where to write the binary (`-` for stdout).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Write bare little-endian words, not a container (PICA: .shbin; AGAL:
    /// a program with its header). With `--raw`, each line is one word in
    /// the spec's field-explicit form (Lima GP and ir3: instead of Mesa's
    /// text; the output is raw words either way).
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
    // `--gen N`: the help names the ISAs that take it and their
    // generations, read from their specs.
    #[arg(long, value_name = "N", help = isas::gen_help())]
    pub gen: Option<u32>,
}

impl AsmArgs {
    /// The options that go to the container's assembler, for generation
    /// `gen` (see [`isas::generation`]).
    fn options(&self, gen: Option<u32>) -> AsmOptions {
        AsmOptions {
            no_nop: self.no_nop,
            kind: self.kind,
            version: self.version,
            ignore_limits: self.ignore_limits,
            allow_empty: self.allow_empty,
            gen,
        }
    }
}

/// The option that accepts empty input.
pub const ALLOW_EMPTY: &str = "--allow-empty";

/// Assembles the files. Every problem is reported as `FILE:line:col:
/// message`, and nothing is written unless everything assembles. Input
/// with no instructions is an error unless `--allow-empty` is given. Options
/// that the ISA's container does not take, or that `--raw` makes pointless,
/// are usage errors. The text is of generation `gen` (see
/// [`isas::generation`]): a mnemonic that generation lacks is an error.
pub fn run<I: CliIsa>(args: &AsmArgs, gen: Option<u32>) -> Result<(), Failure> {
    let options = args.options(gen);
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
    let (words, errors) = match gen {
        Some(gen) => isa_runtime::assemble_stream_with(&file.bytes, |line, n| assemble_line_gen::<I>(line, n, gen)),
        None => isa_runtime::assemble_stream::<I>(&file.bytes),
    };
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

/// [`isa_runtime::assemble_line`] for generation `gen`: a mnemonic that
/// `gen` lacks is an error at the mnemonic, and the word is decoded as
/// `gen` has it (then encoded again, so it is canonical).
fn assemble_line_gen<I: CliIsa>(line: &str, number: usize, gen: u32) -> Result<Option<I::Word>, ParseError> {
    let mut cursor = Cursor::at(line, number, 1);
    if cursor.at_line_end() {
        return Ok(None);
    }
    let start = cursor.clone();
    let word: I::Word = isa_runtime::text::parse_instruction(I::LAYOUT, &mut cursor)?;
    let mut at = start.clone();
    at.skip_blanks();
    let opcode = at.clone().word().and_then(|m| I::LAYOUT.opcode(m));
    if let Some((op, gens)) = opcode
        .and_then(|op| Some((op, op.gens?)))
        .filter(|(op, _)| !op.in_gen(gen))
    {
        // Worded as `isa_ir3::mesa` words it, so both texts say the same.
        let name = |g: u32| I::NAME.generation_name(g);
        let message = match gens.lo == gens.hi {
            true => {
                let only = name(gens.lo);
                let article = if only.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                format!(
                    "`{}` is {article} {only} instruction, not one of {}",
                    op.mnemonic,
                    name(gen)
                )
            }
            false => format!(
                "`{}` is an instruction of {} to {}, not of {}",
                op.mnemonic,
                name(gens.lo),
                name(gens.hi),
                name(gen)
            ),
        };
        return Err(at.error(message));
    }
    let insn = I::decode_gen(word, gen).map_err(|e| start.error(e.to_string()))?;
    I::encode(&insn).map(Some).map_err(|e| start.error(e.to_string()))
}
