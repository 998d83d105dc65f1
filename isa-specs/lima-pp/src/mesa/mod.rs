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

mod hooks;
mod parse;
mod print;
mod select;

use core::fmt::Write;

use isa_runtime::layout::{FieldKind, Packed};
use isa_runtime::packed::{read_bits, unit_offsets};

pub use parse::{parse_program, parse_whole_program};

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

/// The word offset of each instruction of `program` (as encoded).
fn offsets(program: &[Instr]) -> Vec<u32> {
    let mut at = 0u32;
    program
        .iter()
        .map(|insn| {
            let o = at;
            at += (insn.control.count.get() as u32).max(insn.words_needed() as u32);
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
    out.extend(core::iter::repeat_n(' ', 6usize.saturating_sub(digits)));
    let _ = isa_runtime::text::write_decimal(out, u64::from(offset));
    out.push_str(": ");
}

/// A program's text as Mesa prints it, each line followed by a
/// `{raw …}` annotation of whatever Mesa's text does not carry, when
/// anything; [`parse_program`] reads it back to the same program.
pub fn disassemble(program: &[Instr]) -> String {
    let mesa: Vec<String> = program
        .iter()
        .zip(offsets(program))
        .map(|(insn, offset)| {
            let mut line = String::new();
            line_prefix(&mut line, offset);
            print::instr(&mut line, insn, offset);
            line
        })
        .collect();
    // Control fields first: the derived ones where they differ from what
    // `Instr::derive` computes, `unknown` where it is not zero (`stop` and
    // `sync` are in Mesa's text).
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
    // Then the unit fields: read the text (with the control notes) back
    // and note every field of every unit that comes out different.
    let text = join(&mesa, &notes);
    // The printer's own text always parses (the random round-trip tests
    // check it on 10^5 programs); were it not to, the lines would go out
    // without unit annotations rather than the printer panicking.
    if let Ok(back) = parse_program(&text) {
        for ((insn, again), notes) in program.iter().zip(&back).zip(&mut notes) {
            notes.extend(unit_differences(insn, again));
        }
    }
    join(&mesa, &notes)
}

/// The unit fields in which `want` and `got` differ, named by the layout
/// `got`'s bits decode as (its fields cover every bit of the unit).
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
