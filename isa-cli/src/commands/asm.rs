//! `isa asm`: assembly text to little-endian words.

use std::path::PathBuf;

use clap::Args;
use isa_runtime::lexer::Cursor;
use isa_runtime::{text, BitWord, Isa, ParseError};

use crate::failure::Failure;
use crate::input;
use crate::isas::{self, AsmFailure, AsmOptions, AssembleFn, CliIsa, IsaName, ProgramKind};
use crate::output;

/// Arguments of `isa asm`.
#[derive(Args, Debug)]
pub struct AsmArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The assembly text (`-` for stdin): one instruction per line; `;`, `//`
    /// and `#` start comments (AGAL programs: `//` only).
    pub file: PathBuf,
    /// Where to write the binary (`-` for stdout).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Write bare little-endian words, not a container (PICA: .shbin; AGAL:
    /// a program with its header). With `--raw`, each line is one token in
    /// the spec's field-explicit form.
    #[arg(long)]
    pub raw: bool,
    /// AGAL: the program type written in the header.
    #[arg(long = "type", value_enum, value_name = "TYPE")]
    pub kind: Option<ProgramKind>,
    /// AGAL: the version written in the header (1, 2 or 3); it sets the
    /// register limits and allows AGAL2's opcodes.
    #[arg(long, value_name = "N")]
    pub version: Option<u32>,
    /// AGAL: raise every register limit to 1024, as AGALMiniAssembler's
    /// `ignorelimits` does.
    #[arg(long)]
    pub ignore_limits: bool,
}

impl AsmArgs {
    fn options(&self) -> AsmOptions {
        AsmOptions {
            kind: self.kind,
            version: self.version,
            ignore_limits: self.ignore_limits,
        }
    }
}

/// Assembles the file. Every bad line is reported as `FILE:line:col: message`,
/// and nothing is written unless the whole file assembles.
pub fn run<I: CliIsa>(args: &AsmArgs) -> Result<(), Failure> {
    if let (false, Some(assemble)) = (args.raw, I::ASSEMBLE_CONTAINER) {
        return run_container(assemble, args);
    }
    isas::require_raw::<I>(args.raw)?;
    if args.options().any() {
        let what = if I::ASSEMBLE_CONTAINER.is_some() {
            "with --raw".to_string()
        } else {
            format!("to `{}`", I::NAME)
        };
        return Err(Failure::usage(format!(
            "--type, --version and --ignore-limits describe an AGAL program header; they do not apply {what}"
        )));
    }
    let file = input::read(&args.file)?;
    let (words, errors) = assemble::<I>(&file.bytes);
    if !errors.is_empty() {
        return Err(Failure::input(
            errors.iter().map(|e| format!("{}:{e}", file.name)).collect(),
        ));
    }
    let mut bytes = Vec::with_capacity(words.len() * isas::word_bytes::<I>());
    for word in &words {
        word.write_le_bytes(&mut bytes);
    }
    output::write_file(&args.output, &bytes)
}

/// Assembles a file into the ISA's container; nothing is written unless the
/// whole file assembles.
fn run_container(assemble: AssembleFn, args: &AsmArgs) -> Result<(), Failure> {
    let file = input::read(&args.file)?;
    match assemble(&file.bytes, &args.options()) {
        Ok(bytes) => output::write_file(&args.output, &bytes),
        Err(AsmFailure::Usage(message)) => Err(Failure::usage(message)),
        Err(AsmFailure::Text(errors)) => Err(Failure::input(
            errors.iter().map(|e| format!("{}:{e}", file.name)).collect(),
        )),
    }
}

/// Assembles text into words, collecting one error per bad line.
pub fn assemble<I: Isa>(bytes: &[u8]) -> (Vec<I::Word>, Vec<ParseError>) {
    let mut words = Vec::new();
    let mut errors = Vec::new();
    for (number, line) in input::lines(bytes) {
        let line = match line {
            Ok(line) => line,
            Err(col) => {
                errors.push(ParseError {
                    line: number,
                    col,
                    message: "invalid UTF-8".into(),
                });
                continue;
            }
        };
        match assemble_line::<I>(line, number) {
            Ok(Some(word)) => words.push(word),
            Ok(None) => {}
            Err(e) => errors.push(e),
        }
    }
    (words, errors)
}

/// Assembles one line (`number` is its 1-based line number): `None` for a
/// line with nothing but blanks and a comment.
pub fn assemble_line<I: Isa>(line: &str, number: usize) -> Result<Option<I::Word>, ParseError> {
    let mut cursor = Cursor::at(line, number, 1);
    if cursor.at_line_end() {
        return Ok(None);
    }
    let start = cursor.clone();
    let word: I::Word = text::parse_instruction(I::LAYOUT, &mut cursor)?;
    // Decoding checks what the text form cannot (closed enums, registers);
    // encoding the decoded instruction gives the canonical word.
    let insn = I::decode(word).map_err(|e| start.error(e.to_string()))?;
    I::encode(&insn).map(Some).map_err(|e| start.error(e.to_string()))
}
