//! Lima PP text in the syntax of Mesa's disassembler (`ppir_disassemble_instr`,
//! Mesa 23.3), and an assembler that reads it back.
//!
//! [`disassemble_mesa`] prints exactly what Mesa prints, one line per
//! instruction behind `@{offset:6}: `. Mesa's text drops some bits (unknown
//! fields, a destination whose mask is empty, the second operand of
//! one-operand ops, the branch's `next_count`, derived control fields that
//! differ from what the encoder computes, …); [`disassemble`] appends to
//! such a line a `{raw unit.field=value …}` annotation with exactly those
//! fields, so that [`parse_program`] rebuilds every program bit for bit.
//! A reader of Mesa's text can drop everything from ` {raw` to the end of
//! the line. The syntax is described in `docs/lima-pp-text.md`.
//!
//! What each unit prints is the spec's `mesa` dialect (`text mesa.…` lines
//! on every unit layout of `lima_pp.isa`), printed by `print`; the
//! parser (`parse`) reads it back with the op names, operand counts,
//! branch conditions and uniform sources taken from the spec.

mod carry;
mod hooks;
mod parse;
mod print;
mod select;

use core::fmt::Write;

use isa_runtime::layout::{DeriveRule, FieldKind, Packed};
#[cfg(test)]
use isa_runtime::packed::{read_bits, unit_offsets};
use isa_runtime::{DecodeError, DecodeErrorKind};

pub use parse::{assemble_each, parse_program, parse_whole_program};

use super::Instr;

fn packed() -> &'static Packed {
    match super::LAYOUT.packed {
        Some(p) => p,
        None => unreachable!("lima_pp is a presence-mask bundle"),
    }
}

/// Mesa's text of one instruction that starts `offset` words into its
/// program, without the `@` prefix and the newline.
pub fn print_instr(insn: &Instr, offset: u32) -> String {
    let mut out = String::new();
    print::instr(&mut out, insn, offset);
    out
}

/// An instruction's length in its program, in words: its `count`, or more
/// if its units need more.
pub(super) fn length(insn: &Instr) -> u64 {
    insn.control.count.get().max(insn.words_needed() as u64)
}

/// The word offset of each instruction of `program` (as encoded).
fn offsets(program: &[Instr]) -> Vec<u32> {
    let mut at = 0u32;
    program
        .iter()
        .map(|insn| {
            let o = at;
            at += length(insn) as u32;
            o
        })
        .collect()
}

/// A program's text exactly as Mesa 23.3 prints it: `@{offset:6}: ` and
/// the instruction, one line each. Lossy where Mesa's is (see the module
/// doc); [`disassemble`] is not.
pub fn disassemble_mesa(program: &[Instr]) -> String {
    let mut out = String::new();
    for (insn, offset) in program.iter().zip(offsets(program)) {
        line_prefix(&mut out, offset);
        print::instr(&mut out, insn, offset);
        out.push('\n');
    }
    out
}

/// `@{offset:6}: `, without the formatting machinery (one per line).
fn line_prefix(out: &mut String, offset: u32) {
    out.push('@');
    let digits = offset.checked_ilog10().map_or(1, |d| d as usize + 1);
    out.push_str(&"      "[..6usize.saturating_sub(digits)]);
    let _ = isa_runtime::text::write_decimal(out, u64::from(offset));
    out.push_str(": ");
}

/// A program's text as Mesa prints it, each line followed by a
/// `{raw …}` annotation of whatever Mesa's text does not carry, when
/// anything; [`parse_program`] reads it back to the same program.
pub fn disassemble(program: &[Instr]) -> String {
    let mut starts = Starts::default();
    let mut at = 0u64;
    for insn in program {
        starts.push(at);
        at += length(insn);
    }
    starts.total = at;
    let mut out = Vec::new();
    let mut words = Vec::with_capacity(MAX_WORDS);
    let items = program.iter().map(|insn| {
        let mut item = Item {
            words: [0; MAX_WORDS],
            len: 0,
            needed: insn.words_needed(),
            advance: length(insn),
        };
        words.clear();
        insn.encode_into(&mut words);
        item.len = words.len().min(MAX_WORDS);
        item.words[..item.len].copy_from_slice(&words[..item.len]);
        item
    });
    // Writing to a Vec cannot fail.
    let _ = write_program(items, &starts, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// A program in little-endian bytes, checked (it decodes as
/// [`Instr::decode_program`] decodes it), whose text [`Listing::write_to`]
/// writes instruction by instruction, as [`disassemble`] prints it. It
/// keeps one bit per word of the program (where instructions start: a
/// branch's `next_count` note needs its target's length), not the
/// decoded program.
pub struct Listing<'a> {
    bytes: &'a [u8],
    starts: Starts,
}

/// Where the program's instructions start: one bit per word.
#[derive(Default)]
struct Starts {
    bits: Vec<u64>,
    /// The program's length in words.
    total: u64,
}

impl Starts {
    fn push(&mut self, word: u64) {
        let i = (word / 64) as usize;
        if self.bits.len() <= i {
            self.bits.resize(i + 1, 0);
        }
        self.bits[i] |= 1 << (word % 64);
    }

    fn starts_at(&self, word: u64) -> bool {
        self.bits
            .get((word / 64) as usize)
            .is_some_and(|b| b >> (word % 64) & 1 != 0)
    }

    /// The length of the instruction that starts at word `w`, 0 if none
    /// does.
    fn len_at(&self, w: i64) -> u64 {
        let Ok(w) = u64::try_from(w) else { return 0 };
        if w >= self.total || !self.starts_at(w) {
            return 0;
        }
        let mut next = w + 1;
        while next < self.total && !self.starts_at(next) {
            next += 1;
        }
        next - w
    }
}

/// The longest instruction, in words (a 5-bit `count`).
const MAX_WORDS: usize = 32;

/// The words at byte `at` of `bytes` (up to the longest instruction's,
/// fewer at the end) and how many there are.
fn words_at(bytes: &[u8], at: usize) -> ([u32; MAX_WORDS], usize) {
    let end = bytes.len().min(at + 4 * MAX_WORDS);
    let mut words = [0u32; MAX_WORDS];
    let n = (end - at) / 4;
    for (w, c) in words.iter_mut().zip(bytes[at..at + 4 * n].chunks_exact(4)) {
        *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    (words, n)
}

/// The `next_count` and length in words of the instruction at byte `at`,
/// checked as [`Instr::decode`] checks it (a view: no unit is decoded).
fn check_at(bytes: &[u8], at: usize) -> Result<(u64, usize), DecodeError> {
    let (words, n) = words_at(bytes, at);
    let (view, len) = crate::InstrView::decode(&words[..n]).map_err(|e| e.shifted(at))?;
    Ok((view.control().next_count.get(), len))
}

impl<'a> Listing<'a> {
    /// Checks `bytes` as [`Instr::program_from_bytes`] does (same errors,
    /// at byte offsets), without keeping the instructions.
    pub fn new(bytes: &'a [u8]) -> Result<Self, DecodeError> {
        if bytes.len() % 4 != 0 {
            isa_runtime::packed::words_of(&bytes[bytes.len() - bytes.len() % 4..])
                .map_err(|e| e.shifted(bytes.len() - bytes.len() % 4))?;
        }
        let total = bytes.len() / 4;
        let mut starts = Starts::default();
        let mut at = 0usize;
        loop {
            let (next, len) = check_at(bytes, at * 4)?;
            starts.push(at as u64);
            at += len;
            if next == 0 {
                let rest = &bytes[at * 4..];
                if let Some(i) = rest.chunks_exact(4).position(|c| c != [0; 4]) {
                    let c = &rest[4 * i..4 * i + 4];
                    let word = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                    return Err(DecodeError::new("", DecodeErrorKind::TrailingData { word }).at((at + i) * 4));
                }
                starts.total = at as u64;
                return Ok(Listing { bytes, starts });
            }
            if at >= total {
                let announced = next;
                return Err(DecodeError::new("next_count", DecodeErrorKind::MissingNext { announced }).at(at * 4));
            }
        }
    }

    /// The zero words after the program's last instruction (padding, which
    /// the text does not show): where they start, in bytes, and how many.
    pub fn padding(&self) -> Option<(usize, usize)> {
        let end = self.starts.total as usize * 4;
        let words = self.bytes.len().saturating_sub(end) / 4;
        (words > 0).then_some((end, words))
    }

    /// Writes the program's text (as [`disassemble`] prints it), one
    /// instruction at a time.
    pub fn write_to<W: std::io::Write>(&self, out: &mut W) -> std::io::Result<()> {
        let bytes = self.bytes;
        let mut at = 0usize;
        let end = self.starts.total as usize * 4;
        // `new` checked every instruction: a view gives the words as they
        // are stored and the lengths, with no unit decoded.
        let items = core::iter::from_fn(move || {
            if at >= end {
                return None;
            }
            let (words, n) = words_at(&bytes[..end], at);
            let (view, len) = crate::InstrView::decode(&words[..n]).ok()?;
            let item = Item {
                words,
                len: view.words().len(),
                needed: view.words_needed(),
                advance: len as u64,
            };
            at += len * 4;
            Some(item)
        });
        write_program(items, &self.starts, out)
    }
}

/// One instruction to print: its words as stored (control word first;
/// `len` of them), its length for its units (`Instr::words_needed`) and
/// the words it takes in the program (its `count`, if larger).
struct Item {
    words: [u32; MAX_WORDS],
    len: usize,
    needed: usize,
    advance: u64,
}

/// Writes each instruction's line with its notes.
fn write_program<W: std::io::Write>(
    items: impl Iterator<Item = Item>,
    starts: &Starts,
    out: &mut W,
) -> std::io::Result<()> {
    let control = packed().control;
    let derived = [DeriveRule::Words, DeriveRule::NextWords, DeriveRule::NotLast].map(|r| packed().derived(r));
    let mut items = items.peekable();
    let (mut line, mut notes) = (String::new(), Vec::new());
    let mut offset = 0u32;
    while let Some(item) = items.next() {
        line.clear();
        notes.clear();
        let words = &item.words[..item.len.max(1)];
        line_prefix(&mut line, offset);
        // Control fields first: the derived ones where they differ from
        // what `Instr::derive` computes, `unknown` where it is not zero
        // (`stop` and `sync` are in Mesa's text).
        let next = items.peek().map(|n| n.needed as u64);
        let have = u128::from(words[0]);
        let mut want = have;
        for (f, v) in derived
            .iter()
            .zip([item.needed as u64, next.unwrap_or(0), u64::from(next.is_some())])
        {
            if let Some(f) = f {
                f.write(&mut want, 0, v);
            }
        }
        for f in control.fields {
            if matches!(f.kind, FieldKind::Unknown) {
                f.write(&mut want, 0, 0);
            }
        }
        if want != have {
            for f in control.fields.iter().filter(|f| !matches!(f.kind, FieldKind::Presence)) {
                if f.read(&have, 0) != f.read(&want, 0) {
                    notes.push(("control", f.name, f.read(&have, 0)));
                }
            }
        }
        print::instr_noted(&mut line, words, (offset, starts.total), &mut notes, &|w| {
            starts.len_at(w)
        });
        if !notes.is_empty() {
            line.push_str(" {raw");
            for (unit, name, value) in &notes {
                if *value < 10 {
                    let _ = write!(line, " {unit}.{name}={value}");
                } else {
                    let _ = write!(line, " {unit}.{name}={value:#x}");
                }
            }
            line.push('}');
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
        offset += item.advance as u32;
    }
    Ok(())
}

/// The old `disassemble`: the `{raw …}` notes found by reading the text
/// back (kept as the oracle of the static notes).
#[cfg(test)]
pub(crate) fn disassemble_by_reading_back(program: &[Instr]) -> String {
    let mut starts = Starts::default();
    for offset in offsets(program) {
        starts.push(u64::from(offset));
    }
    starts.total = program.iter().map(length).sum();
    let len_at = |w| starts.len_at(w);
    let mesa: Vec<String> = program
        .iter()
        .zip(offsets(program))
        .map(|(insn, offset)| {
            let mut line = String::new();
            line_prefix(&mut line, offset);
            print::instr_in(&mut line, insn, offset, Some((starts.total, &len_at)));
            line
        })
        .collect();
    let mut derived = program.to_vec();
    Instr::derive(&mut derived);
    for d in &mut derived {
        d.control.unknown = isa_runtime::UInt::from_bits(0);
    }
    let control = packed().control;
    let mut notes: Vec<Vec<(String, u64)>> = program
        .iter()
        .zip(&derived)
        .map(|(insn, d)| {
            let (have, want) = (insn.control.encode(), d.control.encode());
            control
                .fields
                .iter()
                .filter(|f| !matches!(f.kind, FieldKind::Presence))
                .filter(|f| f.read(&have, 0) != f.read(&want, 0))
                .map(|f| (format!("control.{}", f.name), f.read(&have, 0)))
                .collect()
        })
        .collect();
    let text = join(&mesa, &notes);
    if let Ok(back) = parse_program(&text) {
        for ((insn, again), notes) in program.iter().zip(&back).zip(&mut notes) {
            notes.extend(unit_differences(insn, again));
        }
    }
    join(&mesa, &notes)
}

/// The unit fields in which `want` and `got` differ, named by the layout
/// `got`'s bits decode as (its fields cover every bit of the unit).
#[cfg(test)]
fn unit_differences(want: &Instr, got: &Instr) -> Vec<(String, u64)> {
    let (w, g) = (want.encode(), got.encode());
    let mut notes = Vec::new();
    let want_units: Vec<_> = unit_offsets(packed(), w[0]).collect();
    for (unit, gbit) in unit_offsets(packed(), g[0]) {
        let Some(&(_, wbit)) = want_units.iter().find(|(u, _)| u.name == unit.name) else {
            continue;
        };
        let (wb, gb) = (read_bits(&w, wbit, unit.width), read_bits(&g, gbit, unit.width));
        if wb == gb {
            continue;
        }
        let format = parse::unit_format(unit, &gb);
        for f in format.fields {
            if f.read(&wb, 0) != f.read(&gb, 0) {
                notes.push((format!("{}.{}", unit.name, f.name), f.read(&wb, 0)));
            }
        }
    }
    notes
}

#[cfg(test)]
fn join(lines: &[String], notes: &[Vec<(String, u64)>]) -> String {
    let mut out = String::new();
    for (line, notes) in lines.iter().zip(notes) {
        out.push_str(line);
        if !notes.is_empty() {
            out.push_str(" {raw");
            for (name, value) in notes {
                if *value < 10 {
                    let _ = write!(out, " {name}={value}");
                } else {
                    let _ = write!(out, " {name}={value:#x}");
                }
            }
            out.push('}');
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
