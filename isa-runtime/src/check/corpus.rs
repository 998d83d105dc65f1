//! Where the tests find the shared corpus, `../shared/corpus` beside the
//! repository, and what they do when it is not there.
//!
//! Outside CI a missing corpus path skips the test with a warning written
//! straight to the process's stderr (the test harness captures `eprintln!`
//! and hides it for passing tests; it does not capture a direct write), so
//! the skip shows in every `cargo test` run. Under CI (`CI` set to `true`, as
//! every CI service does) a missing corpus path fails the test: a CI run
//! without the corpus would otherwise pass without checking anything.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::string::String;

/// What a test does with a corpus path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// The path is there: use it.
    Use(PathBuf),
    /// Not there, outside CI: skip, with this warning.
    Skip(String),
    /// Not there, under CI: fail, with this message.
    Fail(String),
}

/// Whether the value of the `CI` environment variable means a CI run: set,
/// and not empty, `0` or `false`.
pub fn on_ci(ci: Option<&str>) -> bool {
    match ci.map(str::trim) {
        None | Some("") | Some("0") => false,
        Some(v) => !v.eq_ignore_ascii_case("false"),
    }
}

/// The decision for `path`, given whether it exists and the value of `CI`.
/// `test` names the test in the message.
pub fn decide(path: PathBuf, exists: bool, ci: Option<&str>, test: &str) -> Decision {
    if exists {
        return Decision::Use(path);
    }
    if on_ci(ci) {
        Decision::Fail(std::format!(
            "{test}: the shared corpus path {} does not exist, and CI is set: a CI run must have \
             `../shared/corpus` beside the repository",
            path.display()
        ))
    } else {
        Decision::Skip(std::format!(
            "\n*** WARNING: {test}: {} does not exist; this corpus test is SKIPPED \
             (it fails under CI=true). ***\n",
            path.display()
        ))
    }
}

/// The repository holding the crate at `manifest_dir`: the nearest directory
/// at or above it whose `Cargo.toml` declares the `[workspace]`; the crate's
/// own directory when there is none.
pub fn workspace_root(manifest_dir: &str) -> PathBuf {
    let start = Path::new(manifest_dir);
    start
        .ancestors()
        .find(|dir| std::fs::read_to_string(dir.join("Cargo.toml")).is_ok_and(|text| text.contains("[workspace]")))
        .unwrap_or(start)
        .to_path_buf()
}

/// `sub` inside the shared corpus of the repository holding the crate at
/// `manifest_dir` (`<root>/../shared/corpus/<sub>`), whether or not it
/// exists.
pub fn path(manifest_dir: &str, sub: &str) -> PathBuf {
    let corpus = workspace_root(manifest_dir).join("../shared/corpus");
    if sub.is_empty() {
        corpus
    } else {
        corpus.join(sub)
    }
}

/// Acts on a decision: the path, `None` after a warning that shows, or a panic.
fn act(decision: Decision) -> Option<PathBuf> {
    match decision {
        Decision::Use(path) => Some(path),
        Decision::Skip(warning) => {
            let _ = writeln!(std::io::stderr(), "{warning}");
            None
        }
        Decision::Fail(message) => panic!("{message}"),
    }
}

/// The name of the running test (libtest names each test's thread after it).
fn test_name() -> String {
    std::thread::current().name().unwrap_or("a corpus test").into()
}

fn ci() -> Option<String> {
    std::env::var("CI").ok()
}

/// The corpus directory `sub` (relative to `../shared/corpus`; `""` for the
/// corpus itself) of the crate at `manifest_dir` (pass
/// `env!("CARGO_MANIFEST_DIR")`). When it is missing: `None` after a warning
/// on stderr that the harness does not hide, or, under `CI=true`, a panic.
pub fn dir(manifest_dir: &str, sub: &str) -> Option<PathBuf> {
    let path = path(manifest_dir, sub);
    let exists = path.is_dir();
    act(decide(path, exists, ci().as_deref(), &test_name()))
}

/// As [`dir`], for one corpus file.
pub fn file(manifest_dir: &str, sub: &str) -> Option<PathBuf> {
    let path = path(manifest_dir, sub);
    let exists = path.is_file();
    act(decide(path, exists, ci().as_deref(), &test_name()))
}

/// As [`file()`], reading the file's bytes.
pub fn read(manifest_dir: &str, sub: &str) -> Option<std::vec::Vec<u8>> {
    let path = file(manifest_dir, sub)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const MISSING: &str = "no-such-corpus-directory";

    #[test]
    fn ci_values() {
        for (value, expect) in [
            (None, false),
            (Some(""), false),
            (Some("0"), false),
            (Some("false"), false),
            (Some("FALSE"), false),
            (Some("true"), true),
            (Some("1"), true),
            (Some("yes"), true),
        ] {
            assert_eq!(on_ci(value), expect, "{value:?}");
        }
    }

    #[test]
    fn a_missing_path_skips_outside_ci_and_fails_under_it() {
        let path = path(env!("CARGO_MANIFEST_DIR"), MISSING);
        let skip = decide(path.clone(), false, None, "t");
        assert!(
            matches!(&skip, Decision::Skip(w) if w.contains("SKIPPED") && w.contains(MISSING)),
            "{skip:?}"
        );
        assert!(matches!(
            decide(path.clone(), false, Some("false"), "t"),
            Decision::Skip(_)
        ));
        let fail = decide(path.clone(), false, Some("true"), "t");
        assert!(
            matches!(&fail, Decision::Fail(m) if m.contains("CI") && m.contains(MISSING)),
            "{fail:?}"
        );
        // A path that is there is used, CI or not.
        assert_eq!(
            decide(path.clone(), true, Some("true"), "t"),
            Decision::Use(path.clone())
        );
        assert_eq!(decide(path.clone(), true, None, "t"), Decision::Use(path));
    }

    #[test]
    #[should_panic(expected = "CI is set")]
    fn acting_on_a_failure_panics() {
        act(decide(
            path(env!("CARGO_MANIFEST_DIR"), MISSING),
            false,
            Some("true"),
            "t",
        ));
    }

    #[test]
    fn acting_on_a_skip_is_none() {
        assert_eq!(
            act(decide(path(env!("CARGO_MANIFEST_DIR"), MISSING), false, None, "t")),
            None
        );
    }

    /// A corpus directory and file that are there are found and read (a
    /// workspace and a `shared/corpus` beside it, made for the test).
    #[test]
    fn a_corpus_that_is_there_is_used() {
        let top = std::env::temp_dir().join(std::format!("isaforge-corpus-test-{}", std::process::id()));
        let krate = top.join("ws/crate");
        std::fs::create_dir_all(&krate).unwrap();
        std::fs::write(top.join("ws/Cargo.toml"), "[workspace]\n").unwrap();
        std::fs::create_dir_all(top.join("shared/corpus/x")).unwrap();
        std::fs::write(top.join("shared/corpus/x/f.bin"), [1, 2, 3]).unwrap();
        let manifest = krate.to_str().unwrap();
        let found = dir(manifest, "x").expect("the directory is there");
        assert!(found.ends_with("shared/corpus/x"), "{}", found.display());
        assert_eq!(read(manifest, "x/f.bin"), Some(std::vec![1, 2, 3]));
        std::fs::remove_dir_all(&top).unwrap();
    }

    /// Messages name the test that wanted the corpus: libtest names each
    /// test's thread after it.
    #[test]
    fn the_test_is_named_after_its_thread() {
        assert!(
            test_name().ends_with("the_test_is_named_after_its_thread"),
            "{}",
            test_name()
        );
    }

    #[test]
    fn the_corpus_is_beside_the_workspace() {
        let root = workspace_root(env!("CARGO_MANIFEST_DIR"));
        assert!(root.join("Cargo.lock").is_file(), "{}", root.display());
        assert_eq!(
            path(env!("CARGO_MANIFEST_DIR"), "pica"),
            root.join("../shared/corpus/pica")
        );
        // A crate two levels down finds the same root.
        assert_eq!(workspace_root(root.join("isa-specs/pica").to_str().unwrap()), root);
    }
}
