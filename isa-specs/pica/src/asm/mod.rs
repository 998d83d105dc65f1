//! A picasso-compatible PICA200 assembler: picasso-syntax source files in,
//! a [`Shbin`] out, byte-identical to what picasso 2.7 writes for the same
//! sources (one DVLE per file, procedures shared between files).
//!
//! Differences from picasso, all on inputs picasso mishandles: every problem
//! is reported (not just the first), each at `file:line:col`; where picasso
//! silently produces something other than what was written (`c4[a0.x-1]`
//! read as `c4`, `v3` accepted as a destination, an index past the end of a
//! register file, relative addressing of a non-uniform, a block longer than
//! its count field, …) this assembler reports an error instead.
//!
//! isaforge adds a few directives of its own (`.word`, `.dvle`, `.layout`,
//! `.dvle_override`, `.raw_*`) so that any `.shbin` can be written as text;
//! `docs/pica-text.md` describes the whole syntax.
//!
//! Inside, the work is split into: `line` (comments, labels, arguments),
//! `numbers`, `operand` (registers, aliases, swizzles, conditions), `state`,
//! `instructions` and `branches`, `flow` (blocks, NOP padding, patching
//! targets), `directives` and `constants`, `extensions`, `opdesc` (operand
//! descriptors) and `link` (the final [`Shbin`]).

mod branches;
mod constants;
mod directives;
mod extensions;
mod flow;
mod instructions;
mod line;
mod link;
mod numbers;
mod opdesc;
mod operand;
mod state;

use std::fmt;

use super::shbin::Shbin;
pub(crate) use instructions::{picasso_name, refuses_two_inputs};
use isa_runtime::text::{escape_input, quote_input, Quoted};
use line::Stmt;
pub(crate) use opdesc::{allocate, need as opdesc_need, pinned_pick, Src as OpdescSrc, MAX_OPDESCS};
use state::Asm;
pub(crate) use state::{AllocBundle, DescNeed, UniformKind};

/// One source file: its name (used in error messages) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The name errors are reported under.
    pub name: String,
    /// The picasso-syntax source text.
    pub text: String,
}

/// A problem in the sources, at a 1-based line and column. Its `Display`
/// (and [`AsmError::place`]) escapes the file name's control and invisible
/// characters, as messages escape quoted input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    /// The file name: the [`SourceFile`]'s, or the one a `# N "file"` line
    /// marker gives, which is input and so is cut after
    /// [`QUOTE_MAX`](isa_runtime::text::QUOTE_MAX) characters (with `…`).
    /// Not escaped here.
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl AsmError {
    /// Where the problem is, as messages print it: `file:line:col`, with
    /// the file name escaped (`a\u{1b}[2J.pica:3:1`).
    pub fn place(&self) -> String {
        format!("{}:{}:{}", shown_file(&self.file), self.line, self.col)
    }
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place(), self.message)
    }
}

/// A file name as messages print it: escaped as quoted input is (ESC as
/// `\u{1b}`, a right-to-left override as `\u{202e}`) but not cut, since a
/// caller's name, such as a path, is shown whole.
pub(crate) fn shown_file(name: &str) -> Quoted<'_> {
    escape_input(name).up_to(usize::MAX)
}

impl std::error::Error for AsmError {}

/// Assembler options (picasso's command-line flags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Insert the padding NOPs the PICA200's flow-control errata need at the
    /// ends of blocks (picasso's default; `--no-nop` turns it off).
    pub auto_nop: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { auto_nop: true }
    }
}

/// Assembles `files` (one DVLE per file, in order, as picasso does) into a
/// SHBIN. Every error found is returned, sorted by file order and position.
/// Never panics. [`assemble_with_warnings`] also gives the warnings.
pub fn assemble(files: &[SourceFile], options: &Options) -> Result<Shbin, Vec<AsmError>> {
    assemble_with_warnings(files, options).0
}

/// [`assemble`], and its warnings, sorted as the errors are: what
/// assembles, but not as written, where picasso warns too (a write mask
/// out of x, y, z, w order, whose order is lost; a padding NOP that
/// `auto_nop: false` leaves out).
pub fn assemble_with_warnings(
    files: &[SourceFile],
    options: &Options,
) -> (Result<Shbin, Vec<AsmError>>, Vec<AsmError>) {
    let mut asm = Asm::new(options.clone());
    for file in files {
        asm.begin_file(&file.name);
        let text = isa_runtime::lexer::without_bom(&file.text);
        for (index, raw) in text.split('\n').enumerate() {
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            asm.set_line(index + 1);
            process_line(&mut asm, raw);
        }
        asm.end_file();
    }
    link::finish(asm, files)
}

/// Whether `text` holds no statement: only blanks, `;` comments and line
/// markers (`# N "file"`), no label, directive or instruction. (`isa asm`
/// calls such a file empty.)
pub fn is_blank(text: &str) -> bool {
    let text = isa_runtime::lexer::without_bom(text);
    text.split('\n').all(|raw| {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        matches!(line::split(raw), Ok(p) if p.labels.is_empty() && !matches!(p.stmt, Some(line::Body::Stmt(_))))
    })
}

/// One physical line: labels first, then a line marker, a directive or an
/// instruction.
fn process_line(asm: &mut Asm, raw: &str) {
    let parsed = match line::split(raw) {
        Ok(parsed) => parsed,
        Err(diag) => return asm.report(raw, diag),
    };
    for label in &parsed.labels {
        if let Err(diag) = asm.define_label(raw, label) {
            asm.report(raw, diag);
        }
    }
    let Some(stmt) = parsed.stmt else { return };
    let result = match stmt {
        line::Body::Marker(marker) => {
            asm.line_marker(marker);
            Ok(())
        }
        line::Body::Stmt(stmt) => dispatch(asm, &stmt),
    };
    if let Err(diag) = result {
        asm.report(raw, diag);
    }
}

/// Sends a statement to its directive or instruction handler.
fn dispatch(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), line::Diag> {
    match stmt.head.strip_prefix('.') {
        Some(name) => {
            let name = name.to_ascii_lowercase();
            if let Some(handled) = directives::run(asm, &name, stmt) {
                return handled;
            }
            if let Some(handled) = extensions::run(asm, &name, stmt) {
                return handled;
            }
            Err(stmt.err_at(stmt.head, unknown_directive(stmt.head)))
        }
        None => instructions::run(asm, stmt),
    }
}

fn unknown_directive(head: &str) -> String {
    let known = directives::NAMES.iter().chain(extensions::NAMES).map(|n| &n[1..]);
    let name = head.trim_start_matches('.').to_ascii_lowercase();
    match isa_runtime::lexer::closest(&name, known) {
        Some(near) => format!(
            "unknown directive {head} (did you mean `.{near}`?)",
            head = quote_input(head)
        ),
        None => format!("unknown directive {head}", head = quote_input(head)),
    }
}
