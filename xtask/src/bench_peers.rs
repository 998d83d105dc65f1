//! `cargo xtask bench-peers [--only ISA,…] [--sizes 1M,100M] [--runs N] [--write]`:
//! isaforge's `isa` against the tools people use today, whole process
//! against whole process.
//!
//! The peers are built from `../shared/peers` (its `build.sh`, into
//! `<target>/bench-peers/peers`; nothing of theirs enters the repository):
//!
//! - `lima-pp`, `lima-gp`: `isa disasm lima-pp|lima-gp FILE` against Mesa's
//!   disassembler (`lima_disasm_raw pp|gp FILE`) on inputs of each size in
//!   `--sizes` (default 1 MB and 100 MB), tiled from the corpus programs
//!   ([`tile_pp`], [`tile_gp`]) and kept under `<target>/bench-peers/` for
//!   the next run. The texts must agree line for line once isaforge's
//!   ` {raw …}` notes are removed ([`strip_raw_notes`]).
//! - `pica`: `isa asm pica` against `picasso` on every corpus source (as
//!   `../shared/corpus/pica/MANIFEST.tsv` groups them): the `.shbin` files
//!   must be byte-identical; timed as one batch of all the sources.
//! - `agal`: `isa asm agal` against OpenFL's AGALMiniAssembler under node
//!   (when `node` and `npm` are there) on every corpus source, likewise.
//!
//! Each pair is timed by alternating the two commands (`--runs N` each;
//! default 15 for inputs up to 10 MB, 3 above, 5 for the corpus batches),
//! whole-process wall time, and the peak resident memory of each process
//! (`wait4`'s `ru_maxrss`). The `isa` measured is the release build, built
//! first. A Markdown table is printed; `--write` puts it between
//! `<!-- bench-peers:start -->` and `<!-- bench-peers:end -->` in
//! `docs/performance.md`. Whatever cannot be run (no `../shared`, a peer
//! that does not build, no node) is skipped with a message saying so.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

/// The ISAs compared, in table order.
pub const ISAS: [&str; 4] = ["lima-pp", "lima-gp", "pica", "agal"];

/// The markers of the generated section of `docs/performance.md`.
pub const START: &str = "<!-- bench-peers:start -->";
/// See [`START`].
pub const END: &str = "<!-- bench-peers:end -->";

/// The goal for Lima disassembly speed on 1 MB: at most Mesa's time.
const SPEED_GOAL: f64 = 1.0;
/// The goal for peak memory at 100 MB: the input plus this much.
const MEMORY_HEADROOM: u64 = 64 << 20;

/// What the command line asked for.
#[derive(Debug, PartialEq, Eq)]
pub struct Options {
    /// ISAs to compare, in [`ISAS`] order.
    pub only: Vec<&'static str>,
    /// Lima input sizes in bytes.
    pub sizes: Vec<u64>,
    /// Runs of each command, if not the defaults.
    pub runs: Option<usize>,
    /// Write the table into `docs/performance.md`.
    pub write: bool,
}

/// Parses `[--only ISA,…] [--sizes SIZE,…] [--runs N] [--write]`.
pub fn parse_options(args: &[&str]) -> Result<Options, String> {
    let mut options = Options {
        only: ISAS.to_vec(),
        sizes: vec![1_000_000, 100_000_000],
        runs: None,
        write: false,
    };
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        let mut value = || rest.next().copied().ok_or(format!("{arg} needs a value"));
        match arg {
            "--only" => {
                let list = value()?;
                let mut only = Vec::new();
                for name in list.split(',') {
                    let isa = ISAS
                        .iter()
                        .find(|&&i| i == name)
                        .ok_or(format!("--only: no ISA `{name}` (known: {})", ISAS.join(", ")))?;
                    only.push(*isa);
                }
                options.only = ISAS.iter().copied().filter(|i| only.contains(i)).collect();
            }
            "--sizes" => {
                options.sizes = value()?.split(',').map(parse_size).collect::<Result<_, _>>()?;
            }
            "--runs" => {
                let v = value()?;
                options.runs = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or(format!("--runs takes a positive whole number, not `{v}`"))?,
                );
            }
            "--write" => options.write = true,
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(options)
}

/// `1M` (10^6 bytes), `100M`, `512K`, `1G` or a byte count.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let (digits, scale) = match s.char_indices().last() {
        Some((i, 'K' | 'k')) => (&s[..i], 1_000),
        Some((i, 'M' | 'm')) => (&s[..i], 1_000_000),
        Some((i, 'G' | 'g')) => (&s[..i], 1_000_000_000),
        _ => (s, 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .filter(|&n| n >= 16)
        .ok_or(format!("`{s}` is not a size (like 1M or 100M, at least 16 bytes)"))
}

/// `1M` for 10^6 bytes, and so on; a byte count when it is not round.
pub fn size_label(n: u64) -> String {
    for (scale, unit) in [(1_000_000_000, "G"), (1_000_000, "M"), (1_000, "K")] {
        if n >= scale && n % scale == 0 {
            return format!("{}{unit}", n / scale);
        }
    }
    n.to_string()
}

/// The median; the mean of the middle two for an even count.
pub fn median(values: &[Duration]) -> Duration {
    let mut v = values.to_vec();
    v.sort();
    match v.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2,
    }
}

/// A line of `isa disasm lima-*` without its ` {raw …}` notes (the bits
/// Mesa's text does not show), which is Mesa's line.
pub fn strip_raw_notes(line: &[u8]) -> Cow<'_, [u8]> {
    const NOTE: &[u8] = b" {raw ";
    let Some(first) = find(line, NOTE) else {
        return Cow::Borrowed(line);
    };
    let mut out = line[..first].to_vec();
    let mut rest = &line[first..];
    while let Some(at) = find(rest, NOTE) {
        out.extend_from_slice(&rest[..at]);
        rest = &rest[at..];
        match rest.iter().position(|&b| b == b'}') {
            Some(close) => rest = &rest[close + 1..],
            None => rest = &[],
        }
    }
    out.extend_from_slice(rest);
    Cow::Owned(out)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The words of a `.hex` file: whitespace-separated hex words (with or
/// without `0x`), `#` to the end of a line a comment.
pub fn parse_hex_words(text: &str) -> Result<Vec<u32>, String> {
    let mut words = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or_default();
        for w in line.split_whitespace() {
            let digits = w.strip_prefix("0x").unwrap_or(w);
            words.push(u32::from_str_radix(digits, 16).map_err(|e| format!("`{w}`: {e}"))?);
        }
    }
    Ok(words)
}

/// Little-endian bytes to words (a trailing partial word is dropped).
pub fn words_of(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A Lima PP program split into its instructions by the control word's
/// 5-bit length; a zero length, or one running past the end, ends it.
pub fn pp_instructions(words: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let n = (words[i] & 0x1f) as usize;
        if n == 0 || i + n > words.len() {
            break;
        }
        out.push(words[i..i + n].to_vec());
        i += n;
    }
    out
}

/// One Lima PP program of about `target` bytes (not more, unless a single
/// copy is larger) made of copies of `instructions`: every instruction but
/// the last has its stop bit (5) cleared, `next_count` (bits 19–24) set to
/// the next one's length and `prefetch` (bit 25) set, as Mesa's compiler
/// writes them; the last has stop set and the other two cleared.
/// Returns the bytes and the instruction count.
pub fn tile_pp(instructions: &[Vec<u32>], target: u64) -> (Vec<u8>, usize) {
    let per_copy: usize = instructions.iter().map(Vec::len).sum::<usize>() * 4;
    if per_copy == 0 {
        return (Vec::new(), 0);
    }
    let copies = (target as usize / per_copy).max(1);
    let count = copies * instructions.len();
    let mut out = Vec::with_capacity(copies * per_copy);
    for k in 0..count {
        let ins = &instructions[k % instructions.len()];
        let mut control = ins[0] & !(1 << 5) & !(0x3f << 19) & !(1 << 25);
        if k + 1 == count {
            control |= 1 << 5;
        } else {
            let next = &instructions[(k + 1) % instructions.len()];
            control |= (next[0] & 0x1f) << 19 | 1 << 25;
        }
        out.extend_from_slice(&control.to_le_bytes());
        for w in &ins[1..] {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    (out, count)
}

/// Lima GP programs of 16-byte instructions, repeated as they are to about
/// `target` bytes (at least one copy).
pub fn tile_gp(program: &[u8], target: u64) -> Vec<u8> {
    let program = &program[..program.len() / 16 * 16];
    if program.is_empty() {
        return Vec::new();
    }
    let copies = (target as usize / program.len()).max(1);
    program.repeat(copies)
}

/// `doc` with the text between [`START`] and [`END`] replaced by `body`;
/// without the markers, `doc` with a section holding them appended.
pub fn replace_section(doc: &str, body: &str) -> String {
    let body = body.trim_end();
    match (doc.find(START), doc.find(END)) {
        (Some(s), Some(e)) if s < e => format!("{}{START}\n{body}\n{}", &doc[..s], &doc[e..]),
        _ => format!(
            "{}\n## Against the peers (`cargo xtask bench-peers`)\n\n{START}\n{body}\n{END}\n",
            doc.trim_end()
        ),
    }
}

/// One process's wall time and peak resident memory.
#[derive(Clone, Copy, Debug)]
struct Sample {
    wall: Duration,
    max_rss: u64,
}

/// A command line.
#[derive(Clone, Debug)]
struct Cmd {
    argv: Vec<OsString>,
    /// Where its standard output goes (`None`: discarded).
    stdout: Option<PathBuf>,
}

impl Cmd {
    fn new(args: impl IntoIterator<Item = impl Into<OsString>>) -> Self {
        Cmd {
            argv: args.into_iter().map(Into::into).collect(),
            stdout: None,
        }
    }

    fn command(&self) -> Command {
        let mut c = Command::new(&self.argv[0]);
        c.args(&self.argv[1..]).stdin(Stdio::null());
        c
    }

    fn shown(&self) -> String {
        self.argv
            .iter()
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Runs it to the end, measuring; fails unless it exits with 0.
    ///
    /// It runs under a helper process (this program's `__measure`), which
    /// starts it and waits for it with `wait4`: a child's `ru_maxrss`
    /// counts the memory of the process it was started from (std starts
    /// children with `vfork`, and `exec` records the old address space's
    /// peak), so started from here it would count this program's peak,
    /// the tiled inputs included. The helper is small and touches little.
    fn measure(&self) -> Result<Sample, String> {
        let out = match &self.stdout {
            Some(path) => fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
            None => fs::File::create("/dev/null").map_err(|e| format!("/dev/null: {e}"))?,
        };
        // Standard error goes to a file (a pipe read after the exit could
        // fill up and stop the child), read only if the command fails.
        let tmp = std::env::temp_dir();
        let id = std::process::id();
        let err_path = tmp.join(format!("isaforge-bench-peers-{id}.stderr"));
        let result_path = tmp.join(format!("isaforge-bench-peers-{id}.result"));
        let err = fs::File::create(&err_path).map_err(|e| format!("{}: {e}", err_path.display()))?;
        // This very program, even after a rebuild replaced its file.
        let exe = match Path::new("/proc/self/exe") {
            p if p.exists() => p.to_path_buf(),
            _ => std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?,
        };
        let _ = fs::remove_file(&result_path);
        let status = Command::new(exe)
            .arg("__measure")
            .arg(&result_path)
            .args(&self.argv)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .status()
            .map_err(|e| format!("cannot run the measuring helper: {e}"))?;
        let result = fs::read_to_string(&result_path).unwrap_or_default();
        let err = fs::read_to_string(&err_path).unwrap_or_default();
        let _ = fs::remove_file(&err_path);
        let _ = fs::remove_file(&result_path);
        let fields: Vec<u64> = result.split_whitespace().filter_map(|f| f.parse().ok()).collect();
        let [nanos, wait_status, max_rss] = fields[..] else {
            return Err(format!(
                "{}: the helper failed ({status}): {}",
                self.shown(),
                err.trim_end()
            ));
        };
        if wait_status != 0 {
            let tail: Vec<&str> = err.lines().take(5).collect();
            return Err(format!(
                "{} failed (wait status {wait_status}): {}",
                self.shown(),
                tail.join("\n")
            ));
        }
        Ok(Sample {
            wall: Duration::from_nanos(nanos),
            max_rss,
        })
    }
}

/// `cargo xtask __measure RESULT PROGRAM ARGS…` (used by [`Cmd::measure`]):
/// runs the program with this process's standard streams and writes
/// `nanoseconds wait-status peak-bytes` into RESULT.
pub fn measure_helper(result: &str, argv: &[&str]) -> bool {
    let Some((program, args)) = argv.split_first() else {
        eprintln!("__measure: no program");
        return false;
    };
    let start = Instant::now();
    let line = match Command::new(program).args(args).spawn() {
        Ok(child) => match wait4(child.id()) {
            Ok((status, rss)) => format!("{} {status} {rss}\n", start.elapsed().as_nanos()),
            Err(e) => {
                eprintln!("__measure: {e}");
                return false;
            }
        },
        Err(e) => {
            eprintln!("__measure: cannot run {program}: {e}");
            return false;
        }
    };
    fs::write(result, line).is_ok()
}

/// Waits for process `pid`: its wait status and peak resident set in bytes.
fn wait4(pid: u32) -> Result<(i32, u64), String> {
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain old data; zeroed is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `pid` is our child, not yet reaped (std's `Child` is never
        // waited on); the pointers are to live locals.
        let r = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
        if r >= 0 {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(format!("wait4: {e}"));
        }
    }
    // ru_maxrss is in KiB on Linux.
    Ok((status, usage.ru_maxrss.max(0) as u64 * 1024))
}

/// A batch of commands run one after the other counts as one run: its wall
/// time is the sum, its memory the largest.
fn measure_batch(batch: &[Cmd]) -> Result<Sample, String> {
    let mut total = Sample {
        wall: Duration::ZERO,
        max_rss: 0,
    };
    for cmd in batch {
        let s = cmd.measure()?;
        total.wall += s.wall;
        total.max_rss = total.max_rss.max(s.max_rss);
    }
    Ok(total)
}

/// One comparison: isaforge's commands against the peer's.
struct Job {
    isa: &'static str,
    command: String,
    input: String,
    /// The input's size, for the memory goal (Lima inputs only).
    input_bytes: Option<u64>,
    ours: Vec<Cmd>,
    theirs: Vec<Cmd>,
    runs: usize,
    /// What the agreement check found.
    agreement: String,
    agrees: bool,
}

/// One row of the table.
struct Row {
    command: String,
    input: String,
    ours: Duration,
    theirs: Duration,
    ours_rss: u64,
    theirs_rss: u64,
    runs: usize,
    goal: String,
}

fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms >= 100.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1}", bytes as f64 / f64::from(1 << 20))
}

/// The goals of issue 25 that a row measures.
fn goal(job: &Job, ours: Duration, theirs: Duration, ours_rss: u64) -> String {
    let mut goals = Vec::new();
    if !job.agrees {
        goals.push("**outputs differ**".to_string());
    }
    if let Some(bytes) = job.input_bytes {
        if (900_000..=1_100_000).contains(&bytes) {
            let ratio = ours.as_secs_f64() / theirs.as_secs_f64();
            let met = if ratio <= SPEED_GOAL { "met" } else { "missed" };
            goals.push(format!("time ≤ {SPEED_GOAL:.1}× Mesa: {met}"));
        }
        if bytes >= 50_000_000 {
            let limit = bytes + MEMORY_HEADROOM;
            let met = if ours_rss <= limit { "met" } else { "missed" };
            goals.push(format!("peak ≤ input + 64 MiB ({} MiB): {met}", mib(limit)));
        }
    }
    goals.join("; ")
}

/// Measures `job`: alternating the two sides, each `job.runs` times.
fn measure(job: &Job) -> Result<Row, String> {
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let (mut ours_rss, mut theirs_rss) = (0, 0);
    let started = Instant::now();
    for i in 0..job.runs {
        // Alternate which goes first, so neither always follows the other.
        let (a, b) = if i % 2 == 0 {
            (measure_batch(&job.ours)?, measure_batch(&job.theirs)?)
        } else {
            let b = measure_batch(&job.theirs)?;
            (measure_batch(&job.ours)?, b)
        };
        ours.push(a.wall);
        theirs.push(b.wall);
        ours_rss = ours_rss.max(a.max_rss);
        theirs_rss = theirs_rss.max(b.max_rss);
        if started.elapsed() > Duration::from_secs(5) || i + 1 == job.runs {
            eprintln!(
                "  {} {}: run {}/{}: isaforge {}, peer {}",
                job.isa,
                job.input,
                i + 1,
                job.runs,
                ms(a.wall),
                ms(b.wall)
            );
        }
    }
    let (o, t) = (median(&ours), median(&theirs));
    Ok(Row {
        command: job.command.clone(),
        input: job.input.clone(),
        ours: o,
        theirs: t,
        ours_rss,
        theirs_rss,
        runs: job.runs,
        goal: goal(job, o, t, ours_rss),
    })
}

/// Where everything of this tool lives.
struct Dirs {
    root: PathBuf,
    shared: PathBuf,
    work: PathBuf,
    peers: PathBuf,
}

/// The newest modification time of anything under `path`.
fn newest(path: &Path) -> SystemTime {
    let own = fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let Ok(entries) = fs::read_dir(path) else { return own };
    entries.flatten().map(|e| newest(&e.path())).fold(own, SystemTime::max)
}

/// Builds `isa` (release); returns its path.
fn build_isa(root: &Path, target: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!("bench-peers: cargo build --release -p isa-cli");
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--release", "-p", "isa-cli"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building isa-cli failed ({status})"));
    }
    Ok(target.join("release").join("isa"))
}

/// Builds `picasso` and `lima_disasm_raw` with the peers' `build.sh`
/// unless they are newer than its sources; returns what is there.
fn build_c_peers(dirs: &Dirs) -> (Option<PathBuf>, Option<PathBuf>) {
    let src = dirs.shared.join("peers");
    let outputs = [dirs.peers.join("picasso"), dirs.peers.join("lima_disasm_raw")];
    let sources = [src.join("build.sh"), src.join("picasso"), src.join("mesa-lima")]
        .iter()
        .map(|p| newest(p))
        .max()
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let fresh = outputs
        .iter()
        .all(|o| fs::metadata(o).and_then(|m| m.modified()).is_ok_and(|t| t >= sources));
    if !fresh {
        eprintln!("bench-peers: building the peers (sh {}/build.sh)", src.display());
        let _ = fs::create_dir_all(&dirs.peers);
        let built = Command::new("sh")
            .arg(src.join("build.sh"))
            .env("OUT", &dirs.peers)
            .current_dir(&dirs.root)
            .status();
        match built {
            Ok(s) if s.success() => {}
            Ok(s) => eprintln!("\n*** bench-peers: the peers' build.sh failed ({s}) ***\n"),
            Err(e) => eprintln!("\n*** bench-peers: cannot run sh: {e} ***\n"),
        }
    }
    let usable = |p: &PathBuf| fs::metadata(p).and_then(|m| m.modified()).is_ok_and(|t| t >= sources);
    let [picasso, lima] = outputs;
    (usable(&picasso).then_some(picasso), usable(&lima).then_some(lima))
}

/// Sets up OpenFL's AGALMiniAssembler under `<peers>/openfl` (the peers'
/// `agal_asm.js` and `package.json`, then `npm install`); returns the
/// script.
fn build_agal_peer(dirs: &Dirs) -> Result<PathBuf, String> {
    let ok = |c: &str| {
        Command::new(c)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !ok("node") || !ok("npm") {
        return Err("node and npm are needed for OpenFL's AGALMiniAssembler".into());
    }
    let src = dirs.shared.join("peers/openfl");
    let dir = dirs.peers.join("openfl");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for file in ["agal_asm.js", "package.json"] {
        let text = fs::read(src.join(file)).map_err(|e| format!("{}: {e}", src.join(file).display()))?;
        if fs::read(dir.join(file)).ok().as_ref() != Some(&text) {
            fs::write(dir.join(file), &text).map_err(|e| format!("{}: {e}", dir.display()))?;
            let _ = fs::remove_dir_all(dir.join("node_modules"));
        }
    }
    if !dir.join("node_modules/openfl").is_dir() {
        eprintln!("bench-peers: npm install (openfl, in {})", dir.display());
        let status = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .map_err(|e| format!("cannot run npm: {e}"))?;
        if !status.success() {
            return Err(format!("npm install failed ({status})"));
        }
    }
    Ok(dir.join("agal_asm.js"))
}

/// Writes `bytes` to `path` unless a file of that size is there already
/// (the large inputs are kept between runs).
fn keep_input(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if fs::metadata(path).is_ok_and(|m| m.len() == bytes.len() as u64) {
        return Ok(());
    }
    fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The corpus's Lima PP programs, as instructions, in file-name order:
/// `*.pp.bin`, and `*.hex` files that are not GP and have no `.bin` twin.
fn pp_corpus(lima: &Path) -> Result<Vec<Vec<u32>>, String> {
    let mut names: Vec<String> = fs::read_dir(lima)
        .map_err(|e| format!("{}: {e}", lima.display()))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut instructions = Vec::new();
    for name in &names {
        let path = lima.join(name);
        let words = if name.ends_with(".pp.bin") {
            words_of(&fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?)
        } else if let Some(stem) = name.strip_suffix(".hex") {
            if stem.ends_with(".gp") || lima.join(format!("{stem}.bin")).exists() {
                continue;
            }
            let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            parse_hex_words(&text).map_err(|e| format!("{}: {e}", path.display()))?
        } else {
            continue;
        };
        instructions.extend(pp_instructions(&words));
    }
    Ok(instructions)
}

/// The corpus's Lima GP programs, concatenated.
fn gp_corpus(lima: &Path) -> Result<Vec<u8>, String> {
    let mut paths: Vec<PathBuf> = fs::read_dir(lima)
        .map_err(|e| format!("{}: {e}", lima.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".gp.bin"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        out.extend(fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?);
    }
    Ok(out)
}

/// The tiled Lima input of `isa` and `size`, written (or kept) under the
/// work directory; checked to decode.
fn lima_input(dirs: &Dirs, isa: &str, size: u64) -> Result<(PathBuf, u64), String> {
    let lima = dirs.shared.join("corpus/lima");
    let path = dirs.work.join(format!("{isa}-{}.bin", size_label(size)));
    let bytes = if isa == "lima-pp" {
        let instructions = pp_corpus(&lima)?;
        let (bytes, count) = tile_pp(&instructions, size);
        let decoded = isa_lima_pp::Instr::program_from_bytes(&bytes).map_err(|e| format!("tiled lima-pp: {e}"))?;
        if decoded.len() != count {
            return Err(format!(
                "tiled lima-pp: {} instructions decoded of {count}",
                decoded.len()
            ));
        }
        bytes
    } else {
        tile_gp(&gp_corpus(&lima)?, size)
    };
    if bytes.is_empty() {
        return Err(format!("no {isa} program in {}", lima.display()));
    }
    keep_input(&path, &bytes)?;
    Ok((path, bytes.len() as u64))
}

/// A reader's lines in chunks, over a bounded channel (the outputs of the
/// 100 MB inputs are several hundred MB: they are compared as they come).
fn lines_of(reader: impl std::io::Read + Send + 'static) -> mpsc::Receiver<Vec<Vec<u8>>> {
    let (tx, rx) = mpsc::sync_channel(8);
    std::thread::spawn(move || {
        let mut reader = BufReader::with_capacity(1 << 20, reader);
        let mut chunk = Vec::with_capacity(4096);
        loop {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if line.last() == Some(&b'\n') {
                        line.pop();
                    }
                    chunk.push(line);
                    if chunk.len() == 4096 && tx.send(std::mem::take(&mut chunk)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(chunk);
    });
    rx
}

/// Runs both and compares their standard outputs line by line, `ours`
/// with its ` {raw …}` notes removed; returns the line count.
fn compare_text(ours: &Cmd, theirs: &Cmd) -> Result<u64, String> {
    let spawn = |c: &Cmd| {
        c.command()
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", c.shown()))
    };
    let (mut a, mut b) = (spawn(ours)?, spawn(theirs)?);
    let mut la = lines_of(a.stdout.take().expect("piped")).into_iter().flatten();
    let mut lb = lines_of(b.stdout.take().expect("piped")).into_iter().flatten();
    let mut n = 0u64;
    let mut problem = None;
    loop {
        match (la.next(), lb.next()) {
            (None, None) => break,
            (Some(x), Some(y)) => {
                n += 1;
                if *strip_raw_notes(&x) != *y {
                    problem = Some(format!(
                        "line {n} differs:\n    isaforge: {}\n    peer:     {}",
                        String::from_utf8_lossy(&x),
                        String::from_utf8_lossy(&y)
                    ));
                    break;
                }
            }
            (Some(_), None) => {
                problem = Some(format!("isaforge printed more lines than the peer's {n}"));
                break;
            }
            (None, Some(_)) => {
                problem = Some(format!("the peer printed more lines than isaforge's {n}"));
                break;
            }
        }
    }
    // Drain what is left so that neither blocks on a full pipe.
    la.for_each(drop);
    lb.for_each(drop);
    let (sa, sb) = (a.wait(), b.wait());
    if let Some(p) = problem {
        return Err(p);
    }
    for (cmd, status) in [(ours, sa), (theirs, sb)] {
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => return Err(format!("{} failed ({s})", cmd.shown())),
            Err(e) => return Err(format!("{}: {e}", cmd.shown())),
        }
    }
    Ok(n)
}

/// Runs each pair of commands (each writing a file) and compares the files
/// byte for byte; returns the summary and whether all agree.
fn compare_files(pairs: &[(Cmd, PathBuf, Cmd, PathBuf, String)]) -> (String, bool) {
    let mut differ = Vec::new();
    for (ours, ours_out, theirs, theirs_out, name) in pairs {
        let _ = fs::remove_file(ours_out);
        let _ = fs::remove_file(theirs_out);
        let result = ours.measure().and_then(|_| theirs.measure()).and_then(|_| {
            let a = fs::read(ours_out).map_err(|e| format!("{}: {e}", ours_out.display()))?;
            let b = fs::read(theirs_out).map_err(|e| format!("{}: {e}", theirs_out.display()))?;
            if a == b {
                Ok(())
            } else {
                Err(format!("{} bytes against {}", a.len(), b.len()))
            }
        });
        if let Err(e) = result {
            differ.push(format!("{name}: {e}"));
        }
    }
    if differ.is_empty() {
        (format!("{} of {} outputs identical", pairs.len(), pairs.len()), true)
    } else {
        for d in &differ {
            eprintln!("    differs: {d}");
        }
        (format!("{} of {} outputs DIFFER", differ.len(), pairs.len()), false)
    }
}

/// The Lima jobs of one ISA.
fn lima_jobs(dirs: &Dirs, isa: &'static str, isa_bin: &Path, mesa: &Path, options: &Options) -> Vec<Job> {
    let mut jobs = Vec::new();
    let which = if isa == "lima-pp" { "pp" } else { "gp" };
    for &size in &options.sizes {
        let (path, bytes) = match lima_input(dirs, isa, size) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("\n*** bench-peers: {isa} {}: {e}; SKIPPED ***\n", size_label(size));
                continue;
            }
        };
        let ours = Cmd::new([isa_bin.as_os_str(), "disasm".as_ref(), isa.as_ref(), path.as_os_str()]);
        let theirs = Cmd::new([mesa.as_os_str(), which.as_ref(), path.as_os_str()]);
        eprintln!("bench-peers: {isa} {}: comparing the texts", size_label(size));
        let (agreement, agrees) = match compare_text(&ours, &theirs) {
            Ok(n) => (format!("{n} lines identical without `{{raw …}}`"), true),
            Err(e) => {
                eprintln!(
                    "\n*** bench-peers: {isa} {}: the texts DIFFER: {e} ***\n",
                    size_label(size)
                );
                (format!("texts differ: {e}"), false)
            }
        };
        let runs = options.runs.unwrap_or(if bytes <= 10_000_000 { 15 } else { 3 });
        jobs.push(Job {
            isa,
            command: format!("`isa disasm {isa}` / Mesa `lima_disasm_raw {which}`"),
            input: format!("{} ({bytes} bytes)", size_label(size)),
            input_bytes: Some(bytes),
            ours: vec![ours],
            theirs: vec![theirs],
            runs,
            agreement,
            agrees,
        });
    }
    jobs
}

/// The PICA job: every corpus source group, `isa asm pica` and `picasso`.
fn pica_job(dirs: &Dirs, isa_bin: &Path, picasso: &Path, options: &Options) -> Result<Job, String> {
    let corpus = dirs.shared.join("corpus/pica");
    let manifest = fs::read_to_string(corpus.join("MANIFEST.tsv")).map_err(|e| format!("pica MANIFEST.tsv: {e}"))?;
    let out = dirs.work.join("pica");
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut pairs = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(shbin), Some(sources)) = (cols.first(), cols.get(1)) else {
            continue;
        };
        let sources: Vec<PathBuf> = sources.split_whitespace().map(|s| corpus.join("src").join(s)).collect();
        if sources.is_empty() || !sources.iter().all(|s| s.is_file()) {
            continue; // no source published, or not picasso syntax
        }
        let (a, b) = (out.join(format!("{shbin}.isa")), out.join(format!("{shbin}.picasso")));
        let mut ours = Cmd::new([
            isa_bin.as_os_str(),
            "asm".as_ref(),
            "pica".as_ref(),
            "-o".as_ref(),
            a.as_os_str(),
        ]);
        ours.argv.extend(sources.iter().map(|s| s.clone().into_os_string()));
        let mut theirs = Cmd::new([picasso.as_os_str(), "-o".as_ref(), b.as_os_str()]);
        theirs.argv.extend(sources.iter().map(|s| s.clone().into_os_string()));
        pairs.push((ours, a, theirs, b, shbin.to_string()));
    }
    if pairs.is_empty() {
        return Err(format!("no picasso sources in {}", corpus.display()));
    }
    eprintln!("bench-peers: pica: assembling {} corpus sources with both", pairs.len());
    let (agreement, agrees) = compare_files(&pairs);
    let n = pairs.len();
    let (ours, theirs) = pairs.into_iter().map(|(o, _, t, _, _)| (o, t)).unzip();
    Ok(Job {
        isa: "pica",
        command: "`isa asm pica` / `picasso`".into(),
        input: format!("{n} corpus sources, one process each"),
        input_bytes: None,
        ours,
        theirs,
        runs: options.runs.unwrap_or(5),
        agreement,
        agrees,
    })
}

/// The AGAL job: every corpus source, `isa asm agal` and AGALMiniAssembler.
fn agal_job(dirs: &Dirs, isa_bin: &Path, script: &Path, options: &Options) -> Result<Job, String> {
    let corpus = dirs.shared.join("corpus/agal/src");
    let manifest = fs::read_to_string(corpus.join("MANIFEST.tsv")).map_err(|e| format!("agal MANIFEST.tsv: {e}"))?;
    let out = dirs.work.join("agal");
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut pairs = Vec::new();
    let mut left_out = 0;
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [file, kind, version, flags, ..] = cols.as_slice() else {
            continue;
        };
        let src = corpus.join(file);
        let Ok(text) = fs::read_to_string(&src) else { continue };
        // `ted` is AGAL2's: at version 1 isaforge rejects it, where the
        // reference drops the line without a word (isa-agal's
        // `agal_programs` test pins both); nothing to compare.
        if *version == "1" && text.lines().any(|l| l.trim_start().starts_with("ted ")) {
            left_out += 1;
            continue;
        }
        let (a, b) = (out.join(format!("{file}.isa")), out.join(format!("{file}.openfl")));
        let mut ours = Cmd::new([
            isa_bin.as_os_str(),
            "asm".as_ref(),
            "agal".as_ref(),
            "--type".as_ref(),
            kind.as_ref(),
            "--version".as_ref(),
            version.as_ref(),
            "-o".as_ref(),
            a.as_os_str(),
            src.as_os_str(),
        ]);
        let mut theirs = Cmd::new([
            "node".as_ref(),
            script.as_os_str(),
            kind.as_ref(),
            version.as_ref(),
            src.as_os_str(),
            b.as_os_str(),
        ]);
        if flags.contains("ignorelimits") {
            ours.argv.push("--ignore-limits".into());
            theirs.argv.push("ignorelimits".into());
        }
        pairs.push((ours, a, theirs, b, file.to_string()));
    }
    if pairs.is_empty() {
        return Err(format!("no AGAL sources in {}", corpus.display()));
    }
    eprintln!("bench-peers: agal: assembling {} corpus sources with both", pairs.len());
    let (mut agreement, agrees) = compare_files(&pairs);
    if left_out > 0 {
        agreement.push_str(&format!(
            " ({left_out} version-1 sources with `ted` lines left out: isaforge rejects them, the reference drops the lines)"
        ));
    }
    let n = pairs.len();
    let (ours, theirs) = pairs.into_iter().map(|(o, _, t, _, _)| (o, t)).unzip();
    Ok(Job {
        isa: "agal",
        command: "`isa asm agal` / OpenFL AGALMiniAssembler (node)".into(),
        input: format!("{n} corpus sources, one process each"),
        input_bytes: None,
        ours,
        theirs,
        runs: options.runs.unwrap_or(5),
        agreement,
        agrees,
    })
}

/// `git` in the workspace, its output trimmed.
fn git(root: &Path, args: &[&str]) -> String {
    Command::new("git")
        .current_dir(root)
        .args(args)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// The one-minute load average.
fn load_average() -> Option<f64> {
    fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The Markdown of a run: what and where, the table, the checks, the skips.
fn report(
    root: &Path,
    rows: &[Row],
    jobs: &[Job],
    skipped: &[String],
    load: (Option<f64>, Option<f64>),
    floor: Option<u64>,
) -> String {
    let mut md = String::new();
    let commit = git(root, &["rev-parse", "--short", "HEAD"]);
    let dirty = if git(root, &["status", "--porcelain", "--untracked-files=no"]).is_empty() {
        ""
    } else {
        " with uncommitted changes"
    };
    let date = Command::new("date")
        .args(["-u", "+%Y-%m-%d"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let fmt_load = |l: Option<f64>| l.map_or("?".into(), |l| format!("{l:.2}"));
    let loaded = [load.0, load.1].iter().any(|l| l.is_none_or(|l| l >= 1.0));
    let _ = writeln!(
        md,
        "Measured {date} at {commit}{dirty} by `cargo xtask bench-peers`; load average {} before, {} after{}.",
        fmt_load(load.0),
        fmt_load(load.1),
        if loaded {
            " — **preliminary, machine loaded**"
        } else {
            ""
        }
    );
    md.push_str(
        "Whole-process wall time (median of the runs, the two commands alternating) and peak \
         resident memory (`ru_maxrss`, the largest of the runs); ratio is isaforge / peer.",
    );
    if let Some(floor) = floor {
        let _ = write!(
            md,
            " Peaks below {} MiB read as that: what `true` reads, the pages of the measuring helper the \
             commands start from.",
            mib(floor)
        );
    }
    md.push_str("\n\n");
    md.push_str("| command | input | runs | isaforge | peer | ratio | isaforge peak MiB | peer peak MiB | goals |\n");
    md.push_str("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for r in rows {
        let ratio = r.ours.as_secs_f64() / r.theirs.as_secs_f64().max(1e-9);
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {ratio:.2}× | {} | {} | {} |",
            r.command,
            r.input,
            r.runs,
            ms(r.ours),
            ms(r.theirs),
            mib(r.ours_rss),
            mib(r.theirs_rss),
            r.goal
        );
    }
    md.push('\n');
    for j in jobs {
        let _ = writeln!(md, "- {} {}: {}.", j.isa, j.input, j.agreement);
    }
    for s in skipped {
        let _ = writeln!(md, "- **skipped**: {s}.");
    }
    md
}

/// Runs the comparison; returns whether every output agreed and nothing
/// failed (skips for want of `../shared` or a peer are not failures).
pub fn run(options: &Options) -> bool {
    let root = xtask::docs::workspace_root();
    let target = crate::fuzz::target_dir(&root);
    let dirs = Dirs {
        shared: root.join("../shared"),
        work: target.join("bench-peers"),
        peers: target.join("bench-peers/peers"),
        root: root.clone(),
    };
    if !dirs.shared.join("peers").is_dir() || !dirs.shared.join("corpus").is_dir() {
        eprintln!(
            "\n*** bench-peers: {} or {} does not exist: there is nothing to compare with; SKIPPED ***\n",
            dirs.shared.join("peers").display(),
            dirs.shared.join("corpus").display()
        );
        return true;
    }
    if let Err(e) = fs::create_dir_all(&dirs.peers) {
        eprintln!("bench-peers: {}: {e}", dirs.peers.display());
        return false;
    }
    let isa_bin = match build_isa(&root, &target) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bench-peers: {e}");
            return false;
        }
    };
    let wants = |isa: &str| options.only.contains(&isa);
    let mut skipped = Vec::new();
    let mut skip = |what: String| {
        eprintln!("\n*** bench-peers: {what}; SKIPPED ***\n");
        skipped.push(what);
    };
    let (picasso, mesa) = if wants("pica") || wants("lima-pp") || wants("lima-gp") {
        build_c_peers(&dirs)
    } else {
        (None, None)
    };
    let load_before = load_average();
    let mut jobs = Vec::new();
    for isa in ["lima-pp", "lima-gp"].into_iter().filter(|i| wants(i)) {
        match &mesa {
            Some(m) => jobs.extend(lima_jobs(&dirs, isa, &isa_bin, m, options)),
            None => skip(format!("{isa}: Mesa's lima_disasm_raw did not build")),
        }
    }
    if wants("pica") {
        match &picasso {
            Some(p) => match pica_job(&dirs, &isa_bin, p, options) {
                Ok(j) => jobs.push(j),
                Err(e) => skip(format!("pica: {e}")),
            },
            None => skip("pica: picasso did not build".into()),
        }
    }
    if wants("agal") {
        match build_agal_peer(&dirs).and_then(|script| agal_job(&dirs, &isa_bin, &script, options)) {
            Ok(j) => jobs.push(j),
            Err(e) => skip(format!("agal: {e}")),
        }
    }
    let mut rows = Vec::new();
    let mut ok = true;
    for job in &jobs {
        ok &= job.agrees;
        eprintln!("bench-peers: timing {} {} ({} runs each)", job.isa, job.input, job.runs);
        match measure(job) {
            Ok(row) => rows.push(row),
            Err(e) => {
                eprintln!("bench-peers: {} {}: {e}", job.isa, job.input);
                ok = false;
            }
        }
    }
    let floor = Cmd::new(["true"]).measure().ok().map(|s| s.max_rss);
    let md = report(&root, &rows, &jobs, &skipped, (load_before, load_average()), floor);
    println!("{md}");
    if options.write {
        let path = root.join("docs/performance.md");
        let written = fs::read_to_string(&path).and_then(|doc| fs::write(&path, replace_section(&doc, &md)));
        match written {
            Ok(()) => eprintln!("bench-peers: wrote the table into {}", path.display()),
            Err(e) => {
                eprintln!("bench-peers: {}: {e}", path.display());
                ok = false;
            }
        }
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mesa's `pp_clear_program` and `pp_reload_program` (lima_screen.c), one
    /// instruction each and zero padding.
    const CLEAR: [u32; 8] = [
        0x00020425, 0x0000000c, 0x01e007cf, 0xb0000000, 0x000005f5, 0x00000000, 0x00000000, 0x00000000,
    ];
    const RELOAD: [u32; 8] = [
        0x000005e6, 0xf1003c20, 0x00000000, 0x39001000, 0x00000e4e, 0x000007cf, 0x00000000, 0x00000000,
    ];

    #[test]
    fn tiled_lima_pp_is_one_valid_program() {
        let mut instructions = pp_instructions(&CLEAR);
        instructions.extend(pp_instructions(&RELOAD));
        assert_eq!(instructions.len(), 2, "{instructions:x?}");
        let (bytes, count) = tile_pp(&instructions, 10_000);
        assert!(bytes.len() <= 10_000 && bytes.len() > 9_000, "{}", bytes.len());
        let program = isa_lima_pp::Instr::program_from_bytes(&bytes).unwrap();
        assert_eq!(program.len(), count);
        assert_eq!(count % 2, 0);
        // Stop only at the end; next_count names the next length.
        let words = words_of(&bytes);
        let mut at = 0;
        for k in 0..count {
            let w = words[at];
            let last = k + 1 == count;
            assert_eq!(w >> 5 & 1 == 1, last, "stop of instruction {k}");
            assert_eq!(w >> 25 & 1 == 1, !last, "prefetch of instruction {k}");
            at += (w & 0x1f) as usize;
            let next = if last { 0 } else { words[at] & 0x1f };
            assert_eq!(w >> 19 & 0x3f, next, "next_count of instruction {k}");
        }
        assert_eq!(at, words.len());
        // Smaller than one copy: one copy.
        assert_eq!(tile_pp(&instructions, 4).1, 2);
    }

    #[test]
    fn tiled_corpus_programs_decode() {
        let lima = xtask::docs::workspace_root().join("../shared/corpus/lima");
        if !lima.is_dir() {
            eprintln!(
                "\n*** WARNING: {} does not exist; the corpus tiling test is SKIPPED ***\n",
                lima.display()
            );
            return;
        }
        let instructions = pp_corpus(&lima).unwrap();
        assert!(instructions.len() >= 4, "{}", instructions.len());
        let (bytes, count) = tile_pp(&instructions, 1_000_000);
        assert_eq!(isa_lima_pp::Instr::program_from_bytes(&bytes).unwrap().len(), count);
        let gp = tile_gp(&gp_corpus(&lima).unwrap(), 1_000_000);
        assert!(gp.len() % 16 == 0 && gp.len() > 990_000);
        assert_eq!(
            isa_lima_gp::Instruction::program_from_bytes(&gp).unwrap().len(),
            gp.len() / 16
        );
    }

    #[test]
    fn raw_notes_are_removed() {
        let s = |t: &str| String::from_utf8(strip_raw_notes(t.as_bytes()).into_owned()).unwrap();
        assert_eq!(s("\tmov.p ^22 ^15 {raw register0_attr=1}"), "\tmov.p ^22 ^15");
        assert_eq!(
            s("@     0: mov.v0 $0 ^const0.xxxx, stop {raw vec_mul.x=1 vec_mul.y=2}"),
            "@     0: mov.v0 $0 ^const0.xxxx, stop"
        );
        assert_eq!(s("a {raw x=1} b {raw y=2}"), "a b");
        assert_eq!(s("000:\tnop"), "000:\tnop");
        assert!(matches!(strip_raw_notes(b"no notes"), Cow::Borrowed(_)));
    }

    #[test]
    fn medians() {
        let ms = |v: &[u64]| median(&v.iter().map(|&m| Duration::from_millis(m)).collect::<Vec<_>>());
        assert_eq!(ms(&[5, 1, 3]), Duration::from_millis(3));
        assert_eq!(ms(&[4, 1, 3, 2]), Duration::from_micros(2500));
        assert_eq!(ms(&[7]), Duration::from_millis(7));
        assert_eq!(ms(&[]), Duration::ZERO);
    }

    #[test]
    fn options_sizes_and_hex() {
        let o = parse_options(&["--only", "pica,lima-gp", "--sizes", "1M,512K", "--runs", "4", "--write"]).unwrap();
        assert_eq!(
            o,
            Options {
                only: vec!["lima-gp", "pica"],
                sizes: vec![1_000_000, 512_000],
                runs: Some(4),
                write: true
            }
        );
        assert_eq!(parse_options(&[]).unwrap().sizes, [1_000_000, 100_000_000]);
        assert!(parse_options(&["--only", "mips"]).is_err());
        assert!(parse_options(&["--runs", "0"]).is_err());
        assert!(parse_options(&["--sizes", "1X"]).is_err());
        assert!(parse_options(&["--sizes"]).is_err());
        assert_eq!(size_label(100_000_000), "100M");
        assert_eq!(size_label(1_234), "1234");
        assert_eq!(parse_hex_words("# c\n0x1 ff # d\n").unwrap(), [1, 0xff]);
        assert_eq!(words_of(&[1, 0, 0, 0, 2, 0, 0, 0, 9]), [1, 2]);
    }

    #[test]
    fn the_section_is_replaced_or_appended() {
        let doc = format!("# P\n\nintro\n\n{START}\nold\n{END}\n\n## next\n");
        assert_eq!(
            replace_section(&doc, "new\n"),
            format!("# P\n\nintro\n\n{START}\nnew\n{END}\n\n## next\n")
        );
        let appended = replace_section("# P\n", "t");
        assert!(appended.ends_with(&format!("{START}\nt\n{END}\n")), "{appended}");
        assert_eq!(replace_section(&appended, "u"), appended.replace("\nt\n", "\nu\n"));
    }
}
