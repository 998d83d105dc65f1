//! Real PICA200 shaders: every instruction word and operand descriptor in
//! the `.shbin` files of `../shared/corpus/pica` (assembled by picasso and
//! nihstro) decodes to a known opcode, re-encodes bit-identically and
//! survives print → parse.
//!
//! Only the DVLB/DVLP header fields needed to find the code and the
//! descriptor table are read here; the container itself is a later issue.

use std::path::{Path, PathBuf};

use isa_pica::{Instruction, OpDesc};
use pretty_assertions::assert_eq;

fn corpus_dir() -> Option<PathBuf> {
    isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "pica/shbin")
}

fn u32_at(bytes: &[u8], offset: usize, what: &str, file: &Path) -> u32 {
    let b = bytes
        .get(offset..offset + 4)
        .unwrap_or_else(|| panic!("{}: {what} at byte {offset:#x} is past the end", file.display()));
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// (code words, operand descriptors) of a DVLB file.
fn code_and_opdescs(file: &Path) -> (Vec<u32>, Vec<u32>) {
    let bytes = std::fs::read(file).unwrap();
    assert_eq!(&bytes[..4], b"DVLB", "{}", file.display());
    let dvle_count = u32_at(&bytes, 4, "DVLE count", file) as usize;
    let dvlp = 8 + 4 * dvle_count;
    assert_eq!(&bytes[dvlp..dvlp + 4], b"DVLP", "{}", file.display());
    let code_offset = dvlp + u32_at(&bytes, dvlp + 8, "code offset", file) as usize;
    let code_words = u32_at(&bytes, dvlp + 12, "code size", file) as usize;
    let desc_offset = dvlp + u32_at(&bytes, dvlp + 16, "opdesc offset", file) as usize;
    let desc_count = u32_at(&bytes, dvlp + 20, "opdesc count", file) as usize;
    let code = (0..code_words)
        .map(|i| u32_at(&bytes, code_offset + 4 * i, "code word", file))
        .collect();
    let descs = (0..desc_count)
        .map(|i| u32_at(&bytes, desc_offset + 8 * i, "opdesc", file))
        .collect();
    (code, descs)
}

#[test]
fn every_corpus_word_round_trips() {
    let Some(dir) = corpus_dir() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "shbin"));
    files.sort();
    assert!(
        files.len() >= 20,
        "expected the whole corpus, found {} files",
        files.len()
    );
    let (mut words, mut descs) = (0, 0);
    for file in &files {
        let (code, opdescs) = code_and_opdescs(file);
        for (i, &word) in code.iter().enumerate() {
            let at = format!("{} word {i} ({word:#010x})", file.display());
            let insn = Instruction::decode(word).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(
                !matches!(insn, Instruction::Unknown(_)),
                "{at}: unknown opcode in a real shader"
            );
            assert_eq!(insn.encode(), word, "{at}");
            let text = insn.to_string();
            assert_eq!(text.parse::<Instruction>(), Ok(insn), "{at}: {text}");
        }
        for (i, &word) in opdescs.iter().enumerate() {
            let at = format!("{} opdesc {i} ({word:#010x})", file.display());
            let desc = OpDesc::decode(word).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(desc.encode(), word, "{at}");
            assert_eq!(desc.to_string().parse::<OpDesc>(), Ok(desc), "{at}");
        }
        words += code.len();
        descs += opdescs.len();
    }
    eprintln!(
        "{} files: {words} instruction words and {descs} operand descriptors round-tripped",
        files.len()
    );
    assert!(words > 500);
}

#[test]
fn known_words_print_as_expected() {
    // Hand-checked against the field tables (3dbrew / nihstro).
    let cases = [
        (0x4e00_0000u32, "mov r0, v0 (desc 0)"),
        (0x0802_1001, "dp4 o0, c1, v0 (desc 1)"),
        (0x8800_0000, "end"),
        (0xba10_2403, "cmp v2[a0.y], lt, eq, v8 (desc 3)"),
        // cmpy = 6 has no name; the open enum keeps it and prints the number.
        (0xbac0_2403, "cmp v2, lt, 6, v8 (desc 3)"),
        (0xe000_1234, "mad o0, v0, v4, r1 (desc 20)"),
        (0xaec0_0000, "setemit 2, prim, inv"),
        (0xae40_0000, "setemit 2, inv"),
        (0x4000_0000, ".word 0x40000000"),
    ];
    for (word, text) in cases {
        let insn = Instruction::decode(word).unwrap();
        assert_eq!(insn.to_string(), text, "{word:#010x}");
        assert_eq!(text.parse::<Instruction>().unwrap().encode(), word, "{text}");
    }
    assert_eq!(
        OpDesc::decode(0x0000_036f).unwrap().to_string(),
        "dst.xyzw src1=xyzw src2=xxxx src3=xxxx"
    );
    assert_eq!(
        OpDesc::decode(0x0000_0370 | 0x10).unwrap().to_string(),
        "dst. src1=-xyzw src2=xxxx src3=xxxx"
    );
}
