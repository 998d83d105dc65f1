//! Random input never makes `isa` panic: 2000 random binaries, text files and
//! argument lists through every command, each ending with exit code 0, 1 or 2
//! and a stderr without "panicked". Random binaries that disassemble must
//! also assemble back to the same bytes, and decode to well-formed JSON.

mod common;

use std::path::Path;

use common::{isa, write, Rng, Run};

const ITERATIONS: usize = 2000;

/// Pieces of PICA assembly, valid and not, for random lines.
const TOKENS: &[&str] = &[
    "add",
    "dp3",
    "dp4",
    "mov",
    "mova",
    "cmp",
    "mad",
    "madi",
    "ifc",
    "ifu",
    "call",
    "loop",
    "setemit",
    "jmpu",
    "end",
    "nop",
    ".word",
    ".Word",
    "dp5",
    "v0",
    "v15",
    "v16",
    "r0",
    "r15",
    "c0",
    "c95",
    "c96",
    "o0",
    "o15",
    "o16",
    "b0",
    "b15",
    "i3",
    "i4",
    "a0",
    "aL",
    ",",
    ", ",
    "(desc",
    "(desc 0)",
    "(desc 127)",
    "(desc 128)",
    ")",
    "(",
    "[a0.x]",
    "[a0.y]",
    "[aL]",
    "[",
    "]",
    "=",
    "x=",
    "y=",
    "dst=",
    "num=",
    "src2=",
    "unused=",
    "prim",
    "inv",
    "lt",
    "le",
    "eq",
    "ne",
    "gt",
    "ge",
    "and",
    "or",
    "true",
    "false",
    "0",
    "1",
    "-1",
    "+7",
    "0x",
    "0x_",
    "0b",
    "0b102",
    "0xffffffff",
    "0x100000000",
    "0xffffffffffffffffffffffffffffffffff",
    "170141183460469231731687303715884105727",
    "170141183460469231731687303715884105728",
    "-170141183460469231731687303715884105728",
    "99999999999999999999",
    "1_000",
    "12ab",
    ";",
    "//",
    "#",
    " ",
    "\t",
    "\r",
    "é",
    "ß",
    "\u{1F600}",
    "\u{0301}",
    "\u{FEFF}",
    "\\",
    "\"",
];

/// Valid lines, to be cut and mutated.
const VALID: &[&str] = &[
    "add r1, v0, v1 (desc 0)",
    "dp3 o0, c10[a0.x], r2 (desc 5)",
    "mova a0, c7 (desc 3)",
    "cmp v0, lt, ge, r1 (desc 2)",
    "ifc and, x=1, y=0, dst=12, num=3",
    "call dst=40, num=2",
    "loop i1, dst=20, num=0",
    "setemit 1, prim, inv",
    "madi r3, v1, r2, c95[aL] (desc 31)",
    "mad o4, r0, c1, v2 (desc 7)",
    "jmpu b15, dst=4095, num=255",
    ".word 0x5c000001",
    "rcp r0, r0 (desc 0) src2=0x3",
    "end",
];

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = match rng.below(4) {
        0 => rng.below(8),
        1 => 4 * rng.below(16),
        _ => rng.below(80),
    };
    (0..len).map(|_| rng.next() as u8).collect()
}

fn random_line(rng: &mut Rng) -> Vec<u8> {
    match rng.below(4) {
        0 => {
            let mut line = rng.pick(VALID).as_bytes().to_vec();
            for _ in 0..=rng.below(3) {
                let at = rng.below(line.len() + 1);
                match rng.below(4) {
                    0 => line.truncate(at),
                    1 => {
                        // Mostly printable ASCII, sometimes any byte.
                        let byte = match rng.below(4) {
                            0 => rng.next() as u8,
                            _ => b' ' + rng.below(95) as u8,
                        };
                        line.insert(at, byte);
                    }
                    2 => line.splice(at..at, rng.pick(TOKENS).bytes()).for_each(drop),
                    _ => {
                        if at < line.len() {
                            line.remove(at);
                        }
                    }
                }
            }
            line
        }
        1 => (0..rng.below(12)).map(|_| rng.next() as u8).collect(),
        _ => {
            let mut line = Vec::new();
            for _ in 0..rng.below(10) {
                line.extend_from_slice(rng.pick(TOKENS).as_bytes());
                if rng.below(2) == 0 {
                    line.push(b' ');
                }
            }
            line
        }
    }
}

fn random_text(rng: &mut Rng) -> Vec<u8> {
    let mut text = Vec::new();
    for _ in 0..rng.below(6) {
        text.extend(random_line(rng));
        text.extend_from_slice(if rng.below(5) == 0 { b"\r\n" } else { b"\n" });
    }
    text
}

fn random_args(rng: &mut Rng) -> Vec<String> {
    const PIECES: &[&str] = &[
        "0x",
        "0X",
        "_",
        ",",
        " ",
        "ff",
        "0",
        "1",
        "deadbeef",
        "FFFFFFFF",
        "100000000",
        "g",
        "-",
        "--opdesc",
        "é",
        "x",
        "0x0036e1bf",
        "88000000",
    ];
    let mut args = vec!["explain".to_string(), "pica".to_string()];
    for _ in 0..rng.below(4) {
        let mut arg = String::new();
        for _ in 0..=rng.below(4) {
            arg.push_str(rng.pick(PIECES));
        }
        args.push(arg);
    }
    args
}

fn check(run: &Run, what: &str, path: &str) {
    assert!(
        matches!(run.code, Some(0..=2)),
        "{what} {path}: exit code {:?}, stderr: {}",
        run.code,
        run.stderr
    );
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"),
        "{what} {path}: {}",
        run.stderr
    );
}

fn one_iteration(dir: &Path, i: usize) {
    let mut rng = Rng::new(0x15a_f0e6e ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));

    // A random binary through disasm (and back through asm) and decode.
    let bytes = random_bytes(&mut rng);
    let bin = write(dir, &format!("{i}.bin"), &bytes);
    let dis = isa(&["disasm", "pica", &bin, "--raw"]);
    check(&dis, "disasm", &bin);
    if bytes.is_empty() {
        assert_eq!(dis.code, Some(1), "disasm {bin}");
        assert!(dis.stderr.contains(": byte 0x0: the input is empty"), "{}", dis.stderr);
    } else if bytes.len() % 4 == 0 {
        assert_eq!(dis.code, Some(0), "disasm {bin}: {}", dis.stderr);
        let text = write(dir, &format!("{i}.dis"), &dis.stdout);
        let again = isa(&["asm", "pica", &text, "--raw", "-o", "-"]);
        check(&again, "asm of disasm", &text);
        assert_eq!(again.code, Some(0), "asm {text}: {}", again.stderr);
        assert_eq!(again.stdout, bytes, "round trip of {bin}");
    } else {
        assert_eq!(dis.code, Some(1), "disasm {bin}");
        assert!(dis.stderr.contains(": byte 0x"), "{}", dis.stderr);
    }
    let json = isa(&["decode", "pica", &bin, "--raw", "--json"]);
    check(&json, "decode --json", &bin);
    if json.code == Some(0) {
        let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("decode prints valid JSON");
        assert_eq!(value["instructions"].as_array().map(Vec::len), Some(bytes.len() / 4));
    }
    let both = isa(&["decode", "pica", &bin, "--raw", "--opdescs", &bin]);
    check(&both, "decode --opdescs", &bin);

    // Random text through asm.
    let src = write(dir, &format!("{i}.pica"), random_text(&mut rng));
    let out = dir.join(format!("{i}.out")).to_string_lossy().into_owned();
    let asm = isa(&["asm", "pica", &src, "--raw", "-o", &out]);
    check(&asm, "asm", &src);
    if asm.code == Some(1) {
        let first = asm.stderr.lines().next().unwrap_or("");
        assert!(first.starts_with(&format!("{src}:")), "asm {src}: {first}");
    }

    // Random words through explain.
    let args = random_args(&mut rng);
    let run = isa(&args);
    check(&run, &format!("{args:?}"), "");
}

#[test]
fn random_input_never_panics() {
    let dir = common::scratch("fuzz");
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get() * 2);
    std::thread::scope(|s| {
        for t in 0..threads {
            let dir = &dir;
            s.spawn(move || {
                for i in (t..ITERATIONS).step_by(threads) {
                    one_iteration(dir, i);
                }
            });
        }
    });
}
