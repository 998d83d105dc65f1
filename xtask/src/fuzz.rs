//! `cargo xtask fuzz <target|all> [--time SECS] [--runs N] [--jobs N] [--max-len BYTES] [--fresh] [--corpus NAME]`: builds
//! the libFuzzer harness in `fuzz/` with the stable toolchain and runs one
//! target (or each in turn) for the given time.
//!
//! No cargo-fuzz and no nightly: the harness is an ordinary binary of the
//! `libfuzzer-sys` crate, built with `cargo build --release` and the
//! SanitizerCoverage flags cargo-fuzz would pass (`-Cpasses=sancov-module`
//! and its `-Cllvm-args`), which stable rustc accepts. Without a nightly
//! there is no AddressSanitizer; the properties are about safe code, where
//! what matters is panics, hangs (`-timeout`), memory (`-rss_limit_mb`, and
//! the harness's cap on single allocations) and wrong round trips.
//!
//! Everything lives under `<target dir>/fuzz/`: the build, `corpus/<target>`
//! (kept between runs and grown by them), `seeds/<target>` (written afresh
//! from `isa_props` seeds each run), `artifacts/<target>` (crashing inputs)
//! and `logs/<target>.log` (libFuzzer's output). `--corpus NAME` keeps
//! the corpus in `corpus-NAME/<target>` and the log in
//! `logs/<target>-NAME.log` instead, for a second run of one target beside
//! the first (two processes must not share a corpus directory; `--jobs`
//! shares one between workers, which libFuzzer's fork mode merges).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use isa_props::{Corpus, Target};

use crate::progress::{Progress, Unit};

/// What the command line asked for.
pub struct Options {
    /// Seconds per target.
    pub time: u64,
    /// Stop a target after this many inputs (within `time`).
    pub runs: Option<u64>,
    /// libFuzzer worker processes (`-fork`); 1 runs in-process.
    pub jobs: u32,
    /// Start from the seeds alone, ignoring the kept corpus.
    pub fresh: bool,
    /// libFuzzer's `-max_len`, the longest input it generates, if not the
    /// target's own default.
    pub max_len: Option<u64>,
    /// The name of a corpus of its own (`corpus-NAME/<target>`), if not
    /// the kept one.
    pub corpus: Option<String>,
}

/// Parses `[--time SECS] [--runs N] [--jobs N] [--max-len BYTES] [--fresh] [--corpus NAME]`.
pub fn parse_options(args: &[&str]) -> Result<Options, String> {
    let mut options = Options {
        time: 60,
        runs: None,
        jobs: 1,
        fresh: false,
        max_len: None,
        corpus: None,
    };
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            let value = rest.next().ok_or(format!("{what} needs a number"))?;
            value
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or(format!("{what} takes a positive whole number, not `{value}`"))
        };
        match arg {
            "--time" => options.time = number("--time")?,
            "--runs" => options.runs = Some(number("--runs")?),
            "--jobs" => options.jobs = u32::try_from(number("--jobs")?).map_err(|e| e.to_string())?,
            "--max-len" => options.max_len = Some(number("--max-len")?),
            "--fresh" => options.fresh = true,
            "--corpus" => {
                let name = rest.next().ok_or("--corpus needs a name")?;
                let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
                if name.is_empty() || name == &"fresh" || !name.chars().all(plain) {
                    return Err(format!(
                        "--corpus takes a name of lowercase letters, digits and `-` other than `fresh`, not `{name}`"
                    ));
                }
                options.corpus = Some(name.to_string());
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(options)
}

/// The one-line usage of every target.
pub fn target_list() -> String {
    let mut list = String::new();
    for t in isa_props::targets() {
        let _ = writeln!(list, "  {:<14} {}", t.name, t.input);
    }
    list
}

/// The numbers libFuzzer printed last.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Inputs run.
    pub runs: u64,
    /// Coverage counters hit (`cov:`).
    pub cov: u64,
    /// Features (`ft:`).
    pub features: u64,
    /// Inputs in the corpus (`corp:`).
    pub corpus: u64,
}

/// Reads the last status line (`#123 ... cov: 45 ft: 67 corp: 8/9b ...`)
/// of libFuzzer's output, and the run count of its `Done N runs` line.
pub fn parse_stats(log: &str) -> Stats {
    let mut stats = Stats::default();
    let number_after = |line: &str, key: &str| -> Option<u64> {
        let rest = &line[line.find(key)? + key.len()..];
        rest.trim_start()
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
    };
    for line in log.lines() {
        if line.starts_with('#') && line.contains("cov:") {
            stats.runs = number_after(line, "#").unwrap_or(stats.runs);
            stats.cov = number_after(line, "cov:").unwrap_or(stats.cov);
            stats.features = number_after(line, "ft:").unwrap_or(stats.features);
            stats.corpus = number_after(line, "corp:").unwrap_or(stats.corpus);
        } else if let Some(rest) = line.strip_prefix("Done ") {
            stats.runs = number_after(rest, "").unwrap_or(stats.runs);
        } else if line.starts_with("stat::number_of_executed_units:") {
            stats.runs = number_after(line, ":").unwrap_or(stats.runs);
        }
    }
    stats
}

pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// The host triple: the build passes `--target` so that the coverage flags
/// reach the harness and its libraries but not build scripts or the spec
/// proc-macro.
fn host_triple() -> Result<String, String> {
    let out = Command::new("rustc")
        .arg("-vV")
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        .ok_or_else(|| "rustc -vV printed no host".to_owned())
}

/// The coverage instrumentation cargo-fuzz uses, minus the sanitizer.
const RUSTFLAGS: &[&str] = &[
    "-Cpasses=sancov-module",
    "-Cllvm-args=-sanitizer-coverage-level=4",
    "-Cllvm-args=-sanitizer-coverage-inline-8bit-counters",
    "-Cllvm-args=-sanitizer-coverage-pc-table",
    "-Cllvm-args=-sanitizer-coverage-trace-compares",
    "--cfg",
    "fuzzing",
];

/// Builds the harness with the families `families` (`None`: all of
/// them); returns the path of a copy of the binary named after them, so
/// that a run of one family's build is not replaced under it by a build
/// of another's.
fn build(root: &Path, out: &Path, families: Option<&str>) -> Result<PathBuf, String> {
    let host = host_triple()?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let start = Instant::now();
    let mut command = Command::new(cargo);
    command
        .args(["build", "--release", "--locked", "--manifest-path"])
        .arg(root.join("fuzz/Cargo.toml"))
        .args(["--target", &host]);
    if let Some(features) = families {
        command.args(["--no-default-features", "--features", features]);
    }
    let status = command
        .env("CARGO_TARGET_DIR", out.join("build"))
        .env_remove("RUSTFLAGS")
        .env("CARGO_ENCODED_RUSTFLAGS", RUSTFLAGS.join("\x1f"))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building the fuzz harness failed ({status})"));
    }
    let built = out.join("build").join(host).join("release/isaforge-fuzz");
    let bin = out.join("bin");
    std::fs::create_dir_all(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;
    let copy = bin.join(format!("isaforge-fuzz-{}", families.unwrap_or("all")));
    // A new file, not a rewrite: a run of the old copy keeps its own.
    let _ = std::fs::remove_file(&copy);
    std::fs::copy(&built, &copy).map_err(|e| format!("{} → {}: {e}", built.display(), copy.display()))?;
    println!(
        "fuzz harness ({} families) built in {:.1} s",
        families.unwrap_or("all"),
        start.elapsed().as_secs_f64()
    );
    Ok(copy)
}

/// The one family all of `targets` are in, if there is one: the harness is
/// then built with that family's code alone (fewer coverage counters for
/// libFuzzer to clear and scan after every input).
fn one_family(targets: &[&Target]) -> Option<&'static str> {
    let mut families = targets.iter().map(|t| isa_props::family_of(t.name).map(|f| f.name));
    let first = families.next()??;
    families.all(|f| f == Some(first)).then_some(first)
}

/// The last `bytes` bytes of a file (from a line start), for the latest
/// status lines of a growing log.
fn log_tail(path: &Path, bytes: u64) -> String {
    use std::io::{Read, Seek, SeekFrom};
    let Ok(mut file) = std::fs::File::open(path) else {
        return String::new();
    };
    let len = file.metadata().map_or(0, |m| m.len());
    let _ = file.seek(SeekFrom::Start(len.saturating_sub(bytes)));
    let mut tail = Vec::new();
    let _ = file.read_to_end(&mut tail);
    let text = String::from_utf8_lossy(&tail);
    match (len > bytes, text.find('\n')) {
        (true, Some(i)) => text[i + 1..].to_string(),
        _ => text.into_owned(),
    }
}

/// Writes the target's seeds into `dir` (emptied first), one file each.
fn write_seeds(target: &Target, corpus: &Corpus, dir: &Path) -> Result<usize, String> {
    let io = |e: std::io::Error| format!("{}: {e}", dir.display());
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(io)?;
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let seeds = (target.seeds)(corpus);
    for (i, seed) in seeds.iter().enumerate() {
        std::fs::write(dir.join(format!("seed-{i:04}")), seed).map_err(io)?;
    }
    Ok(seeds.len())
}

/// The directory under `<target dir>/fuzz/` whose `<target>` folder is the
/// run's corpus: `corpus-NAME` for `--corpus NAME` (kept between runs like
/// `corpus`), else `corpus-fresh` for `--fresh`, else the kept `corpus`.
/// `--fresh` empties whichever it is first.
fn corpus_dir_name(options: &Options) -> String {
    match (&options.corpus, options.fresh) {
        (Some(name), _) => format!("corpus-{name}"),
        (None, true) => "corpus-fresh".into(),
        (None, false) => "corpus".into(),
    }
}

/// Runs one target; returns its summary line, or the failure with the log's tail.
fn run_one(binary: &Path, out: &Path, target: &Target, options: &Options) -> Result<String, String> {
    let root = xtask::docs::workspace_root();
    let corpus = Corpus::beside(&root);
    let name = target.name;
    let seeds_dir = out.join("seeds").join(name);
    let seeds = write_seeds(target, &corpus, &seeds_dir)?;
    let corpus_dir = out.join(corpus_dir_name(options)).join(name);
    let artifacts = out.join("artifacts").join(name);
    let logs = out.join("logs");
    for dir in [&corpus_dir, &artifacts, &logs] {
        if options.fresh && dir == &corpus_dir && dir.exists() {
            std::fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let log_path = logs.join(match &options.corpus {
        Some(corpus) => format!("{name}-{corpus}.log"),
        None => format!("{name}.log"),
    });
    let log = std::fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let mut command = Command::new(binary);
    command
        .env("ISAFORGE_FUZZ_TARGET", name)
        .arg(&corpus_dir)
        .arg(&seeds_dir)
        .arg(format!("-max_total_time={}", options.time))
        .arg("-timeout=10")
        .arg("-rss_limit_mb=2048")
        // Longer inputs add little (the properties are per word, per token,
        // per line) and cost throughput; each target has its own default
        // (the spec target needs whole specs), and `--max-len` overrides it.
        .arg(format!("-max_len={}", options.max_len.unwrap_or(target.max_len as u64)))
        .arg("-print_final_stats=1")
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log);
    if let Some(runs) = options.runs {
        command.arg(format!("-runs={runs}"));
    }
    if options.jobs > 1 {
        command.arg(format!("-fork={}", options.jobs));
    } else {
        // By default libFuzzer lists its corpus directory and reads the time
        // of every file in it once a second, for units other processes
        // added. One process has no others: with 17,000 files, that was 5%
        // of `spec-expand`'s time (perf, 2026-11-28).
        command.arg("-reload=0");
    }
    let start = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    // libFuzzer writes to the log; show the time and its latest numbers.
    let progress = Progress::new(&format!("fuzz {name}"), options.time, Unit::Seconds);
    let mut last_stats = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(format!("waiting for {}: {e}", binary.display())),
        }
        std::thread::sleep(Duration::from_millis(200));
        progress.set(start.elapsed().as_secs().min(options.time));
        if last_stats.elapsed() >= Duration::from_secs(2) {
            last_stats = Instant::now();
            let s = parse_stats(&log_tail(&log_path, 16 << 10));
            if s.runs > 0 {
                let rate = s.runs as f64 / start.elapsed().as_secs_f64().max(0.001);
                progress.message(format!(
                    "{} runs ({rate:.0}/s), cov {}, ft {}, corpus {}",
                    s.runs, s.cov, s.features, s.corpus
                ));
            }
        }
    };
    progress.finish();
    let secs = start.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&log_path).unwrap_or_default();
    let stats = parse_stats(&text);
    let line = format!(
        "{name}: {} runs in {secs:.0} s ({:.0}/s), cov {}, ft {}, corpus {} (from {seeds} seeds)",
        stats.runs,
        stats.runs as f64 / secs.max(0.001),
        stats.cov,
        stats.features,
        stats.corpus
    );
    if status.success() {
        Ok(format!("{line}; no crash"))
    } else {
        let tail: Vec<&str> = text.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        Err(format!(
            "{line}; FAILED ({status}); crashing input under {}; log {}:\n{}",
            artifacts.display(),
            log_path.display(),
            tail.join("\n")
        ))
    }
}

/// Runs `which` (a target name or `all`); returns whether nothing failed.
pub fn run(which: &str, options: &Options) -> bool {
    let targets: Vec<&Target> = if which == "all" {
        isa_props::targets().collect()
    } else {
        match isa_props::target(which) {
            Some(t) => vec![t],
            None => {
                eprintln!("fuzz: no target `{which}`; the targets are:\n{}", target_list());
                return false;
            }
        }
    };
    let root = xtask::docs::workspace_root();
    let out = target_dir(&root).join("fuzz");
    let binary = match build(&root, &out, one_family(&targets)) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("fuzz: {e}");
            return false;
        }
    };
    let mut ok = true;
    for target in targets {
        match run_one(&binary, &out, target, options) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                eprintln!("{e}");
                ok = false;
            }
        }
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_of_one_family_build_that_family_alone() {
        let target = |name| isa_props::target(name).expect(name);
        assert_eq!(one_family(&[target("pica-words")]), Some("pica"));
        assert_eq!(
            one_family(&[target("lima-gp-words"), target("lima-gp-mesa")]),
            Some("lima-gp")
        );
        assert_eq!(one_family(&[target("lima-gp-words"), target("lima-pp")]), None);
        assert_eq!(one_family(&[]), None);
    }

    #[test]
    fn stats_come_from_the_last_status_and_done_lines() {
        let log = "#2\tINITED cov: 10 ft: 11 corp: 1/1b exec/s: 0 rss: 30Mb\n\
                   #4096\tpulse  cov: 120 ft: 300 corp: 40/2Kb lim: 43 exec/s: 2048 rss: 31Mb\n\
                   Done 5000 runs in 2 second(s)\n";
        let stats = parse_stats(log);
        assert_eq!(
            stats,
            Stats {
                runs: 5000,
                cov: 120,
                features: 300,
                corpus: 40
            }
        );
    }

    #[test]
    fn options_parse_and_reject() {
        let o = parse_options(&[
            "--time",
            "5",
            "--runs",
            "9",
            "--jobs",
            "2",
            "--fresh",
            "--max-len",
            "256",
        ])
        .unwrap();
        assert_eq!(
            (o.time, o.runs, o.jobs, o.fresh, o.max_len),
            (5, Some(9), 2, true, Some(256))
        );
        assert_eq!(parse_options(&[]).unwrap().max_len, None);
        assert!(parse_options(&["--max-len", "0"]).is_err());
        assert!(parse_options(&["--time", "0"]).is_err());
        assert!(parse_options(&["--time"]).is_err());
        assert!(parse_options(&["--bogus"]).is_err());
    }

    #[test]
    fn a_named_corpus_is_a_directory_of_its_own() {
        let dir = |args: &[&str]| corpus_dir_name(&parse_options(args).unwrap());
        assert_eq!(dir(&[]), "corpus");
        assert_eq!(dir(&["--fresh"]), "corpus-fresh");
        assert_eq!(dir(&["--corpus", "short"]), "corpus-short");
        assert_eq!(dir(&["--corpus", "b-2", "--fresh"]), "corpus-b-2");
        for bad in [
            &["--corpus"][..],
            &["--corpus", ""],
            &["--corpus", "fresh"],
            &["--corpus", "../x"],
            &["--corpus", "A"],
        ] {
            assert!(parse_options(bad).is_err(), "{bad:?}");
        }
    }
}
