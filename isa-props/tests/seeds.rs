//! Every seed of every fuzz target satisfies its property: the corpus and
//! the project's samples round-trip through each decoder and assembler.

use std::path::Path;

use isa_props::{Corpus, TARGETS};

#[test]
fn every_seed_satisfies_its_property() {
    let corpus = Corpus::beside(&Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    if corpus.shared.is_none() {
        eprintln!("\n*** WARNING: ../shared/corpus is missing; only the project's samples are checked. ***\n");
    }
    for target in TARGETS {
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
    for target in TARGETS {
        let found = isa_props::target(target.name).map(|t| t.name);
        assert_eq!(found, Some(target.name));
    }
    assert!(isa_props::target("no-such-target").is_none());
}
