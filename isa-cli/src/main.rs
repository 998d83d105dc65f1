//! `isa`: disassemble, assemble, explain, decode and lift instruction words of
//! the isaforge ISAs (see DESIGN.md, "The command line").
//!
//! Exit codes: 0 on success, 1 when the input is bad (every problem is
//! reported on stderr as `file:line:col: …` or `file: byte 0x…: …`), 2 when
//! the command cannot run as asked (usage errors such as options that do not
//! apply to the ISA, ISAs that are not implemented yet).

mod commands;
mod failure;
mod input;
mod isas;
mod output;
mod packed;
mod table;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{asm::AsmArgs, decode::DecodeArgs, disasm::DisasmArgs, explain::ExplainArgs, lift::LiftArgs};
use failure::Failure;
use isas::{CliIsa, IsaName};

/// Disassemble, assemble, explain and decode GPU shader instruction words.
#[derive(Parser, Debug)]
#[command(name = "isa", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Print a binary as assembly text, one instruction per line.
    Disasm(DisasmArgs),
    /// Assemble text into a binary.
    Asm(AsmArgs),
    /// Break words given in hex down field by field.
    Explain(ExplainArgs),
    /// Decode a binary field by field (text tables, or JSON with --json).
    Decode(DecodeArgs),
    /// Lift a program to another language (AGAL fragment programs to AGSL).
    Lift(LiftArgs),
}

impl Command {
    /// The ISA the command is about.
    fn isa(&self) -> IsaName {
        match self {
            Command::Disasm(a) => a.isa,
            Command::Asm(a) => a.isa,
            Command::Explain(a) => a.isa,
            Command::Decode(a) => a.isa,
            Command::Lift(a) => a.isa,
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with exit code 0; errors to stderr.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(failure::EXIT_USAGE));
        }
    };
    match dispatch(&cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let mut stderr = std::io::stderr().lock();
            for message in &failure.messages {
                let _ = writeln!(stderr, "{message}");
            }
            ExitCode::from(failure.code)
        }
    }
}

/// Picks the ISA: adding one is an `impl CliIsa` (or, for a presence-mask
/// bundle, a module like [`packed`]) and one arm here.
fn dispatch(command: &Command) -> Result<(), Failure> {
    check_paths(command)?;
    match command.isa() {
        IsaName::Agal => run::<isa_agal::Agal>(command),
        IsaName::Pica => run::<isa_pica::Pica>(command),
        IsaName::LimaGp => run::<isa_lima_gp::LimaGp>(command),
        // Variable-length instructions: whole programs, not words.
        IsaName::LimaPp => packed::run(command),
    }
}

/// An output file that is also an input, and stdin named twice, are
/// refused before anything runs.
fn check_paths(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Asm(a) => {
            let stdin = a.files.iter().filter(|f| f.as_os_str() == "-").count();
            if stdin > 1 {
                return Err(Failure::usage(format!(
                    "`-` (stdin) is named {stdin} times, but stdin can be read only once"
                )));
            }
            output::refuse_input_as_output(&a.output, a.files.iter().map(|f| f.as_path()))
        }
        Command::Lift(a) => match &a.output {
            Some(out) => output::refuse_input_as_output(out, [a.file.as_path()]),
            None => Ok(()),
        },
        Command::Disasm(_) | Command::Explain(_) | Command::Decode(_) => Ok(()),
    }
}

/// Runs a command for ISA `I`.
fn run<I: CliIsa>(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Disasm(args) => commands::disasm::run::<I>(args),
        Command::Asm(args) => commands::asm::run::<I>(args),
        Command::Explain(args) => commands::explain::run::<I>(args),
        Command::Decode(args) => commands::decode::run::<I>(args),
        Command::Lift(args) => commands::lift::run::<I>(args),
    }
}
