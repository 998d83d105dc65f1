//! Every compile-fail case of `isa-macros` (`isa-macros/tests/ui/*.rs`, one
//! per spec rule) through the front end alone: `isa_meta::compile` on the
//! case's inline spec gives exactly the errors its blessed `.stderr` shows,
//! in order, without rustc. The trybuild suite checks the same through the
//! macro, at about a second a case; this takes milliseconds for all of
//! them, so that a mutation of the validator (`cargo mutants`) is judged by
//! every rule's case in seconds.

use std::fs;
use std::path::{Path, PathBuf};

use isa_meta::Source;
use pretty_assertions::assert_eq;

/// What rustc prints before each error's message (and, as spaces, before
/// each of its continuation lines).
const ERROR: &str = "error: ";

/// The name the macro gives an inline spec.
const INLINE: &str = "<inline spec>";

/// The cases whose errors are not the front end's: the macro's own
/// argument errors (a missing spec file).
const NOT_FRONT_END: &[&str] = &["missing_spec_file"];

fn ui_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../isa-macros/tests/ui")
}

/// The string of `inline = "…"` in the case's `isa_macros::isa!(…)`.
fn inline_spec(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for item in file.items {
        let syn::Item::Macro(m) = item else { continue };
        let args = m
            .mac
            .parse_body_with(syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for arg in args {
            if arg.path.is_ident("inline") {
                if let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s), ..
                }) = arg.value
                {
                    return s.value();
                }
            }
        }
    }
    panic!("{}: no `isa!(inline = \"…\")`", path.display())
}

/// The errors of a blessed `.stderr`: each `error: …` up to rustc's
/// `--> file:line:col` line, its continuation lines without the indent
/// rustc gives them.
fn blessed_errors(stderr: &str) -> Vec<String> {
    let indent = " ".repeat(ERROR.len());
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in stderr.lines() {
        if let Some(first) = line.strip_prefix(ERROR) {
            out.push(first.to_owned());
            open = true;
        } else if line.trim_start().starts_with("--> ") {
            open = false;
        } else if open {
            let last = out.last_mut().expect("an open error");
            last.push('\n');
            last.push_str(line.strip_prefix(indent.as_str()).unwrap_or(line));
        }
    }
    out
}

#[test]
fn every_ui_case_gets_its_blessed_errors_from_the_front_end() {
    let mut cases: Vec<PathBuf> = fs::read_dir(ui_dir())
        .expect("isa-macros/tests/ui")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    cases.sort();
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for case in &cases {
        let name = case.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        if NOT_FRONT_END.contains(&name) {
            continue;
        }
        let stderr_path = case.with_extension("stderr");
        let stderr = fs::read_to_string(&stderr_path).unwrap_or_else(|e| panic!("{}: {e}", stderr_path.display()));
        let source = Source {
            name: INLINE.into(),
            text: inline_spec(case),
        };
        let got = match isa_meta::compile(&source) {
            Ok(_) => vec!["(the spec compiles)".to_owned()],
            Err(diags) => diags.messages(&source),
        };
        let want = blessed_errors(&stderr);
        if got != want {
            mismatches.push(format!(
                "{name}:\n  front end:\n{}\n  blessed:\n{}",
                got.join("\n"),
                want.join("\n")
            ));
        }
        checked += 1;
    }
    assert_eq!(mismatches, Vec::<String>::new());
    // Every case but the macro's own is a front-end case.
    assert_eq!(checked + NOT_FRONT_END.len(), cases.len());
    assert!(checked > 100, "only {checked} cases found in {}", ui_dir().display());
}

#[test]
fn the_stderr_reader_splits_errors_at_rustc_locations() {
    let stderr = "error: <inline spec>:1:1: a\n         |\n       1 | x\n  --> tests/ui/a.rs:2:27\n   |\n\nerror: <inline spec>:2:1: b\n --> tests/ui/a.rs:2:27\n";
    assert_eq!(
        blessed_errors(stderr),
        ["<inline spec>:1:1: a\n  |\n1 | x", "<inline spec>:2:1: b"]
    );
}
