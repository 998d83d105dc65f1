//! `isa asm`: assembly text to little-endian words.

use std::path::PathBuf;

use clap::Args;
use isa_runtime::lexer::Cursor;
use isa_runtime::{text, BitWord, Isa, ParseError};

use crate::failure::Failure;
use crate::input;
use crate::isas::{self, CliIsa, IsaName};
use crate::output;

/// Arguments of `isa asm`.
#[derive(Args, Debug)]
pub struct AsmArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The assembly text (`-` for stdin): one instruction per line; `;`, `//`
    /// and `#` start comments.
    pub file: PathBuf,
    /// Where to write the binary (`-` for stdout).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Write bare little-endian words, not a container (PICA: .shbin).
    #[arg(long)]
    pub raw: bool,
}

/// Assembles the file. Every bad line is reported as `FILE:line:col: message`,
/// and nothing is written unless the whole file assembles.
pub fn run<I: CliIsa>(args: &AsmArgs) -> Result<(), Failure> {
    isas::require_raw::<I>(args.raw)?;
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
