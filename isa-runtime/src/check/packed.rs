//! The checks behind the generated tests of a presence-mask bundle ISA
//! (Lima PP). Programs are built here from the `PACKED` metadata alone (an
//! oracle independent of the generated codec): control word, enables,
//! units packed back to back, derived fields. The generated decoder,
//! encoder, printer and parser must agree with it bit for bit.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use alloc::{format, vec};

use crate::layout::{DeriveRule, FieldKind, Format, Packed, Unit};
use crate::packed::{words_for, write_bits};
use crate::PackedIsa;
use pretty_assertions::assert_eq;

use super::rng::SplitMix64;
use super::{default_value, field_values, leaves, may_reject, Leaf};

/// One unit of an oracle-built instruction: which unit, which variant, its bits.
#[derive(Clone, Debug)]
pub struct UnitBits {
    /// Index into `Packed::units`.
    pub unit: usize,
    /// Index into the unit's variants.
    pub variant: usize,
    /// The unit's bits.
    pub bits: u128,
}

/// An instruction as the oracle sees it: the control word's non-derived
/// bits (enables clear), its units, and extra zero words past what the
/// units need.
#[derive(Clone, Debug)]
pub struct OracleInstr {
    /// Control word bits (enables and derived fields are filled in by [`words`]).
    pub control: u32,
    /// Units, in packing order.
    pub units: Vec<UnitBits>,
    /// Words added to the length the units need.
    pub extra_words: u32,
}

fn packed<P: PackedIsa>() -> &'static Packed {
    P::LAYOUT.packed.expect("a presence-mask bundle ISA")
}

/// A variant's bits with every leaf at its default.
fn base_bits(format: &'static Format) -> u128 {
    let mut bits = 0u128;
    let mut all = Vec::new();
    leaves(format, 0, &mut all);
    for leaf in all {
        leaf.field.write(&mut bits, leaf.base, default_value(leaf.field));
    }
    bits
}

/// Leaves a sweep varies: operands and unknown bits.
fn sweepable(leaf: &Leaf) -> bool {
    leaf.field.kind.is_operand() || matches!(leaf.field.kind, FieldKind::Unknown)
}

/// The program's words, with the enables set and the derived fields as the
/// spec's `derive` lines say (`words` plus `extra_words` for the length).
pub fn words(packed: &Packed, program: &[OracleInstr]) -> Vec<u32> {
    let lengths: Vec<u32> = program
        .iter()
        .map(|i| words_for(i.units.iter().map(|u| packed.units[u.unit].width).sum()) + i.extra_words)
        .collect();
    let mut out = Vec::new();
    for (n, insn) in program.iter().enumerate() {
        let start = out.len();
        out.resize(start + lengths[n] as usize, 0);
        let mut control = insn.control;
        for d in packed.derives {
            let field = &packed.control.fields[d.field];
            let value = match d.rule {
                DeriveRule::Words => u64::from(lengths[n]),
                DeriveRule::NextWords => lengths.get(n + 1).map_or(0, |&l| u64::from(l)),
                DeriveRule::NotLast => u64::from(n + 1 < program.len()),
            };
            field.write(&mut control, 0, value);
        }
        let mut bit = 32;
        for u in &insn.units {
            let unit = &packed.units[u.unit];
            control |= 1 << unit.enable;
            write_bits(&mut out[start..], bit, unit.width, u.bits);
            bit += unit.width;
        }
        out[start] = control;
    }
    out
}

/// Decode → encode is bit-identical, each instruction prints and parses back
/// to itself, and (when `standard`: no extra words) `derive` reproduces the
/// derived fields the oracle wrote.
pub fn check_program<P: PackedIsa>(words: &[u32], standard: bool, what: &str) {
    let program = P::decode_program(words).unwrap_or_else(|e| panic!("{what}: {words:08x?} does not decode: {e}"));
    views_agree::<P>(words, what);
    let mut again = Vec::new();
    for insn in &program {
        P::encode_into(insn, &mut again);
    }
    assert_eq!(again, words, "{what}: decode → encode changed the bits");
    for insn in &program {
        let text = insn.to_string();
        let parsed: P::Instruction = text
            .parse()
            .unwrap_or_else(|e| panic!("{what}: cannot parse back {text:?}: {e}"));
        // Compared as words: a half-float NaN is not equal to itself.
        assert_eq!(
            encode::<P>(&parsed),
            encode::<P>(insn),
            "{what}: print → parse of {text:?}"
        );
    }
    if standard {
        let mut derived = program.clone();
        P::derive(&mut derived);
        let derived_words: Vec<u32> = derived.iter().flat_map(encode::<P>).collect();
        assert_eq!(derived_words, words, "{what}: `derive` disagrees with the oracle");
    }
}

/// The views of `words` agree with the eager decoder: the same error, or
/// instructions that encode to the same words (compared as words: a
/// half-float NaN is not equal to itself), each view spanning exactly its
/// instruction's words; the first instruction alone agrees too.
pub fn views_agree<P: PackedIsa>(words: &[u32], what: &str) {
    let first = (P::decode(words), P::decode_view(words));
    match first {
        (Ok((insn, len)), Ok((view, view_len))) => {
            assert_eq!(view_len, len, "{what}: the first view's length");
            assert_eq!(
                encode::<P>(&P::view_to_instr(&view)),
                encode::<P>(&insn),
                "{what}: the first view"
            );
        }
        (Err(eager), Err(view)) => assert_eq!(view, eager, "{what}: the first view's error"),
        (eager, view) => panic!("{what}: the first instruction decodes as {eager:?} but its view as {view:?}"),
    }
    match (P::decode_program(words), P::decode_program_views(words)) {
        (Ok(program), Ok(views)) => {
            assert_eq!(views.len(), program.len(), "{what}: number of views");
            let mut at = 0;
            for (i, (insn, view)) in program.iter().zip(&views).enumerate() {
                let eager = encode::<P>(insn);
                assert_eq!(encode::<P>(&P::view_to_instr(view)), eager, "{what}: view {i}");
                let (again, len) = P::decode_view(&words[at..]).unwrap_or_else(|e| panic!("{what}: view {i}: {e}"));
                assert_eq!(format!("{again:?}"), format!("{view:?}"), "{what}: view {i} alone");
                at += len;
            }
        }
        (Err(eager), Err(view)) => assert_eq!(view, eager, "{what}: the program's error"),
        (eager, view) => panic!(
            "{what}: the program decodes as {:?} but its views as {:?}",
            eager.map(|p| p.len()),
            view.map(|v| v.len())
        ),
    }
}

fn encode<P: PackedIsa>(insn: &P::Instruction) -> Vec<u32> {
    let mut out = Vec::new();
    P::encode_into(insn, &mut out);
    out
}

/// Every value of every leaf field of every variant of every unit, alone in
/// a one-instruction program.
pub fn unit_fields<P: PackedIsa>() {
    let packed = packed::<P>();
    for (u, unit) in packed.units.iter().enumerate() {
        for (v, variant) in unit.variants.iter().enumerate() {
            let base = base_bits(variant);
            let mut all = Vec::new();
            leaves(variant, 0, &mut all);
            for leaf in all.iter().filter(|l| sweepable(l)) {
                for value in field_values(leaf.field.width, u as u64) {
                    let mut bits = base;
                    leaf.field.write(&mut bits, leaf.base, value);
                    let insn = OracleInstr {
                        control: 0,
                        units: vec![UnitBits {
                            unit: u,
                            variant: v,
                            bits,
                        }],
                        extra_words: 0,
                    };
                    let what = format!(
                        "unit `{}` as `{}`, `{}` = {value:#x}",
                        unit.name, variant.name, leaf.field.name
                    );
                    let words = words(packed, &[insn]);
                    match P::decode_program(&words) {
                        Ok(_) => check_program::<P>(&words, true, &what),
                        Err(e) => {
                            assert!(may_reject(leaf.field, value), "{what}: rejected: {e}");
                            assert_eq!(e.field, leaf.field.name, "{what}: the error names the wrong field: {e}");
                        }
                    }
                }
            }
        }
    }
}

/// A random unit: a random variant with every sweepable leaf random.
fn random_unit(unit: &Unit, index: usize, rng: &mut SplitMix64) -> UnitBits {
    let variant = (rng.next_u64() % unit.variants.len() as u64) as usize;
    let format = unit.variants[variant];
    let mut bits = base_bits(format);
    let mut all = Vec::new();
    leaves(format, 0, &mut all);
    for leaf in all.iter().filter(|l| sweepable(l)) {
        let mut value = rng.next_u64();
        // Closed enums and register files take one of their values.
        match leaf.field.kind {
            FieldKind::Enum(e) if !e.open => value = e.values[(value % e.values.len() as u64) as usize].value,
            FieldKind::Regs(r) if !r.open && !r.files.is_empty() => {
                let file = &r.files[(value % r.files.len() as u64) as usize];
                value = file.base + (value >> 8) % file.count.max(1);
            }
            _ => {}
        }
        leaf.field.write(&mut bits, leaf.base, value);
    }
    UnitBits {
        unit: index,
        variant,
        bits,
    }
}

/// A random instruction: each unit present with probability ½, random
/// non-derived control bits, sometimes extra words.
pub fn random_instr(packed: &Packed, rng: &mut SplitMix64) -> OracleInstr {
    let mut control = 0u32;
    for f in packed.control.fields {
        let derived = packed
            .derives
            .iter()
            .any(|d| core::ptr::eq(&packed.control.fields[d.field], f));
        let free = f.kind.is_operand() || matches!(f.kind, FieldKind::Unknown);
        if free && !derived {
            f.write(&mut control, 0, rng.next_u64());
        }
    }
    let mut units = Vec::new();
    for (i, u) in packed.units.iter().enumerate() {
        if rng.next_u64() % 2 == 0 {
            units.push(random_unit(u, i, rng));
        }
    }
    let bits: u32 = units.iter().map(|u| packed.units[u.unit].width).sum();
    // Extra words only while the length field can still hold the total.
    let room = packed.derived(DeriveRule::Words).map_or(0, |f| {
        (crate::bits::low_mask(f.width) as u32).saturating_sub(words_for(bits))
    });
    let extra_words = if rng.next_u64() % 8 == 0 {
        (rng.next_u64() % 3) as u32
    } else {
        0
    }
    .min(room);
    OracleInstr {
        control,
        units,
        extra_words,
    }
}

/// `count` random programs of one to four instructions: every unit, every
/// variant, random field values; each decodes to as many instructions as
/// it was built of, and survives decode → encode, print → parse and
/// `derive` unchanged.
pub fn random_programs<P: PackedIsa>(count: u64) {
    let packed = packed::<P>();
    let mut rng = SplitMix64::new(0x9A_C4ED);
    let mut seen = vec![vec![false; 8]; packed.units.len()];
    for n in 0..count {
        let len = 1 + (rng.next_u64() % 4) as usize;
        let program: Vec<OracleInstr> = (0..len).map(|_| random_instr(packed, &mut rng)).collect();
        for u in program.iter().flat_map(|i| &i.units) {
            seen[u.unit][u.variant] = true;
        }
        let words = words(packed, &program);
        let standard = program.iter().all(|i| i.extra_words == 0);
        let what = format!("random program {n}");
        check_program::<P>(&words, standard, &what);
        assert_eq!(
            P::decode_program(&words).map(|p| p.len()),
            Ok(program.len()),
            "{what}: {words:08x?} decodes to another number of instructions than the oracle wrote"
        );
    }
    for (unit, seen) in packed.units.iter().zip(&seen) {
        for (v, variant) in unit.variants.iter().enumerate() {
            assert!(
                seen[v],
                "no random program used unit `{}` as `{}`",
                unit.name, variant.name
            );
        }
    }
}

/// Corrupt input: random words, and valid programs cut short or with a
/// flipped length field. Decoding never panics; whatever decodes re-encodes
/// to the same words; errors carry an offset inside the input.
pub fn corrupt_programs<P: PackedIsa>(count: u64) {
    let packed = packed::<P>();
    let mut rng = SplitMix64::new(0xC0_22_07);
    let (mut ok, mut rejected) = (0u64, 0u64);
    for n in 0..count {
        let words: Vec<u32> = match n % 3 {
            0 => (0..1 + rng.next_u64() % 24).map(|_| rng.next_u64() as u32).collect(),
            1 => {
                let program: Vec<OracleInstr> = (0..1 + rng.next_u64() % 3)
                    .map(|_| random_instr(packed, &mut rng))
                    .collect();
                let mut w = words(packed, &program);
                let cut = (rng.next_u64() % w.len() as u64) as usize;
                w.truncate(cut);
                w
            }
            _ => {
                let program: Vec<OracleInstr> = (0..1 + rng.next_u64() % 3)
                    .map(|_| random_instr(packed, &mut rng))
                    .collect();
                let mut w = words(packed, &program);
                let i = (rng.next_u64() % w.len() as u64) as usize;
                w[i] ^= 1 << (rng.next_u64() % 32);
                w
            }
        };
        views_agree::<P>(&words, &format!("corrupt input {n}"));
        match P::decode_program(&words) {
            Ok(program) => {
                ok += 1;
                let mut again = Vec::new();
                for insn in &program {
                    P::encode_into(insn, &mut again);
                }
                assert_eq!(
                    &words[..again.len()],
                    &again[..],
                    "corrupt input {n}: re-encoding differs"
                );
                assert!(
                    words[again.len()..].iter().all(|&w| w == 0),
                    "corrupt input {n}: lost data"
                );
            }
            Err(e) => {
                rejected += 1;
                let offset = e.offset.expect("decode errors carry an offset");
                assert!(
                    offset <= words.len() * 4,
                    "corrupt input {n}: offset {offset} outside the input: {e}"
                );
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert!(ok > 0 && rejected > 0, "{ok} decoded, {rejected} rejected");
}

/// Random lines of the bundle's vocabulary: the field-explicit parser never
/// panics, its errors point inside the line, and what parses prints and
/// parses back to itself.
pub fn random_text<P: PackedIsa>(count: u64) {
    let packed = packed::<P>();
    let mut vocab: Vec<String> = packed.units.iter().map(|u| u.name.to_string()).collect();
    let mut samples = Vec::new();
    let mut rng = SplitMix64::new(0x7E_C7);
    for _ in 0..64 {
        let insn = random_instr(packed, &mut rng);
        if let Ok(p) = P::decode_program(&words(packed, &[insn])) {
            samples.push(p[0].to_string());
        }
    }
    for s in &samples {
        vocab.extend(s.split(' ').map(str::to_string));
    }
    vocab.extend(
        [
            ";",
            " ",
            "=",
            "-",
            "0",
            "1",
            "99999999999",
            "0x",
            "é",
            "\t",
            ".",
            "xyzw",
        ]
        .map(str::to_string),
    );
    for _ in 0..count {
        let line = if rng.next_u64() % 2 == 0 {
            // Mutate a valid line: drop, duplicate or replace one token.
            let s = &samples[(rng.next_u64() % samples.len() as u64) as usize];
            let mut toks: Vec<&str> = s.split(' ').collect();
            let i = (rng.next_u64() % toks.len() as u64) as usize;
            let repl = &vocab[(rng.next_u64() % vocab.len() as u64) as usize];
            match rng.next_u64() % 3 {
                0 => {
                    toks.remove(i);
                }
                1 => toks.insert(i, repl),
                _ => toks[i] = repl,
            }
            toks.join(" ")
        } else {
            (0..1 + rng.next_u64() % 12)
                .map(|_| vocab[(rng.next_u64() % vocab.len() as u64) as usize].as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        match line.parse::<P::Instruction>() {
            Ok(insn) => {
                let text = insn.to_string();
                let again: P::Instruction = text
                    .parse()
                    .unwrap_or_else(|e| panic!("{line:?} parsed, but its print {text:?} does not: {e}"));
                assert_eq!(encode::<P>(&again), encode::<P>(&insn), "{line:?} → {text:?}");
            }
            Err(e) => {
                assert_eq!(e.line, 1, "{line:?}: {e}");
                assert!(e.col >= 1 && e.col <= line.chars().count() + 1, "{line:?}: {e}");
            }
        }
    }
}

/// The metadata lists the units in enable-bit order with these names, and
/// the layouts in spec order.
pub fn layout_lists<P: PackedIsa>(units: &[&str], formats: &[&str]) {
    let packed = packed::<P>();
    let have: Vec<&str> = packed.units.iter().map(|u| u.name).collect();
    assert_eq!(have, units);
    assert!(packed.units.windows(2).all(|w| w[0].enable < w[1].enable));
    let have: Vec<&str> = P::LAYOUT.formats.iter().map(|f| f.name).collect();
    assert_eq!(have, formats);
}
