//! The real Lima GP program in `../shared/corpus/lima` (from ARM's own
//! compiler): every 128-bit word decodes, re-encodes bit-identically and
//! survives print → parse of the field-explicit text.

use isa_lima_gp::Instruction;
use isa_runtime::check::corpus;
use pretty_assertions::assert_eq;

#[test]
fn corpus_program_round_trips() {
    let Some(bytes) = corpus::read(env!("CARGO_MANIFEST_DIR"), "lima/memtester_cube_vertex_blob.gp.bin") else {
        return;
    };
    assert_eq!(bytes.len() % 16, 0);
    let insns = Instruction::program_from_bytes(&bytes).expect("every word decodes");
    assert_eq!(insns.len(), bytes.len() / 16);
    for (i, insn) in insns.iter().enumerate() {
        let mut again = Vec::new();
        isa_runtime::BitWord::write_le_bytes(&insn.encode(), &mut again);
        assert_eq!(again, &bytes[16 * i..16 * (i + 1)], "word {i}");
        let text = insn.to_string();
        assert_eq!(text.parse::<Instruction>().as_ref(), Ok(insn), "word {i}: {text}");
    }
    // Word 0 as Mesa reads it: `mul.m0 ^2/$0.y t[1].z a0.y` — mul0 multiplies
    // load z by attribute y, and store0 writes its x/y from acc/mul results.
    assert_eq!(insns[0].mul0_src0, isa_lima_gp::Src::LoadZ);
    assert_eq!(insns[0].mul0_src1, isa_lima_gp::Src::AttrY);
    assert_eq!(insns[0].load_addr.get(), 1);
}

#[test]
fn odd_lengths_are_errors_with_the_offset() {
    let err = Instruction::program_from_bytes(&[0u8; 20]).unwrap_err();
    assert_eq!(err.offset, Some(16));
    assert!(err.to_string().contains("byte 0x10"), "{err}");
}

/// Whitespace-normalised text: Mesa's tabs and newlines, and the stray tab it
/// leaves after an operand-less complex `nop`, do not count.
fn normalise(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}

/// Drops the `{raw …}` annotations that a Mesa-only reader ignores.
fn without_annotations(text: &str) -> String {
    text.lines()
        .map(|l| l.find(" {raw").map_or(l, |at| &l[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn corpus_prints_as_mesa_and_assembles_back() {
    let (Some(bytes), Some(mesa)) = (
        corpus::read(env!("CARGO_MANIFEST_DIR"), "lima/memtester_cube_vertex_blob.gp.bin"),
        corpus::read(
            env!("CARGO_MANIFEST_DIR"),
            "lima/memtester_cube_vertex_blob.gp.mesa.txt",
        ),
    ) else {
        return;
    };
    let mesa = String::from_utf8(mesa).expect("the Mesa text is UTF-8");
    let words: Vec<u128> = bytes
        .chunks_exact(16)
        .map(|c| u128::from_le_bytes(c.try_into().expect("16 bytes")))
        .collect();
    let text = isa_lima_gp::mesa::disassemble(&words);
    assert_eq!(normalise(&without_annotations(&text)), normalise(&mesa));
    assert_eq!(isa_lima_gp::mesa::assemble(&text), Ok(words));
    println!("{text}");
}
