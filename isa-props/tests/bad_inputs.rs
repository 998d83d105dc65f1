//! The bad-input classes of docs/reliability.md: every fuzz target's
//! property over deterministic mutations of some of its seeds (cut short,
//! bits flipped, a byte overwritten, a byte inserted or deleted, two seeds
//! spliced) and over random bytes. Every input must satisfy the property
//! (no panic; an error positioned inside the input, or a round trip). The
//! table between `<!-- bad-inputs:start -->` and `<!-- bad-inputs:end -->`
//! in docs/reliability.md is what this test counts: it fails when the
//! counts change, and `ISAFORGE_BLESS=1` rewrites the table.

use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use isa_props::{Corpus, Target};
use isa_runtime::check::rng::SplitMix64 as Rng;

/// Seeds of each target that are mutated (spread over its seed list).
const SEEDS: usize = 8;
/// Inputs made from each seed, per class.
const PER_SEED: usize = 32;
/// Random inputs per target.
const RANDOM: usize = 256;

const START: &str = "<!-- bad-inputs:start -->";
const END: &str = "<!-- bad-inputs:end -->";

/// The classes, in table order.
const CLASSES: [&str; 6] = [
    "cut short",
    "bits flipped",
    "byte overwritten",
    "byte inserted or deleted",
    "two seeds spliced",
    "random bytes",
];

/// A number below `n` (0 when `n` is 0) from the deterministic generator,
/// so the inputs are the same on every run.
fn below(rng: &mut Rng, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        (rng.next_u64() % n as u64) as usize
    }
}

/// The inputs of class `class` made from `seed` (and `other`, for
/// splicing).
fn mutations(class: &str, seed: &[u8], other: &[u8], rng: &mut Rng) -> Vec<Vec<u8>> {
    let len = seed.len();
    let mut out = Vec::new();
    for k in 0..PER_SEED {
        let mut m = seed.to_vec();
        match class {
            // Lengths spread over the seed, the empty input first.
            "cut short" => m.truncate(k * len / PER_SEED),
            "bits flipped" if len > 0 => {
                for _ in 0..=below(rng, 3) {
                    let bit = below(rng, len * 8);
                    m[bit / 8] ^= 1 << (bit % 8);
                }
            }
            "byte overwritten" if len > 0 => {
                let at = below(rng, len);
                m[at] = [0x00, 0xff, b'\n', rng.next_u64() as u8][k % 4];
            }
            "byte inserted or deleted" => {
                let at = below(rng, len + 1);
                if k % 2 == 0 || at == len {
                    m.insert(at, rng.next_u64() as u8);
                } else {
                    m.remove(at);
                }
            }
            "two seeds spliced" => {
                let (a, b) = (below(rng, len + 1), below(rng, other.len() + 1));
                m.truncate(a);
                m.extend_from_slice(&other[b..]);
            }
            _ => continue,
        }
        out.push(m);
    }
    out
}

/// Per class: inputs tried, and those that broke the property (with why).
fn run_target(target: &Target, corpus: &Corpus) -> (usize, Vec<usize>, Vec<String>) {
    let mut seeds = (target.seeds)(corpus);
    for s in &mut seeds {
        s.truncate(target.max_len);
    }
    let picked: Vec<&Vec<u8>> = (0..SEEDS.min(seeds.len()))
        .map(|i| &seeds[i * seeds.len() / SEEDS.min(seeds.len())])
        .collect();
    let seed = target
        .name
        .bytes()
        .fold(0xB4D1_4F07u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    let mut rng = Rng::new(seed);
    let mut counts = vec![0; CLASSES.len()];
    let mut broken = Vec::new();
    for (c, class) in CLASSES.iter().enumerate() {
        let mut inputs = Vec::new();
        if *class == "random bytes" {
            for _ in 0..RANDOM {
                let n = below(&mut rng, 513);
                inputs.push((0..n).map(|_| rng.next_u64() as u8).collect::<Vec<u8>>());
            }
        } else {
            for (i, seed) in picked.iter().enumerate() {
                let other = picked[(i + 1) % picked.len()];
                inputs.extend(mutations(class, seed, other, &mut rng));
            }
        }
        for input in inputs {
            counts[c] += 1;
            let verdict = catch_unwind(AssertUnwindSafe(|| (target.check)(&input)));
            let why = match verdict {
                Ok(Ok(())) => continue,
                Ok(Err(v)) => v.to_string(),
                Err(_) => "panicked".to_string(),
            };
            broken.push(format!("{} / {class}: {why} (input {:?})", target.name, input));
        }
    }
    (picked.len(), counts, broken)
}

/// The table of counts, as docs/reliability.md holds it.
fn table(rows: &[(&str, usize, Vec<usize>)]) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "| target | seeds mutated | {} | inputs, all satisfying the property |",
        CLASSES.join(" | ")
    );
    let _ = writeln!(t, "|{}", " --- |".repeat(CLASSES.len() + 3));
    let mut total = 0;
    for (name, seeds, counts) in rows {
        let sum: usize = counts.iter().sum();
        total += sum;
        let cells: Vec<String> = counts.iter().map(|n| n.to_string()).collect();
        let _ = writeln!(t, "| `{name}` | {seeds} | {} | {sum} |", cells.join(" | "));
    }
    let _ = writeln!(
        t,
        "| all {} targets | | {} | {total} |",
        rows.len(),
        vec![""; CLASSES.len()].join(" | ")
    );
    t
}

#[test]
fn every_bad_input_class_satisfies_every_property() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shared = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "");
    let corpus = Corpus::beside(&root);
    let mut rows = Vec::new();
    let mut broken = Vec::new();
    for target in isa_props::targets() {
        let (seeds, counts, mut b) = run_target(target, &corpus);
        broken.append(&mut b);
        rows.push((target.name, seeds, counts));
    }
    assert!(
        broken.is_empty(),
        "{} inputs break their property; the first:\n{}",
        broken.len(),
        broken
            .iter()
            .take(5)
            .map(|b| b.chars().take(600).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The counts depend on the seeds: the table is the corpus's.
    if shared.is_none() {
        return;
    }
    let now = table(&rows);
    let path = root.join("docs/reliability.md");
    let doc = std::fs::read_to_string(&path).expect("docs/reliability.md");
    let (Some(a), Some(b)) = (doc.find(START), doc.find(END)) else {
        panic!("docs/reliability.md lacks the {START} … {END} markers");
    };
    let recorded = doc[a + START.len()..b].trim();
    if std::env::var_os("ISAFORGE_BLESS").is_some() {
        let updated = format!("{}{START}\n{}\n{END}{}", &doc[..a], now.trim(), &doc[b + END.len()..]);
        std::fs::write(&path, updated).expect("write docs/reliability.md");
        return;
    }
    pretty_assertions::assert_eq!(
        recorded,
        now.trim(),
        "the bad-input table of docs/reliability.md is stale: run with ISAFORGE_BLESS=1"
    );
}
