//! The freshness gate inside `cargo test --workspace`: the checked-in docs are
//! exactly what `cargo xtask docs` would write, their links resolve inside the
//! repository and their marked excerpts quote their files, so CI catches
//! stale docs even without the separate `cargo xtask docs --check` step.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use xtask::docs::{self, Generated};

#[test]
fn checked_in_docs_are_fresh() {
    let root = docs::workspace_root();
    let fresh = docs::check(&root, &docs::generate()).expect("reading docs/");
    assert!(
        fresh.is_fresh(),
        "the checked-in docs are out of date; run `cargo xtask docs` and commit the result:\n{}",
        fresh.report().join("\n")
    );
}

#[test]
fn checked_in_expansions_are_fresh() {
    // Each ISA crate's `src/generated.rs` is what its spec expands to now.
    let root = docs::workspace_root();
    let codecs = xtask::codegen::generate(&root).expect("every shipped spec compiles");
    assert_eq!(codecs.len(), 5);
    let fresh = docs::check(&root, &codecs).expect("reading the ISA crates");
    assert!(
        fresh.stale.is_empty() && fresh.missing.is_empty(),
        "a checked-in expansion is out of date; run `cargo xtask codegen` and commit the result:\n{}",
        fresh.report().join("\n")
    );
}

#[test]
fn checked_in_markdown_links_resolve_and_excerpts_are_verbatim() {
    let root = docs::workspace_root();
    let problems = docs::check_markdown(&root).expect("reading the Markdown");
    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(lines.is_empty(), "fix these by hand:\n{}", lines.join("\n"));
}

#[test]
fn the_shipped_specs_have_checked_excerpts() {
    // The excerpt check is only as good as its marks: spec-language.md
    // quotes each shipped spec under one.
    let page = std::fs::read_to_string(docs::workspace_root().join("docs/spec-language.md")).unwrap();
    let quoted: BTreeSet<String> = xtask::excerpts::excerpts(&page)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.source)
        .collect();
    for spec in [
        "isa-specs/agal/agal.isa",
        "isa-specs/pica/pica.isa",
        "isa-specs/lima-gp/lima_gp.isa",
        "isa-specs/lima-pp/lima_pp.isa",
    ] {
        assert!(
            quoted.contains(spec),
            "spec-language.md has no marked excerpt of {spec}"
        );
    }
}

#[test]
fn generation_is_deterministic() {
    let a = docs::generate();
    let b = docs::generate();
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.path, y.path);
        assert!(x.contents == y.contents, "{} differs between two runs", x.path);
    }
}

#[test]
fn every_format_has_a_diagram_and_every_isa_its_files() {
    let paths: BTreeSet<String> = docs::generate().into_iter().map(|g| g.path).collect();
    for &(stem, isa) in xtask::ISAS {
        for suffix in [".md", ".json", ".wavedrom.json"] {
            assert!(paths.contains(&format!("docs/isa/{stem}{suffix}")), "{stem}{suffix}");
        }
        for format in isa.formats {
            let file = format!("docs/isa/{}", xtask::diagram_file(stem, format));
            assert!(paths.contains(&file), "{file}");
        }
    }
    assert!(paths.contains(docs::INDEX));
}

/// A scratch directory under the system temp dir, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn check_names_stale_missing_and_orphaned_files_and_write_repairs_them() {
    let scratch = Scratch::new("freshness");
    let root = scratch.0.as_path();
    let generated = docs::generate();
    let actions = docs::write(root, &generated).unwrap();
    assert_eq!(actions.len(), generated.len(), "a fresh tree gets every file");
    assert!(docs::check(root, &generated).unwrap().is_fresh());

    let stale = "docs/isa/pica-fmt1.svg";
    let missing = "docs/isa/agal.json";
    let orphan = "docs/isa/pica-fmt9.svg";
    std::fs::write(root.join(stale), "<svg/>").unwrap();
    std::fs::remove_file(root.join(missing)).unwrap();
    std::fs::write(root.join(orphan), "<svg/>").unwrap();
    // Hand-written pages beside docs/isa are none of the check's business.
    std::fs::write(root.join("docs/handwritten.md"), "# notes\n").unwrap();

    let fresh = docs::check(root, &generated).unwrap();
    assert_eq!(fresh.stale, [stale]);
    assert_eq!(fresh.missing, [missing]);
    assert_eq!(fresh.orphans, [orphan]);
    let report = fresh.report().join("\n");
    for name in [stale, missing, orphan] {
        assert!(report.contains(name), "{report}");
    }

    let actions = docs::write(root, &generated).unwrap();
    assert_eq!(actions.len(), 3, "{actions:?}");
    assert!(docs::check(root, &generated).unwrap().is_fresh());
    assert!(!root.join(orphan).exists());
    assert!(root.join("docs/handwritten.md").exists());
}

/// Relative link targets in Markdown, without `#anchor` (the library's
/// parser, [`xtask::links::links`]).
fn links(markdown: &str) -> Vec<String> {
    xtask::links::links(markdown)
        .into_iter()
        .map(|l| l.target)
        .filter(|t| !t.starts_with('#') && !t.contains("://"))
        .map(|t| t.split('#').next().unwrap_or_default().to_string())
        .collect()
}

/// Resolves `target` against the directory of `from` (both `/` paths).
fn resolve(from: &str, target: &str) -> String {
    xtask::links::resolve(from, target).unwrap_or_else(|| panic!("{from}: {target} leaves the repository"))
}

#[test]
fn every_markdown_link_resolves() {
    let generated = docs::generate();
    let root = docs::workspace_root();
    let paths: BTreeSet<&str> = generated.iter().map(|g| g.path.as_str()).collect();
    let mut checked = 0;
    for Generated { path, contents } in generated.iter().filter(|g| g.path.ends_with(".md")) {
        for target in links(contents) {
            let resolved = resolve(path, &target);
            let exists = paths.contains(resolved.as_str())
                || Path::new(&root).join(&resolved).exists()
                || paths
                    .iter()
                    .any(|p| p.starts_with(&format!("{}/", resolved.trim_end_matches('/'))));
            assert!(exists, "{path}: link to {target} ({resolved}) goes nowhere");
            checked += 1;
        }
    }
    assert!(checked > 50, "only {checked} links found");
}

#[test]
fn index_links_every_generated_file() {
    let generated = docs::generate();
    let index = &generated.iter().find(|g| g.path == docs::INDEX).unwrap().contents;
    let linked: BTreeSet<String> = links(index).iter().map(|t| resolve(docs::INDEX, t)).collect();
    for g in &generated {
        if g.path != docs::INDEX {
            assert!(linked.contains(&g.path), "docs/index.md does not link {}", g.path);
        }
    }
}

#[test]
fn each_isa_page_shows_each_diagram() {
    for &(stem, isa) in xtask::ISAS {
        let page = xtask::markdown::isa_page(stem, isa);
        for format in isa.formats {
            let image = format!("![{} bit layout]({})", format.name, xtask::diagram_file(stem, format));
            assert!(page.contains(&image), "{stem}.md lacks {image}");
        }
    }
}

#[test]
fn each_layout_with_params_lists_them() {
    // A table after the fields: each param with its doc, in spec order;
    // a layout without params has none.
    let page = xtask::markdown::isa_page("ir3", &isa_ir3::LAYOUT);
    let section = |name: &str| -> String {
        let start = page
            .find(&format!("\n### {name}\n"))
            .unwrap_or_else(|| panic!("no section {name}"));
        let rest = &page[start + 1..];
        let end = rest[4..].find("\n### ").map_or(rest.len(), |e| e + 4);
        rest[..end].to_owned()
    };
    let msgpr = section("MsGpr");
    let table = "| param | doc |\n| --- | --- |\n| `r` | `(r)`: the source advances with the repeat |\n| `half` | a half-precision source |\n";
    assert!(msgpr.contains(table), "{msgpr}");
    assert!(
        msgpr.find(table) < msgpr.find("Text lines"),
        "the params come before the text lines:\n{msgpr}"
    );
    assert!(!section("Cat2").contains("| param | doc |"));
}
