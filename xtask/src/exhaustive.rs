//! `cargo xtask exhaustive pica`: decode every one of the 2^32 instruction
//! words and the 2^32 operand-descriptor words on all cores. Every word that
//! decodes must re-encode bit-identically; every word that does not must give
//! an error, not a panic.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use isa_specs::pica::{Instruction, OpDesc};

/// Counts from one sweep.
#[derive(Default)]
struct Tally {
    decoded: AtomicU64,
    mismatches: AtomicU64,
    panics: AtomicU64,
    first_mismatch: AtomicU64,
}

/// Runs `check` on every u32 in parallel chunks; `check` returns
/// `Some(true)` for decoded-and-identical, `Some(false)` for a mismatch and
/// `None` for a decode error.
fn sweep(check: fn(u32) -> Option<bool>) -> Tally {
    let tally = Tally {
        first_mismatch: AtomicU64::new(u64::MAX),
        ..Tally::default()
    };
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    const CHUNK: u64 = 1 << 20;
    let next = AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                if start >= 1 << 32 {
                    break;
                }
                let run = catch_unwind(AssertUnwindSafe(|| {
                    let (mut decoded, mut mismatches) = (0u64, 0u64);
                    for word in start..start + CHUNK {
                        match check(word as u32) {
                            Some(true) => decoded += 1,
                            Some(false) => {
                                decoded += 1;
                                mismatches += 1;
                                tally.first_mismatch.fetch_min(word, Ordering::Relaxed);
                            }
                            None => {}
                        }
                    }
                    (decoded, mismatches)
                }));
                match run {
                    Ok((d, m)) => {
                        tally.decoded.fetch_add(d, Ordering::Relaxed);
                        tally.mismatches.fetch_add(m, Ordering::Relaxed);
                    }
                    Err(_) => {
                        tally.panics.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    tally
}

fn check_instruction(word: u32) -> Option<bool> {
    Instruction::decode(word).ok().map(|i| i.encode() == word)
}

fn check_opdesc(word: u32) -> Option<bool> {
    OpDesc::decode(word).ok().map(|d| d.encode() == word)
}

/// The summary line for one sweep.
fn summary(what: &str, t: &Tally) -> String {
    let mut line = format!(
        "{} {what} words, {} decoded, {} mismatches, {} panics",
        1u64 << 32,
        t.decoded.load(Ordering::Relaxed),
        t.mismatches.load(Ordering::Relaxed),
        t.panics.load(Ordering::Relaxed)
    );
    let first = t.first_mismatch.load(Ordering::Relaxed);
    if first != u64::MAX {
        line.push_str(&format!(" (first mismatch {first:#010x})"));
    }
    line
}

/// Sweeps one ISA; returns whether everything held.
pub fn run(isa: &str) -> bool {
    match isa {
        "pica" => {
            let start = Instant::now();
            let insns = sweep(check_instruction);
            let descs = sweep(check_opdesc);
            println!(
                "pica: {}; {}; {:.1} s",
                summary("instruction", &insns),
                summary("opdesc", &descs),
                start.elapsed().as_secs_f64()
            );
            [&insns, &descs]
                .iter()
                .all(|t| t.mismatches.load(Ordering::Relaxed) == 0 && t.panics.load(Ordering::Relaxed) == 0)
        }
        other => {
            eprintln!("exhaustive: no sweep for `{other}` (known: pica)");
            false
        }
    }
}
