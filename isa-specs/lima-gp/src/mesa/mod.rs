//! Mesa's Lima GP text: what `gpir_disassemble_program` prints
//! (`src/gallium/drivers/lima/ir/gp/disasm.c`), and back.
//!
//! The unit lines come from the spec: each `text` group of `Instr` in
//! `lima_gp.isa` is one line (`mul.m0 ^2/$0.y t[1].z a0.y`), printed and
//! parsed by the table-driven [`isa_runtime::text::write_text`] and
//! [`isa_runtime::text::parse_text`]. This module is the program context
//! that the templates' hooks ask for:
//!
//! - the instruction lines `NNN:` and the order of the groups (the spec's);
//! - result numbers: unit `u` of instruction `i` is `^(6i + u)` (acc0, acc1,
//!   mul0, mul1, pass, complex), so sources that read the previous two
//!   instructions print as earlier numbers (`^-6` at instruction 0, as Mesa's
//!   arithmetic gives);
//! - stores, printed after the result that they write (`/$0.y`, `/v1.x`,
//!   `/t[addr0].z`, the complex unit's `/addr1`);
//! - sources that name register0 of the previous instruction (`a0.y` may be
//!   this instruction's attribute or the previous one's). Instruction 0 reads
//!   an all-zero "previous instruction", where Mesa reads before its buffer;
//! - Mesa's quirks: the `nop` line when nothing prints, and the lone tab that
//!   an operand-less complex `nop` leaves.
//!
//! Mesa's text leaves bits out (fields of unused units, sources it does not
//! print, which of `$0.x`'s registers is meant). While [`disassemble`]
//! prints an instruction it works out what reading its text back would
//! give (`carry`: each printed line's fields from the spec, the hooks'
//! from this layer, the registers resolved as the parser resolves them)
//! and, where that differs from the word, appends the differing fields in
//! the spec's field-explicit spelling as `{raw field=value …}` at the end
//! of the instruction's last line. A reader
//! of Mesa's text can ignore it; [`assemble`] applies it last, so every word
//! round-trips. What the text does not say, [`assemble`] takes from
//! [`blank`]: every source `unused`, no stores, no load offset.
//!
//! A branch target (an instruction number) must name an instruction of the
//! program: [`assemble`] refuses one outside it at its line and column, and
//! [`disassemble`] prints a word whose target is outside as a branch to its
//! own instruction with the real bits in the `{raw …}` note.
//!
//! Parsing a line tries the spec's alternatives in order and keeps the
//! first that reads the whole line (the error, if none does, is that of the
//! one that read furthest). Register sources are settled once the whole
//! instruction is read (see `Ctx::resolve_registers`).
// Every function is `#[inline]`: isa-specs builds at the default dev
// opt-level (fast spec edits), and inlinable code is compiled again, with
// the caller's settings, in optimised callers such as the test sweeps.

mod carry;
mod ctx;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use isa_runtime::layout::{Field, NamedText, Piece};
use isa_runtime::lexer::Cursor;
use isa_runtime::text;
use isa_runtime::ParseError;

use super::__layout::LAYOUT_INSTR as FORMAT;
use super::{ComplexOp, LoadOffset, PassOp, Src, StoreSrc};
use crate::XYZW;
use ctx::Ctx;

/// The spec's dialect whose `text` lines this layer prints and parses.
pub const DIALECT: &str = "mesa";

/// Results per instruction: Mesa numbers unit `u` of instruction `i` `6i + u`.
const UNITS: i64 = 6;
/// Unit names as the hooks spell them (`dest_acc0`), in Mesa's unit order.
const UNIT_NAMES: [&str; 6] = ["acc0", "acc1", "mul0", "mul1", "pass", "complex"];
/// The `StoreSrc` value that stores each unit's result.
const STORE_SRC: [u64; 6] = [
    StoreSrc::Acc0.raw(),
    StoreSrc::Acc1.raw(),
    StoreSrc::Mul0.raw(),
    StoreSrc::Mul1.raw(),
    StoreSrc::Pass.raw(),
    StoreSrc::Complex.raw(),
];

// `Src` values: the first of each run of four (x, y, z, w follow it in the
// spec; a test checks the runs).
const SRC_ATTR: u64 = Src::AttrX.raw();
const SRC_REG: u64 = Src::RegX.raw();
const SRC_UNKNOWN: u64 = Src::Unknown0.raw();
const SRC_LOAD: u64 = Src::LoadX.raw();
const SRC_UNUSED: u64 = Src::Unused.raw();
const SRC_P1_COMPLEX: u64 = Src::P1Complex.raw();
const SRC_P1_ATTR: u64 = Src::P1AttrX.raw();
/// `Src` values that read the previous instruction's units, by unit.
const SRC_P1: [Option<u64>; 6] = [
    Some(Src::P1Acc0.raw()),
    Some(Src::P1Acc1.raw()),
    Some(Src::P1Mul0.raw()),
    Some(Src::P1Mul1.raw()),
    Some(Src::P1Pass.raw()),
    Some(Src::P1Complex.raw()),
];
/// `Src` values that read the units two instructions back, by unit.
const SRC_P2: [Option<u64>; 6] = [
    Some(Src::P2Acc0.raw()),
    Some(Src::P2Acc1.raw()),
    Some(Src::P2Mul0.raw()),
    Some(Src::P2Mul1.raw()),
    Some(Src::P2Pass.raw()),
    None,
];
const LOAD_OFFSET_NONE: u64 = LoadOffset::None.raw();
/// What compilers leave in an unused pass unit.
const PASS_OP_PASS: u64 = PassOp::Pass.raw();
const STORE_NONE: u64 = StoreSrc::None.raw();
/// The three load-address ops follow it in the spec (a test checks).
const COMPLEX_TEMP_STORE_ADDR: u64 = ComplexOp::TempStoreAddr.raw();

/// Indices of the fields this layer reads besides the ones its hooks get.
struct Ix {
    load_addr: usize,
    load_offset: usize,
    register0_addr: usize,
    register0_attr: usize,
    register1_addr: usize,
    store_temp: [usize; 2],
    store_addr: [usize; 2],
    store_varying: [usize; 2],
    /// store0_src_x, store0_src_y, store1_src_z, store1_src_w.
    store_src: [usize; 4],
    complex_op: usize,
    complex_src: usize,
    pass_op: usize,
    branch: usize,
    branch_target: usize,
    branch_target_lo: usize,
    srcs: [usize; 12],
    /// Fields that [`blank`] sets to `StoreSrc::none`/`LoadOffset::none`.
    none_fields: [usize; 5],
}

#[inline]
fn ix() -> &'static Ix {
    static IX: OnceLock<Ix> = OnceLock::new();
    IX.get_or_init(|| {
        // A name the spec lacks maps past the end; `get`/`set` then read 0
        // and write nothing (a unit test checks that every name exists).
        let i = |name: &str| FORMAT.fields.iter().position(|f| f.name == name).unwrap_or(usize::MAX);
        Ix {
            load_addr: i("load_addr"),
            load_offset: i("load_offset"),
            register0_addr: i("register0_addr"),
            register0_attr: i("register0_attr"),
            register1_addr: i("register1_addr"),
            store_temp: [i("store0_temp"), i("store1_temp")],
            store_addr: [i("store0_addr"), i("store1_addr")],
            store_varying: [i("store0_varying"), i("store1_varying")],
            store_src: [
                i("store0_src_x"),
                i("store0_src_y"),
                i("store1_src_z"),
                i("store1_src_w"),
            ],
            complex_op: i("complex_op"),
            complex_src: i("complex_src"),
            pass_op: i("pass_op"),
            branch: i("branch"),
            branch_target: i("branch_target"),
            branch_target_lo: i("branch_target_lo"),
            srcs: [
                i("mul0_src0"),
                i("mul0_src1"),
                i("mul1_src0"),
                i("mul1_src1"),
                i("acc0_src0"),
                i("acc0_src1"),
                i("acc1_src0"),
                i("acc1_src1"),
                i("complex_src"),
                i("pass_src"),
                usize::MAX,
                usize::MAX,
            ],
            none_fields: [
                i("store0_src_x"),
                i("store0_src_y"),
                i("store1_src_z"),
                i("store1_src_w"),
                i("load_offset"),
            ],
        }
    })
}

/// Field `index` of `word` (0 past the fields). Every field of `Instr` is
/// one run of bits: read at once.
#[inline]
fn get(word: u128, index: usize) -> u64 {
    match FORMAT.fields.get(index) {
        Some(Field { ranges: [r], .. }) => (word >> r.lo) as u64 & isa_runtime::bits::low_mask(r.width),
        Some(f) => f.read(&word, 0),
        None => 0,
    }
}

/// Writes field `index` of `word` (nothing past the fields).
#[inline]
fn set(word: &mut u128, index: usize, value: u64) {
    match FORMAT.fields.get(index) {
        Some(Field { ranges: [r], .. }) => {
            let mask = u128::from(isa_runtime::bits::low_mask(r.width)) << r.lo;
            *word = *word & !mask | (u128::from(value) << r.lo) & mask;
        }
        Some(f) => f.write(word, 0, value),
        None => {}
    }
}

/// The word that [`assemble`] starts each instruction from: every source
/// `unused`, stores and the load offset `none`, the pass unit's operation
/// `pass` (as ARM's compiler leaves it), every other field 0.
#[inline]
pub fn blank() -> u128 {
    static BLANK: OnceLock<u128> = OnceLock::new();
    *BLANK.get_or_init(|| {
        let ix = ix();
        let mut w = 0u128;
        for &s in &ix.srcs {
            set(&mut w, s, SRC_UNUSED);
        }
        for &f in &ix.none_fields {
            set(
                &mut w,
                f,
                if f == ix.load_offset {
                    LOAD_OFFSET_NONE
                } else {
                    STORE_NONE
                },
            );
        }
        set(&mut w, ix.pass_op, PASS_OP_PASS);
        w
    })
}

/// `Instr`'s index in `LAYOUT.formats`, and its `mesa` groups in the
/// order they first appear in the spec (Mesa's line order): each group's
/// name and its index in the generated `text_writers::GROUPS`.
#[inline]
fn groups() -> &'static (usize, Vec<(&'static str, usize)>) {
    static GROUPS: OnceLock<(usize, Vec<(&'static str, usize)>)> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let format = super::LAYOUT.format_index(&FORMAT).unwrap_or(usize::MAX);
        let mut groups: Vec<(&'static str, usize)> = Vec::new();
        for t in text::dialect_texts(&FORMAT, DIALECT) {
            if !groups.iter().any(|(name, _)| *name == t.name) {
                let index = crate::text_writers::group(format, DIALECT, t.name).unwrap_or(usize::MAX);
                groups.push((t.name, index));
            }
        }
        (format, groups)
    })
}

/// For each `text` line, in spec order: the literal text that starts the
/// line's first word and the literal that ends it (`""` where a field
/// stands), and whether the word is that literal alone.
#[inline]
fn heads() -> &'static [(&'static NamedText, &'static str, &'static str, bool)] {
    static HEADS: OnceLock<Vec<(&'static NamedText, &'static str, &'static str, bool)>> = OnceLock::new();
    HEADS.get_or_init(|| {
        text::dialect_texts(&FORMAT, DIALECT)
            .map(|t| {
                let first: Vec<&Piece> = t.pieces.iter().take_while(|p| !matches!(p, Piece::Space)).collect();
                let literal = |p: Option<&&Piece>| match p {
                    Some(Piece::Text(s)) => *s,
                    _ => "",
                };
                let exact = first.len() == 1 && matches!(first[0], Piece::Text(_));
                (t, literal(first.first()), literal(first.last()), exact)
            })
            .collect()
    })
}

/// Prints a whole program (128-bit words, in order) as Mesa does, with a
/// `{raw …}` annotation on the instructions whose text leaves bits out.
#[inline]
pub fn disassemble(words: &[u128]) -> String {
    let mut out = String::new();
    let mut prev = 0;
    for (i, &word) in words.iter().enumerate() {
        write_instruction(&mut out, word, prev, i, words.len());
        prev = word;
    }
    out
}

/// The text of instruction `i` of `words`: Mesa's lines (ending in a
/// newline, or in Mesa's stray tab), with the `{raw …}` annotation if the
/// lines alone do not give back the word.
#[inline]
pub fn instruction_text(words: &[u128], i: usize) -> String {
    let Some(&word) = words.get(i) else {
        return String::new();
    };
    let prev = if i == 0 { 0 } else { words[i - 1] };
    let mut out = String::new();
    write_instruction(&mut out, word, prev, i, words.len());
    out
}

/// Writes the text of a program of raw little-endian 128-bit words (a
/// whole number of 16-byte words; bytes past the last whole word are not
/// read) instruction by instruction, as [`disassemble`] prints it.
pub fn disassemble_to<W: std::io::Write>(bytes: &[u8], out: &mut W) -> std::io::Result<()> {
    let mut prev = 0u128;
    let total = bytes.len() / 16;
    let mut text = String::new();
    for (i, c) in bytes.chunks_exact(16).enumerate() {
        let mut b = [0u8; 16];
        b.copy_from_slice(c);
        let word = u128::from_le_bytes(b);
        text.clear();
        write_instruction(&mut text, word, prev, i, total);
        out.write_all(text.as_bytes())?;
        prev = word;
    }
    Ok(())
}

/// [`instruction_text`] of `word`, instruction `i` of `total`, after
/// `prev` (0 for the first): what a program's instruction prints as needs
/// no more of the program than that. A branch target outside the program
/// prints as `i` (the parser refuses it as text) and the note carries its
/// bits.
#[inline]
pub fn text_after(word: u128, prev: u128, i: usize, total: usize) -> String {
    let mut out = String::new();
    write_instruction(&mut out, word, prev, i, total);
    out
}

/// Appends [`instruction_text`] of `word`, instruction `i` of `total`,
/// after `prev`. A branch target outside the program prints as `i` (the
/// parser refuses it as text) and the note carries its bits.
#[inline]
fn write_instruction(out: &mut String, word: u128, prev: u128, i: usize, total: usize) {
    let from = out.len();
    let implied = mesa_text(out, word, prev, i, total);
    let differ = implied ^ word;
    if differ != 0 {
        let mut note = String::from(" {raw");
        for (i, f) in FORMAT.fields.iter().enumerate() {
            if get(differ, i) != 0 {
                note.push(' ');
                note.push_str(f.name);
                note.push('=');
                let _ = text::write_field(&mut note, f, &word);
            }
        }
        note.push('}');
        let at = out[from..].rfind('\n').map_or(out.len(), |at| from + at);
        out.insert_str(at, &note);
    }
}

/// What parsing `lines`, instruction `i`'s text, gives (the oracle of
/// `carry` in the tests).
#[cfg(test)]
fn read_back(lines: &str, prev: u128, i: usize) -> u128 {
    let lines: Vec<&str> = lines.split('\n').collect();
    parse_instruction(&lines, 1, word_index(i), prev, None, &mut None, &mut false).unwrap_or_else(|_| blank())
}

#[inline]
fn word_index(i: usize) -> i64 {
    i64::try_from(i).unwrap_or(i64::MAX / 8)
}

/// Appends exactly what Mesa prints for `word` at index `i`, after `prev`;
/// but for a branch target outside a program of `total` instructions,
/// which prints as `i`. Returns the word that reading the text back gives
/// (see `carry`).
#[inline]
fn mesa_text(out: &mut String, word: u128, prev: u128, i: usize, total: usize) -> u128 {
    if i < 1000 {
        let pad = if i < 10 {
            "00"
        } else if i < 100 {
            "0"
        } else {
            ""
        };
        out.push_str(pad);
    }
    let _ = text::write_decimal(out, i as u64);
    out.push(':');
    let mut ctx = Ctx::new(word_index(i), prev);
    ctx.total = Some(total);
    let ix = ix();
    let mut printed = false;
    let mut implied = blank();
    let (format, groups) = groups();
    for &(group, g) in groups {
        if group == "complex" && get(word, ix.complex_src) != SRC_UNUSED && get(word, ix.complex_op) == 0 {
            // Mesa's print_complex writes the tab, then returns for `nop`.
            out.push('\t');
        }
        if let Some(t) = crate::text_writers::select(*format, g, &word) {
            out.push('\t');
            let _ = crate::text_writers::write(*format, t, out, &word, &mut ctx);
            out.push('\n');
            crate::text_carry::carry(*format, t, word, &mut implied, &mut ctx);
            printed = true;
        }
    }
    if !printed {
        out.push_str("\tnop\n");
    }
    carry::finish(&mut ctx, implied)
}

/// Parses a whole program in Mesa's text (with or without `{raw …}`
/// annotations) into its words. Errors carry `line:col`.
#[inline]
pub fn assemble(source: &str) -> Result<Vec<u128>, ParseError> {
    let mut words = Vec::new();
    assemble_each(source, |w| words.push(w))?;
    Ok(words)
}

/// [`assemble`] one instruction at a time: hands each word to `each` as
/// its lines parse (before an error later in the text is found), keeping
/// only the branch targets to check at the end, and returns how many
/// words there are.
pub fn assemble_each(source: &str, mut each: impl FnMut(u128)) -> Result<usize, ParseError> {
    let source = isa_runtime::lexer::without_bom(source);
    let mut count = 0usize;
    let mut prev = 0u128;
    // The current instruction: its first line number and its lines.
    let mut start: Option<usize> = None;
    let mut lines: Vec<&str> = Vec::new();
    // The branch targets the text gives, with their positions.
    let mut targets: Vec<(u64, (usize, usize))> = Vec::new();
    // The real targets of branches whose text gives their own number (an
    // annotation then gives the target, which must be outside the program).
    let mut annotated_targets: Vec<(u64, (usize, usize))> = Vec::new();
    let mut flush = |lines: &[&str], from: usize| -> Result<(), ParseError> {
        let (mut target, mut annotated) = (None, false);
        let word = parse_instruction(
            lines,
            from + 1,
            word_index(count),
            prev,
            Some(count),
            &mut target,
            &mut annotated,
        )?;
        match (target, annotated) {
            (Some(t), true) => annotated_targets.push(t),
            (t, _) => targets.extend(t),
        }
        each(word);
        prev = word;
        count += 1;
        Ok(())
    };
    for (n, line) in source.split('\n').enumerate() {
        let mut cur = Cursor::at(line, n + 1, 1);
        if !cur.at_line_end() {
            if label(&mut cur.clone()).is_some() {
                if let Some(from) = start.take() {
                    flush(&lines, from)?;
                    lines.clear();
                }
                start = Some(n);
            } else if start.is_none() {
                return Err(cur.expected("an instruction number such as `000:`"));
            }
        }
        if start.is_some() {
            lines.push(line);
        }
    }
    if let Some(from) = start {
        flush(&lines, from)?;
    }
    // A branch goes to an instruction of the program (the printer writes
    // one outside it as an in-range number and a `{raw …}` note).
    if let Some(&(n, (line, col))) = targets.iter().find(|(n, _)| *n >= count as u64) {
        return Err(ParseError {
            line,
            col,
            message: format!(
                "branch target {n:03} is outside the program (instructions 000 to {:03})",
                count - 1
            ),
        });
    }
    if let Some(&(n, (line, col))) = annotated_targets.iter().find(|(n, _)| *n < count as u64) {
        return Err(ParseError {
            line,
            col,
            message: format!(
                "the annotation's branch target {n:03} is inside the program: write it in the text instead of the instruction's own number"
            ),
        });
    }
    Ok(count)
}

/// `NNN:` at the cursor: the number, with the cursor after the colon.
#[inline]
fn label(cur: &mut Cursor<'_>) -> Option<i128> {
    cur.skip_blanks();
    let rest = cur.rest();
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    if digits == 0 || !rest[digits..].starts_with(':') {
        return None;
    }
    let n = rest[..digits].parse::<i128>().ok()?;
    cur.eat(&rest[..=digits]);
    Some(n)
}

/// Parses one instruction's lines (the first holds its `NNN:`, which must be
/// `number` when given), starting at line `first_line` of the file.
#[inline]
fn parse_instruction(
    lines: &[&str],
    first_line: usize,
    index: i64,
    prev: u128,
    number: Option<usize>,
    target: &mut Option<(u64, (usize, usize))>,
    annotated: &mut bool,
) -> Result<u128, ParseError> {
    let mut word = blank();
    let mut ctx = Ctx::new(index, prev);
    let mut seen: Vec<&'static str> = Vec::new();
    let mut annotation: Option<Cursor<'_>> = None;
    for (k, line) in lines.iter().enumerate() {
        let mut cur = Cursor::at(line, first_line + k, 1);
        if k == 0 {
            let at = cur.clone();
            match label(&mut cur) {
                Some(n) if number.is_none_or(|want| n == want as i128) => {}
                Some(n) => {
                    let want = number.unwrap_or(0);
                    return Err(at.error(format!(
                        "instruction {n:03} out of order: this is instruction {want:03} (they count from 000)"
                    )));
                }
                None => return Err(at.expected("an instruction number such as `000:`")),
            }
        }
        if cur.at_line_end() {
            continue;
        }
        if annotation.is_some() {
            return Err(cur.error("the `{raw …}` annotation ends its instruction: nothing may follow it"));
        }
        let group = statement(&mut cur, &mut word, &mut ctx)?;
        if let Some(g) = group {
            if seen.contains(&g) {
                return Err(Cursor::at(line, first_line + k, 1)
                    .error(format!("a second `{g}` line in one instruction: each unit prints once")));
            }
            seen.push(g);
        }
        cur.skip_blanks();
        if cur.peek() == Some('{') {
            annotation = Some(cur.clone());
            skip_annotation(&mut cur)?;
        }
        if !cur.at_line_end() {
            return Err(cur.expected("end of line"));
        }
    }
    ctx.resolve_registers(&mut word)?;
    *target = ctx.target;
    if let Some(mut cur) = annotation {
        let (before, at) = (word, cur.clone());
        apply_annotation(&mut cur, &mut word)?;
        let i = usize::try_from(index).unwrap_or(usize::MAX);
        if let Some(outside) = annotation_agrees(before, word, prev, i, &at)? {
            // The text's target is the instruction's own number: the real
            // one must lie outside the program (checked at its end).
            *target = Some((outside, at.position()));
            *annotated = true;
        }
    }
    Ok(word)
}

/// An annotation gives bits the text does not show: the lines of the
/// annotated word must read back as the lines of the word without it
/// (both printed as `isa disasm` prints them), or it contradicts them
/// (`t[1].z` with `{raw mul0_src0=5}`). The one exception is a branch
/// target outside the program, which prints as the instruction's own
/// number with the real one in the annotation: then its real target, which
/// the caller checks against the program's length.
fn annotation_agrees(
    before: u128,
    after: u128,
    prev: u128,
    i: usize,
    at: &Cursor<'_>,
) -> Result<Option<u64>, ParseError> {
    let mut scratch = String::new();
    let said = mesa_text(&mut scratch, before, prev, i, usize::MAX);
    scratch.clear();
    let mut reads = mesa_text(&mut scratch, after, prev, i, usize::MAX);
    let ix = ix();
    let target_of = |w: u128| ctx::branch_target(get(w, ix.branch_target), w);
    let mut outside = None;
    let own = i as u64;
    if get(after, ix.branch) != 0 && target_of(said) == own && target_of(reads) != own {
        outside = Some(target_of(after));
        for f in [ix.branch_target, ix.branch_target_lo] {
            FORMAT.fields[f].write(&mut reads, 0, FORMAT.fields[f].read(&said, 0));
        }
    }
    match FORMAT.fields.iter().enumerate().find(|&(f, _)| get(said ^ reads, f) != 0) {
        Some((_, field)) => Err(at.error(format!(
            "the annotation changes `{}`, which the lines give: an annotation may only give bits the text does not show",
            field.name
        ))),
        None => Ok(outside),
    }
}

/// One unit line (or `nop`) at the cursor: the alternative of any group
/// that parses, or the error of the one that got furthest. Returns the group.
#[inline]
fn statement(cur: &mut Cursor<'_>, word: &mut u128, ctx: &mut Ctx) -> Result<Option<&'static str>, ParseError> {
    cur.skip_blanks();
    let mut probe = cur.clone();
    if probe.word() == Some("nop") && probe.at_line_end() {
        *cur = probe;
        return Ok(None);
    }
    let start = cur.clone();
    let rest = cur.rest();
    let head = &rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())];
    let mut best: Option<(usize, text::TextError<'_>)> = None;
    let candidates = heads().iter().filter(|&&(_, start, end, exact)| {
        if exact {
            head == start
        } else {
            head.starts_with(start) && head.ends_with(end)
        }
    });
    for &(t, ..) in candidates {
        let mut c = cur.clone();
        let mut w = *word;
        let saved = ctx.save();
        let parsed = text::parse_text(&mut c, &FORMAT, t, &mut w, ctx);
        match parsed.and_then(|()| line_rest(&mut c).map_err(text::TextError::from)) {
            Ok(()) => {
                ctx.agree(&start, t, w)?;
                *cur = c;
                *word = w;
                return Ok(Some(t.name));
            }
            Err(e) => {
                ctx.restore(saved);
                let reached = c.offset();
                if best.as_ref().is_none_or(|(r, _)| reached > *r) {
                    best = Some((reached, e));
                }
            }
        }
    }
    Err(best.map_or_else(|| cur.expected("a unit line"), |(_, e)| e.report()))
}

/// After a unit line: the end of the line or an annotation.
#[inline]
fn line_rest(cur: &mut Cursor<'_>) -> Result<(), ParseError> {
    let mut c = cur.clone();
    c.skip_blanks();
    if c.peek() == Some('{') || c.at_line_end() {
        Ok(())
    } else {
        Err(c.expected("end of line"))
    }
}

#[inline]
fn skip_annotation(cur: &mut Cursor<'_>) -> Result<(), ParseError> {
    let rest = cur.rest();
    let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
    match line.find('}') {
        Some(end) => {
            cur.eat(&line[..=end]);
            Ok(())
        }
        None => {
            // The note ends with its line: the `}` is missing there.
            cur.eat(line.trim_end_matches('\r'));
            Err(cur.expected("`}` closing the `{raw …}` annotation"))
        }
    }
}

/// `{raw field=value …}`: fields in the spec's field-explicit spelling
/// (`isa_runtime::note`).
#[inline]
fn apply_annotation(cur: &mut Cursor<'_>, word: &mut u128) -> Result<(), ParseError> {
    isa_runtime::note::parse_raw_note(cur, &FORMAT, "a Lima GP instruction", word)
}

/// The hooks of `lima_gp.isa`'s `text` lines.
pub const HOOKS: &[&str] = &[
    "dest_acc0",
    "dest_acc1",
    "dest_mul0",
    "dest_mul1",
    "dest_pass",
    "dest_complex",
    "src",
    "src_or_0",
    "src_or_1",
    "load_x",
    "load_y",
    "pass_result",
    "branch_target",
];
