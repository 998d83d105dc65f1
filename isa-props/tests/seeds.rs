//! Every seed of every fuzz target satisfies its property: the corpus and
//! the project's samples round-trip through each decoder and assembler.

use std::path::Path;

use isa_props::Corpus;

#[test]
fn every_seed_satisfies_its_property() {
    let corpus = Corpus::beside(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    if corpus.shared.is_none() {
        eprintln!("\n*** WARNING: ../shared/corpus is missing; only the project's samples are checked. ***\n");
    }
    for target in isa_props::targets() {
        let seeds = (target.seeds)(&corpus);
        if corpus.shared.is_some() {
            assert!(!seeds.is_empty(), "{}: no seeds", target.name);
        }
        for (i, seed) in seeds.iter().enumerate() {
            if let Err(v) = (target.check)(seed) {
                panic!("{} seed {i}: {v}", target.name);
            }
        }
        eprintln!("{}: {} seeds hold", target.name, seeds.len());
    }
}

#[test]
fn target_names_are_unique_and_found() {
    for target in isa_props::targets() {
        let found = isa_props::target(target.name).map(|t| t.name);
        assert_eq!(found, Some(target.name));
    }
    assert!(isa_props::target("no-such-target").is_none());
}

/// Each target is in the family its name starts with (what `cargo xtask
/// fuzz` builds the harness for), and each family is a feature of the
/// harness.
#[test]
fn targets_are_in_the_family_they_are_named_after() {
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    for family in isa_props::FAMILIES {
        assert!(!family.targets.is_empty(), "{}", family.name);
        assert!(
            manifest.contains(&format!("\n{} = [", family.name)),
            "fuzz/Cargo.toml has no feature `{}`",
            family.name
        );
        for target in family.targets {
            let name = target.name;
            assert!(
                name == family.name || name.starts_with(&format!("{}-", family.name)),
                "`{name}` is in family `{}`",
                family.name
            );
            assert_eq!(isa_props::family_of(name).map(|f| f.name), Some(family.name));
        }
    }
}

/// The `spec` target starts from every spec of the project: the shipped
/// `.isa` files, the test specs of isa-meta and generated-tests, and each
/// trybuild case's inline spec.
#[test]
fn spec_seeds_cover_every_spec_and_trybuild_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // Files whose text holds any of `needles` (every file when empty).
    let count = |dir: &str, suffix: &str, needles: &[&str]| {
        std::fs::read_dir(root.join(dir))
            .expect(dir)
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(suffix))
            .filter(|p| {
                std::fs::read_to_string(p).is_ok_and(|t| needles.is_empty() || needles.iter().any(|n| t.contains(n)))
            })
            .count()
    };
    // Every inline spec of the Rust files in `dir` (a file may hold several).
    let inline_specs = |dir: &str| -> usize {
        std::fs::read_dir(root.join(dir))
            .expect(dir)
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "rs"))
            .map(|p| isa_props::spec::inline_specs(&std::fs::read_to_string(&p).unwrap_or_default()).len())
            .sum()
    };
    let shipped: usize = isa_props::spec::spec_crate_dirs(&root)
        .iter()
        .map(|dir| count(&dir.strip_prefix(&root).unwrap().to_string_lossy(), ".isa", &[]))
        .sum();
    assert_eq!(shipped, 5, "one spec per ISA crate under isa-specs/");
    let expected = shipped
        + count("isa-meta/tests/expand", ".isa", &[])
        + count("isa-meta/tests/semantics", ".isa", &[])
        + count("generated-tests/specs", ".isa", &[])
        + inline_specs("isa-macros/tests/ui")
        + inline_specs("isa-macros/tests/pass");
    let seeds = (isa_props::target("spec").expect("spec target").seeds)(&Corpus::beside(&root));
    assert!(expected > 60, "{expected}");
    assert_eq!(seeds.len(), expected);
}
