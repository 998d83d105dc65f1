//! The real Lima PP programs in `../shared/corpus/lima` (Mesa's clear and
//! reload shaders, limare's clear shader, a lima_compiler texture shader):
//! every program decodes, re-encodes bit-identically (trailing zero words
//! are padding) and survives print → parse of the field-explicit text.

use std::path::{Path, PathBuf};

use isa_lima_pp::Instr;
use pretty_assertions::assert_eq;

/// The corpus directory, or `None` (with a loud warning) when `../shared` is absent.
fn corpus() -> Option<PathBuf> {
    isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "lima")
}

/// Words of a `.pp.hex` file: hex numbers (with or without `0x`), `#` comments.
fn hex_words(text: &str) -> Vec<u32> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .map(|w| u32::from_str_radix(w.trim_start_matches("0x"), 16).expect("hex word"))
        .collect()
}

/// Every corpus program: (name, words).
fn programs(dir: &Path) -> Vec<(String, Vec<u32>)> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus dir")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".hex") && !name.contains(".gp.") {
            out.push((name, hex_words(&std::fs::read_to_string(&path).unwrap())));
        }
    }
    out
}

#[test]
fn corpus_programs_round_trip() {
    let Some(dir) = corpus() else { return };
    let programs = programs(&dir);
    assert_eq!(programs.len(), 4, "{programs:?}");
    for (name, words) in &programs {
        let program = Instr::decode_program(words).unwrap_or_else(|e| panic!("{name}: {e}"));
        let encoded = Instr::encode_program(&program);
        assert_eq!(&words[..encoded.len()], &encoded[..], "{name}");
        assert!(words[encoded.len()..].iter().all(|&w| w == 0), "{name}: padding");
        for insn in &program {
            let text = insn.to_string();
            assert_eq!(text.parse::<Instr>().as_ref(), Ok(insn), "{name}: {text}");
        }
        // The derived fields hold what the encoder computes.
        let mut derived = program.clone();
        Instr::derive(&mut derived);
        assert_eq!(derived, program, "{name}");
    }
}

#[test]
fn bin_files_match_their_hex() {
    let Some(dir) = corpus() else { return };
    for (name, words) in programs(&dir) {
        let bin = dir.join(name.replace(".hex", ".bin"));
        let Ok(bytes) = std::fs::read(&bin) else { continue };
        let program = Instr::program_from_bytes(&bytes).unwrap();
        assert_eq!(Instr::decode_program(&words).unwrap(), program, "{name}");
    }
}
