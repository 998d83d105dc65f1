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

use clap::{Args, FromArgMatches, Parser, Subcommand};

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

    /// The generation `--gen` names, if given (`lift` has no `--gen`).
    fn gen(&self) -> Option<u32> {
        match self {
            Command::Disasm(a) => a.gen,
            Command::Asm(a) => a.gen,
            Command::Explain(a) => a.gen,
            Command::Decode(a) => a.gen,
            Command::Lift(_) => None,
        }
    }
}

/// The command line. A first argument that names a subcommand is parsed
/// with that subcommand's arguments alone (building every subcommand's
/// parser and help is most of what clap costs a short run); anything else,
/// and any error or request for help, goes through the whole [`Cli`], so
/// its messages are the same.
fn parse_command() -> Result<Command, clap::Error> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(command) = parse_subcommand(&args) {
        return Ok(command);
    }
    Cli::try_parse_from(args).map(|cli| cli.command)
}

/// `args` parsed as the subcommand that `args[1]` names, if it names one
/// and they parse.
fn parse_subcommand(args: &[std::ffi::OsString]) -> Option<Command> {
    fn one<A: Args + FromArgMatches>(name: &'static str, args: &[std::ffi::OsString]) -> Option<A> {
        let matches = A::augment_args(clap::Command::new(name))
            .try_get_matches_from(args)
            .ok()?;
        A::from_arg_matches(&matches).ok()
    }
    let rest = args.get(1..)?;
    match args.get(1)?.to_str()? {
        "disasm" => one("disasm", rest).map(Command::Disasm),
        "asm" => one("asm", rest).map(Command::Asm),
        "explain" => one("explain", rest).map(Command::Explain),
        "decode" => one("decode", rest).map(Command::Decode),
        "lift" => one("lift", rest).map(Command::Lift),
        _ => None,
    }
}

fn main() -> ExitCode {
    let command = match parse_command() {
        Ok(command) => command,
        Err(e) => {
            // Help and version go to stdout with exit code 0; errors to stderr.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(failure::EXIT_USAGE));
        }
    };
    match dispatch(&command) {
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
/// bundle, a module like [`packed`]) and one arm here. `--gen` is checked
/// against the ISA's spec first ([`isas::generation`]).
fn dispatch(command: &Command) -> Result<(), Failure> {
    check_paths(command)?;
    let gen = isas::generation(command.isa(), command.gen())?;
    match command.isa() {
        IsaName::Agal => run::<isa_agal::Agal>(command, gen),
        IsaName::Pica => run::<isa_pica::Pica>(command, gen),
        IsaName::LimaGp => run::<isa_lima_gp::LimaGp>(command, gen),
        IsaName::Ir3 => run::<isa_ir3::Ir3>(command, gen),
        // Variable-length instructions: whole programs, not words (and no
        // generations: `gen` is `None`).
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

/// Runs a command for ISA `I`, on words of generation `gen` (see
/// [`isas::generation`]).
fn run<I: CliIsa>(command: &Command, gen: Option<u32>) -> Result<(), Failure> {
    match command {
        Command::Disasm(args) => commands::disasm::run::<I>(args, gen),
        Command::Asm(args) => commands::asm::run::<I>(args, gen),
        Command::Explain(args) => commands::explain::run::<I>(args, gen),
        Command::Decode(args) => commands::decode::run::<I>(args, gen),
        Command::Lift(args) => commands::lift::run::<I>(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn argv(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    /// A command line that names a subcommand parses, through that
    /// subcommand alone, to what the whole command line's parser gives;
    /// every subcommand has that path.
    #[test]
    fn a_subcommand_alone_parses_as_the_whole_command_line() {
        let lines = [
            "isa disasm pica x.bin",
            "isa disasm lima-pp x.bin --raw --allow-empty",
            "isa disasm ir3 x.bin --gen 6",
            "isa asm pica a.pica b.pica -o out.shbin --no-nop",
            "isa asm agal x.txt --output y.bin --type fragment --version 2 --ignore-limits",
            "isa asm lima-gp - -o -",
            "isa asm ir3 x.txt --raw --gen 3 -o -",
            "isa explain pica 0x4c000000 0x12345678 --opdesc",
            "isa explain ir3 e3c2000000000000 --gen 7",
            "isa decode lima-gp x.bin --json --allow-empty",
            "isa decode pica x.bin --raw --opdescs d.bin",
            "isa decode ir3 x.bin --json --gen 5",
            "isa lift agal x.bin --to agsl -o y.agsl",
        ];
        let mut seen = Vec::new();
        for line in lines {
            let args = argv(line);
            let Some(quick) = parse_subcommand(&args) else {
                panic!("`{line}` did not take the subcommand's parser");
            };
            let whole = match Cli::try_parse_from(&args) {
                Ok(cli) => cli.command,
                Err(e) => panic!("`{line}`: {e}"),
            };
            assert_eq!(format!("{quick:?}"), format!("{whole:?}"), "{line}");
            seen.push(std::mem::discriminant(&quick));
        }
        seen.dedup();
        assert_eq!(seen.len(), 5, "every subcommand");
    }

    /// Help, version, errors and unknown subcommands take the whole
    /// parser (so its messages are unchanged).
    #[test]
    fn help_errors_and_unknown_words_go_to_the_whole_parser() {
        for line in [
            "isa disasm --help",
            "isa disasm pica",
            "isa disasm nope x.bin",
            "isa asm pica x.pica",
            "isa lift agal x.bin",
            "isa --version",
            "isa disasmx pica x.bin",
            "isa",
        ] {
            assert!(parse_subcommand(&argv(line)).is_none(), "{line}");
        }
    }
}
