//! Adding an opcode is one spec line: `build.rs` appends
//! `frob 0x10 Fmt1 …` to pica.isa, and with no other edit the new opcode
//! encodes, decodes, prints, parses, shows up in `LAYOUT` and is covered by
//! the generated round-trip tests below.

mod pica_plus {
    isa_macros::isa!(file = "$OUT_DIR/pica_plus.isa");
}

// The whole generated suite runs on the extended spec too, including
// `opcode_frob_every_field_value`.
isa_macros::isa_tests!(
    file = "$OUT_DIR/pica_plus.isa",
    module = crate::pica_plus,
    random_words = 200_000
);

use pica_plus::{Dst, Fmt1, Idx, Instruction, SrcNarrow, SrcWide, LAYOUT};
use pretty_assertions::assert_eq;

fn frob() -> Instruction {
    Instruction::Frob(Fmt1 {
        desc: isa_runtime::UInt::new(5).unwrap(),
        src2: SrcNarrow::r(3).unwrap(),
        src1: SrcWide::c(17).unwrap(),
        idx: Idx::A0y,
        dst: Dst::o(2).unwrap(),
    })
}

#[test]
fn made_up_opcode_encodes_and_decodes() {
    let word = frob().encode();
    assert_eq!(word >> 26, 0x10);
    // opcode 0x10 << 26 | dst o2 << 21 | idx a0.y << 19 | src1 c17 (0x31) << 12 | src2 r3 (0x13) << 7 | desc 5
    assert_eq!(word, 0x4053_1985);
    assert_eq!(Instruction::decode(word), Ok(frob()));
}

#[test]
fn made_up_opcode_prints_and_parses() {
    assert_eq!(frob().to_string(), "frob o2, c17[a0.y], r3 (desc 5)");
    assert_eq!("frob o2, c17[a0.y], r3 (desc 5)".parse::<Instruction>(), Ok(frob()));
}

#[test]
fn made_up_opcode_is_in_the_layout() {
    let op = LAYOUT.opcode("frob").expect("frob is in LAYOUT");
    assert_eq!(op.format.name, "Fmt1");
    assert_eq!(op.value, 0x10);
    assert_eq!(op.semantics, "dst = src1 - src2");
    assert_eq!(op.doc, "made-up opcode: componentwise subtract");
}

#[test]
fn without_the_line_the_word_is_unknown() {
    // The unextended ISA keeps the same word as an unknown `.word`.
    let word = frob().encode();
    let plain = isa_pica::Instruction::decode(word).unwrap();
    assert_eq!(plain, isa_pica::Instruction::Unknown(word));
    assert_eq!(plain.to_string(), format!(".word 0x{word:08x}"));
}

/// The docs of one ISA as `(path, contents)`.
fn docs_of(layout: &'static isa_runtime::IsaLayout) -> Vec<(String, String)> {
    xtask::docs::generate_for(&[("pica", layout)])
        .into_iter()
        .map(|g| (g.path, g.contents))
        .collect()
}

/// Lines of `after` that are not in `before` and the other way round.
fn line_diff(before: &str, after: &str) -> (Vec<String>, Vec<String>) {
    let b: Vec<&str> = before.lines().collect();
    let a: Vec<&str> = after.lines().collect();
    let added = a.iter().filter(|l| !b.contains(l)).map(|l| l.to_string()).collect();
    let removed = b.iter().filter(|l| !a.contains(l)).map(|l| l.to_string()).collect();
    (added, removed)
}

#[test]
fn the_line_changes_exactly_its_doc_lines_and_pictures() {
    let before = docs_of(&isa_pica::LAYOUT);
    let after = docs_of(&LAYOUT);
    assert_eq!(
        before.iter().map(|(p, _)| p).collect::<Vec<_>>(),
        after.iter().map(|(p, _)| p).collect::<Vec<_>>(),
        "the same files"
    );
    let changed: Vec<&str> = before
        .iter()
        .zip(&after)
        .filter(|(b, a)| b.1 != a.1)
        .map(|(b, _)| b.0.as_str())
        .collect();
    // The page and the JSON gain the opcode; Fmt1's diagram lists it. Nothing
    // else moves: no other diagram, not the WaveDrom layouts, not the index.
    assert_eq!(
        changed,
        ["docs/isa/pica.md", "docs/isa/pica.json", "docs/isa/pica-fmt1.svg"]
    );
    let contents = |docs: &[(String, String)], path: &str| docs.iter().find(|(p, _)| p == path).unwrap().1.clone();

    let (added, removed) = line_diff(
        &contents(&before, "docs/isa/pica.md"),
        &contents(&after, "docs/isa/pica.md"),
    );
    assert_eq!(
        added,
        ["| `frob` | `31..=26` = `0x10` (`010000`) | [`Fmt1`](#fmt1) | `frob {dst}, {src1}{idx}, {src2} (desc {desc})` \
          | `dst = src1 - src2` |  | made-up opcode: componentwise subtract |"]
    );
    assert!(removed.is_empty(), "{removed:?}");

    let (added, removed) = line_diff(
        &contents(&before, "docs/isa/pica-fmt1.svg"),
        &contents(&after, "docs/isa/pica-fmt1.svg"),
    );
    assert_eq!(added.len(), 1, "{added:?}");
    assert!(added[0].contains("Opcodes: add, dp3, dp4, dph, dst, mul, sge, slt, max, min, frob"));
    assert_eq!(removed.len(), 1, "{removed:?}");

    let (added, removed) = line_diff(
        &contents(&before, "docs/isa/pica.json"),
        &contents(&after, "docs/isa/pica.json"),
    );
    assert!(added.iter().any(|l| l.contains("\"mnemonic\": \"frob\"")), "{added:?}");
    // Only the last array items before the new ones gain a comma.
    for line in &removed {
        assert!(added.contains(&format!("{line},")), "{line} went away");
    }
}
