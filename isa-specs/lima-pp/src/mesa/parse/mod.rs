//! Reading Mesa's text back: one instruction per line, units separated by
//! `, ` (in any order, each at most once), then the labels, branch targets,
//! derived fields and `{raw …}` annotations resolved over the program.
//!
//! `units` reads each unit's text into its layout with the spec's `mesa`
//! lines; `pos` gives errors their line and column (from byte offsets,
//! when an error is reported).

mod pos;
mod units;

use isa_runtime::layout::{Field, FieldKind, Format, Packed, Piece, Unit};
use isa_runtime::lexer::Cursor;
use isa_runtime::packed::{read_bits, unit_offsets, variant_of, write_bits};
use isa_runtime::{ParseError, SInt, UInt};

use super::hooks::at_unit_end;
use super::hooks::Target;
use super::length;
use crate::{BranchUnit, Control, Instr};
use isa_runtime::text::quote_input;
use pos::*;
use units::{control_group, unit, unit as unit_text, Parts};

/// Parses a program in Mesa's text (see `docs/lima-pp-text.md`): derived
/// control fields are computed with [`Instr::derive`], branch targets (word
/// offsets or labels) become relative, and `{raw …}` annotations override
/// whatever the text could not say. Errors are at `line:col`.
pub fn parse_program(text: &str) -> Result<Vec<Instr>, ParseError> {
    let lines = parse_lines(text)?;
    resolve(lines, At(text), false)
}

/// [`parse_program`] for a whole program, as `isa asm` writes it: also
/// refuses what the program decoder would not read back (a nonzero
/// `next_count` on the last instruction), at `line:col`.
/// [`parse_program`] keeps any instruction sequence, bit for bit.
pub fn parse_whole_program(text: &str) -> Result<Vec<Instr>, ParseError> {
    let lines = parse_lines(text)?;
    resolve(lines, At(text), true)
}

/// The bits that one unit's text (`op13.s2 $0.w -$1.y`, as printed) reads
/// as, by the parser's choice of line: for the few lines whose text an
/// earlier line of their layout may also read (see `print`).
pub(crate) fn read_unit(text: &str, unit: &Unit) -> Option<u128> {
    let index = packed().units.iter().position(|u| core::ptr::eq(u, unit))?;
    let mut parts = Parts::new();
    unit_text(&mut Cursor::new(text), &mut parts).ok()?;
    parts.unit_bits(index)
}

/// One `{raw …}` entry: `unit.field=value` (`unit` may be `control`).
#[derive(Clone, Debug)]
pub(crate) struct Raw<'t> {
    /// Index into the bundle's units, or `None` for the control word.
    unit: Option<usize>,
    field: &'t str,
    value: u64,
    /// Byte offset in the text (see [`At`]).
    at: usize,
}

/// One instruction line, before the program-wide resolution.
#[derive(Debug)]
struct Line {
    insn: Instr,
    target: Option<(Target, Pos)>,
    /// Its `{raw …}` entries: a range of [`Lines::raws`].
    raws: core::ops::Range<usize>,
    at: usize,
    /// The word offset its `@ N:` prefix says, and where the number is.
    said_offset: Option<(u64, usize)>,
}

/// A label and the instruction it names (an index; `len` for the end).
struct Label<'t> {
    name: &'t str,
    index: usize,
    at: usize,
    /// The word offset of instruction `index`, once known.
    offset: u64,
}

struct Lines<'t> {
    lines: Vec<Line>,
    labels: Vec<Label<'t>>,
    /// Every line's `{raw …}` entries, in order.
    raws: Vec<Raw<'t>>,
}

fn packed() -> &'static Packed {
    match crate::LAYOUT.packed {
        Some(p) => p,
        None => unreachable!("lima_pp is a presence-mask bundle"),
    }
}

fn skip_line(cur: &mut Cursor<'_>) {
    let rest = cur.rest();
    let n = rest.find('\n').map_or(rest.len(), |i| i + 1);
    cur.eat(&rest[..n]);
}

fn at_comment_or_end(cur: &Cursor<'_>) -> bool {
    let rest = cur.rest();
    rest.is_empty() || rest.starts_with('\n') || rest.starts_with('#') || rest.starts_with("//")
}

fn parse_lines(text: &str) -> Result<Lines<'_>, ParseError> {
    let mut reader = Reader::new(text, true);
    let mut lines = Vec::new();
    // About what annotated text has (an entry is some 25 bytes).
    let mut raws = Vec::with_capacity(text.len() / 64);
    while let Some(line) = reader.next(&mut raws)? {
        lines.push(line);
    }
    Ok(Lines {
        lines,
        labels: reader.labels,
        raws,
    })
}

/// Reads a text's instruction lines one at a time.
struct Reader<'t> {
    cur: Cursor<'t>,
    here: At<'t>,
    parts: Parts,
    /// The labels, checked for duplicates, if `collect_labels`.
    labels: Vec<Label<'t>>,
    collect_labels: bool,
    /// Instructions read so far.
    count: usize,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str, collect_labels: bool) -> Self {
        Reader {
            cur: Cursor::new(text),
            here: At(text),
            parts: Parts::new(),
            labels: Vec::new(),
            collect_labels,
            count: 0,
        }
    }

    /// The next instruction line (its `{raw …}` entries appended to
    /// `raws`), or `None` at the end of the text.
    fn next(&mut self, raws: &mut Vec<Raw<'t>>) -> Result<Option<Line>, ParseError> {
        let here = self.here;
        let cur = &mut self.cur;
        while !cur.rest().is_empty() {
            cur.skip_blanks();
            // Labels: `name:` (several may precede an instruction).
            loop {
                let mut look = cur.clone();
                let at = look.offset();
                match look.word() {
                    Some(name) if look.eat(":") && !name.contains('.') => {
                        if self.collect_labels {
                            if let Some(l) = self.labels.iter().find(|l| l.name == name) {
                                let line = here.pos(l.at).line;
                                return Err(here.error(
                                    at,
                                    format!(
                                        "label {name} is already defined at line {line}",
                                        name = quote_input(name)
                                    ),
                                ));
                            }
                            self.labels.push(Label {
                                name,
                                index: self.count,
                                at,
                                offset: 0,
                            });
                        }
                        *cur = look;
                        cur.skip_blanks();
                    }
                    _ => break,
                }
            }
            let at = cur.offset();
            let prefixed = cur.eat("@");
            let mut said_offset = None;
            if prefixed {
                // `@ offset:` as Mesa prints it; checked once the
                // instructions' lengths are known (`offset_as_said`).
                cur.skip_blanks();
                let number = cur.offset();
                let offset = cur.integer()?.and_then(|n| u64::try_from(n).ok());
                let Some(offset) = offset else {
                    return Err(here.error(number, "expected a word offset (0 or more) after `@`"));
                };
                said_offset = Some((offset, number));
                cur.expect(":")?;
                cur.skip_blanks();
            }
            if !prefixed && at_comment_or_end(cur) {
                skip_line(cur);
                continue;
            }
            self.parts.clear();
            let mut line = parse_instr(cur, at, here, &mut self.parts, raws)?;
            line.said_offset = said_offset;
            cur.skip_blanks();
            if !at_comment_or_end(cur) {
                return Err(cur.expected("`,`, `{raw` or the end of the line"));
            }
            skip_line(cur);
            self.count += 1;
            return Ok(Some(line));
        }
        Ok(None)
    }
}

/// One instruction line's units into `parts` (cleared), then its `{raw …}`.
fn parse_instr<'t>(
    cur: &mut Cursor<'t>,
    at: usize,
    here: At<'_>,
    parts: &mut Parts,
    raws: &mut Vec<Raw<'t>>,
) -> Result<Line, ParseError> {
    let mut first = true;
    loop {
        cur.skip_blanks();
        // The control word's groups carry their comma (Mesa prints `, sync`
        // even when no unit precedes it).
        if cur.rest().starts_with(',') && control_group(cur, parts)? {
            first = false;
            continue;
        }
        if !first {
            if !cur.eat(",") {
                break;
            }
            cur.skip_blanks();
        } else if at_unit_end(cur) && !cur.rest().starts_with(',') {
            // No unit at all (only after `@ offset:`, which Mesa prints).
            break;
        }
        if at_unit_end(cur) {
            return Err(cur.expected("a unit"));
        }
        unit(cur, parts)?;
        first = false;
    }
    let insn = parts.instr().map_err(|e| here.error(at, e))?;
    let target = parts.target.take().map(|(t, (line, col))| (t, Pos { line, col }));
    let first = raws.len();
    cur.skip_blanks();
    if cur.eat("{") {
        cur.skip_blanks();
        if !cur.eat("raw") {
            return Err(cur.expected("`raw` after `{`"));
        }
        raw_entries(cur, here, raws)?;
    }
    Ok(Line {
        insn,
        target,
        raws: first..raws.len(),
        at,
        said_offset: None,
    })
}

/// The entries of a `{raw …}` block, after `{raw`, through the `}`,
/// appended to `raws`.
fn raw_entries<'t>(cur: &mut Cursor<'t>, here: At<'_>, raws: &mut Vec<Raw<'t>>) -> Result<(), ParseError> {
    let start = raws.len();
    loop {
        cur.skip_blanks();
        if cur.eat("}") {
            return Ok(());
        }
        let at = cur.offset();
        let Some(name) = cur.word() else {
            return Err(cur.expected("`unit.field=value` or `}`"));
        };
        let Some(dot) = name.bytes().position(|b| b == b'.') else {
            return Err(here.error(
                at,
                format!("expected `unit.field`, found {name}", name = quote_input(name)),
            ));
        };
        let (unit, field) = (&name[..dot], &name[dot + 1..]);
        let unit = if unit == "control" {
            let f = packed().control.field(field);
            if f.is_none_or(|f| matches!(f.kind, FieldKind::Presence)) {
                let names = packed()
                    .control
                    .fields
                    .iter()
                    .filter(|f| !matches!(f.kind, FieldKind::Presence))
                    .map(|f| f.name);
                let message = format!(
                    "the control word has no field {field}{}",
                    hint(field, names),
                    field = quote_input(field)
                );
                return Err(here.error(at, message));
            }
            if let Some(said) = f.and_then(control_text_of) {
                return Err(here.error(
                    at,
                    format!(
                        "`control.{field}` is not annotated: the line says it, with `{said}` after the units (or leaves it out)"
                    ),
                ));
            }
            None
        } else {
            match packed().units.iter().position(|u| u.name == unit) {
                Some(i) => Some(i),
                None => {
                    let names = core::iter::once("control").chain(packed().units.iter().map(|u| u.name));
                    return Err(here.error(
                        at,
                        format!("unknown unit {unit}{}", hint(unit, names), unit = quote_input(unit)),
                    ));
                }
            }
        };
        if raws[start..].iter().any(|r| r.unit == unit && r.field == field) {
            return Err(here.error(at, format!("`{name}` is given twice in this annotation")));
        }
        cur.expect("=")?;
        let vat = cur.offset();
        let value = match cur.integer()? {
            Some(v) if (0..=i128::from(u64::MAX)).contains(&v) => v as u64,
            Some(_) => return Err(here.error(vat, "a raw value is unsigned")),
            None => return Err(cur.expected("a number")),
        };
        raws.push(Raw { unit, field, value, at });
    }
}

/// The text that says control field `f` when the control word's text line
/// of the `mesa` dialect prints only for it (`, stop` for `stop`), if
/// there is one: an annotation may not say what the line itself says.
fn control_text_of(f: &Field) -> Option<String> {
    let control = packed().control;
    let index = control.fields.iter().position(|g| core::ptr::eq(g, f))?;
    let line = control
        .texts
        .iter()
        .find(|t| t.dialect == super::print::DIALECT && t.when.iter().any(|c| c.field == index))?;
    let mut said = String::new();
    for piece in line.pieces {
        match piece {
            Piece::Text(t) => said.push_str(t),
            Piece::Space => said.push(' '),
            _ => {}
        }
    }
    Some(said)
}

/// The program-wide pass: derived fields, control annotations, offsets,
/// branch targets, then unit annotations.
fn resolve(parsed: Lines<'_>, here: At<'_>, whole: bool) -> Result<Vec<Instr>, ParseError> {
    let Lines {
        mut lines,
        mut labels,
        raws,
    } = parsed;
    let mut program: Vec<Instr> = lines.iter().map(|l| l.insn.clone()).collect();
    Instr::derive(&mut program);
    // Control annotations.
    for (insn, line) in program.iter_mut().zip(&lines) {
        control_annotations(insn, line, &raws[line.raws.clone()], here)?;
    }
    // The decoder reads a nonzero next_count on the last instruction as a
    // missing next one: refuse the program it could not read back.
    if let (true, Some(insn), Some(line)) = (whole, program.last(), lines.last()) {
        last_announces_none(insn, line, &raws[line.raws.clone()], here)?;
    }
    // Offsets, and where instructions start.
    let mut offsets = Vec::with_capacity(program.len());
    let mut starts = super::Starts::default();
    let mut at = 0u64;
    for (insn, line) in program.iter().zip(&lines) {
        offset_as_said(line, at, here)?;
        offsets.push(at);
        starts.push(at);
        at += length(insn);
    }
    starts.total = at;
    for l in &mut labels {
        l.offset = offsets.get(l.index).copied().unwrap_or(at);
    }
    let len_at = |abs: i64| starts.len_at(abs);
    // Branch targets and the branch's next_count (the target's length).
    for (i, line) in lines.iter_mut().enumerate() {
        if let Some(target) = line.target.take() {
            branch(&mut program[i], target, offsets[i], at, &labels, &len_at)?;
        }
    }
    // Unit annotations, on the unit bits.
    for ((insn, line), &offset) in program.iter_mut().zip(&lines).zip(&offsets) {
        let printed = Printed {
            offset,
            total: at,
            len_at: &len_at,
        };
        unit_annotations(insn, line, &raws[line.raws.clone()], here, printed)?;
    }
    Ok(program)
}

/// Parses a whole program as [`parse_whole_program`] does (the same words,
/// the same first error), handing each instruction's words to `each` as it
/// is resolved, and returns how many instructions there are. It reads the
/// text twice and keeps the labels and one bit per word of the program
/// (where instructions start: a branch's `next_count` is its target's
/// length), not the program. After an error `each` gets nothing more, but
/// may have had the instructions before it.
pub fn assemble_each(text: &str, mut each: impl FnMut(&[u32])) -> Result<usize, ParseError> {
    let here = At(text);
    // First pass: the parse errors, the control annotations' (the first
    // of them, after any parse error), the offsets and the labels.
    let mut reader = Reader::new(text, true);
    let mut starts = super::Starts::default();
    let mut control_error = None;
    // The first `@ N:` that is not its instruction's offset: reported after
    // the control annotations' errors, as `resolve` does.
    let mut offset_error = None;
    let mut at = 0u64;
    let mut labelled = 0usize;
    let mut raws = Vec::new();
    let mut next_raws = Vec::new();
    let mut next = reader.next(&mut next_raws)?;
    let mut last = None;
    while let Some(line) = next.take() {
        core::mem::swap(&mut raws, &mut next_raws);
        next_raws.clear();
        next = reader.next(&mut next_raws)?;
        let insn = derived(&line, next.as_ref());
        let index = reader.count - 1 - usize::from(next.is_some());
        for l in reader.labels[labelled..].iter_mut().take_while(|l| l.index == index) {
            l.offset = at;
            labelled += 1;
        }
        if control_error.is_some() {
            continue;
        }
        let mut insn = insn;
        match control_annotations(&mut insn, &line, &raws[line.raws.clone()], here) {
            Ok(()) => {
                if offset_error.is_none() {
                    offset_error = offset_as_said(&line, at, here).err();
                }
                starts.push(at);
                at += length(&insn);
                if next.is_none() {
                    last = Some((insn, line, core::mem::take(&mut raws)));
                }
            }
            Err(e) => control_error = Some(e),
        }
    }
    if let Some(e) = control_error {
        return Err(e);
    }
    for l in &mut reader.labels[labelled..] {
        l.offset = at;
    }
    starts.total = at;
    if let Some((insn, line, raws)) = &last {
        last_announces_none(insn, line, &raws[line.raws.clone()], here)?;
    }
    if let Some(e) = offset_error {
        return Err(e);
    }
    let labels = reader.labels;
    let len_at = |abs: i64| starts.len_at(abs);
    // Second pass: the branch targets' errors (the first of them), then the
    // unit annotations' (the first of them), and the words.
    let mut reader = Reader::new(text, false);
    let mut unit_error = None;
    let mut words = Vec::new();
    let mut offset = 0u64;
    raws.clear();
    next_raws.clear();
    let mut next = reader.next(&mut next_raws)?;
    while let Some(mut line) = next.take() {
        core::mem::swap(&mut raws, &mut next_raws);
        next_raws.clear();
        next = reader.next(&mut next_raws)?;
        let mut insn = derived(&line, next.as_ref());
        control_annotations(&mut insn, &line, &raws[line.raws.clone()], here)?;
        let here_offset = offset;
        offset += length(&insn);
        if let Some(target) = line.target.take() {
            branch(&mut insn, target, here_offset, at, &labels, &len_at)?;
        }
        if unit_error.is_some() {
            continue;
        }
        let printed = Printed {
            offset: here_offset,
            total: at,
            len_at: &len_at,
        };
        match unit_annotations(&mut insn, &line, &raws[line.raws.clone()], here, printed) {
            Ok(()) => {
                words.clear();
                insn.encode_into(&mut words);
                each(&words);
            }
            Err(e) => unit_error = Some(e),
        }
    }
    match unit_error {
        Some(e) => Err(e),
        None => Ok(reader.count),
    }
}

/// Refuses a line whose `@ N:` prefix is not `offset`, its instruction's
/// word offset in the program.
fn offset_as_said(line: &Line, offset: u64, here: At<'_>) -> Result<(), ParseError> {
    match line.said_offset {
        Some((said, at)) if said != offset => Err(here.error(
            at,
            format!("`@ {said}:` but this instruction is at word {offset} (the offset counts words from 0)"),
        )),
        _ => Ok(()),
    }
}

/// A line's instruction with its derived control fields, as
/// [`Instr::derive`] sets them in a program where `next` follows it.
fn derived(line: &Line, next: Option<&Line>) -> Instr {
    match next {
        Some(next) => {
            let mut pair = [line.insn.clone(), next.insn.clone()];
            Instr::derive(&mut pair);
            let [insn, _] = pair;
            insn
        }
        None => {
            let mut one = [line.insn.clone()];
            Instr::derive(&mut one);
            let [insn] = one;
            insn
        }
    }
}

/// A line's control annotations, on its instruction's control word.
fn control_annotations(insn: &mut Instr, line: &Line, line_raws: &[Raw<'_>], here: At<'_>) -> Result<(), ParseError> {
    let control_format = packed().control;
    let mut word = insn.control.encode();
    for raw in line_raws.iter().filter(|r| r.unit.is_none()) {
        let Some(f) = control_format.field(raw.field) else {
            return Err(here.error(raw.at, format!("the control word has no field `{}`", raw.field)));
        };
        check_fits(raw, f.width, here)?;
        f.write(&mut word, 0, raw.value);
    }
    insn.control = Control::decode(word).map_err(|e| here.error(line.at, e.to_string()))?;
    let needed = insn.words_needed() as u64;
    let count = insn.control.count.get();
    if count < needed {
        let at = line_raws
            .iter()
            .find(|r| r.unit.is_none() && r.field == "count")
            .map_or(line.at, |r| r.at);
        return Err(here.error(
            at,
            format!("the instruction's units need {needed} words but `count` says {count}"),
        ));
    }
    Ok(())
}

/// The last instruction of a whole program announces no next one.
fn last_announces_none(insn: &Instr, line: &Line, line_raws: &[Raw<'_>], here: At<'_>) -> Result<(), ParseError> {
    let next = insn.control.next_count.get();
    if next != 0 {
        let at = line_raws
            .iter()
            .find(|r| r.unit.is_none() && r.field == "next_count")
            .map_or(line.at, |r| r.at);
        return Err(here.error(
            at,
            format!("the last instruction announces a next one of {next} words (`next_count` must be 0 here)"),
        ));
    }
    Ok(())
}

/// A branch's target, relative to the instruction at word `offset` of a
/// program of `total` words, and its `next_count` (the target's length,
/// `len_at` the word).
fn branch(
    insn: &mut Instr,
    (target, tat): (Target, Pos),
    offset: u64,
    total: u64,
    labels: &[Label<'_>],
    len_at: &dyn Fn(i64) -> u64,
) -> Result<(), ParseError> {
    let abs = match target {
        Target::Word(w) => w,
        Target::Label(name) => match labels.iter().find(|l| l.name == name) {
            Some(l) => l.offset as i64,
            None => {
                let names = labels.iter().map(|l| l.name);
                return Err(tat.error(format!(
                    "unknown label {name}{}",
                    hint(&name, names),
                    name = quote_input(&name)
                )));
            }
        },
    };
    // A branch goes to a word of the program (the printer writes a
    // target outside it as an in-range one and a `{raw branch.target=…}`).
    let total = total as i64;
    if !(0..total).contains(&abs) {
        return Err(tat.error(format!(
            "branch target {abs} is outside the program (words 0 to {})",
            total - 1
        )));
    }
    // … and to the first word of an instruction (the printer writes one
    // inside an instruction as the branch's own offset, with the note).
    let next = len_at(abs);
    if next == 0 {
        return Err(tat.error(format!(
            "branch target {abs} is inside an instruction: a branch goes to the word an instruction starts at"
        )));
    }
    let rel = abs - offset as i64;
    let Some(target) = SInt::<27>::new(rel) else {
        return Err(tat.error(format!(
            "branch target {abs} is {rel} words from this instruction, beyond 27 signed bits"
        )));
    };
    if let Some(BranchUnit::Branch(b)) = &mut insn.branch {
        b.target = target;
        b.next_count = UInt::from_bits(next);
    }
    Ok(())
}

/// A line's unit annotations, on its instruction's unit bits.
fn unit_annotations(
    insn: &mut Instr,
    line: &Line,
    line_raws: &[Raw<'_>],
    here: At<'_>,
    printed: Printed<'_>,
) -> Result<(), ParseError> {
    let Some(first) = line_raws.iter().find(|r| r.unit.is_some()) else {
        return Ok(());
    };
    let before = printed.text(insn);
    let mut words = insn.encode();
    let control = words[0];
    // Each unit's place, and the layout its unannotated bits decode as
    // (which names its fields).
    let mut spans: Vec<(&Unit, u32, &Format)> = Vec::with_capacity(packed().units.len());
    spans.extend(
        unit_offsets(packed(), control).map(|(u, bit)| (u, bit, unit_format(u, &read_bits(&words, bit, u.width)))),
    );
    for raw in line_raws {
        let Some(ui) = raw.unit else { continue };
        let unit = &packed().units[ui];
        let Some(&(_, bit, format)) = spans.iter().find(|(u, ..)| core::ptr::eq(*u, unit)) else {
            return Err(here.error(raw.at, format!("unit `{}` is not in this instruction", unit.name)));
        };
        let mut bits = read_bits(&words, bit, unit.width);
        let Some(f) = format.field(raw.field) else {
            let names = format.fields.iter().map(|f| f.name);
            let message = format!(
                "unit `{}` (layout `{}`) has no field `{}`{}",
                unit.name,
                format.name,
                raw.field,
                hint(raw.field, names)
            );
            return Err(here.error(raw.at, message));
        };
        check_fits(raw, f.width, here)?;
        f.write(&mut bits, 0, raw.value);
        write_bits(&mut words, bit, unit.width, bits);
    }
    *insn = Instr::decode(&words)
        .map(|(i, _)| i)
        .map_err(|e| here.error(line.at, e.to_string()))?;
    // An annotation gives bits the text cannot show: one that changes what
    // the line says (`$3 … {raw vec_mul.dest=5}`) contradicts it.
    let after = printed.text(insn);
    if !isa_runtime::note::keeps_text(&before, &after) {
        return Err(here.error(first.at, isa_runtime::note::changes_text(&after)));
    }
    Ok(())
}

/// Where an instruction is printed: its word offset, and the program's
/// length and instruction starts (how a branch target prints).
#[derive(Clone, Copy)]
struct Printed<'p> {
    offset: u64,
    total: u64,
    len_at: &'p dyn Fn(i64) -> u64,
}

impl Printed<'_> {
    /// Mesa's text of `insn` here.
    fn text(&self, insn: &Instr) -> String {
        let mut out = String::new();
        let offset = u32::try_from(self.offset).unwrap_or(u32::MAX);
        super::print::instr_in(&mut out, insn, offset, Some((self.total, self.len_at)));
        out
    }
}

/// The layout that names a unit's annotation fields: the variant its
/// (unannotated) bits decode as.
pub(crate) fn unit_format(unit: &Unit, bits: &u128) -> &'static Format {
    variant_of(unit, *bits)
}

fn check_fits(raw: &Raw<'_>, width: u32, here: At<'_>) -> Result<(), ParseError> {
    if width < 64 && raw.value >> width != 0 {
        let message = format!(
            "value {:#x} of `{}` does not fit its {width} bits",
            raw.value, raw.field
        );
        return Err(here.error(raw.at, message));
    }
    Ok(())
}
