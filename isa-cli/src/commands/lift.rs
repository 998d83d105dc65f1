//! `isa lift`: a program to another language. AGAL fragment programs lift to
//! AGSL (see `isa_agal::lift` for how AGAL's registers map).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::failure::Failure;
use crate::input::{self, Place};
use crate::isas::{CliIsa, IsaName};
use crate::output::write_file;

/// Arguments of `isa lift`.
#[derive(Args, Debug)]
pub struct LiftArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The program to lift (`-` for stdin).
    pub file: PathBuf,
    /// The language to lift to.
    #[arg(long, value_enum)]
    pub to: Target,
    /// Where to write the result (default: stdout).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// A language programs lift to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// AGSL, Android's RuntimeShader language: one `half4 main(float2)`.
    Agsl,
}

/// Lifts the file; a program that cannot be lifted fails with
/// `FILE: byte 0x…: message` and writes nothing. Warnings (what was lifted
/// by a guess) go to stderr as `FILE: byte 0x…: warning: message`.
pub fn run<I: CliIsa>(args: &LiftArgs) -> Result<(), Failure> {
    let Some(lift) = I::LIFT_AGSL else {
        return Err(Failure::usage(format!(
            "`{}` programs do not lift to {} yet; `agal` fragment programs do",
            I::NAME,
            args.to
        )));
    };
    let file = input::read(&args.file)?;
    // An empty program lifts to nothing worth having: an error, as for
    // `asm`, `disasm` and `decode` without `--allow-empty`.
    if file.bytes.is_empty() {
        return Err(file.empty(Place::Binary, None));
    }
    if let Some(container) = I::CONTAINER {
        if (container.open)(&file.bytes, I::LAYOUT.gens.map(|g| g.hi)).is_ok_and(|opened| opened.count == 0) {
            return Err(super::empty_container(&file, container.name, None));
        }
    }
    let (text, warnings) = lift(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
    for w in warnings {
        eprintln!("{}: {w}", file.name);
    }
    let out = args.output.clone().unwrap_or_else(|| PathBuf::from("-"));
    write_file(&out, text.as_bytes())
}

/// The name of a lift target in messages.
impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("agsl")
    }
}
