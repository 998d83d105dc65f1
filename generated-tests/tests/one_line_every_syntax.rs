//! One spec line, and no other edit, reaches the default text syntax of the
//! `isa` command, not only the generated codec.
//!
//! The test copies the crates that make up `isa` (runtime, spec language,
//! macros, specs, CLI) into `target/one-line/ws`, adds one made-up opcode
//! line to a spec file there, builds that `isa` (its own target directory,
//! `target/one-line/target`, so it never waits on the outer build's lock)
//! and runs it: the default `isa asm` must accept the new mnemonic where the
//! line's attributes allow it and refuse it, at the mnemonic, where they do
//! not; `isa disasm` must print it; the round trip must give the same bytes.
//! `tests/added_opcode.rs` shows the same for the codec, `LAYOUT` and docs.

use std::path::{Path, PathBuf};
use std::process::Command;

use pretty_assertions::assert_eq;

/// A one-line spec addition and what it must do.
struct Case {
    /// The spec file, under `isa-specs` (its crate's directory, then the file).
    spec: &'static str,
    /// The line the new one goes after (it must occur exactly once).
    after: &'static str,
    /// The added line.
    line: &'static str,
}

/// AGAL: a made-up `tex`-like opcode (0x25 is free), AGAL2 and fragment
/// only, as `ted` is.
const AGAL: Case = Case {
    spec: "agal/agal.isa",
    after: "    ted 0x26 TokenTex",
    line: "    txb 0x25 TokenTex  fragment_only since=v2 sem \"dst = sampler.eval(src1)\" /// made up: biased texture sample",
};

/// PICA200: a made-up format-1 opcode at a free value (0x10), reading only
/// x and y of its sources.
const PICA: Case = Case {
    spec: "pica/pica.isa",
    after: "    min    0x0D  Fmt1",
    line: "    frob   0x10  Fmt1     reads=xy              sem \"dst = float4(src1.x - src2.y)\" /// made up",
};

/// Lima GP: a made-up complex-unit operation at a value the enum leaves
/// unnamed (1), which Mesa's text prints as `unk1.c`.
const LIMA_GP: Case = Case {
    spec: "lima-gp/lima_gp.isa",
    after: "    nop             = 0  \"nop\"",
    line: "    frob            = 1  \"frob\"            sem \"dst = a + 1.0\"        /// made up",
};

/// Lima PP: a made-up adder operation at a value the enum leaves unnamed
/// (1); two operands (the `args` default), in both adders.
const LIMA_PP: Case = Case {
    spec: "lima-pp/lima_pp.isa",
    after: "    add      = 0  \"add\"",
    line: "    frob     = 1  \"frob\"                           sem \"dst = a - b\"   /// made up",
};

/// The crates `isa` is built from, copied into the scratch workspace.
const CRATES: &[&str] = &[
    "isa-runtime",
    "isa-meta",
    "isa-macros",
    "isa-specs/pica",
    "isa-specs/agal",
    "isa-specs/lima-pp",
    "isa-specs/lima-gp",
    "isa-specs/ir3",
    "isa-cli",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Copies `from` to `to`, writing only files whose bytes differ (so cargo's
/// fingerprints stay valid between runs), skipping `target` directories,
/// and deleting what `from` no longer has (a module split leaves no stale
/// file behind).
fn sync(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(to).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() == "target" || from.join(entry.file_name()).exists() {
            continue;
        }
        let path = entry.path();
        let gone = if entry.file_type().unwrap().is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        gone.unwrap_or_else(|e| panic!("removing stale {}: {e}", path.display()));
    }
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if entry.file_type().unwrap().is_dir() {
            if entry.file_name() != "target" {
                sync(&src, &dst);
            }
        } else {
            write_if_changed(&dst, &std::fs::read(&src).unwrap());
        }
    }
}

fn write_if_changed(path: &Path, bytes: &[u8]) {
    if std::fs::read(path).ok().as_deref() != Some(bytes) {
        std::fs::write(path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    }
}

/// The scratch workspace with `cases` applied, built; the path of its `isa`.
fn build_with(cases: &[&Case]) -> PathBuf {
    let root = root();
    let scratch = root.join("target/one-line");
    let ws = scratch.join("ws");
    for c in CRATES {
        sync(&root.join(c), &ws.join(c));
    }
    for file in ["Cargo.lock", "rust-toolchain.toml"] {
        write_if_changed(&ws.join(file), &std::fs::read(root.join(file)).unwrap());
    }
    // The workspace manifest, with only the copied crates as members.
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let start = manifest.find("members = [").expect("a members list");
    let end = start + manifest[start..].find(']').expect("the list's end") + 1;
    let members: Vec<String> = CRATES.iter().map(|c| format!("\"{c}\"")).collect();
    let manifest = format!(
        "{}members = [{}]{}",
        &manifest[..start],
        members.join(", "),
        &manifest[end..]
    );
    write_if_changed(&ws.join("Cargo.toml"), manifest.as_bytes());
    for case in cases {
        let path = ws.join("isa-specs").join(case.spec);
        let text = std::fs::read_to_string(root.join("isa-specs").join(case.spec)).unwrap();
        let anchors: Vec<usize> = text
            .match_indices(&format!("\n{}", case.after))
            .map(|(i, _)| i + 1)
            .collect();
        assert_eq!(anchors.len(), 1, "`{}` must occur once in {}", case.after, case.spec);
        let line_end = anchors[0] + text[anchors[0]..].find('\n').expect("a line end") + 1;
        let edited = format!("{}{}\n{}", &text[..line_end], case.line, &text[line_end..]);
        write_if_changed(&path, edited.as_bytes());
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["build", "--quiet", "--offline", "-p", "isa-cli"])
        .current_dir(&ws)
        .env("CARGO_TARGET_DIR", scratch.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("running cargo");
    assert!(
        out.status.success(),
        "building isa with the added lines failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    scratch.join("target/debug/isa")
}

/// The scratch `isa`, built once for every test of this file.
fn isa() -> &'static Path {
    static ISA: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ISA.get_or_init(|| build_with(&[&AGAL, &PICA, &LIMA_GP, &LIMA_PP]))
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = Command::new(isa()).args(args).output().expect("running isa");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = root().join("target/one-line/runs").join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn agal_line_reaches_the_mini_assembler_syntax() {
    let dir = scratch_dir("agal");
    let src = dir.join("txb.agal");
    std::fs::write(&src, "txb ft0, v0, fs1 <2d, linear, repeat, 1.5>\nmov oc, ft0\n").unwrap();
    let (src, bin) = (src.to_string_lossy().into_owned(), dir.join("txb.bin"));
    let bin = bin.to_string_lossy().into_owned();

    let asm = |kind: &str, version: &str| run(&["asm", "agal", &src, "--type", kind, "--version", version, "-o", &bin]);
    let ok = asm("fragment", "2");
    assert_eq!((ok.code, ok.stderr.as_str()), (Some(0), ""));
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(bytes[7..11], [0x25, 0, 0, 0], "the new opcode's value");

    let disasm = run(&["disasm", "agal", &bin]);
    assert_eq!(disasm.code, Some(0), "{}", disasm.stderr);
    let body: Vec<&str> = disasm.stdout.lines().filter(|l| !l.starts_with("//")).collect();
    assert_eq!(
        body,
        ["txb ft0, v0, fs1 <2d,linear,mipnone,repeat,rgba,1.5>", "mov oc, ft0"]
    );

    // The disassembly assembles back to the same bytes.
    let again = dir.join("again.agal");
    std::fs::write(&again, &disasm.stdout).unwrap();
    let again = again.to_string_lossy().into_owned();
    let rebuilt = dir.join("again.bin").to_string_lossy().into_owned();
    let run2 = run(&[
        "asm",
        "agal",
        &again,
        "--type",
        "fragment",
        "--version",
        "2",
        "-o",
        &rebuilt,
    ]);
    assert_eq!(run2.code, Some(0), "{}", run2.stderr);
    assert_eq!(std::fs::read(&rebuilt).unwrap(), bytes);

    // The attributes on the line: version 2, fragment programs only.
    let v1 = asm("fragment", "1");
    assert_eq!(v1.code, Some(1));
    assert_eq!(
        v1.stderr,
        format!("{src}:1:1: `txb` needs AGAL version 2 or later; this program is version 1\n")
    );
    let vertex = asm("vertex", "2");
    assert_eq!(vertex.code, Some(1));
    assert!(
        vertex
            .stderr
            .starts_with(&format!("{src}:1:1: `txb` is only allowed in fragment programs\n")),
        "{}",
        vertex.stderr
    );

    // Its semantics reach the AGSL lift.
    let lift = run(&["lift", "agal", &bin, "--to", "agsl"]);
    assert_eq!(lift.code, Some(0), "{}", lift.stderr);
    assert!(lift.stdout.contains("// txb ft0, v0, fs1"), "{}", lift.stdout);
    assert!(
        lift.stdout.contains("ft0 = float4(fs1.eval(v0.xy * fs1_size));"),
        "{}",
        lift.stdout
    );
}

#[test]
fn pica_line_reaches_the_picasso_syntax() {
    let dir = scratch_dir("pica");
    let src = dir.join("frob.v.pica");
    let text = ".out outpos position\n.proc main\n    frob r1.xy, v0.yx, -r0\n    frob r2, v1, r3.y\n    mov outpos, r1\n    end\n.end\n";
    std::fs::write(&src, text).unwrap();
    let (src, bin) = (src.to_string_lossy().into_owned(), dir.join("frob.shbin"));
    let bin = bin.to_string_lossy().into_owned();

    let asm = run(&["asm", "pica", &src, "-o", &bin]);
    assert_eq!((asm.code, asm.stderr.as_str()), (Some(0), ""));
    let disasm = run(&["disasm", "pica", &bin]);
    assert_eq!(disasm.code, Some(0), "{}", disasm.stderr);
    let body: Vec<&str> = disasm.stdout.lines().filter(|l| l.starts_with('\t')).collect();
    assert_eq!(
        body,
        [
            "\tfrob r1.xy, v0.yx, -r0",
            "\tfrob r2, v1, r3.y",
            "\tmov outpos, r1",
            "\tend"
        ]
    );

    let again = dir.join("again.v.pica");
    std::fs::write(&again, &disasm.stdout).unwrap();
    let again = again.to_string_lossy().into_owned();
    let rebuilt = dir.join("again.shbin").to_string_lossy().into_owned();
    let run2 = run(&["asm", "pica", &again, "-o", &rebuilt]);
    assert_eq!(run2.code, Some(0), "{}", run2.stderr);
    assert_eq!(std::fs::read(&rebuilt).unwrap(), std::fs::read(&bin).unwrap());

    let json = run(&["decode", "pica", &bin, "--json"]);
    assert_eq!(json.code, Some(0), "{}", json.stderr);
    assert_eq!(json.stdout.matches("\"text\":\"frob ").count(), 2, "{}", json.stdout);

    // `reads=xy` reaches picasso's descriptor sharing: the second frob's
    // source differs from the first's only in w, which frob does not read,
    // so both (and the mov) use one descriptor, and the text says `v0`
    // (`decode`'s text is the listing's line: picasso's form).
    let shared = dir.join("shared.v.pica");
    let text = ".out outpos position\n.proc main\n    frob r1, v0, r0\n    frob r2, v0.xyww, r0\n    mov outpos, r1\n    end\n.end\n";
    std::fs::write(&shared, text).unwrap();
    let shared = shared.to_string_lossy().into_owned();
    let shared_bin = dir.join("shared.shbin").to_string_lossy().into_owned();
    let asm = run(&["asm", "pica", &shared, "-o", &shared_bin]);
    assert_eq!((asm.code, asm.stderr.as_str()), (Some(0), ""));
    let json = run(&["decode", "pica", &shared_bin, "--json"]);
    assert_eq!(json.stdout.matches("\"text\":\"frob ").count(), 2, "{}", json.stdout);
    assert!(json.stdout.contains("\"text\":\"frob r2, v0, r0\""), "{}", json.stdout);
    let descriptors = json.stdout.matches("\"name\":\"mask\"").count();
    let desc_0 = json
        .stdout
        .matches("\"name\":\"desc\",\"lo\":0,\"width\":7,\"raw\":0,")
        .count();
    assert_eq!((descriptors, desc_0), (1, 3), "one descriptor: {}", json.stdout);
}

#[test]
fn lima_gp_line_reaches_the_mesa_syntax() {
    let dir = scratch_dir("lima_gp");
    // One 128-bit word: every source unused but the complex unit's, which
    // reads $0.x, with complex_op 1 (the made-up `frob`).
    let mut word: u128 = 0;
    for lo in [0, 5, 10, 15, 22, 27, 32, 37, 111] {
        word |= 21 << lo;
    }
    word |= 1 << 86;
    let bin = dir.join("frob.bin");
    std::fs::write(&bin, word.to_le_bytes()).unwrap();
    let bin = bin.to_string_lossy().into_owned();
    let disasm = run(&["disasm", "lima-gp", &bin]);
    assert_eq!(disasm.code, Some(0), "{}", disasm.stderr);
    assert!(
        disasm.stdout.starts_with("000:\tfrob.c ^5 $0.x {raw "),
        "{}",
        disasm.stdout
    );

    let text = dir.join("frob.txt");
    std::fs::write(&text, &disasm.stdout).unwrap();
    let text = text.to_string_lossy().into_owned();
    let again = dir.join("again.bin").to_string_lossy().into_owned();
    let asm = run(&["asm", "lima-gp", &text, "-o", &again]);
    assert_eq!((asm.code, asm.stderr.as_str()), (Some(0), ""));
    assert_eq!(std::fs::read(&again).unwrap(), word.to_le_bytes());
}

#[test]
fn lima_pp_line_reaches_the_mesa_syntax() {
    let dir = scratch_dir("lima_pp");
    let text = "frob.v1 $0 $1 $2.zwxy, sync\nfrob.s1 $3.x $1.y -$2.z, stop\n";
    let src = dir.join("frob.txt");
    std::fs::write(&src, text).unwrap();
    let src = src.to_string_lossy().into_owned();
    let bin = dir.join("frob.bin").to_string_lossy().into_owned();
    let asm = run(&["asm", "lima-pp", &src, "-o", &bin]);
    assert_eq!((asm.code, asm.stderr.as_str()), (Some(0), ""));

    let disasm = run(&["disasm", "lima-pp", &bin]);
    assert_eq!(disasm.code, Some(0), "{}", disasm.stderr);
    let lines: Vec<&str> = disasm.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", disasm.stdout);
    assert!(lines[0].ends_with(": frob.v1 $0 $1 $2.zwxy, sync"), "{}", disasm.stdout);
    assert!(
        lines[1].ends_with(": frob.s1 $3.x $1.y -$2.z, stop"),
        "{}",
        disasm.stdout
    );

    let json = run(&["decode", "lima-pp", &bin, "--json"]);
    assert_eq!(json.code, Some(0), "{}", json.stderr);
    assert!(json.stdout.contains("\"value\":\"frob\""), "{}", json.stdout);
}
