//! The checks behind the tests that `isa_tests!` generates (feature
//! `check`, which needs `std`). Each one panics with the word, the field and
//! the value at fault. They drive a generated codec through its `LAYOUT`
//! metadata, so one checker serves every ISA and every opcode a spec will
//! ever gain.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use alloc::{format, vec};

use crate::bits::low_mask;
use crate::explain::explain_word;
use crate::layout::{AttrKind, Field, FieldKind, Format, IsaLayout, Opcode};
use crate::{BitWord, DecodeErrorKind, Isa, LayoutCodec};
use pretty_assertions::assert_eq;

use crate::check::rng::SplitMix64;

pub mod corpus;
/// The checks for presence-mask bundle ISAs, reachable through the checker path.
pub mod packed;
pub mod rng;
/// The generated printers of `text` lines against the table-driven ones.
pub mod text_writers;

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

/// A field with no nested layout inside, and where its layout starts.
#[derive(Clone, Copy)]
pub struct Leaf {
    /// The field.
    pub field: &'static Field,
    /// Bit offset of the layout holding it.
    pub base: u32,
    /// For a leaf of a union's later layout ([`every_leaf`]): that layout
    /// and where it starts, whose fixed fields must be written first.
    pub variant: Option<(&'static Format, u32)>,
}

/// Every leaf field of a format, descending into nested layouts and into
/// the first layout of each union (the one a default word holds).
pub fn leaves(format: &'static Format, base: u32, out: &mut Vec<Leaf>) {
    for field in format.fields {
        match field.kind {
            FieldKind::Layout(inner) => leaves(inner, base + field.ranges[0].lo, out),
            FieldKind::Union(u) => {
                if let Some(first) = u.variants.first() {
                    leaves(first, base + field.ranges[0].lo, out);
                }
            }
            _ => out.push(Leaf {
                field,
                base,
                variant: None,
            }),
        }
    }
}

/// [`leaves`], and those of every later layout of each union, marked with
/// their layout: what a sweep of every field value visits.
pub fn every_leaf(format: &'static Format, base: u32, out: &mut Vec<Leaf>) {
    leaves(format, base, out);
    for field in format.fields {
        let at = base + field.ranges[0].lo;
        match field.kind {
            FieldKind::Layout(inner) => {
                let mut nested = Vec::new();
                every_leaf(inner, at, &mut nested);
                out.extend(nested.into_iter().filter(|l| l.variant.is_some()));
            }
            FieldKind::Union(u) => {
                for &variant in u.variants.iter().skip(1) {
                    let mut nested = Vec::new();
                    leaves(variant, at, &mut nested);
                    out.extend(nested.into_iter().map(|l| Leaf {
                        variant: Some((variant, at)),
                        ..l
                    }));
                }
            }
            _ => {}
        }
    }
}

/// Writes the fixed fields of a leaf's union layout, if it has one, and its
/// other fields' defaults.
fn choose_variant<W: BitWord>(leaf: &Leaf, word: &mut W) {
    if let Some((variant, at)) = leaf.variant {
        for field in variant.fields {
            field.write(word, at, default_value(field));
        }
    }
}

/// A value every decoder accepts for a leaf: fixed values, the first named
/// value of a closed enum, the first register of a closed register file, 0.
pub(crate) fn default_value(field: &Field) -> u64 {
    match field.kind {
        FieldKind::Fixed(v) => v,
        FieldKind::Enum(e) if !e.open => e.values.first().map_or(0, |v| v.value),
        FieldKind::Regs(r) if !r.open => r.files.first().map_or(0, |f| f.base),
        _ => 0,
    }
}

/// A valid word of `format`: the given opcode bits and every leaf at its default.
fn valid_word<W: BitWord>(format: &'static Format, opcode_bits: u128) -> W {
    let mut word = W::from_u128(opcode_bits);
    let mut all = Vec::new();
    leaves(format, 0, &mut all);
    for leaf in all {
        if !matches!(leaf.field.kind, FieldKind::Opcode) {
            leaf.field.write(&mut word, leaf.base, default_value(leaf.field));
        }
    }
    word
}

/// The word with the opcode's bits and every other field at a valid default.
pub fn base_word<W: BitWord>(op: &'static Opcode) -> W {
    valid_word(op.format, op.bits)
}

/// A struct's `Default`, encoded (`word`): every leaf field of `format`
/// reads 0 except the fixed ones, which hold their values.
pub fn default_word<W: BitWord>(format: &'static Format, word: &W) {
    let mut all = Vec::new();
    leaves(format, 0, &mut all);
    for leaf in all {
        let expected = match leaf.field.kind {
            FieldKind::Fixed(v) => v,
            _ => 0,
        };
        assert_eq!(
            leaf.field.read(word, leaf.base),
            expected,
            "{}::default() ({word:#x?}): field `{}`",
            format.name,
            leaf.field.name
        );
    }
}

/// Leaves a sweep varies: operands and unknown bits (not opcode, fixed, reserved).
fn sweepable(field: &Field) -> bool {
    field.kind.is_operand() || matches!(field.kind, FieldKind::Unknown)
}

/// Whether decoding may reject `value` in `field` (closed enums and register
/// files with gaps).
pub(crate) fn may_reject(field: &Field, value: u64) -> bool {
    match field.kind {
        FieldKind::Enum(e) => !e.open && e.value(value).is_none(),
        FieldKind::Regs(r) => !r.open && r.lookup(value).is_none(),
        _ => false,
    }
}

/// Checks one word that must decode as `expect` (when given): decode →
/// encode is bit-identical, print → parse gives the instruction back, the
/// text is stable with no blanks around it, and the explanation covers
/// every bit once.
pub fn round_trip_word<I: Isa>(word: I::Word, expect: Option<&str>) -> Result<I::Instruction, crate::DecodeError> {
    round_trip_word_in::<I>(word, expect, None)
}

/// [`round_trip_word`] as generation `gen` decodes (`None`: the newest).
pub fn round_trip_word_in<I: Isa>(
    word: I::Word,
    expect: Option<&str>,
    gen: Option<u32>,
) -> Result<I::Instruction, crate::DecodeError> {
    let insn = round_trip_unexplained::<I>(word, expect, gen)?;
    check_explain_covers_every_bit::<I>(word);
    Ok(insn)
}

/// [`round_trip_word_in`] but for the explanation: a field's sweep checks
/// every value this way, and explains a sample of them
/// ([`explained_in_sweep`]).
fn round_trip_unexplained<I: Isa>(
    word: I::Word,
    expect: Option<&str>,
    gen: Option<u32>,
) -> Result<I::Instruction, crate::DecodeError> {
    let insn = match gen {
        Some(g) => I::decode_gen(word, g)?,
        None => I::decode(word)?,
    };
    let encoded =
        I::encode(&insn).unwrap_or_else(|e| panic!("{word:#x?}: decoded {insn:?} but it does not encode: {e}"));
    assert_eq!(
        encoded, word,
        "decode → encode changed the bits of {word:#x?} ({insn:?})"
    );
    let text = insn.to_string();
    assert_eq!(text.trim(), text, "{word:#x?} printed with blanks around it: {text:?}");
    if let Some(mnemonic) = expect {
        assert_eq!(text.split(' ').next(), Some(mnemonic), "{word:#x?} printed as {text:?}");
    }
    let parsed: I::Instruction = text
        .parse()
        .unwrap_or_else(|e| panic!("{word:#x?}: cannot parse back {text:?}: {e}"));
    // `parsed` equal to `insn` prints `text` again: no second print.
    assert_eq!(parsed, insn, "print → parse changed {word:#x?} (text {text:?})");
    Ok(insn)
}

/// Whether a field's sweep explains the `i`th value it sets
/// ([`check_explain_covers_every_bit`]): the first 256 (every value of a
/// field of at most 8 bits; the edges of a wider one, which come first),
/// then one in 257. Explaining a word names and describes every field,
/// which took 40% of AGAL's sweeps; the rows' places change with the
/// opcode and the layouts a union picks, not with one field's value, and
/// the random-word checks explain every word they try.
fn explained_in_sweep(i: usize) -> bool {
    i < 256 || i % 257 == 0
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

/// Every value of every leaf field of one opcode's format (nested layouts
/// included).
pub fn opcode_fields<I: Isa>(index: usize) {
    let op = &I::LAYOUT.opcodes[index];
    sweep_leaves::<I>(op.format, base_word(op), Some(op), index as u64);
}

/// Every sweepable leaf of `format`, every value (edges and random ones past
/// 16 bits), set into `base`: the word decodes unless the value is one the
/// spec may reject (and then the error names the field), round-trips, and,
/// for an opcode, still matches that opcode.
fn sweep_leaves<I: Isa>(format: &'static Format, base: I::Word, op: Option<&'static Opcode>, seed: u64) {
    let mnemonic = op.map(|o| o.mnemonic);
    // An opcode that not every generation has is checked in the newest
    // generation that has it.
    let gen = op.and_then(|o| o.gens).map(|g| g.hi);
    let what = mnemonic.unwrap_or(format.name);
    round_trip_word_in::<I>(base, mnemonic, gen).unwrap_or_else(|e| panic!("`{what}` with default fields: {e}"));
    let mut all = Vec::new();
    every_leaf(format, 0, &mut all);
    for leaf in all.into_iter().filter(|l| sweepable(l.field)) {
        let field = leaf.field;
        for (i, value) in field_values(field.width, seed).into_iter().enumerate() {
            let mut word = base;
            choose_variant(&leaf, &mut word);
            field.write(&mut word, leaf.base, value);
            if let Some(op) = op {
                // The value may make a word of another opcode, which `prio`
                // puts first (ir3's `ldc.imm`, mode 0 of `ldc`).
                if checked_as_outranking::<I>(word, op, gen, || format!("`{what}` with `{}` = {value:#x}", field.name))
                {
                    continue;
                }
                let winner = I::LAYOUT.match_opcode_in(word.to_u128(), gen.or(I::LAYOUT.gens.map(|g| g.hi)));
                assert_eq!(
                    winner.map(|o| o.mnemonic),
                    Some(op.mnemonic),
                    "`{}` = {value:#x} in `{}` changes which opcode matches",
                    field.name,
                    op.mnemonic
                );
            }
            let checked = round_trip_unexplained::<I>(word, mnemonic, gen);
            if checked.is_ok() && explained_in_sweep(i) {
                check_explain_covers_every_bit::<I>(word);
            }
            match checked {
                Ok(_) => assert!(
                    !may_reject(field, value),
                    "`{what}` accepted `{}` = {value:#x}",
                    field.name
                ),
                Err(e) => {
                    assert!(
                        may_reject(field, value),
                        "`{what}`: `{}` = {value:#x} ({word:#x?}) was rejected: {e}",
                        field.name
                    );
                    assert_eq!(e.field, field.name, "error names the wrong field: {e}");
                }
            }
        }
    }
}

/// Whether `word`, made from `op`'s bits, matches an opcode of higher
/// `prio` instead (in generation `gen`, else the newest); then it must
/// round-trip as that opcode's word (`what` names it in the panic).
fn checked_as_outranking<I: Isa>(word: I::Word, op: &Opcode, gen: Option<u32>, what: impl Fn() -> String) -> bool {
    let winner = I::LAYOUT
        .match_opcode_in(word.to_u128(), gen.or(I::LAYOUT.gens.map(|g| g.hi)))
        .filter(|w| w.priority > op.priority);
    let Some(winner) = winner else {
        return false;
    };
    round_trip_word_in::<I>(word, Some(winner.mnemonic), gen)
        .unwrap_or_else(|e| panic!("{}, a `{}`: {e}", what(), winner.mnemonic));
    true
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
        let mut all = Vec::new();
        leaves(op.format, 0, &mut all);
        all.into_iter()
            .find(|l| matches!(l.field.kind, FieldKind::Enum(x) if core::ptr::eq(x, *e)))
            .map(|l| (op, l))
    });
    let in_bundle = I::LAYOUT.bundle.is_some_and(|b| {
        let mut all = Vec::new();
        leaves(b, 0, &mut all);
        all.iter()
            .any(|l| matches!(l.field.kind, FieldKind::Enum(x) if core::ptr::eq(x, *e)))
    });
    if in_bundle {
        // The bundle sweep sets every value of every enum field.
        bundle_fields::<I>();
        return;
    }
    let as_attr: Vec<usize> = I::LAYOUT
        .attrs
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a.kind, AttrKind::Enum(x) if core::ptr::eq(x, *e)))
        .map(|(i, _)| i)
        .collect();
    if user.is_none() && !as_attr.is_empty() {
        // The type of opcode attributes only: every opcode's value (and the
        // default) is one of its named values.
        for &i in &as_attr {
            let attr = &I::LAYOUT.attrs[i];
            assert!(e.value(attr.default).is_some(), "attribute `{}`: default", attr.name);
            for op in I::LAYOUT.opcodes {
                let v = op.attrs[i];
                assert!(
                    e.value(v).is_some(),
                    "`{}`: `{}` = {v} is not a `{name}` value",
                    op.mnemonic,
                    attr.name
                );
            }
        }
        return;
    }
    let Some((op, leaf)) = user else {
        if !e.attrs.is_empty() {
            // A table of values with attributes that no field uses (AGAL's
            // `RegName`): every enum-typed attribute of every value (and
            // its default) is a named value of that enum.
            for (k, attr) in e.attrs.iter().enumerate() {
                let AttrKind::Enum(t) = attr.kind else { continue };
                assert!(t.value(attr.default).is_some(), "`{name}.{}`: default", attr.name);
                for v in e.values {
                    let a = v.attrs[k];
                    assert!(
                        t.value(a).is_some(),
                        "`{name}::{}`: `{}` = {a} is not a `{}` value",
                        v.name,
                        attr.name,
                        t.name
                    );
                }
            }
            return;
        }
        // Used only by a free-standing layout (such as a header): its sweep covers it.
        assert!(
            I::LAYOUT.formats.iter().any(|f| !f.is_instruction
                && f.fields
                    .iter()
                    .any(|x| matches!(x.kind, FieldKind::Enum(y) if core::ptr::eq(y, *e)))),
            "enum `{name}` is used nowhere"
        );
        return;
    };
    for value in 0..=low_mask(e.bits) {
        let mut word: I::Word = base_word(op);
        leaf.field.write(&mut word, leaf.base, value);
        let gen = op.gens.map(|g| g.hi);
        if checked_as_outranking::<I>(word, op, gen, || format!("`{name}` = {value} in `{}`", op.mnemonic)) {
            continue;
        }
        match (e.value(value), round_trip_word_in::<I>(word, Some(op.mnemonic), gen)) {
            (Some(v), Ok(insn)) => {
                let text = insn.to_string();
                assert!(
                    text.contains(v.spellings[0]),
                    "{name}::{} should print as {:?}: {text}",
                    v.name,
                    v.spellings[0]
                );
                // Every alternative spelling parses to the same value.
                // (The spelling may also occur elsewhere in the text, so try
                // each occurrence after the mnemonic.)
                let operands_at = text.find(' ').unwrap_or(text.len());
                for alt in &v.spellings[1..] {
                    let found = text[operands_at..].match_indices(v.spellings[0]).any(|(at, _)| {
                        let at = operands_at + at;
                        let alt_text = format!("{}{alt}{}", &text[..at], &text[at + v.spellings[0].len()..]);
                        alt_text.parse::<I::Instruction>().is_ok_and(|p| p == insn)
                    });
                    assert!(
                        found,
                        "{name}::{}: spelling {alt:?} does not parse back in {text:?}",
                        v.name
                    );
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

/// Every value of every leaf field of a free-standing layout.
pub fn layout_fields<L: LayoutCodec>() {
    let format: &'static Format = L::FORMAT;
    let base: L::Word = valid_word(format, 0);
    let mut all = Vec::new();
    leaves(format, 0, &mut all);
    for leaf in all.into_iter().filter(|l| sweepable(l.field)) {
        let field = leaf.field;
        for value in field_values(field.width, 7) {
            let mut word = base;
            leaf.field.write(&mut word, leaf.base, value);
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
            // Compared as bits: a half-float NaN is not equal to itself.
            assert_eq!(
                parsed.encode().expect("encodes"),
                word,
                "{}: print → parse of {text:?}",
                format.name
            );
        }
    }
}

/// The metadata lists exactly these opcodes and formats, in order, each
/// opcode's index is its place, and its pattern matches its own base word.
pub fn layout_lists<I: Isa>(mnemonics: &[&str], formats: &[&str]) {
    let have: Vec<&str> = I::LAYOUT.opcodes.iter().map(|o| o.mnemonic).collect();
    assert_eq!(have, mnemonics);
    let have: Vec<&str> = I::LAYOUT.formats.iter().map(|f| f.name).collect();
    assert_eq!(have, formats);
    if let Some(op) = I::LAYOUT.opcodes.first() {
        // An equal opcode elsewhere in memory is not one of the layout's.
        let copy = Opcode {
            mnemonic: op.mnemonic,
            format: op.format,
            value: op.value,
            mask: op.mask,
            bits: op.bits,
            template: op.template,
            template_source: op.template_source,
            semantics: op.semantics,
            priority: op.priority,
            gens: op.gens,
            attrs: op.attrs,
            doc: op.doc,
        };
        assert_eq!(I::LAYOUT.opcode_index(&copy), None);
    }
    for (index, op) in I::LAYOUT.opcodes.iter().enumerate() {
        assert_eq!(I::LAYOUT.opcode_index(op), Some(index), "{}", op.mnemonic);
        assert!(
            I::LAYOUT
                .opcode(op.mnemonic)
                .is_some_and(|found| core::ptr::eq(found, op)),
            "`{}` is not found by its mnemonic",
            op.mnemonic
        );
        for near in [
            format!("{}_", op.mnemonic),
            format!("_{}", op.mnemonic),
            op.mnemonic.to_uppercase(),
        ] {
            if !mnemonics.contains(&near.as_str()) {
                assert_eq!(I::LAYOUT.opcode(&near).map(|o| o.mnemonic), None, "`{near}`");
            }
        }
        let word: I::Word = base_word(op);
        let gen = op.gens.or(I::LAYOUT.gens).map(|g| g.hi);
        assert_eq!(
            I::LAYOUT.match_opcode_in(word.to_u128(), gen).map(|o| o.mnemonic),
            Some(op.mnemonic)
        );
    }
}

/// A word with every bit random (all 192 bits of an AGAL token).
pub fn random_word<W: BitWord>(rng: &mut SplitMix64) -> W {
    let bytes: Vec<u8> = (0..W::BITS / 8).map(|_| rng.next_u64() as u8).collect();
    W::from_le_bytes(&bytes)
}

/// `jobs` independent jobs spread over the cores, `job(i)` for each `i`:
/// their results in job order. A job's panic is the caller's, with its
/// message. How the jobs are split never changes what each one does, so a
/// check gives the same verdict on any machine.
pub fn spread<T: Send>(jobs: usize, job: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, jobs.max(1));
    let job = &job;
    let mut results: Vec<(usize, T)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|k| scope.spawn(move || (k..jobs).step_by(workers).map(|i| (i, job(i))).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    results.sort_by_key(|&(i, _)| i);
    results.into_iter().map(|(_, result)| result).collect()
}

/// How many parts [`random_words`] cuts its words into, each with its own
/// random sequence: a fixed number, so that the words tried do not depend
/// on how many cores run them.
const RANDOM_WORD_PARTS: u64 = 8;

/// `count` random words: anything that decodes re-encodes bit-identically
/// and survives print → parse; anything that does not gives an error that
/// names a field or the opcode. Nothing panics. The words come in
/// `RANDOM_WORD_PARTS` (8) parts, spread over the cores ([`spread`]). Half
/// of them are entirely random, half a random opcode with random fields.
/// How many round-tripped and how many were rejected.
pub fn random_words<I: Isa>(count: u64) -> (u64, u64) {
    let parts = spread(RANDOM_WORD_PARTS as usize, |part| {
        let part = part as u64;
        // The first parts take the remainder, one word each.
        let words = count / RANDOM_WORD_PARTS + u64::from(part < count % RANDOM_WORD_PARTS);
        random_words_part::<I>(SplitMix64::new(0x15AF_0E6E ^ (part << 32)), words)
    });
    let (ok, rejected) = parts.iter().fold((0, 0), |(o, r), &(po, pr)| (o + po, r + pr));
    assert_eq!(ok + rejected, count);
    assert!(ok > 0, "no random word decoded at all");
    (ok, rejected)
}

/// One part of [`random_words`]: `count` words from `rng`, half of them
/// entirely random, half a random opcode with random fields. How many
/// round-tripped and how many were rejected with an error.
fn random_words_part<I: Isa>(mut rng: SplitMix64, count: u64) -> (u64, u64) {
    let (mut ok, mut rejected) = (0u64, 0u64);
    for n in 0..count {
        let guided = if n % 2 == 1 {
            opcode_guided_word::<I>(&mut rng)
        } else {
            None
        };
        let word = guided.unwrap_or_else(|| random_word::<I::Word>(&mut rng));
        match round_trip_word::<I>(word, None) {
            Ok(_) => ok += 1,
            Err(e) => {
                assert!(!e.to_string().is_empty());
                rejected += 1;
            }
        }
    }
    (ok, rejected)
}

/// A random opcode of the ISA with every sweepable leaf random; `None`
/// for an ISA without opcodes.
fn opcode_guided_word<I: Isa>(rng: &mut SplitMix64) -> Option<I::Word> {
    let opcodes = I::LAYOUT.opcodes;
    if opcodes.is_empty() {
        return None;
    }
    let op = &opcodes[(rng.next_u64() % opcodes.len() as u64) as usize];
    let mut word: I::Word = base_word(op);
    let mut all = Vec::new();
    leaves(op.format, 0, &mut all);
    for leaf in all.into_iter().filter(|l| sweepable(l.field)) {
        leaf.field.write(&mut word, leaf.base, rng.next_u64());
    }
    Some(word)
}

/// `count` random lines: the parser never panics, errors point inside the
/// line, and whatever parses prints and parses back to itself. Half the
/// lines are words of the ISA's own vocabulary strung together
/// (`vocabulary_line`), half the text of a random instruction with a few
/// random edits (`near_miss_line`), which parse far more often. How many
/// lines parsed and how many were rejected.
pub fn random_text<I: Isa>(count: u64) -> (u64, u64) {
    let vocab = text_vocabulary(I::LAYOUT);
    let mut rng = SplitMix64::new(0x7E57);
    let (mut parsed, mut rejected) = (0u64, 0u64);
    for n in 0..count {
        let near_miss = if n % 2 == 1 {
            near_miss_line::<I>(&vocab, &mut rng)
        } else {
            None
        };
        let line = near_miss.unwrap_or_else(|| vocabulary_line(&vocab, &mut rng));
        match line.parse::<I::Instruction>() {
            Ok(insn) => {
                let text = insn.to_string();
                let again: I::Instruction = text
                    .parse()
                    .unwrap_or_else(|e| panic!("{line:?} parsed, but its print {text:?} does not: {e}"));
                assert_eq!(again, insn, "{line:?} → {text:?}");
                parsed += 1;
            }
            Err(e) => {
                rejected += 1;
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
    (parsed, rejected)
}

/// One to ten words of `vocab`, each followed by a space one time in three.
fn vocabulary_line(vocab: &[String], rng: &mut SplitMix64) -> String {
    let n = 1 + rng.next_u64() % 10;
    let mut line = String::new();
    for _ in 0..n {
        line.push_str(&vocab[(rng.next_u64() % vocab.len() as u64) as usize]);
        if rng.next_u64() % 3 == 0 {
            line.push(' ');
        }
    }
    line
}

/// The text of a random instruction ([`opcode_guided_word`]) after zero to
/// three edits, each a cut of one to four characters or a word of `vocab`
/// put in, at a random place; `None` when the word does not decode.
fn near_miss_line<I: Isa>(vocab: &[String], rng: &mut SplitMix64) -> Option<String> {
    let insn = I::decode(opcode_guided_word::<I>(rng)?).ok()?;
    let mut chars: Vec<char> = insn.to_string().chars().collect();
    for _ in 0..rng.next_u64() % 4 {
        let at = (rng.next_u64() % (chars.len() as u64 + 1)) as usize;
        if rng.next_u64() % 2 == 0 {
            let end = (at + 1 + (rng.next_u64() % 4) as usize).min(chars.len());
            chars.drain(at..end);
        } else {
            let word = &vocab[(rng.next_u64() % vocab.len() as u64) as usize];
            chars.splice(at..at, word.chars());
        }
    }
    Some(chars.into_iter().collect())
}

/// What [`vocabulary_line`] strings together: the ISA's mnemonics, its
/// register names (the first, the last and one past it), enum spellings
/// and the literal text of its templates, then numbers, punctuation and
/// stray Unicode.
fn text_vocabulary(isa: &IsaLayout) -> Vec<String> {
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
            if let crate::layout::Piece::Text(t) = piece {
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
    vocab
}

/// Every value of every leaf field of a bundle ISA's one format (Lima GP):
/// each word decodes (or is rejected for a value the spec does not name),
/// re-encodes bit-identically and survives print → parse.
pub fn bundle_fields<I: Isa>() {
    let format = I::LAYOUT.bundle.expect("a bundle ISA");
    sweep_leaves::<I>(format, valid_word(format, 0), None, 11);
}

#[cfg(test)]
mod tests {
    use super::{
        choose_variant, default_value, every_leaf, explained_in_sweep, field_values, leaves, low_mask, random_word,
        sweepable, Leaf, Vec,
    };
    use crate::check::rng::SplitMix64;
    use crate::layout::{BitRange, Enum, EnumValue, Field, FieldKind, Format, RegFile, Regs, Union};
    use crate::test_layout::{enum_value, field, two_bit_enum};
    use alloc::string::String;
    use pretty_assertions::assert_eq;

    const fn layout(name: &'static str, bits: u32, fields: &'static [Field]) -> Format {
        Format {
            name,
            doc: "",
            bits,
            is_instruction: false,
            fields,
            syntax: &[],
            texts: &[],
            params: &[],
        }
    }

    /// A closed 2-bit enum whose first named value is 2.
    static CLOSED_ENUM: Enum = two_bit_enum("Closed", false, &[enum_value("B", 2), enum_value("A", 1)]);
    /// The same values, open.
    static OPEN_ENUM: Enum = two_bit_enum("Open", true, &[enum_value("B", 2), enum_value("A", 1)]);
    /// A closed enum that names no value.
    static EMPTY_ENUM: Enum = two_bit_enum("Empty", false, &[]);
    const FILES: &[RegFile] = &[
        RegFile {
            prefix: "r",
            base: 5,
            count: 2,
            doc: "",
        },
        RegFile {
            prefix: "c",
            base: 0,
            count: 2,
            doc: "",
        },
    ];
    /// A closed register file whose first file starts at 5.
    static CLOSED_REGS: Regs = Regs {
        name: "Closed",
        doc: "",
        bits: 3,
        open: false,
        files: FILES,
    };
    /// The same files, open.
    static OPEN_REGS: Regs = Regs {
        open: true,
        ..CLOSED_REGS
    };

    /// A union's first layout: bit 0 fixed at 0, a 3-bit `x`.
    static FIRST: Format = layout(
        "First",
        4,
        &[
            field("sel", &[BitRange { lo: 0, width: 1 }], FieldKind::Fixed(0)),
            field("x", &[BitRange { lo: 1, width: 3 }], FieldKind::Unsigned),
        ],
    );
    /// Its second: bit 0 fixed at 1, a closed enum `y` (2 bits), a bit `z`.
    static SECOND: Format = layout(
        "Second",
        4,
        &[
            field("sel", &[BitRange { lo: 0, width: 1 }], FieldKind::Fixed(1)),
            field("y", &[BitRange { lo: 1, width: 2 }], FieldKind::Enum(&CLOSED_ENUM)),
            field("z", &[BitRange { lo: 3, width: 1 }], FieldKind::Unsigned),
        ],
    );
    static EITHER: Union = Union {
        name: "Either",
        doc: "",
        bits: 4,
        variants: &[&FIRST, &SECOND],
    };
    /// A layout that holds the union in its bits 0..=3.
    static HOLDER: Format = layout(
        "Holder",
        4,
        &[field("u", &[BitRange { lo: 0, width: 4 }], FieldKind::Union(&EITHER))],
    );
    /// `a` 0..=3, `n` (a `Holder`) 4..=7, `v` (an `Either`) 8..=11, a
    /// closed enum `e` 12..=13 and bits 14..=15 fixed at 2.
    static OUTER: Format = layout(
        "Outer",
        16,
        &[
            field("a", &[BitRange { lo: 0, width: 4 }], FieldKind::Unsigned),
            field("n", &[BitRange { lo: 4, width: 4 }], FieldKind::Layout(&HOLDER)),
            field("v", &[BitRange { lo: 8, width: 4 }], FieldKind::Union(&EITHER)),
            field("e", &[BitRange { lo: 12, width: 2 }], FieldKind::Enum(&CLOSED_ENUM)),
            field("k", &[BitRange { lo: 14, width: 2 }], FieldKind::Fixed(2)),
        ],
    );

    /// Each leaf as `name@base`, and `in Layout@at` for a union's later layout.
    fn shown(leaves: &[Leaf]) -> Vec<String> {
        leaves
            .iter()
            .map(|l| match l.variant {
                Some((layout, at)) => alloc::format!("{}@{} in {}@{at}", l.field.name, l.base, layout.name),
                None => alloc::format!("{}@{}", l.field.name, l.base),
            })
            .collect()
    }

    /// `leaves` descends into nested layouts and a union's first layout,
    /// each at its own offset; `every_leaf` adds a union's later layouts
    /// (inside a nested layout too), marked with the layout and its offset.
    #[test]
    fn leaves_reach_nested_layouts_and_every_leaf_each_union_layout() {
        for base in [0, 16] {
            let at = |n: u32| alloc::format!("{}", base + n);
            let mut first = Vec::new();
            leaves(&OUTER, base, &mut first);
            let expected_first: Vec<String> =
                [("a", 0), ("sel", 4), ("x", 4), ("sel", 8), ("x", 8), ("e", 0), ("k", 0)]
                    .iter()
                    .map(|&(name, off)| alloc::format!("{name}@{}", at(off)))
                    .collect();
            assert_eq!(shown(&first), expected_first);
            let mut every = Vec::new();
            every_leaf(&OUTER, base, &mut every);
            let mut expected = expected_first.clone();
            for off in [4, 8] {
                for name in ["sel", "y", "z"] {
                    expected.push(alloc::format!("{name}@{} in Second@{}", at(off), at(off)));
                }
            }
            assert_eq!(shown(&every), expected);
        }
    }

    /// A later layout's leaf writes that layout's fixed fields and every
    /// other field's default before the sweep sets its own value; a leaf
    /// of the first layout writes nothing.
    #[test]
    fn a_later_union_layouts_leaf_selects_its_layout() {
        let mut every = Vec::new();
        every_leaf(&OUTER, 0, &mut every);
        let z = every
            .iter()
            .find(|l| l.field.name == "z" && l.base == 8)
            .expect("z of `v`");
        let mut word = 0u64;
        choose_variant(z, &mut word);
        // `sel` 1 at bit 8, `y` at its first value (2) in bits 9..=10.
        assert_eq!(word, 1 << 8 | 2 << 9);
        let mut word = u64::MAX;
        choose_variant(z, &mut word);
        assert_eq!(word, !(0b1111 << 8) | 1 << 8 | 2 << 9);
        let x = every
            .iter()
            .find(|l| l.field.name == "x" && l.base == 8)
            .expect("x of `v`");
        let mut word = 0xABCDu64;
        choose_variant(x, &mut word);
        assert_eq!(word, 0xABCD);
    }

    /// The value every decoder accepts: a fixed field's value, a closed
    /// enum's first named value, a closed register file's first register,
    /// and 0 for the rest (open types accept every value).
    #[test]
    fn default_values_are_ones_every_decoder_accepts() {
        let range: &'static [BitRange] = &[BitRange { lo: 0, width: 3 }];
        let of = |kind| default_value(&field("f", range, kind));
        assert_eq!(of(FieldKind::Fixed(6)), 6);
        assert_eq!(of(FieldKind::Enum(&CLOSED_ENUM)), 2);
        assert_eq!(of(FieldKind::Enum(&OPEN_ENUM)), 0);
        assert_eq!(of(FieldKind::Enum(&EMPTY_ENUM)), 0);
        assert_eq!(of(FieldKind::Regs(&CLOSED_REGS)), 5);
        assert_eq!(of(FieldKind::Regs(&OPEN_REGS)), 0);
        assert_eq!(of(FieldKind::Unsigned), 0);
    }

    /// A field of up to 16 bits is tried at every value; a wider one at its
    /// edges (0, 1, 2, the largest, one below, the middle two) and 1,024
    /// random values inside it, the same for the same seed.
    #[test]
    fn field_values_cover_small_fields_and_the_edges_of_wide_ones() {
        assert_eq!(field_values(1, 7), [0, 1]);
        assert_eq!(field_values(16, 7), (0..=0xFFFF).collect::<Vec<u64>>());
        for width in [17, 40, 64] {
            let max = low_mask(width);
            let values = field_values(width, 7);
            assert_eq!(values.len(), 7 + 1024);
            assert_eq!(values[..7], [0, 1, 2, max, max - 1, max >> 1, (max >> 1) + 1]);
            assert!(values.iter().all(|&v| v <= max));
            // Random values reach the field's top bit, and differ by seed.
            assert!(values[7..].iter().any(|&v| v > max >> 1));
            assert_ne!(field_values(width, 8), values);
            assert_eq!(field_values(width, 7), values);
        }
    }

    /// A sweep varies operands and unknown bits, not the opcode, fixed or
    /// reserved bits (a mutation survivor: a sweep that varied nothing
    /// passed every toy suite).
    #[test]
    fn sweeps_vary_operands_and_unknown_bits() {
        static R: [BitRange; 1] = [BitRange { lo: 0, width: 4 }];
        for (kind, swept) in [
            (FieldKind::Unsigned, true),
            (FieldKind::Bool, true),
            (FieldKind::Unknown, true),
            (FieldKind::Opcode, false),
            (FieldKind::Fixed(1), false),
            (FieldKind::Reserved, false),
        ] {
            assert_eq!(sweepable(&field("f", &R, kind)), swept, "{kind:?}");
        }
    }

    /// The first 256 values of a field's sweep are explained, then one in
    /// 257.
    #[test]
    fn a_sweep_explains_its_first_values_then_a_sample() {
        let explained: Vec<usize> = (0..2000).filter(|&i| explained_in_sweep(i)).collect();
        let mut expected: Vec<usize> = (0..256).collect();
        expected.extend((257..2000).step_by(257));
        assert_eq!(explained, expected);
    }

    /// A vocabulary line strings one to ten words together, with a space
    /// after some of them and none after others.
    #[test]
    fn vocabulary_lines_join_words_with_and_without_spaces() {
        let vocab = [String::from("w")];
        let mut rng = SplitMix64::new(3);
        let lines: Vec<String> = (0..200).map(|_| super::vocabulary_line(&vocab, &mut rng)).collect();
        let words = |l: &String| l.matches('w').count();
        assert!(lines.iter().all(|l| (1..=10).contains(&words(l))), "{lines:?}");
        assert!(lines.iter().any(|l| words(l) == 10) && lines.iter().any(|l| words(l) == 1));
        assert!(lines.iter().any(|l| l.contains("ww")), "{lines:?}");
        assert!(lines.iter().any(|l| l.contains("w w")), "{lines:?}");
    }

    /// Random words set and clear every bit, and differ from one another.
    #[test]
    fn random_words_cover_every_bit() {
        let mut rng = SplitMix64::new(1);
        let words: Vec<u32> = (0..64).map(|_| random_word::<u32>(&mut rng)).collect();
        let (ones, zeros) = words.iter().fold((0u32, 0u32), |(o, z), &w| (o | w, z | !w));
        assert_eq!((ones, zeros), (u32::MAX, u32::MAX));
        let mut distinct = words.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), words.len());
        // One draw per byte, each its low byte: the words a sweep tries are
        // its seed's draws, so a reported word can be rebuilt from the seed.
        let mut reference = SplitMix64::new(1);
        let first = u32::from_le_bytes(core::array::from_fn(|_| reference.next_u64() as u8));
        assert_eq!(words[0], first);
        for _ in 4..64 * 4 {
            reference.next_u64();
        }
        assert_eq!(rng.next_u64(), reference.next_u64());
    }

    /// Conditions on an enum field: `is named`, `is unnamed`, a list of
    /// values, and one on an attribute of the value, met and not (mutation
    /// survivors: no toy spec has a condition on whether a value is named,
    /// or on an enum value's attribute).
    #[test]
    fn conditions_on_an_enum_field_hold_for_their_values() {
        use crate::layout::Cond;
        // `a` has attribute 0 set to 1, `b` to 0; values 1 and 3 are unnamed.
        static VALUES: [EnumValue; 2] = [
            EnumValue {
                attrs: &[1],
                ..enum_value("a", 0)
            },
            EnumValue {
                attrs: &[0],
                ..enum_value("b", 2)
            },
        ];
        static E: Enum = two_bit_enum("E", true, &VALUES);
        static R: [BitRange; 1] = [BitRange { lo: 0, width: 2 }];
        static FIELDS: [Field; 1] = [field("e", &R, FieldKind::Enum(&E))];
        static F: Format = layout("F", 2, &FIELDS);
        let cond = |named: Option<bool>, equal: bool, values: &'static [u64]| Cond {
            field: 0,
            text: "",
            equal,
            values,
            named,
            attr: None,
            other: None,
            range: None,
        };
        // `e.flag == 1` and `e.flag != 1`: only for a value the enum names.
        let on_attr = |equal: bool| Cond {
            attr: Some(0),
            ..cond(None, equal, &[1])
        };
        for word in 0u8..4 {
            let named = word == 0 || word == 2;
            let listed = word == 1 || word == 2;
            assert_eq!(cond(Some(true), true, &[]).holds(&F, &word, 0), named, "{word}");
            assert_eq!(cond(Some(false), true, &[]).holds(&F, &word, 0), !named, "{word}");
            assert_eq!(cond(None, true, &[1, 2]).holds(&F, &word, 0), listed, "{word}");
            assert_eq!(cond(None, false, &[1, 2]).holds(&F, &word, 0), !listed, "{word}");
            assert_eq!(on_attr(true).holds(&F, &word, 0), word == 0, "{word}");
            assert_eq!(on_attr(false).holds(&F, &word, 0), word == 2, "{word}");
        }
    }
}
