//! The checks behind the generated tests. Each one panics with the word, the
//! field and the value at fault.

use isa_runtime::bits::low_mask;
use isa_runtime::explain::explain_word;
use isa_runtime::layout::{Field, FieldKind, Format, Opcode};
use isa_runtime::{BitWord, DecodeErrorKind, Isa, LayoutCodec};
use pretty_assertions::assert_eq;

use crate::rng::SplitMix64;

/// Values to try for a field: all of them up to 16 bits, else edges and random ones.
pub fn field_values(width: u32, seed: u64) -> Vec<u64> {
    if width <= 16 {
        return (0..=low_mask(width)).collect();
    }
    let max = low_mask(width);
    let mut values = vec![0, 1, 2, max, max - 1, max >> 1, (max >> 1) + 1];
    let mut rng = SplitMix64::new(seed ^ u64::from(width));
    values.extend((0..1024).map(|_| rng.next_u64() & max));
    values
}

fn set_field<W: BitWord>(word: &mut W, field: &Field, value: u64) {
    let mut shift = 0;
    for r in field.ranges {
        word.set(r.lo, r.width, value >> shift);
        shift += r.width;
    }
}

/// The word with the opcode's bits and every fixed field set, all else zero.
pub fn base_word<W: BitWord>(op: &Opcode) -> W {
    let mut word = W::from_u128(op.bits);
    for f in op.format.fields {
        if let FieldKind::Fixed(v) = f.kind {
            set_field(&mut word, f, v);
        }
    }
    word
}

/// Whether decoding may reject `value` in `field` (closed enums and register
/// files with gaps).
fn may_reject(field: &Field, value: u64) -> bool {
    match field.kind {
        FieldKind::Enum(e) => !e.open && e.value(value).is_none(),
        FieldKind::Regs(r) => !r.open && r.lookup(value).is_none(),
        _ => false,
    }
}

/// Checks one word that must decode as `expect` (when given): decode →
/// encode is bit-identical, print → parse gives the instruction back, the
/// text is stable, and the explanation covers every bit once.
pub fn round_trip_word<I: Isa>(
    word: I::Word,
    expect: Option<&str>,
) -> Result<I::Instruction, isa_runtime::DecodeError> {
    let insn = I::decode(word)?;
    let encoded =
        I::encode(&insn).unwrap_or_else(|e| panic!("{word:#x?}: decoded {insn:?} but it does not encode: {e}"));
    assert_eq!(
        encoded, word,
        "decode → encode changed the bits of {word:#x?} ({insn:?})"
    );
    let text = insn.to_string();
    if let Some(mnemonic) = expect {
        assert_eq!(text.split(' ').next(), Some(mnemonic), "{word:#x?} printed as {text:?}");
    }
    let parsed: I::Instruction = text
        .parse()
        .unwrap_or_else(|e| panic!("{word:#x?}: cannot parse back {text:?}: {e}"));
    assert_eq!(parsed, insn, "print → parse changed {word:#x?} (text {text:?})");
    assert_eq!(parsed.to_string(), text);
    check_explain_covers_every_bit::<I>(word);
    Ok(insn)
}

/// The `explain` rows of a word cover each of its bits exactly once.
pub fn check_explain_covers_every_bit<I: Isa>(word: I::Word) {
    let (_, rows) = explain_word(I::LAYOUT, &word);
    let mut next = 0;
    for row in &rows {
        assert_eq!(
            row.lo, next,
            "{word:#x?}: explain rows leave a gap or overlap at bit {next}: {rows:#?}"
        );
        assert_eq!(
            row.raw,
            word.get(row.lo, row.width),
            "{word:#x?}: row {} raw value",
            row.name
        );
        next += row.width;
    }
    assert_eq!(next, I::Word::BITS, "{word:#x?}: explain rows cover {next} bits");
}

/// Every value of every field of one opcode's format.
pub fn opcode_fields<I: Isa>(index: usize) {
    let op = &I::LAYOUT.opcodes[index];
    let base: I::Word = base_word(op);
    round_trip_word::<I>(base, Some(op.mnemonic))
        .unwrap_or_else(|e| panic!("`{}` with all fields zero: {e}", op.mnemonic));
    let mut tried = 0usize;
    for field in op
        .format
        .fields
        .iter()
        .filter(|f| f.kind.is_operand() || matches!(f.kind, FieldKind::Unknown))
    {
        for value in field_values(field.width, index as u64) {
            let mut word = base;
            set_field(&mut word, field, value);
            let winner = I::LAYOUT.match_opcode(word.to_u128()).map(|o| o.mnemonic);
            assert_eq!(
                winner,
                Some(op.mnemonic),
                "`{}` = {value:#x} in `{}` changes which opcode matches",
                field.name,
                op.mnemonic
            );
            match round_trip_word::<I>(word, Some(op.mnemonic)) {
                Ok(_) => assert!(!may_reject(field, value) || matches!(field.kind, FieldKind::Enum(e) if e.open)),
                Err(e) => {
                    assert!(
                        may_reject(field, value),
                        "`{}`: `{}` = {value:#x} ({word:#x?}) was rejected: {e}",
                        op.mnemonic,
                        field.name
                    );
                    assert_eq!(e.field, field.name, "error names the wrong field: {e}");
                }
            }
            tried += 1;
        }
    }
    assert!(tried > 0 || op.format.fields.iter().all(|f| !f.kind.is_operand()));
}

/// Every value of an enum, in the first opcode whose format uses it: named
/// values print their spelling, unnamed ones print as numbers (open) or are
/// rejected (closed).
pub fn enum_values<I: Isa>(name: &str) {
    let e = I::LAYOUT
        .enums
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no enum `{name}` in LAYOUT"));
    let user = I::LAYOUT.opcodes.iter().find_map(|op| {
        op.format
            .fields
            .iter()
            .find(|f| matches!(f.kind, FieldKind::Enum(x) if std::ptr::eq(x, *e)))
            .map(|f| (op, f))
    });
    let Some((op, field)) = user else {
        panic!("enum `{name}` is used by no opcode's format, so no instruction can test it")
    };
    for value in 0..=low_mask(e.bits) {
        let mut word: I::Word = base_word(op);
        set_field(&mut word, field, value);
        match (e.value(value), round_trip_word::<I>(word, Some(op.mnemonic))) {
            (Some(v), Ok(insn)) => {
                let text = insn.to_string();
                assert!(
                    text.contains(v.spellings[0]),
                    "{name}::{} should print as {:?}: {text}",
                    v.name,
                    v.spellings[0]
                );
                // Every alternative spelling parses to the same value.
                for alt in &v.spellings[1..] {
                    let alt_text = text.replacen(v.spellings[0], alt, 1);
                    let parsed: I::Instruction = alt_text.parse().unwrap_or_else(|e| panic!("{alt_text:?}: {e}"));
                    assert_eq!(parsed, insn);
                }
            }
            (None, Ok(insn)) => assert!(e.open, "closed enum `{name}` accepted unnamed value {value:#x}: {insn}"),
            (None, Err(err)) => {
                assert!(!e.open, "open enum `{name}` rejected {value:#x}: {err}");
                assert_eq!(
                    err.kind,
                    DecodeErrorKind::BadEnumValue {
                        value,
                        enum_name: e.name
                    }
                );
            }
            (Some(v), Err(err)) => panic!("{name}::{} ({value:#x}) was rejected: {err}", v.name),
        }
    }
}

/// Every value of every field of a free-standing layout.
pub fn layout_fields<L: LayoutCodec>() {
    let format: &Format = L::FORMAT;
    let mut base = L::Word::default();
    for f in format.fields {
        if let FieldKind::Fixed(v) = f.kind {
            set_field(&mut base, f, v);
        }
    }
    for field in format
        .fields
        .iter()
        .filter(|f| f.kind.is_operand() || matches!(f.kind, FieldKind::Unknown))
    {
        for value in field_values(field.width, 7) {
            let mut word = base;
            set_field(&mut word, field, value);
            let decoded = match L::decode(word) {
                Ok(d) => d,
                Err(e) => {
                    assert!(
                        may_reject(field, value),
                        "{}: `{}` = {value:#x} rejected: {e}",
                        format.name,
                        field.name
                    );
                    continue;
                }
            };
            assert_eq!(
                decoded.encode().expect("encodes"),
                word,
                "{}: `{}` = {value:#x}",
                format.name,
                field.name
            );
            let text = decoded.to_string();
            let parsed: L = text
                .parse()
                .unwrap_or_else(|e| panic!("{}: cannot parse back {text:?}: {e}", format.name));
            assert_eq!(parsed, decoded, "{}: print → parse of {text:?}", format.name);
        }
    }
}

/// The metadata lists exactly these opcodes and formats, in order, and each
/// opcode's pattern matches its own base word.
pub fn layout_lists<I: Isa>(mnemonics: &[&str], formats: &[&str]) {
    let have: Vec<&str> = I::LAYOUT.opcodes.iter().map(|o| o.mnemonic).collect();
    assert_eq!(have, mnemonics);
    let have: Vec<&str> = I::LAYOUT.formats.iter().map(|f| f.name).collect();
    assert_eq!(have, formats);
    for op in I::LAYOUT.opcodes {
        let word: I::Word = base_word(op);
        assert_eq!(
            I::LAYOUT.match_opcode(word.to_u128()).map(|o| o.mnemonic),
            Some(op.mnemonic)
        );
    }
}

/// `count` random words: anything that decodes re-encodes bit-identically
/// and survives print → parse; anything that does not gives an error that
/// names a field or the opcode. Nothing panics.
pub fn random_words<I: Isa>(count: u64) {
    let mut rng = SplitMix64::new(0x15AF_0E6E);
    let (mut ok, mut rejected) = (0u64, 0u64);
    for _ in 0..count {
        let word = I::Word::from_u128(rng.next_u128());
        match round_trip_word::<I>(word, None) {
            Ok(_) => ok += 1,
            Err(e) => {
                assert!(!e.to_string().is_empty());
                rejected += 1;
            }
        }
    }
    assert_eq!(ok + rejected, count);
    assert!(ok > 0, "no random word decoded at all");
}

/// `count` random lines built from the ISA's own vocabulary (mnemonics,
/// register names, enum spellings, numbers, punctuation, stray Unicode): the
/// parser never panics, errors point inside the line, and whatever parses
/// prints and parses back to itself.
pub fn random_text<I: Isa>(count: u64) {
    let isa = I::LAYOUT;
    let mut vocab: Vec<String> = isa.opcodes.iter().map(|o| o.mnemonic.to_string()).collect();
    vocab.extend(isa.fallback.map(str::to_string));
    for r in isa.regs {
        for f in r.files {
            vocab.extend([
                format!("{}0", f.prefix),
                format!("{}{}", f.prefix, f.count - 1),
                format!("{}{}", f.prefix, f.count),
            ]);
        }
    }
    for e in isa.enums {
        vocab.extend(
            e.values
                .iter()
                .flat_map(|v| v.spellings.iter())
                .filter(|s| !s.is_empty())
                .map(|s| s.to_string()),
        );
    }
    for op in isa.opcodes {
        for piece in op.template {
            if let isa_runtime::layout::Piece::Text(t) = piece {
                vocab.push((*t).to_string());
            }
        }
    }
    vocab.extend(
        [
            ",",
            " ",
            "  ",
            "(",
            ")",
            "[",
            "]",
            ".",
            "=",
            "-",
            "0",
            "1",
            "-1",
            "0x",
            "0x7f",
            "0b101",
            "99999999999999999999999",
            "255",
            "; comment",
            "é",
            "\u{1F600}",
            "\t",
            "xyzw",
            "x",
            "_",
        ]
        .map(str::to_string),
    );
    let mut rng = SplitMix64::new(0x7E57);
    for _ in 0..count {
        let n = 1 + rng.next_u64() % 10;
        let mut line = String::new();
        for _ in 0..n {
            line.push_str(&vocab[(rng.next_u64() % vocab.len() as u64) as usize]);
            if rng.next_u64() % 3 == 0 {
                line.push(' ');
            }
        }
        match line.parse::<I::Instruction>() {
            Ok(insn) => {
                let text = insn.to_string();
                let again: I::Instruction = text
                    .parse()
                    .unwrap_or_else(|e| panic!("{line:?} parsed, but its print {text:?} does not: {e}"));
                assert_eq!(again, insn, "{line:?} → {text:?}");
            }
            Err(e) => {
                assert_eq!(e.line, 1, "{line:?}: {e}");
                let chars = line.chars().count();
                assert!(
                    e.col >= 1 && e.col <= chars + 1,
                    "{line:?}: column {} outside the line: {e}",
                    e.col
                );
                assert!(!e.message.is_empty());
            }
        }
    }
}
