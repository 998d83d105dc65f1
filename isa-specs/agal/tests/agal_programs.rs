//! Whole AGAL programs against the corpus in `../shared/corpus/agal` (read at
//! run time; when it is missing the tests print a warning and pass):
//! - every unmarked manifest row assembles byte-identical to the output of
//!   Adobe's 2015 AGALMiniAssembler, and the marked row is rejected;
//! - every corpus binary disassembles to text that reassembles to the same
//!   bytes, in mini-assembler syntax only;
//! - malformed binaries give positioned errors, and no input panics.

use std::path::{Path, PathBuf};

use isa_agal::disasm::listing;
use isa_agal::{assemble, disassemble, AgalProgram, ProgramType, Version};
use pretty_assertions::assert_eq;

fn corpus() -> Option<PathBuf> {
    isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "agal")
}

/// One row of `src/MANIFEST.tsv`.
struct Row {
    file: String,
    kind: ProgramType,
    version: Version,
    ignore_limits: bool,
    note: String,
}

fn manifest(root: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(root.join("src/MANIFEST.tsv")).unwrap();
    let mut rows = Vec::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let col = |i: usize| cols.get(i).copied().unwrap_or("").trim();
        rows.push(Row {
            file: col(0).to_string(),
            kind: match col(1) {
                "vertex" => ProgramType::Vertex,
                "fragment" => ProgramType::Fragment,
                other => panic!("{line}: type {other}"),
            },
            version: match col(2) {
                "1" => Version::V1,
                "2" => Version::V2,
                "3" => Version::V3,
                other => panic!("{line}: version {other}"),
            },
            ignore_limits: col(3).split(',').any(|f| f.trim() == "ignorelimits"),
            note: col(4).to_string(),
        });
    }
    rows
}

fn expected_bin(root: &Path, file: &str) -> Vec<u8> {
    let name = file.strip_suffix(".agal").unwrap_or(file);
    std::fs::read(root.join("src").join(format!("{name}.expected.bin"))).unwrap()
}

/// The lines of a shader text that start with `ted`: the reference assembler
/// does not know that opcode and drops such lines without a word.
fn ted_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("ted "))
        .map(|(i, _)| i + 1)
        .collect()
}

/// Every manifest row. Rows whose text has no `ted` line must assemble
/// byte-identical to the reference's output. Rows with `ted` lines (the marked
/// row, and two unmarked ones that the manifest does not flag) are version 1,
/// and `ted` is AGAL2's: they are rejected with one error per `ted` line, at
/// its line and column 1, saying so, and nothing else (the reference drops
/// the lines silently); with those lines deleted, they too assemble
/// byte-identical.
#[test]
fn manifest_rows_assemble_byte_identical() {
    let Some(root) = corpus() else { return };
    let rows = manifest(&root);
    assert_eq!(rows.len(), 97, "the manifest lists 97 shader texts");
    assert_eq!(rows.iter().filter(|r| !r.note.is_empty()).count(), 1, "one marked row");
    let mut failures = Vec::new();
    let mut identical = 0;
    let mut rejected = Vec::new();
    for row in &rows {
        let text = std::fs::read_to_string(root.join("src").join(&row.file)).unwrap();
        let expected = expected_bin(&root, &row.file);
        let teds = ted_lines(&text);
        let result = assemble(&text, row.kind, row.version, row.ignore_limits);
        if teds.is_empty() {
            match result {
                Ok(program) if program.to_bytes() == expected => identical += 1,
                Ok(program) => {
                    let got = program.to_bytes();
                    let at = got
                        .iter()
                        .zip(&expected)
                        .position(|(a, b)| a != b)
                        .unwrap_or(got.len().min(expected.len()));
                    failures.push(format!("{}: bytes differ from byte {at:#x}", row.file));
                }
                Err(errors) => failures.push(format!(
                    "{}: {}",
                    row.file,
                    errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ")
                )),
            }
            continue;
        }
        let Err(errors) = result else {
            failures.push(format!("{}: assembled despite its `ted` lines", row.file));
            continue;
        };
        let at: Vec<(usize, usize)> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(at, teds.iter().map(|&l| (l, 1)).collect::<Vec<_>>(), "{}", row.file);
        assert_eq!(row.version, Version::V1, "{}", row.file);
        for e in &errors {
            assert_eq!(
                e.message, "`ted` needs AGAL version 2 or later; this program is version 1",
                "{}",
                row.file
            );
        }
        // At version 2 the same text assembles, each `ted` to opcode 0x26
        // with the operands `tex` would have.
        let v2 = assemble(&text, row.kind, Version::V2, row.ignore_limits).unwrap();
        let as_tex = text.replace("ted ", "tex ");
        let tex = assemble(&as_tex, row.kind, Version::V2, row.ignore_limits).unwrap();
        let (v2, tex) = (v2.to_bytes(), tex.to_bytes());
        assert_eq!(v2.len(), tex.len(), "{}", row.file);
        let opcodes: Vec<u8> = v2[7..].chunks(24).map(|t| t[0]).collect();
        assert_eq!(
            opcodes.iter().filter(|&&c| c == 0x26).count(),
            teds.len(),
            "{}",
            row.file
        );
        for (a, b) in v2[7..].chunks(24).zip(tex[7..].chunks(24)) {
            assert_eq!(a[1..], b[1..], "{}: operands as tex's", row.file);
        }
        let kept: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("ted "))
            .map(|l| format!("{l}\n"))
            .collect();
        let program = assemble(&kept, row.kind, row.version, row.ignore_limits).unwrap();
        assert_eq!(program.to_bytes(), expected, "{} without its `ted` lines", row.file);
        rejected.push(format!(
            "{} ({} `ted` lines{})",
            row.file,
            teds.len(),
            if row.note.is_empty() { ", unmarked" } else { ", marked" }
        ));
    }
    eprintln!(
        "manifest: {identical}/96 unmarked rows byte-identical; rejected for their `ted` lines (and \
         byte-identical without them): {}",
        rejected.join(", ")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(identical, 94);
    assert_eq!(rejected.len(), 3);
}

fn corpus_binaries(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["bin", "src"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "bin") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_binary_round_trips_through_text() {
    let Some(root) = corpus() else { return };
    let files = corpus_binaries(&root);
    assert_eq!(files.len(), 107);
    let mut tokens = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let program = AgalProgram::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(program.to_bytes(), bytes, "{}", file.display());
        let listing = listing(&program);
        let raw: Vec<_> = listing.tokens.iter().filter_map(|t| t.raw_reason.as_ref()).collect();
        assert!(raw.is_empty(), "{}: tokens kept raw: {raw:?}", file.display());
        let text = listing.to_string();
        let again = assemble(
            &text,
            program.header.kind,
            program.header.version,
            listing.needs_ignore_limits,
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}\n{text}", file.display()));
        assert_eq!(again.to_bytes(), bytes, "{}\n{text}", file.display());
        // Limits are only waived where the version's limits are exceeded.
        let ignore = file.to_string_lossy().contains("DIrectOffseting");
        assert_eq!(listing.needs_ignore_limits, ignore, "{}", file.display());
        tokens += program.tokens.len();
    }
    eprintln!(
        "{} binaries, {tokens} tokens: disassembled and reassembled byte-identical",
        files.len()
    );
}

/// A known program's text, to show what the disassembler writes.
#[test]
fn a_ruffle_binary_reads_as_expected() {
    let Some(root) = corpus() else { return };
    let bytes = std::fs::read(root.join("bin/relative_vertex.bin")).unwrap();
    let program = AgalProgram::from_bytes(&bytes).unwrap();
    let text = disassemble(&program);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "// AGAL program, 3 tokens; assemble with --type vertex --version 2"
    );
    assert!(text.lines().skip(1).all(|l| !l.starts_with("//")), "{text}");
    assert!(text.contains("vc["), "{text}");
}

fn header(version: u32, kind: u8) -> Vec<u8> {
    let mut h = vec![0xA0];
    h.extend_from_slice(&version.to_le_bytes());
    h.extend_from_slice(&[0xA1, kind]);
    h
}

/// `add vt0, va0, vc0` as bytes.
fn add_token() -> [u8; 24] {
    let mut t = [0u8; 24];
    t[0] = 1;
    t[4..8].copy_from_slice(&[0, 0, 0xF, 2]);
    t[8..16].copy_from_slice(&[0, 0, 0, 0xE4, 0, 0, 0, 0]);
    t[16..24].copy_from_slice(&[0, 0, 0, 0xE4, 1, 0, 0, 0]);
    t
}

fn error_of(bytes: &[u8]) -> (usize, String) {
    let e = AgalProgram::from_bytes(bytes).expect_err("an error");
    assert!(e.offset <= bytes.len(), "{e}");
    (e.offset, e.message)
}

#[test]
fn malformed_binaries_give_positioned_errors() {
    let good = [header(1, 0), add_token().to_vec(), add_token().to_vec()].concat();
    assert!(AgalProgram::from_bytes(&good).is_ok());

    // Truncated header and token; odd lengths.
    for len in 0..7 {
        let (at, message) = error_of(&good[..len]);
        assert_eq!(at, len, "{message}");
        assert!(message.contains("truncated header"), "{message}");
    }
    for len in [8, 30, 32, 54] {
        let (at, message) = error_of(&good[..len]);
        assert_eq!(at, 7 + 24 * ((len - 7) / 24), "{len}: {message}");
        assert!(message.contains("truncated token"), "{message}");
    }
    // One byte is counted as one.
    assert!(error_of(&good[..1]).1.contains("the file ends after 1 byte; "));
    let one = error_of(&good[..8]).1;
    assert!(
        one.contains("ends 1 byte into token 0, which needs 24 (the body after the 7-byte header is 1 byte,"),
        "{one}"
    );

    // Bad magic, version, tag and program type.
    let with = |at: usize, byte: u8| {
        let mut b = good.clone();
        b[at] = byte;
        b
    };
    let (at, message) = error_of(&with(0, 0xA1));
    assert_eq!(at, 0);
    assert!(message.contains("bad magic 0xa1"), "{message}");
    for version in [0u32, 4, 0x0100_0000] {
        let mut b = good.clone();
        b[1..5].copy_from_slice(&version.to_le_bytes());
        let (at, message) = error_of(&b);
        assert_eq!(at, 1);
        assert!(message.contains(&format!("bad version {version}")), "{message}");
    }
    assert_eq!(error_of(&with(5, 0xA0)).0, 5);
    let (at, message) = error_of(&with(6, 2));
    assert_eq!(at, 6);
    assert!(message.contains("program type 2"), "{message}");

    // Unknown opcodes, in the second token.
    for code in [0x22u8, 0x25, 0x2F, 0xFF] {
        let (at, message) = error_of(&with(31, code));
        assert_eq!(at, 31);
        assert!(message.contains(&format!("unknown opcode {code:#04x}")), "{message}");
    }
    let (at, _) = error_of(&with(34, 1)); // opcode 0x01000001
    assert_eq!(at, 31);

    // Register types 7 to 15 in each typed nibble: destination, source 1 and 2,
    // and their index types.
    for rel in [7usize, 12, 13, 20, 21] {
        for t in 7u8..16 {
            let (at, message) = error_of(&with(31 + rel, t));
            assert_eq!(at, 31 + rel, "type {t} at {rel}: {message}");
            let expected = if t == 7 { "iid" } else { "is not a register type" };
            assert!(message.contains(expected), "{message}");
        }
    }
    // Type 7 is AGAL3's instance id: accepted in a version 3 program.
    let mut v3 = with(31 + 12, 7);
    v3[1] = 3;
    assert!(AgalProgram::from_bytes(&v3).is_ok());

    // Nonzero bytes in unused slots: a `mov` (one source) with a second source.
    let mut mov = with(31, 0);
    mov[31 + 16] = 1;
    let (at, message) = error_of(&mov);
    assert_eq!(at, 31 + 16);
    assert!(message.contains("`mov` has no second source"), "{message}");
    // `kil` with a destination; a sampler slot whose type is not 5.
    let mut kil = with(31, 0x27);
    kil[31 + 16..31 + 24].fill(0);
    let (at, message) = error_of(&kil);
    // At the first byte that is not zero (the write mask's), not the slot's.
    assert_eq!(at, 31 + 6);
    assert!(message.contains("no destination"), "{message}");
    let (at, message) = error_of(&with(31, 0x28));
    assert_eq!(at, 31 + 20);
    assert!(message.contains("register type 5"), "{message}");
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whatever parses rewrites to the same bytes and survives disassembly and
/// reassembly; whatever does not parse names an offset inside the input.
fn check_bytes(bytes: &[u8]) {
    match AgalProgram::from_bytes(bytes) {
        Ok(program) => {
            assert_eq!(program.to_bytes(), bytes);
            let listing = listing(&program);
            let text = listing.to_string();
            let again = assemble(
                &text,
                program.header.kind,
                program.header.version,
                listing.needs_ignore_limits,
            )
            .unwrap_or_else(|e| panic!("{e:?}\n{text}"));
            assert_eq!(again.to_bytes(), bytes, "{text}");
        }
        Err(e) => assert!(e.offset <= bytes.len(), "{e}"),
    }
}

#[test]
fn truncations_and_byte_flips_never_panic() {
    let Some(root) = corpus() else { return };
    let files = corpus_binaries(&root);
    let mut rng = Rng(0xA6A1);
    let mut parsed = 0;
    for file in &files {
        let original = std::fs::read(file).unwrap();
        for len in 0..original.len() {
            check_bytes(&original[..len]);
        }
        for _ in 0..60 {
            let mut bytes = original.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len());
                bytes[at] = match rng.below(3) {
                    0 => rng.next() as u8,
                    1 => bytes[at] ^ (1 << rng.below(8)),
                    _ => [0, 0xFF, 7, 8, 0xF, 0x80][rng.below(6)],
                };
            }
            parsed += usize::from(AgalProgram::from_bytes(&bytes).is_ok());
            check_bytes(&bytes);
        }
    }
    eprintln!("{} flipped files, {parsed} of them still parse", files.len() * 60);
}

/// Pieces of mini-assembler text, valid and not, for random lines.
const PIECES: &[&str] = &[
    "mov",
    "add",
    "m44",
    "tex",
    "tld",
    "kil",
    "ife",
    "els",
    "eif",
    "ddx",
    "ted",
    "MOV",
    "sgn",
    "op",
    "oc",
    "fd",
    "od",
    "va0",
    "va8",
    "vc127",
    "vc[",
    "vc[va0.x+4]",
    "vc[vt1.w+255].zy",
    "vc[op.x]",
    "]",
    "[",
    "fc27",
    "fc28",
    "ft0",
    "ft7",
    "ft26",
    "v0",
    "v9",
    "i3",
    "fi2",
    "iid0",
    "fs0",
    "fs8",
    "vt0.xyzw",
    ".x",
    ".rgba",
    ".xyzwx",
    ".",
    ",",
    ", ",
    " ",
    "\t",
    "<",
    ">",
    "<2d,linear,repeat>",
    "<cube nearest>",
    "<1.5>",
    "<-16>",
    "<16>",
    "<bilinear>",
    "<Linear>",
    "<>",
    "//",
    "+",
    "+300",
    "99999999999999999999",
    "é",
    "\u{FEFF}",
    ".token",
    ".token mov vt0.xyzw, va0.xyzw [va.x+0]",
];

#[test]
fn random_text_never_panics() {
    let mut rng = Rng(0x7E47);
    let kinds = [ProgramType::Vertex, ProgramType::Fragment];
    let versions = [Version::V1, Version::V2, Version::V3];
    for _ in 0..3000 {
        let lines = 1 + rng.below(4);
        let mut text = String::new();
        for _ in 0..lines {
            for _ in 0..rng.below(8) {
                text.push_str(PIECES[rng.below(PIECES.len())]);
                if rng.below(2) == 0 {
                    text.push(' ');
                }
            }
            text.push(['\n', '\r'][rng.below(2)]);
        }
        let kind = kinds[rng.below(2)];
        let version = versions[rng.below(3)];
        match assemble(&text, kind, version, rng.below(2) == 0) {
            Ok(program) => check_bytes(&program.to_bytes()),
            Err(errors) => {
                assert!(!errors.is_empty());
                for e in errors {
                    assert!(e.line >= 1 && e.line <= lines + 1 && e.col >= 1, "{e}: {text:?}");
                }
            }
        }
    }
}
