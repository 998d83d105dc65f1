//! Project automation.
//!
//! `cargo xtask docs` regenerates `docs/index.md` and everything under
//! `docs/isa/` (reference pages, SVG diagrams, WaveDrom and spec JSON) from the
//! generated `LAYOUT` metadata, never from a second parse of the spec files
//! (see the `xtask` library); `cargo xtask docs --check` fails, naming the
//! files, when a checked-in file is stale, missing or no longer generated,
//! and (both commands) when a relative Markdown link does not resolve inside
//! the repository or a marked excerpt no longer quotes its file;
//! `cargo xtask exhaustive pica|agal|lima-pp|ir3` sweeps every word of a field space
//! (see `exhaustive`); `cargo xtask fuzz <target> --time <secs>` builds the
//! libFuzzer harness and runs one target (see `fuzz`); `cargo xtask
//! misspell` counts the errors of each one-name misspelling of the shipped
//! specs (see `misspell`); `cargo xtask
//! bench-peers` times `isa` against Mesa, picasso and AGALMiniAssembler
//! (see `bench_peers`).

mod bench_peers;
mod exhaustive;
mod fuzz;
mod misspell;
mod progress;

use std::process::ExitCode;

use xtask::docs;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["docs"] | ["codegen"] => run_docs(false),
        ["docs", "--check"] | ["codegen", "--check"] => run_docs(true),
        ["exhaustive", isa] => {
            if exhaustive::run(isa) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        ["fuzz", "--list"] => {
            print!("{}", fuzz::target_list());
            ExitCode::SUCCESS
        }
        ["fuzz", target, rest @ ..] => match fuzz::parse_options(rest) {
            Ok(options) => {
                if fuzz::run(target, &options) {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("fuzz: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        ["misspell", rest @ ..] => match misspell::parse_options(rest) {
            Ok(options) => {
                if misspell::run(&options) {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("misspell: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        ["__measure", result, argv @ ..] => {
            if bench_peers::measure_helper(result, argv) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        ["bench-peers", rest @ ..] => match bench_peers::parse_options(rest) {
            Ok(options) => {
                if bench_peers::run(&options) {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("bench-peers: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// The command line, for usage errors.
const USAGE: &str = "usage: cargo xtask docs|codegen [--check]
       cargo xtask exhaustive pica|agal|lima-pp|ir3
       cargo xtask fuzz <target>|all [--time SECS] [--runs N] [--jobs N] [--max-len BYTES] [--fresh] [--corpus NAME]
       cargo xtask fuzz --list
       cargo xtask misspell [--show N] [--line N]
       cargo xtask bench-peers [--only lima-pp,lima-gp,pica,agal] [--sizes 1M,100M] [--runs N] [--write]";

fn run_docs(check: bool) -> ExitCode {
    let root = docs::workspace_root();
    let mut generated = docs::generate();
    match xtask::codegen::generate(&root) {
        Ok(codecs) => generated.extend(codecs),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    let mut ok = true;
    if check {
        match docs::check(&root, &generated) {
            Ok(fresh) if fresh.is_fresh() => println!("docs are fresh ({} files)", generated.len()),
            Ok(fresh) => {
                for line in fresh.report() {
                    eprintln!("{line}");
                }
                ok = false;
            }
            Err(e) => {
                eprintln!("{e}");
                ok = false;
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
            }
            Err(e) => {
                eprintln!("{e}");
                ok = false;
            }
        }
    }
    // Links and excerpts are written by hand: reported, never rewritten.
    match docs::check_markdown(&root) {
        Ok(problems) if problems.is_empty() => println!("links resolve inside the repository; excerpts are verbatim"),
        Ok(problems) => {
            for p in &problems {
                eprintln!("{p}");
            }
            eprintln!("{} problem(s) in the Markdown; fix them by hand", problems.len());
            ok = false;
        }
        Err(e) => {
            eprintln!("{e}");
            ok = false;
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
