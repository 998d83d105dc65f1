//! Real AGAL programs: the 10 ruffle binaries in `../shared/corpus/agal/bin`
//! and the 97 `.expected.bin` files of the manifest (Adobe's 2015
//! assembler's output). Every header and token decodes, re-encodes
//! bit-identically and survives print → parse of the single-token form.

use std::path::PathBuf;

use isa_agal::{Header, Instruction};
use pretty_assertions::assert_eq;

fn corpus_files() -> Option<Vec<PathBuf>> {
    let root = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "agal")?;
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
    Some(files)
}

#[test]
fn every_corpus_token_round_trips() {
    let Some(files) = corpus_files() else { return };
    assert!(files.len() >= 100, "expected the whole corpus, found {}", files.len());
    let mut tokens = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let at = |what: &str| format!("{} {what}", file.display());
        assert!(bytes.len() >= 7, "{}", at("header"));
        let mut head = [0u8; 8];
        head[..7].copy_from_slice(&bytes[..7]);
        let header = Header::decode(u64::from_le_bytes(head)).unwrap_or_else(|e| panic!("{}: {e}", at("header")));
        assert_eq!(header.encode(), u64::from_le_bytes(head));
        assert_eq!(header.to_string().parse::<Header>(), Ok(header));
        let body = &bytes[7..];
        assert_eq!(body.len() % 24, 0, "{}", at("length"));
        let insns = Instruction::program_from_bytes(body).unwrap_or_else(|e| panic!("{}: {e}", at("tokens")));
        for (i, insn) in insns.iter().enumerate() {
            let mut again = Vec::new();
            isa_runtime::BitWord::write_le_bytes(&insn.encode(), &mut again);
            assert_eq!(again, &body[24 * i..24 * (i + 1)], "{}", at(&format!("token {i}")));
            let text = insn.to_string();
            assert_eq!(
                text.parse::<Instruction>().as_ref(),
                Ok(insn),
                "{}: {text}",
                at(&format!("token {i}"))
            );
        }
        tokens += insns.len();
    }
    eprintln!("{} files, {tokens} tokens round-tripped", files.len());
}
