//! Project automation.
//!
//! `cargo xtask docs` regenerates `docs/isa/<isa>.md` from the generated
//! `LAYOUT` metadata (never from a second parse of the spec files);
//! `cargo xtask docs --check` fails when a checked-in file is stale;
//! `cargo xtask exhaustive pica` sweeps all 2^32 words (see `exhaustive`).

mod exhaustive;
mod markdown;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use isa_runtime::IsaLayout;

/// Every ISA with docs: file stem and metadata.
const ISAS: &[(&str, &IsaLayout)] = &[("agal", &isa_specs::agal::LAYOUT), ("pica", &isa_specs::pica::LAYOUT)];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["docs"] => docs(false),
        ["docs", "--check"] => docs(true),
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

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// The generated files: path relative to the workspace, and contents.
fn generated() -> Vec<(PathBuf, String)> {
    ISAS.iter()
        .map(|(stem, layout)| (PathBuf::from(format!("docs/isa/{stem}.md")), markdown::isa_page(layout)))
        .collect()
}

fn docs(check: bool) -> ExitCode {
    let root = workspace_root();
    let mut stale = Vec::new();
    for (path, contents) in generated() {
        let full = root.join(&path);
        let current = std::fs::read_to_string(&full).ok();
        if current.as_deref() == Some(contents.as_str()) {
            continue;
        }
        if check {
            stale.push(path);
        } else {
            if let Some(dir) = full.parent() {
                if let Err(e) = std::fs::create_dir_all(dir) {
                    eprintln!("{}: {e}", dir.display());
                    return ExitCode::FAILURE;
                }
            }
            if let Err(e) = std::fs::write(&full, contents) {
                eprintln!("{}: {e}", full.display());
                return ExitCode::FAILURE;
            }
            println!("wrote {}", path.display());
        }
    }
    if stale.is_empty() {
        if check {
            println!("docs are fresh");
        }
        ExitCode::SUCCESS
    } else {
        for path in &stale {
            eprintln!("{}: stale; run `cargo xtask docs`", path.display());
        }
        ExitCode::FAILURE
    }
}
