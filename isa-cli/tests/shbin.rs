//! `isa disasm` and `isa decode` on PICA `.shbin` files: picasso text that
//! `isa asm` turns back into the same bytes, the JSON with its `"opdescs"`,
//! and clean errors for corrupt files.

mod common;

use std::path::PathBuf;

use common::{isa, scratch, write, Run};
use isa_pica::shbin::{Constant, Dvle, OpdescEntry, Output, ShaderKind, Shbin, Uniform};
use pretty_assertions::assert_eq;
use serde_json::Value;

fn assert_success(run: &Run) {
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

/// A small vertex shader: `mov r0, v0`, four `dp4`s with a uniform matrix,
/// a constant, `end`.
fn sample() -> Shbin {
    let code = vec![
        0x4e00_0000, // mov r0, v0 (desc 0)
        0x0802_0801, // dp4 o0, c0, r0 (desc 1)
        0x0802_1802, // dp4 o0, c1, r0 (desc 2)
        0x0802_2803, // dp4 o0, c2, r0 (desc 3)
        0x0802_3804, // dp4 o0, c3, r0 (desc 4)
        0x4c27_f005, // mov o1, c95 (desc 5)
        0x8800_0000, // end
    ];
    let descs = [0x36f, 0x6c368, 0x6c364, 0x6c362, 0x6c361, 0xf | (0x55 << 5)];
    Shbin {
        code,
        opdescs: descs.iter().map(|&desc| OpdescEntry { desc, extra: 0 }).collect(),
        dvles: vec![Dvle {
            version: 0x1002,
            kind: ShaderKind::Vertex,
            merge_outmaps: 0,
            main: 0,
            endmain: 7,
            input_mask: 0,
            output_mask: 0b11,
            gsh_mode: 0,
            gsh_fixed_start: 0,
            gsh_variable_count: 0,
            gsh_fixed_count: 0,
            constants: vec![Constant {
                kind: 2,
                index: 95,
                value: [0, 0x3F_0000, 0x3E_0000, 0x3F_0000],
            }],
            labels: vec![],
            outputs: vec![
                Output {
                    semantic: 0,
                    register: 0,
                    mask: 0xF,
                    extra: 0,
                },
                Output {
                    semantic: 2,
                    register: 1,
                    mask: 0xF,
                    extra: 0,
                },
            ],
            uniforms: vec![Uniform {
                symbol: 0,
                first: 0x10,
                last: 0x13,
            }],
            symbols: b"mvp\0".to_vec(),
        }],
        ..Shbin::default()
    }
}

const SAMPLE_TEXT: &str = "\
; 1 DVLE(s), 7 instruction word(s), 6 operand descriptor(s)

; DVLE 0: vertex shader
.fvec mvp[4]
.constf const0(0.0, 1.0, 0.5, 1.0)
.out outpos position
.out outclr color

.proc main
\tmov r0, v0
\tdp4 outpos.x, mvp[0], r0
\tdp4 outpos.y, mvp[1], r0
\tdp4 outpos.z, mvp[2], r0
\tdp4 outpos.w, mvp[3], r0
\tmov outclr, const0.y
\tend
.end
";

#[test]
fn disasm_prints_picasso_text_that_assembles_back() {
    let dir = scratch("shbin_disasm");
    let bytes = sample().to_bytes().expect("writable");
    let bin = write(&dir, "sample.shbin", &bytes);
    let dis = isa(&["disasm", "pica", &bin]);
    assert_success(&dis);
    assert_eq!(dis.out(), SAMPLE_TEXT);

    let text = write(&dir, "sample.pica", dis.stdout);
    let out = dir.join("again.shbin").to_string_lossy().into_owned();
    assert_success(&isa(&["asm", "pica", &text, "-o", &out]));
    assert_eq!(std::fs::read(&out).unwrap(), bytes);
}

/// Byte offsets of the code and the descriptor table (picasso's layout,
/// one DVLE): DVLB header 12 bytes, DVLP header 40.
const CODE_AT: usize = 12 + 40;

#[test]
fn decode_json_adds_the_opdesc_table() {
    let dir = scratch("shbin_decode");
    let shbin = sample();
    let bin = write(&dir, "sample.shbin", shbin.to_bytes().expect("writable"));
    let run = isa(&["decode", "pica", &bin, "--json"]);
    assert_success(&run);
    let json: Value = serde_json::from_slice(&run.stdout).expect("valid JSON");
    assert_eq!(json["isa"], "pica");
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["isa", "instructions", "opdescs"]);

    let instructions = json["instructions"].as_array().expect("instructions");
    assert_eq!(instructions.len(), shbin.code.len());
    for (i, entry) in instructions.iter().enumerate() {
        check_entry(entry, CODE_AT + 4 * i, 32);
    }
    // Each word's text is its line of `isa disasm`, as DESIGN asks.
    assert_eq!(instructions[1]["text"], "dp4 outpos.x, mvp[0], r0");
    let listing = isa(&["disasm", "pica", &bin]);
    let lines: Vec<&str> = std::str::from_utf8(&listing.stdout)
        .unwrap()
        .lines()
        .map(str::trim)
        .collect();
    for entry in instructions {
        let text = entry["text"].as_str().unwrap();
        assert!(lines.contains(&text), "{text:?} is not a line of the listing");
    }

    let desc_at = CODE_AT + 4 * shbin.code.len();
    let opdescs = json["opdescs"].as_array().expect("opdescs");
    assert_eq!(opdescs.len(), shbin.opdescs.len());
    // Each entry is 8 bytes: the descriptor, then a second word (`extra`).
    for (i, entry) in opdescs.iter().enumerate() {
        check_entry(entry, desc_at + 8 * i, 64);
    }
    assert_eq!(opdescs[1]["text"], "dst.x src1=xyzw src2=xyzw src3=xxxx");
    let mask = &opdescs[1]["fields"][0];
    assert_eq!(mask["name"], "mask");
    assert_eq!(mask["raw"], 8);
    assert_eq!(mask["value"], "x");

    // The offsets point at the words in the file.
    let bytes = std::fs::read(&bin).unwrap();
    let word_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(word_at(CODE_AT + 4), shbin.code[1]);
    assert_eq!(word_at(desc_at + 8 * 5), shbin.opdescs[5].desc);

    // A byte of an entry's second word shows in its `extra` row (it was
    // left out, so such a byte did not change the output).
    let mut patched = bytes.clone();
    patched[desc_at + 4] = 0xff;
    let patched = write(&dir, "patched.shbin", patched);
    let run = isa(&["decode", "pica", &patched, "--json"]);
    assert_success(&run);
    let json: Value = serde_json::from_slice(&run.stdout).expect("valid JSON");
    let fields = json["opdescs"][0]["fields"].as_array().expect("fields");
    let extra = fields.iter().find(|f| f["name"] == "extra").expect("an `extra` row");
    assert_eq!((extra["lo"].as_u64(), extra["raw"].as_u64()), (Some(32), Some(0xff)));
}

/// One entry: its offset, `bits` bits, a text, and fields covering each
/// bit once.
fn check_entry(entry: &Value, offset: usize, bits: usize) {
    assert_eq!(entry["offset"], Value::from(offset), "{entry}");
    assert_eq!(entry["bits"], Value::from(bits));
    assert!(entry["text"].is_string());
    let mut covered = vec![0u8; bits];
    for field in entry["fields"].as_array().expect("fields") {
        let lo = field["lo"].as_u64().unwrap() as usize;
        let width = field["width"].as_u64().unwrap() as usize;
        assert!(field["raw"].is_u64() && field["value"].is_string() && field["name"].is_string());
        for bit in &mut covered[lo..lo + width] {
            *bit += 1;
        }
    }
    assert_eq!(covered, vec![1; bits], "{entry}");
}

#[test]
fn decode_text_lists_the_operand_descriptors() {
    let dir = scratch("shbin_decode_text");
    let bin = write(&dir, "sample.shbin", sample().to_bytes().expect("writable"));
    let run = isa(&["decode", "pica", &bin]);
    assert_success(&run);
    let out = run.out();
    assert!(out.starts_with("0x0034: 0x4e000000  mov r0, v0\n"), "{out}");
    assert!(
        out.contains("\noperand descriptors:\n0x0050: 0x000000000000036f  dst.xyzw src1=xyzw"),
        "{out}"
    );
}

#[test]
fn raw_still_reads_bare_words() {
    let dir = scratch("shbin_raw");
    let bin = write(&dir, "words.bin", 0x8800_0000u32.to_le_bytes());
    let run = isa(&["disasm", "pica", &bin, "--raw"]);
    assert_success(&run);
    assert_eq!(run.out(), "end\n");
}

#[test]
fn corrupt_files_are_errors_at_a_byte_offset() {
    let dir = scratch("shbin_corrupt");
    let bytes = sample().to_bytes().expect("writable");
    let mut bad_magic = bytes.clone();
    bad_magic[12] = b'X';
    let cases = [
        ("empty.shbin", Vec::new(), "byte 0x0: "),
        ("truncated.shbin", bytes[..60].to_vec(), "byte 0x34: "),
        ("magic.shbin", bad_magic, "byte 0xc: expected the magic `DVLP`"),
    ];
    for (name, content, needle) in cases {
        let path = write(&dir, name, content);
        for args in [
            vec!["disasm", "pica", &path],
            vec!["decode", "pica", &path, "--json"],
            vec!["decode", "pica", &path],
        ] {
            let run = isa(&args);
            assert_eq!(run.code, Some(1), "{args:?}: {}", run.stderr);
            assert!(run.stdout.is_empty(), "{args:?}");
            assert!(
                run.stderr.starts_with(&format!("{path}: {needle}")),
                "{args:?}: {}",
                run.stderr
            );
            assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
            assert!(!run.stderr.contains("panicked"));
        }
    }
}

#[test]
fn opdescs_flag_needs_raw_input() {
    let dir = scratch("shbin_opdescs_flag");
    let bin = write(&dir, "sample.shbin", sample().to_bytes().expect("writable"));
    let run = isa(&["decode", "pica", &bin, "--opdescs", &bin]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("--opdescs applies to --raw input"),
        "{}",
        run.stderr
    );
}

fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "pica/shbin")?;
    let entries = std::fs::read_dir(&dir).unwrap();
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "shbin"));
    files.sort();
    Some(files)
}

/// `isa disasm` then `isa asm` gives every corpus file back, and `isa decode
/// --json` lists every word and descriptor of it.
#[test]
fn corpus_round_trips_through_the_command_line() {
    let Some(files) = corpus_files() else { return };
    let dir = scratch("shbin_corpus");
    for file in &files {
        let path = file.to_string_lossy().into_owned();
        let bytes = std::fs::read(file).unwrap();
        let shbin = Shbin::from_bytes(&bytes).unwrap();
        let dis = isa(&["disasm", "pica", &path]);
        assert_success(&dis);
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = write(&dir, &format!("{stem}.pica"), &dis.stdout);
        let out = dir.join(format!("{stem}.shbin")).to_string_lossy().into_owned();
        let asm = isa(&["asm", "pica", &text, "-o", &out]);
        assert_success(&asm);
        assert!(
            std::fs::read(&out).unwrap() == bytes,
            "{path}: different bytes after disasm → asm"
        );

        let json = isa(&["decode", "pica", &path, "--json"]);
        assert_success(&json);
        let json: Value = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(
            json["instructions"].as_array().unwrap().len(),
            shbin.code.len(),
            "{path}"
        );
        assert_eq!(json["opdescs"].as_array().unwrap().len(), shbin.opdescs.len(), "{path}");
        // Each word's text is its line of the listing; a padding `nop` the
        // listing leaves out (picasso inserts it) reads as the spec's `nop`.
        let listing = String::from_utf8(dis.stdout.clone()).unwrap();
        let lines: Vec<&str> = listing.lines().map(str::trim).collect();
        for entry in json["instructions"].as_array().unwrap() {
            let text = entry["text"].as_str().unwrap();
            assert!(text == "nop" || lines.contains(&text), "{path}: {text:?}");
        }
    }
}
