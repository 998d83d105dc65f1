//! The shape of the program: which code belongs to which DVLE's text, the
//! procedures, the structured `if`/`for` blocks, and the labels.
//!
//! Every choice is checked against picasso's rules so that assembling the
//! text gives back the same words: procedures are `call` targets and DVLE
//! entry points; a block is recognised only where picasso would encode its
//! `.else`/`.end` that way and would not add a padding NOP at its close
//! (picasso pads after a jump or call, after `break` at the end of a `for`,
//! after a nested block's `.end`, and in empty blocks). A NOP that picasso
//! would insert by itself is left out of the text.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;

use super::super::shbin::{ShaderKind, Shbin};
use isa_runtime::UInt;

use super::super::{fields, Flow as FlowKind, Fmt0, Instruction, OpcodeAttrs, LAYOUT};
use super::names::{usable, Names};
use super::operands::prints_condition;

/// Deepest `if`/`for` nesting inside a procedure (picasso's stack holds 32
/// blocks, the procedure included).
const MAX_DEPTH: usize = 31;

/// The NOP word picasso emits.
pub(super) fn nop() -> u32 {
    Instruction::Nop(Fmt0 {
        unused: UInt::from_bits(0),
    })
    .encode()
}

/// A structured block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Block {
    /// `ifc`/`ifu` at `at`: then-part `at+1..else_at`, else-part
    /// `else_at..end` (empty when there is no `.else`).
    If { at: usize, else_at: usize, end: usize },
    /// `for` at `at`: body `at+1..end`.
    For { at: usize, end: usize },
}

impl Block {
    fn at(self) -> usize {
        match self {
            Block::If { at, .. } | Block::For { at, .. } => at,
        }
    }

    fn end(self) -> usize {
        match self {
            Block::If { end, .. } | Block::For { end, .. } => end,
        }
    }

    /// The segments that end in a close directive: (start, end, close).
    fn segments(self) -> Vec<(usize, usize, Close)> {
        match self {
            Block::If { at, else_at, end } if end > else_at => vec![
                (at + 1, else_at, Close::Else { at }),
                (else_at, end, Close::IfEnd { at }),
            ],
            Block::If { at, else_at, .. } => vec![(at + 1, else_at, Close::IfEnd { at })],
            Block::For { at, end } => vec![(at + 1, end, Close::ForEnd { at })],
        }
    }
}

/// A directive that closes a segment, with the position picasso measures
/// from (the block's opening instruction, or the procedure's start).
#[derive(Clone, Copy, Debug)]
enum Close {
    Else { at: usize },
    IfEnd { at: usize },
    ForEnd { at: usize },
    ProcEnd { start: usize },
}

/// A procedure.
#[derive(Clone, Debug)]
pub(super) struct Proc {
    /// Its name.
    pub name: String,
    /// Its words.
    pub range: Range<usize>,
    /// The index of the DVLE text it is written in.
    pub section: usize,
}

/// Everything about the code's layout that the text needs.
#[derive(Debug)]
pub(super) struct Flow {
    /// Per DVLE (or one `.nodvle` text when there is none): its code.
    pub sections: Vec<Range<usize>>,
    /// Procedures in code order, covering every word.
    pub procs: Vec<Proc>,
    /// Accepted blocks by their opening position.
    pub blocks: BTreeMap<usize, Block>,
    /// Labels: (section, position) → name.
    pub labels: BTreeMap<(usize, usize), String>,
    /// NOPs picasso inserts by itself, left out of the text.
    pub omitted: BTreeSet<usize>,
    /// Procedure names by (start, end).
    pub proc_names: HashMap<(usize, usize), String>,
    /// How many words the program has.
    pub len: usize,
}

/// The spec's `flow` attribute of the opcode of the word at `p`, if any.
fn flow_at(code: &[u32], p: usize) -> Option<FlowKind> {
    let op = LAYOUT.match_opcode(u128::from(*code.get(p)?))?;
    Some(OpcodeAttrs::of(op)?.flow)
}

/// Whether picasso pads a close at position `p` (the buffer size): after a
/// nested block's `.end` (`last_was_end`), after a jump or call (or a break,
/// for a `for`), or when the block is too short.
fn pads(code: &[u32], close: Close, p: usize, last_was_end: bool) -> bool {
    if last_was_end {
        return true;
    }
    if p == 0 {
        return false;
    }
    let last = flow_at(code, p - 1).unwrap_or(FlowKind::None);
    let (opener, min) = match close {
        Close::Else { at } | Close::IfEnd { at } => (at, 2),
        Close::ForEnd { at } => (at, 2),
        Close::ProcEnd { start } => (start, 1),
    };
    // picasso pads after a jump or call, and after a break at the end of a
    // `for` body.
    matches!(last, FlowKind::Jump | FlowKind::Call)
        || (matches!(close, Close::ForEnd { .. }) && last == FlowKind::Break)
        || p.saturating_sub(opener) < min
}

impl Flow {
    /// Whether picasso would pad the `.end` of `proc` with a NOP that the
    /// file does not have: it ends in a jump or call, or right after a
    /// block's `.end`, at the end of a DVLE's text, where no procedure
    /// choice can avoid it. The text says `.nopad` there.
    pub(super) fn proc_end_pads(&self, code: &[u32], proc: &Proc) -> bool {
        let range = &proc.range;
        let after_block = self
            .blocks
            .values()
            .any(|b| b.end() == range.end && range.contains(&b.at()));
        pads(code, Close::ProcEnd { start: range.start }, range.end, after_block)
    }
}

/// The spec's `flow` attribute of a decoded instruction.
pub(super) fn flow_of(insn: &Instruction) -> FlowKind {
    insn.attrs().map_or(FlowKind::None, |a| a.flow)
}

/// The (start, end) a call (`flow=call`: `call`, `callc`, `callu`)
/// targets, if its other bits are what the assembler writes (a procedure
/// is at most 255 words).
pub(super) fn call_target(insn: &Instruction) -> Option<(usize, usize)> {
    if flow_of(insn) != FlowKind::Call {
        return None;
    }
    let zero = |name: &str| fields::get(insn, name).unwrap_or(0) == 0;
    let (dst, num) = (fields::get(insn, "dst")?, fields::get(insn, "num")?);
    (num > 0 && zero("unused") && zero("cond")).then_some((dst as usize, (dst + num) as usize))
}

/// The label position a jump (`flow=jump`: `jmpc`, `jmpu`) targets, if its
/// other bits are what picasso writes (on a boolean uniform, `num` keeps
/// the inversion in bit 0).
pub(super) fn jump_target(insn: &Instruction) -> Option<usize> {
    if flow_of(insn) != FlowKind::Jump || fields::get(insn, "unused")? != 0 {
        return None;
    }
    let max_num = if insn.as_fmt3().is_some() { 1 } else { 0 };
    let dst = fields::get(insn, "dst")?;
    (fields::get(insn, "num")? <= max_num).then_some(dst as usize)
}

/// The block `insn` at `p` would open (`flow=if` or `flow=loop`), checked
/// on its own (range and the words before its closes).
fn candidate(code: &[u32], insn: &Instruction, p: usize) -> Option<Block> {
    let n = code.len();
    let flow = flow_of(insn);
    if flow == FlowKind::Loop {
        let f = insn.as_fmt3_loop()?;
        if f.num.get() != 0 || f.unused.get() != 0 || f.high.get() != 0 {
            return None;
        }
        let end = f.dst.get() as usize + 1;
        if end < p + 2 || end > n || pads(code, Close::ForEnd { at: p }, end, false) {
            return None;
        }
        return Some(Block::For { at: p, end });
    }
    if flow != FlowKind::If {
        return None;
    }
    let block = if let Some(f) = insn.as_fmt2() {
        if !prints_condition(insn) {
            return None;
        }
        (f.dst.get(), f.num.get(), f.unused.get())
    } else {
        let f = insn.as_fmt3()?;
        (f.dst.get(), f.num.get(), f.unused.get())
    };
    let block = match block {
        (dst, num, 0) => (dst as usize, num as usize),
        _ => return None,
    };
    let (else_at, len) = block;
    let end = else_at + len;
    if else_at < p + 2 || end > n {
        return None;
    }
    let b = Block::If { at: p, else_at, end };
    let ok = b.segments().iter().all(|&(_, e, close)| !pads(code, close, e, false));
    ok.then_some(b)
}

/// Inputs to [`Flow::build`].
pub(super) struct FlowInput<'a> {
    pub shbin: &'a Shbin,
    pub insns: &'a [Option<Instruction>],
    pub names: &'a mut Names<'static>,
}

impl Flow {
    /// Works out the layout.
    pub(super) fn build(input: FlowInput<'_>) -> Flow {
        let FlowInput { shbin, insns, names } = input;
        let code = &shbin.code;
        let sections = sections(shbin, insns);
        let hints = label_hints(shbin, code.len());
        let procs = procs(shbin, insns, &sections, &hints, names);
        let proc_names = procs
            .iter()
            .map(|p| ((p.range.start, p.range.end), p.name.clone()))
            .collect();
        let mut flow = Flow {
            sections,
            procs,
            blocks: BTreeMap::new(),
            labels: BTreeMap::new(),
            omitted: BTreeSet::new(),
            proc_names,
            len: code.len(),
        };
        flow.find_blocks(code, insns);
        flow.name_labels(insns, &hints, names);
        flow.omit_padding(code);
        flow
    }

    /// The label a jump from `section` to `target` writes: none for a
    /// target outside the program (the assembler refuses a jump there, so
    /// the word is written as `.word`), even where the file's label table
    /// names the end of the program.
    pub(super) fn jump_label(&self, section: usize, target: usize) -> Option<&str> {
        if target >= self.len {
            return None;
        }
        self.labels.get(&(section, target)).map(String::as_str)
    }

    /// The section holding position `p`.
    pub(super) fn section_of(&self, p: usize) -> Option<usize> {
        // Sections are in code order; empty ones hold nothing.
        let after = self.sections.partition_point(|s| s.start <= p);
        self.sections[..after].iter().rposition(|s| s.contains(&p))
    }

    /// The procedures written in section `i` (procedures are in code order,
    /// and so are sections).
    pub(super) fn procs_of(&self, i: usize) -> &[Proc] {
        let start = self.procs.partition_point(|p| p.section < i);
        let end = self.procs.partition_point(|p| p.section <= i);
        &self.procs[start..end.max(start)]
    }

    /// Accepts blocks: each must fit inside its enclosing segment, and no
    /// segment may end with a nested block's `.end` (picasso would pad it);
    /// such inner blocks are dropped and the rest re-checked.
    fn find_blocks(&mut self, code: &[u32], insns: &[Option<Instruction>]) {
        let candidates: BTreeMap<usize, Block> = insns
            .iter()
            .enumerate()
            .filter_map(|(p, insn)| Some((p, candidate(code, insn.as_ref()?, p)?)))
            .collect();
        let mut rejected = BTreeSet::new();
        for _round in 0..8 {
            let accepted = self.nest(&candidates, &rejected);
            let bad = self.blocks_ending_segments(&accepted);
            if bad.is_empty() {
                self.blocks = accepted;
                return;
            }
            rejected.extend(bad);
        }
        self.blocks = BTreeMap::new();
    }

    /// Picks the candidates that nest properly, in code order.
    fn nest(&self, candidates: &BTreeMap<usize, Block>, rejected: &BTreeSet<usize>) -> BTreeMap<usize, Block> {
        let mut accepted = BTreeMap::new();
        for proc in &self.procs {
            // Open segment ends, innermost last; an `If` with an else-part
            // pushes its else segment when its then-part closes.
            let mut stack: Vec<(usize, Option<(usize, usize)>)> = vec![(proc.range.end, None)];
            for p in proc.range.clone() {
                while let Some(&(end, next)) = stack.last() {
                    if end > p {
                        break;
                    }
                    stack.pop();
                    if let Some((else_at, else_end)) = next {
                        if else_end > else_at && else_at <= p && else_end > p {
                            stack.push((else_end, None));
                        }
                    }
                }
                let Some(&block) = candidates.get(&p) else {
                    continue;
                };
                let Some(&(seg_end, _)) = stack.last() else {
                    continue;
                };
                if rejected.contains(&p) || block.end() > seg_end || stack.len() > MAX_DEPTH {
                    continue;
                }
                accepted.insert(p, block);
                match block {
                    Block::If { else_at, end, .. } => stack.push((else_at, Some((else_at, end)))),
                    Block::For { end, .. } => stack.push((end, None)),
                }
            }
        }
        accepted
    }

    /// Blocks that end exactly where an enclosing segment (or procedure)
    /// closes.
    fn blocks_ending_segments(&self, accepted: &BTreeMap<usize, Block>) -> BTreeSet<usize> {
        let mut by_end: HashMap<usize, Vec<usize>> = HashMap::new();
        for b in accepted.values() {
            by_end.entry(b.end()).or_default().push(b.at());
        }
        let mut segments: Vec<(usize, usize)> = self.procs.iter().map(|p| (p.range.start, p.range.end)).collect();
        for b in accepted.values() {
            segments.extend(b.segments().iter().map(|&(s, e, _)| (s, e)));
        }
        let mut bad = BTreeSet::new();
        for (start, end) in segments {
            for &at in by_end.get(&end).into_iter().flatten() {
                if at >= start {
                    bad.insert(at);
                }
            }
        }
        bad
    }

    /// Labels for jump targets (named from the file's label table when it
    /// names them) and the file's own labels.
    fn name_labels(&mut self, insns: &[Option<Instruction>], hints: &BTreeMap<usize, String>, names: &mut Names<'_>) {
        let mut wanted = BTreeSet::new();
        for (p, insn) in insns.iter().enumerate() {
            let (Some(insn), Some(section)) = (insn, self.section_of(p)) else {
                continue;
            };
            if let Some(dst) = jump_target(insn) {
                let range = &self.sections[section];
                // A jump outside the program has no label (the assembler
                // refuses one): the word is written as `.word`.
                if range.start <= dst && dst <= range.end && dst < insns.len() {
                    wanted.insert((section, dst));
                }
            }
        }
        let proc_names: BTreeSet<&str> = self.procs.iter().map(|p| p.name.as_str()).collect();
        for (&p, name) in hints {
            if proc_names.contains(name.as_str()) {
                continue;
            }
            // A label at the very end belongs to the last text.
            let at_end = self
                .sections
                .len()
                .checked_sub(1)
                .filter(|&last| self.sections[last].end == p);
            let section = self.section_of(p).or(at_end);
            if let Some(section) = section {
                if names.claim(name) {
                    self.labels.insert((section, p), name.clone());
                }
            }
        }
        for key in wanted {
            self.labels
                .entry(key)
                .or_insert_with(|| names.fresh(&format!("label_{:03x}", key.1)));
        }
    }

    /// Every segment with its close: procedures and accepted blocks.
    fn all_segments(&self) -> Vec<(usize, usize, Close)> {
        let mut segments: Vec<(usize, usize, Close)> = self
            .procs
            .iter()
            .map(|p| (p.range.start, p.range.end, Close::ProcEnd { start: p.range.start }))
            .collect();
        for b in self.blocks.values() {
            segments.extend(b.segments());
        }
        segments
    }

    /// Finds NOPs at the end of a segment that picasso would add by itself.
    fn omit_padding(&mut self, code: &[u32]) {
        let labelled: BTreeSet<usize> = self.labels.keys().map(|&(_, p)| p).collect();
        let ends: HashMap<usize, Vec<usize>> = self.blocks.values().fold(HashMap::new(), |mut m, b| {
            m.entry(b.end()).or_default().push(b.at());
            m
        });
        for (start, end, close) in self.all_segments() {
            let Some(q) = end.checked_sub(1) else {
                continue;
            };
            if q < start || code.get(q) != Some(&nop()) || labelled.contains(&q) {
                continue;
            }
            let after_block = ends.get(&q).is_some_and(|ats| ats.iter().any(|&at| at >= start));
            if pads(code, close, q, after_block) {
                self.omitted.insert(q);
            }
        }
    }
}

/// Splits the code between the DVLE texts, in order (picasso emits each
/// source file's code in turn). DVLE `i`'s text starts at its entry point,
/// or earlier, at the end of DVLE `i-1`'s entry procedure, when the code in
/// between is called only from DVLE `i`'s side (or, unused, holds a
/// `setemit` and only DVLE `i` is a geometry shader). A DVLE whose entry
/// point lies before the previous text's start gets no code; its entry
/// procedure is written in another text.
fn sections(shbin: &Shbin, insns: &[Option<Instruction>]) -> Vec<Range<usize>> {
    let n = shbin.code.len();
    if shbin.dvles.is_empty() {
        return std::iter::once(0..n).collect();
    }
    // Call target → (first, last) position calling it.
    let mut callers: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for (p, insn) in insns.iter().enumerate() {
        if let Some((target, _)) = insn.as_ref().and_then(call_target) {
            let e = callers.entry(target).or_insert((p, p));
            e.1 = p;
        }
    }
    let mut starts = vec![0usize];
    for (i, dvle) in shbin.dvles.iter().enumerate().skip(1) {
        let prev_start = *starts.last().unwrap_or(&0);
        let main = dvle.main as usize;
        if !(prev_start..=n).contains(&main) {
            starts.push(prev_start);
            continue;
        }
        let prev = &shbin.dvles[i - 1];
        let (prev_main, prev_end) = (prev.main as usize, prev.endmain as usize);
        let mut start = main;
        if prev_start <= prev_main && prev_main < prev_end && prev_end < main {
            let gap = prev_end..main;
            let into_gap = || callers.range(gap.clone()).map(|(_, &c)| c);
            let from_before = into_gap().any(|(first, _)| first < prev_end);
            let from_after = into_gap().any(|(_, last)| last >= main);
            let emits = insns[gap.clone()]
                .iter()
                .any(|insn| insn.as_ref().is_some_and(|i| i.as_fmt4().is_some()));
            let geometry_only = dvle.kind == ShaderKind::Geometry && prev.kind != ShaderKind::Geometry;
            if !from_before && (from_after || (emits && geometry_only)) {
                start = prev_end;
            }
        }
        starts.push(start);
    }
    let mut sections = Vec::with_capacity(starts.len());
    for (i, &s) in starts.iter().enumerate() {
        let e = starts.get(i + 1).copied().unwrap_or(n);
        sections.push(s..e);
    }
    sections
}

/// Names a file's label table gives code positions (nihstro writes one:
/// id, position, unused, symbol offset).
fn label_hints(shbin: &Shbin, n: usize) -> BTreeMap<usize, String> {
    let mut hints = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for dvle in &shbin.dvles {
        for label in &dvle.labels {
            let p = label[1] as usize;
            if p > n || hints.contains_key(&p) {
                continue;
            }
            if let Some(name) = dvle.symbol(label[3]) {
                if usable(name) && seen.insert(name.to_owned()) {
                    hints.insert(p, name.to_owned());
                }
            }
        }
    }
    hints
}

/// Chooses the procedures: DVLE entry points first, then `call` targets,
/// each kept if it lies in one text, overlaps no other and can close without
/// picasso padding it; the gaps become procedures of their own.
fn procs(
    shbin: &Shbin,
    insns: &[Option<Instruction>],
    sections: &[Range<usize>],
    hints: &BTreeMap<usize, String>,
    names: &mut Names<'_>,
) -> Vec<Proc> {
    let code = &shbin.code;
    let n = code.len();
    let mut wanted: Vec<(usize, usize, Option<usize>)> = shbin
        .dvles
        .iter()
        .enumerate()
        .map(|(i, d)| (d.main as usize, d.endmain as usize, Some(i)))
        .collect();
    wanted.extend(
        insns
            .iter()
            .flatten()
            .filter_map(call_target)
            .map(|(s, e)| (s, e, None)),
    );
    let section_of = |s: usize, e: usize| {
        let after = sections.partition_point(|r| r.start <= s);
        sections[..after].iter().rposition(|r| r.start <= s && e <= r.end)
    };
    // (start, end) → (section, first DVLE it is the entry of)
    let mut chosen: BTreeMap<usize, (usize, usize, Option<usize>)> = BTreeMap::new();
    for (s, e, dvle) in wanted {
        if s >= e || e > n || pads(code, Close::ProcEnd { start: s }, e, false) {
            continue;
        }
        let Some(section) = section_of(s, e) else {
            continue;
        };
        if let Some(&(e2, _, ref d2)) = chosen.get(&s) {
            if e2 == e && d2.is_none() {
                chosen.insert(s, (e, section, dvle));
            }
            continue;
        }
        let before = chosen.range(..s).next_back().is_some_and(|(_, &(e2, _, _))| e2 > s);
        let after = chosen.range(s..).next().is_some_and(|(&s2, _)| s2 < e);
        if !before && !after {
            chosen.insert(s, (e, section, dvle));
        }
    }
    // A gap becomes a procedure of its own; if it would end with a jump or
    // call (which picasso pads), the procedure after it is dropped so the
    // gap runs on.
    for range in sections {
        let mut p = range.start;
        let starts: Vec<usize> = chosen.range(range.start..range.end).map(|(&s, _)| s).collect();
        for s in starts {
            if s > p && pads(code, Close::ProcEnd { start: p }, s, false) {
                chosen.remove(&s);
            } else if let Some(&(e, _, _)) = chosen.get(&s) {
                p = p.max(e);
            }
        }
    }
    for (section, range) in sections.iter().enumerate() {
        let mut p = range.start;
        let starts: Vec<(usize, usize)> = chosen
            .range(range.start..range.end)
            .map(|(&s, &(e, _, _))| (s, e))
            .collect();
        let mut gaps = Vec::new();
        for (s, e) in starts {
            if s > p {
                gaps.push((p, s));
            }
            p = p.max(e);
        }
        if range.end > p {
            gaps.push((p, range.end));
        }
        for (s, e) in gaps {
            chosen.insert(s, (e, section, None));
        }
    }
    chosen
        .into_iter()
        .map(|(s, (e, section, dvle))| {
            let name = match (hints.get(&s), dvle) {
                (Some(hint), _) if names.claim(hint) => hint.clone(),
                (_, Some(0)) => names.fresh("main"),
                (_, Some(i)) => names.fresh(&format!("main{i}")),
                _ => names.fresh(&format!("proc_{s:03x}")),
            };
            Proc {
                name,
                range: s..e,
                section,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_rules() {
        let call = 0x24 << 26;
        let code = [0x4e00_0000, call, nop()];
        assert!(pads(&code, Close::ProcEnd { start: 0 }, 2, false));
        assert!(!pads(&code, Close::ProcEnd { start: 0 }, 1, false));
        assert!(pads(&code, Close::ProcEnd { start: 0 }, 1, true));
        assert!(pads(&code, Close::IfEnd { at: 0 }, 1, false));
        assert!(!pads(&code, Close::ProcEnd { start: 0 }, 0, false));
    }

    /// A jump to a label after the program's last instruction is refused
    /// at the label's use; a file with such a jump (any file parses)
    /// writes it as `.word`, and its text reassembles to the same code.
    #[test]
    fn a_jump_outside_the_program_is_refused_and_printed_as_a_word() {
        use crate::asm::{assemble, SourceFile};
        let file = |text: &str| SourceFile {
            name: "a.pica".into(),
            text: text.into(),
        };
        let outside = ".proc main\n  mov o0, v0\n  jmpu b0, done\n  mov o1, v1\n  end\ndone:\n.end\n";
        let errors = assemble(&[file(outside)], &Default::default()).unwrap_err();
        assert_eq!(
            errors[0].to_string(),
            "a.pica:3:12: label `done` is at word 4, outside the program (words 0 to 3): a jump must land on an instruction"
        );
        let inside = outside.replace("  end\ndone:\n", "done:\n  end\n");
        let mut shbin = assemble(&[file(&inside)], &Default::default()).unwrap();
        assert_eq!(shbin.code[1] & 0xfff << 10, 3 << 10);
        shbin.code[1] = shbin.code[1] & !(0xfff << 10) | 4 << 10;
        let text = crate::disasm::disassemble(&shbin);
        assert!(text.contains("\t.word 0xb4001000 ; jmpu b0, dst=4, num=0\n"), "{text}");
        let again = assemble(&[file(&text)], &Default::default()).unwrap();
        assert_eq!(again.code, shbin.code);
        // The same when the file's label table names the end of the program
        // (found by the `pica-shbin` fuzz target): the label is written
        // there, and the jump still as `.word`.
        let dvle = &mut shbin.dvles[0];
        let name_at = dvle.symbols.len() as u32;
        dvle.symbols.extend_from_slice(b"done\0");
        dvle.labels.push([9, 4, 0, name_at]);
        let text = crate::disasm::disassemble(&shbin);
        assert!(text.contains("\t.word 0xb4001000 ; jmpu b0, dst=4, num=0\n"), "{text}");
        assert!(text.contains("\ndone:\n"), "{text}");
        let again = assemble(&[file(&text)], &Default::default()).unwrap();
        assert_eq!(again.code, shbin.code);
    }
}
