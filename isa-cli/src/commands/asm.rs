//! `isa asm`: assembly text to a container (PICA: `.shbin`, from picasso
//! syntax, one DVLE per file) or, with `--raw`, to bare little-endian words.

use std::path::PathBuf;

use clap::Args;
use isa_runtime::lexer::Cursor;
use isa_runtime::{text, BitWord, Isa, ParseError};
use isa_specs::pica::asm::{self as pica_asm, SourceFile};

use crate::failure::Failure;
use crate::input::{self, Input};
use crate::isas::{self, CliIsa, IsaName};
use crate::output;

/// Arguments of `isa asm`.
#[derive(Args, Debug)]
pub struct AsmArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The source files (`-` for stdin). PICA: picasso syntax, one DVLE per
    /// file in order (`A.v.pica B.g.pica`). With `--raw`: one file of one
    /// instruction per line, where `;`, `//` and `#` start comments.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Where to write the binary (`-` for stdout).
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Write bare little-endian words, not a container (PICA: .shbin).
    #[arg(long)]
    pub raw: bool,
    /// Do not insert the padding NOPs that flow-control errata need at the
    /// ends of blocks (picasso's `--no-nop`).
    #[arg(long)]
    pub no_nop: bool,
}

/// Assembles the files. Every problem is reported as `FILE:line:col:
/// message`, and nothing is written unless everything assembles.
pub fn run<I: CliIsa>(args: &AsmArgs) -> Result<(), Failure> {
    if !args.raw {
        if let Some(assemble_container) = I::CONTAINER_ASM {
            let files = args
                .files
                .iter()
                .map(|f| input::read(f))
                .collect::<Result<Vec<_>, _>>()?;
            let bytes = assemble_container(&files, !args.no_nop)?;
            return output::write_file(&args.output, &bytes);
        }
    }
    isas::require_raw::<I>(args.raw)?;
    let [path] = args.files.as_slice() else {
        return Err(Failure::usage("--raw takes exactly one input file"));
    };
    let file = input::read(path)?;
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

/// picasso-syntax files → `.shbin` bytes (the PICA [`isas::ContainerAssembler`]).
pub fn pica_shbin(files: &[Input], auto_nop: bool) -> Result<Vec<u8>, Failure> {
    let mut sources = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        match String::from_utf8(file.bytes.clone()) {
            Ok(text) => sources.push(SourceFile {
                name: file.name.clone(),
                text,
            }),
            Err(e) => {
                let good = &file.bytes[..e.utf8_error().valid_up_to()];
                let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
                let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
                let col = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
                problems.push(format!("{}:{line}:{col}: invalid UTF-8", file.name));
            }
        }
    }
    if !problems.is_empty() {
        return Err(Failure::input(problems));
    }
    match pica_asm::assemble(&sources, &pica_asm::Options { auto_nop }) {
        Ok(shbin) => Ok(shbin.to_bytes()),
        Err(errors) => Err(Failure::input(errors.iter().map(|e| e.to_string()).collect())),
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
