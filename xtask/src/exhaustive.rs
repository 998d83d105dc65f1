//! `cargo xtask exhaustive pica|agal|lima-pp`: sweep a whole word space on all
//! cores. Every word that decodes must re-encode bit-identically; every word
//! that does not must give an error, not a panic.
//!
//! - `pica`: every one of the 2^32 instruction words and the 2^32
//!   operand-descriptor words.
//! - `agal`: every one of the 2^32 destination-field words, and a `tex`
//!   token for every combination of the sampler's named values (format,
//!   dimension, wrap, mipmap, filter and the special-flag set) with six
//!   bias bytes (0, ±1, 8, the extremes), each as a whole fragment program
//!   that must also disassemble and reassemble to the same bytes
//!   (`isa_props::agal::program`).
//! - `lima-pp`: every one of the 2^32 control words, as an instruction whose
//!   enabled units are all zero bits, followed by zero words up to the
//!   longest length the 5-bit `count` can give: it decodes (re-encoding to
//!   the same words) or fails with an error (zero length, a length shorter
//!   than its units), and its instruction view (`InstrView::decode`) gives
//!   the same instruction or the same error.
//! - `ir3`: 2^32 of the 2^64 words, stratified: each of the eight
//!   categories (bits 61..=63) gets 2^29, spread over the five generations
//!   a3xx–a7xx, a quarter of them sparse (each bit of the other 61 set
//!   with probability 1/4, as most formats want zero bits) and the rest
//!   uniform, from a fixed seed. Every word that decodes in its generation
//!   (an instruction, or the `raw` fallback) re-encodes bit-identically;
//!   the instructions are counted as decoded; one word in [`IR3_TEXT_EVERY`] also goes
//!   through the whole word property (`isa_props::ir3::word_in`): its
//!   field-explicit text and its Mesa text, note included, read back to
//!   the same word, and a word that does not decode prints `raw 0x…`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use isa_agal::{AgalProgram, Dest, Header, ProgramType, Version};
use isa_lima_pp::{Instr, InstrView};
use isa_pica::{Instruction, OpDesc};

use crate::progress::{Progress, Unit};

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
fn sweep(label: &str, check: impl Fn(u32) -> Option<bool> + Sync) -> Tally {
    sweep_range(label, 1 << 32, check)
}

/// [`sweep`] over `0..count` (at most 2^32). Generic over `check`, not a
/// function pointer, so the decoder is inlined into the loop (an indirect
/// call per word made the PICA sweep a third slower). Shows its progress
/// as `label`.
fn sweep_range(label: &str, count: u64, check: impl Fn(u32) -> Option<bool> + Sync) -> Tally {
    let tally = Tally {
        first_mismatch: AtomicU64::new(u64::MAX),
        ..Tally::default()
    };
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = (count / 256).clamp(1, 1 << 20);
    let next = AtomicU64::new(0);
    let progress = Progress::new(label, count, Unit::Items);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| loop {
                    let start = next.fetch_add(chunk, Ordering::Relaxed);
                    if start >= count {
                        break;
                    }
                    let run = catch_unwind(AssertUnwindSafe(|| {
                        let (mut decoded, mut mismatches) = (0u64, 0u64);
                        for word in start..(start + chunk).min(count) {
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
                })
            })
            .collect();
        // The progress shown is the next chunk to claim, read four times a
        // second: the workers' loop is as it was without progress (an
        // atomic add per chunk there made the PICA sweep a fifth slower).
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let (progress, next) = (&progress, &next);
        s.spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(Duration::from_millis(250)) {
                progress.set(next.load(Ordering::Relaxed));
            }
        });
        for w in workers {
            let _ = w.join();
        }
        drop(stop);
    });
    progress.finish();
    tally
}

fn check_instruction(word: u32) -> Option<bool> {
    Instruction::decode(word).ok().map(|i| i.encode() == word)
}

fn check_opdesc(word: u32) -> Option<bool> {
    OpDesc::decode(word).ok().map(|d| d.encode() == word)
}

/// A Lima PP control word as an instruction of zero units and zero words:
/// decoded, it re-encodes to the same words; its instruction view agrees
/// (the same length and instruction, or the same error; a disagreeing view
/// of a word that does not decode counts as a decoded word's mismatch).
fn check_pp_control(word: u32) -> Option<bool> {
    let mut words = [0u32; 32];
    words[0] = word;
    let view = InstrView::decode(&words);
    match Instr::decode(&words) {
        Ok((insn, len)) => {
            Some(insn.encode() == words[..len] && matches!(view, Ok((v, l)) if l == len && v.to_instr() == insn))
        }
        Err(e) if view.as_ref().err() == Some(&e) => None,
        Err(_) => Some(false),
    }
}

fn check_dest(word: u32) -> Option<bool> {
    Dest::decode(word).ok().map(|d| d.encode() == word)
}

/// The named values of the sampler's enums (bit position, values).
const SAMPLER_ENUMS: [(u32, &[u64]); 5] = [
    (40, &[0, 1, 2, 3]),       // format: rgba dxt1 dxt5 video
    (44, &[0, 1, 2]),          // dim: 2d cube 3d
    (52, &[0, 1, 2, 3]),       // wrap
    (56, &[0, 1, 2]),          // mip: none nearest linear
    (60, &[0, 1, 2, 3, 4, 5]), // filter: nearest linear anisotropic2x..16x
];
/// Bias bytes tried with every combination (0, +1, −1, +8, −128, +127).
const SAMPLER_BIASES: [u64; 6] = [0, 1, 0xff, 8, 0x80, 0x7f];
/// Combinations: the enums' product × 16 special-flag sets × the biases.
/// (Odd combinations use sampler fs7, even ones fs0.)
const SAMPLER_COUNT: u64 = 4 * 3 * 4 * 3 * 6 * 16 * SAMPLER_BIASES.len() as u64;

/// The sampler word of combination `i` (mixed radix over the fields).
fn sampler_word(mut i: u64) -> u64 {
    let num = (i & 1) * 7; // fs0 or fs7
    let mut digit = |n: u64| {
        let d = i % n;
        i /= n;
        d
    };
    let mut word = 5 << 32; // register type: sampler
    word |= num;
    word |= SAMPLER_BIASES[digit(SAMPLER_BIASES.len() as u64) as usize] << 16;
    word |= digit(16) << 48; // special
    for (lo, values) in SAMPLER_ENUMS {
        word |= values[digit(values.len() as u64) as usize] << lo;
    }
    word
}

/// `tex ft0, v0, fs<n> <…>` with sampler combination `i`, as a whole
/// AGAL2 fragment program: it must parse and satisfy the program property
/// (bytes, listing and reassembly all identical).
fn check_sampler(i: u32) -> Option<bool> {
    let header = Header {
        version: Version::V2,
        kind: ProgramType::Fragment,
    };
    let mut bytes = header.encode().to_le_bytes()[..7].to_vec();
    bytes.extend_from_slice(&0x28u32.to_le_bytes()); // tex
    bytes.extend_from_slice(&(0x020f_0000u32).to_le_bytes()); // ft0, mask xyzw
    bytes.extend_from_slice(&(0x0000_0004_e400_0000u64).to_le_bytes()); // v0.xyzw
    bytes.extend_from_slice(&sampler_word(u64::from(i)).to_le_bytes());
    AgalProgram::from_bytes(&bytes).ok()?;
    Some(isa_props::agal::program(&bytes).is_ok())
}

/// One ir3 word in this many also has its texts checked (the sweep's
/// other words are decoded and encoded only): 2^24 words in all.
pub const IR3_TEXT_EVERY: u32 = 256;

/// The ir3 word and generation of sweep index `i`: category `i % 8`, the
/// generation by `i / 8`, the other 61 bits random (sparse for a quarter).
fn ir3_word(i: u32) -> (u64, u32) {
    let i = u64::from(i);
    let mut payload = mix(i);
    if (i >> 3) % 4 == 0 {
        payload &= mix(i | 1 << 32);
    }
    let gens = isa_props::ir3::generations();
    let count = u64::from(gens.end() - gens.start() + 1);
    let gen = gens.start() + ((i >> 3) % count) as u32;
    ((i & 7) << 61 | payload & ((1 << 61) - 1), gen)
}

/// 64 random bits from `x` (SplitMix64's output function, seeded).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x1d3_5eed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Sweep index `i` of ir3 ([`ir3_word`]): decoded in its generation, the
/// word encodes back, whether it is an instruction or the `raw` fallback;
/// every [`IR3_TEXT_EVERY`]th word satisfies the whole word property too.
/// Counted as decoded: the words that are an instruction (an opcode of
/// that generation); a word of neither kind that breaks nothing is `None`.
fn check_ir3(i: u32) -> Option<bool> {
    let (word, gen) = ir3_word(i);
    let decoded = isa_ir3::Instruction::decode_gen(word, gen).ok();
    let encodes = decoded.as_ref().is_none_or(|insn| insn.encode() == word);
    let holds = i % IR3_TEXT_EVERY != 0 || isa_props::ir3::word_in(word, gen).is_ok();
    let instruction = decoded.is_some_and(|insn| insn.opcode().is_some());
    match (instruction, encodes && holds) {
        (true, ok) => Some(ok),
        (false, true) => None,
        (false, false) => Some(false),
    }
}

/// The summary line for one sweep of `count` words.
fn summary(count: u64, what: &str, t: &Tally) -> String {
    let mut line = format!(
        "{count} {what}, {} decoded, {} mismatches, {} panics",
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

/// The sweep index of the first mismatch, if any.
fn first_index(t: &Tally) -> Option<u32> {
    u32::try_from(t.first_mismatch.load(Ordering::Relaxed)).ok()
}

/// The word spaces [`run`] sweeps.
const SWEEPS: [&str; 4] = ["pica", "agal", "lima-pp", "ir3"];

/// Set in the environment of the `sweep`-profile xtask that [`run`] starts.
const IN_SWEEP_PROFILE: &str = "ISAFORGE_XTASK_SWEEP_PROFILE";

/// Sweeps `isa`'s word space in an optimised xtask: this one, if it is the
/// `sweep`-profile build [`run`] started, else that build (`cargo run
/// --profile sweep`), which this one waits for. The dev build of xtask is
/// unoptimised, so the docs build fast; a sweep of 2^32 words wants
/// opt-level 3 (the workspace manifest's `sweep` profile).
pub fn run(isa: &str) -> bool {
    if !SWEEPS.contains(&isa) {
        eprintln!("exhaustive: no sweep for `{isa}` (known: {})", SWEEPS.join(", "));
        return false;
    }
    if std::env::var_os(IN_SWEEP_PROFILE).is_some() {
        return sweep_isa(isa);
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = std::process::Command::new(cargo)
        .args(["run", "--quiet", "--profile", "sweep", "--package", "xtask"])
        .args(["--", "exhaustive", isa])
        .env(IN_SWEEP_PROFILE, "1")
        .status();
    match status {
        Ok(status) => status.success(),
        Err(e) => {
            eprintln!("exhaustive: cannot run cargo for the `sweep` profile: {e}");
            false
        }
    }
}

/// Sweeps `isa`'s word space in this process (see the module doc);
/// returns whether everything held.
fn sweep_isa(isa: &str) -> bool {
    match isa {
        "pica" => {
            let start = Instant::now();
            let insns = sweep("pica instruction words", check_instruction);
            let descs = sweep("pica opdesc words", check_opdesc);
            println!(
                "pica: {}; {}; {:.1} s",
                summary(1 << 32, "instruction words", &insns),
                summary(1 << 32, "opdesc words", &descs),
                start.elapsed().as_secs_f64()
            );
            [&insns, &descs]
                .iter()
                .all(|t| t.mismatches.load(Ordering::Relaxed) == 0 && t.panics.load(Ordering::Relaxed) == 0)
        }
        "agal" => {
            let start = Instant::now();
            let dests = sweep("agal destination words", check_dest);
            let samplers = sweep_range("agal sampler combinations", SAMPLER_COUNT, check_sampler);
            println!(
                "agal: {}; {}; {:.1} s",
                summary(1 << 32, "destination words", &dests),
                summary(SAMPLER_COUNT, "sampler combinations", &samplers),
                start.elapsed().as_secs_f64()
            );
            [&dests, &samplers]
                .iter()
                .all(|t| t.mismatches.load(Ordering::Relaxed) == 0 && t.panics.load(Ordering::Relaxed) == 0)
        }
        "lima-pp" => {
            let start = Instant::now();
            let controls = sweep("lima-pp control words", check_pp_control);
            println!(
                "lima-pp: {}; {:.1} s",
                summary(1 << 32, "control words", &controls),
                start.elapsed().as_secs_f64()
            );
            controls.mismatches.load(Ordering::Relaxed) == 0 && controls.panics.load(Ordering::Relaxed) == 0
        }
        "ir3" => {
            let start = Instant::now();
            let words = sweep("ir3 words (2^32, by category)", check_ir3);
            println!(
                "ir3: {} (decoded: instructions; the others are `raw` or refused by a field), the texts of one in {IR3_TEXT_EVERY}; {:.1} s",
                summary(1 << 32, "words", &words),
                start.elapsed().as_secs_f64()
            );
            if let Some(i) = first_index(&words) {
                let (word, gen) = ir3_word(i);
                println!("ir3: the first mismatch is {word:#018x} on a{gen}xx");
            }
            words.mismatches.load(Ordering::Relaxed) == 0 && words.panics.load(Ordering::Relaxed) == 0
        }
        other => {
            eprintln!("exhaustive: no sweep for `{other}` (known: {})", SWEEPS.join(", "));
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampler_combinations_are_distinct_and_decode() {
        let words: std::collections::HashSet<u64> = (0..SAMPLER_COUNT).map(sampler_word).collect();
        assert_eq!(words.len() as u64, SAMPLER_COUNT);
        // The first combination is fs0 <2d, nearest, mipnone, clamp, rgba>.
        assert_eq!(sampler_word(0), 5 << 32);
        for i in [0, 1, SAMPLER_COUNT / 3, SAMPLER_COUNT - 1] {
            assert_eq!(check_sampler(i as u32), Some(true), "combination {i}");
        }
    }

    #[test]
    fn pp_control_words_decode_or_fail() {
        // Count 3, vec_mul enabled (43 bits: 1 + 2 words): decodes, re-encodes.
        assert_eq!(check_pp_control(3 | 1 << 10), Some(true));
        // Count 0, and a count shorter than the units: errors.
        assert_eq!(check_pp_control(1 << 10), None);
        assert_eq!(check_pp_control(2 | 1 << 10), None);
        // Stop, sync, every unit, count 19 (the longest instruction).
        assert_eq!(check_pp_control(19 | 0b11 << 5 | 0xfff << 7), Some(true));
    }

    #[test]
    fn ir3_words_are_stratified_by_category_and_generation() {
        let mut per_cat = [0u32; 8];
        let mut per_gen = [0u32; 8];
        for i in 0..8 * 5 * 16 {
            let (word, gen) = ir3_word(i);
            per_cat[(word >> 61) as usize] += 1;
            per_gen[gen as usize] += 1;
        }
        assert_eq!(per_cat, [80; 8]);
        assert_eq!(per_gen, [0, 0, 0, 128, 128, 128, 128, 128]);
        // Index 0 is a sparse category 0 word with its texts checked.
        assert_ne!(check_ir3(0), Some(false));
        assert_eq!(ir3_word(8 * 5).1, 3);
    }

    #[test]
    fn dest_words_round_trip_or_fail() {
        assert_eq!(check_dest(0x020f_0000), Some(true));
        assert_eq!(check_dest(0xf2ff_ffff), Some(true)); // undefined bits are kept
        assert_eq!(check_dest(0x0f00_0000), None); // register type 15 does not exist
    }
}
