//! Project automation.
//!
//! `cargo xtask docs` regenerates `docs/index.md` and everything under
//! `docs/isa/` (reference pages, SVG diagrams, WaveDrom and spec JSON) from the
//! generated `LAYOUT` metadata, never from a second parse of the spec files
//! (see the `xtask` library); `cargo xtask docs --check` fails, naming the
//! files, when a checked-in file is stale, missing or no longer generated;
//! `cargo xtask exhaustive pica` sweeps all 2^32 words (see `exhaustive`).

mod exhaustive;

use std::process::ExitCode;

use xtask::docs;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["docs"] => run_docs(false),
        ["docs", "--check"] => run_docs(true),
        ["exhaustive", isa] => {
            if exhaustive::run(isa) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        _ => {
            eprintln!("usage: cargo xtask docs [--check] | cargo xtask exhaustive pica");
            ExitCode::from(2)
        }
    }
}

fn run_docs(check: bool) -> ExitCode {
    let root = docs::workspace_root();
    let generated = docs::generate();
    if check {
        match docs::check(&root, &generated) {
            Ok(fresh) if fresh.is_fresh() => {
                println!("docs are fresh ({} files)", generated.len());
                ExitCode::SUCCESS
            }
            Ok(fresh) => {
                for line in fresh.report() {
                    eprintln!("{line}");
                }
                ExitCode::FAILURE
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        }
    } else {
        match docs::write(&root, &generated) {
            Ok(actions) => {
                for line in &actions {
                    println!("{line}");
                }
                if actions.is_empty() {
                    println!("docs are fresh ({} files)", generated.len());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        }
    }
}
