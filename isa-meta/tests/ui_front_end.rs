//! Every case of `isa-macros`' trybuild suite through the front end alone:
//! `isa_meta::compile` on each compile-fail case's inline spec
//! (`isa-macros/tests/ui/*.rs`, one per spec rule) gives exactly the errors
//! its blessed `.stderr` shows, in order, and every inline spec of the pass
//! cases (`isa-macros/tests/pass/*.rs`) compiles, without rustc. The
//! trybuild suite checks the same through the macro, at about a second a
//! case; this takes milliseconds for all of them, so that a mutation of the
//! validator (`cargo mutants`) is judged by every case in seconds.

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

/// The string of every `inline = "…"` of an `isa_macros::isa!(…)` in the
/// file, modules included, in order.
fn inline_specs(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    collect_inline(&file.items, path, &mut out);
    out
}

fn collect_inline(items: &[syn::Item], path: &Path, out: &mut Vec<String>) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    collect_inline(inner, path, out);
                }
            }
            syn::Item::Macro(m) if m.mac.path.segments.last().is_some_and(|s| s.ident == "isa") => {
                let args = m
                    .mac
                    .parse_body_with(
                        syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated,
                    )
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                for arg in args {
                    if let (
                        true,
                        syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(s), ..
                        }),
                    ) = (arg.path.is_ident("inline"), &arg.value)
                    {
                        out.push(s.value());
                    }
                }
            }
            _ => {}
        }
    }
}

/// The `.rs` files of an `isa-macros/tests` directory, sorted.
fn cases(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../isa-macros/tests")
        .join(dir);
    let mut cases: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    cases.sort();
    cases
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
    let cases = cases("ui");
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for case in &cases {
        let name = case.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        if NOT_FRONT_END.contains(&name) {
            continue;
        }
        let stderr_path = case.with_extension("stderr");
        let stderr = fs::read_to_string(&stderr_path).unwrap_or_else(|e| panic!("{}: {e}", stderr_path.display()));
        let [text] = <[String; 1]>::try_from(inline_specs(case))
            .unwrap_or_else(|specs| panic!("{name}: one inline spec, found {}", specs.len()));
        let source = Source {
            name: INLINE.into(),
            text,
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
    assert!(checked > 100, "only {checked} cases found");
}

/// The pass cases (`isa-macros/tests/pass`: the largest value of each
/// range rule, every field kind) compile in the front end with no error:
/// a rule made stricter by one fails here.
#[test]
fn every_pass_case_compiles_in_the_front_end() {
    let mut specs = 0;
    for case in cases("pass") {
        for (i, text) in inline_specs(&case).into_iter().enumerate() {
            let source = Source {
                name: INLINE.into(),
                text,
            };
            if let Err(diags) = isa_meta::compile(&source) {
                panic!("{} spec {i}:\n{}", case.display(), diags.render(&source));
            }
            specs += 1;
        }
    }
    assert!(specs >= 10, "only {specs} inline specs in tests/pass");
}

#[test]
fn the_stderr_reader_splits_errors_at_rustc_locations() {
    let stderr = "error: <inline spec>:1:1: a\n         |\n       1 | x\n  --> tests/ui/a.rs:2:27\n   |\n\nerror: <inline spec>:2:1: b\n --> tests/ui/a.rs:2:27\n";
    assert_eq!(
        blessed_errors(stderr),
        ["<inline spec>:1:1: a\n  |\n1 | x", "<inline spec>:2:1: b"]
    );
}
