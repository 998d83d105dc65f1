//! `.shbin` → picasso assembly text.
//!
//! [`disassemble`] writes one text for the whole file: each DVLE's
//! declarations (uniform and constant names from its tables, `.out`, `.in`,
//! `.gsh`), then its code as procedures with labels and structured
//! `ifc`/`ifu`/`.else`/`.end` and `for`/`.end` blocks. DVLEs after the first
//! start with isaforge's `.dvle`. The text is written so that assembling it
//! with picasso's rules gives back the file byte for byte: where picasso's
//! syntax cannot say something (an unusual header field, a table picasso
//! would lay out differently, a word no instruction text encodes), it uses
//! isaforge's `.dvle_override`, `.raw_*`, `.layout`, `.nopad` and `.word` directives,
//! with a comment giving the instruction in isaforge's one-line form.
//!
//! The DVLP's version and reserved words, when not 0, are written with
//! `.raw_dvlp`. A procedure that has to end in a jump or
//! call (at the end of a DVLE's text, where picasso would pad it) gets
//! isaforge's `.nopad` before its `.end`.

mod flow;
mod names;
mod opdesc;
mod operands;
mod tables;
mod values;

use std::fmt::Write as _;

use super::asm::DescNeed;
use super::shbin::{Layout, ShaderKind, Shbin};
use super::Instruction;
use flow::{Block, Flow, FlowInput, Proc};
use names::{source_name, Names};
use opdesc::{picasso_replay, picasso_reproduces, pinned_pick_is, tidy};
use operands::{Ctx, RegNames};
use tables::DvlePlan;

/// Disassembles a whole `.shbin` into picasso-syntax text. Total: any
/// [`Shbin`], however odd, gives a text and never a panic.
pub fn disassemble(shbin: &Shbin) -> String {
    listing(shbin).text
}

/// A `.shbin`'s picasso-syntax text, and the line it writes for each code
/// word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The whole text, as [`disassemble`] returns it.
    pub text: String,
    /// For each word of `code`, its line of `text` without indentation
    /// (an instruction, a block's opening `ifc`/`ifu`/`for` line, or a
    /// `.word` line); `None` for a padding `nop` the text leaves out
    /// because picasso inserts it again.
    pub word_lines: Vec<Option<String>>,
}

/// [`disassemble`], with each code word's line. Total, as it is.
pub fn listing(shbin: &Shbin) -> Listing {
    let insns: Vec<Option<Instruction>> = shbin.code.iter().map(|&w| Instruction::decode(w).ok()).collect();
    let mut names = Names::default();
    for dvle in &shbin.dvles {
        for u in &dvle.uniforms {
            if let Some(name) = dvle.symbol(u.symbol).and_then(source_name) {
                names.reserve(&name);
            }
        }
    }
    let flow = Flow::build(FlowInput {
        shbin,
        insns: &insns,
        names: &mut names,
    });
    let mut state = tables::State::default();
    let plans: Vec<DvlePlan> = shbin
        .dvles
        .iter()
        .map(|dvle| {
            let entry = entry_proc(&flow.procs, dvle.main as usize, dvle.endmain as usize);
            // Aliases are per source file in picasso.
            tables::plan(dvle, entry, &mut state, names.scope())
        })
        .collect();
    let (items, pinned) = render_all(shbin, &insns, &flow, &plans);
    Writer {
        shbin,
        insns: &insns,
        flow: &flow,
        plans: &plans,
        items: &items,
        pinned,
        out: String::new(),
        word_lines: vec![None; shbin.code.len()],
    }
    .write()
}

/// The procedure a DVLE's entry point names: the one spanning exactly
/// `main..endmain`, else the one starting at `main`, else the first.
fn entry_proc(procs: &[Proc], main: usize, endmain: usize) -> Option<&Proc> {
    procs
        .iter()
        .find(|p| p.range.start == main && p.range.end == endmain)
        .or_else(|| procs.iter().find(|p| p.range.start == main))
        .or_else(|| procs.first())
}

/// How one code word is written.
#[derive(Debug)]
enum Item {
    /// picasso syntax, with the descriptor the text asks for.
    Text(String, Option<DescNeed>),
    /// The opening line of a structured block.
    Opener(String),
    /// `.word`.
    Word,
}

/// Renders every word, then checks the descriptor table: if replaying
/// picasso's allocation gives back the file's table, instructions that did
/// not create their entry print tidy swizzles (their unread components are
/// free); otherwise the table is pinned with `.raw_opdesc` and instructions
/// that would pick a different entry become `.word`.
fn render_all(shbin: &Shbin, insns: &[Option<Instruction>], flow: &Flow, plans: &[DvlePlan]) -> (Vec<Item>, bool) {
    let no_names = RegNames::default();
    let ctx_at = |p: usize, desc_override: Option<u32>| {
        let section = flow.section_of(p).unwrap_or(0);
        let plan = plans.get(section);
        Ctx {
            opdescs: &shbin.opdescs,
            names: plan.map_or(&no_names, |pl| &pl.names),
            geometry: plan.is_some_and(|pl| pl.geometry),
            section,
            flow,
            desc_override,
        }
    };
    let mut items: Vec<Item> = Vec::with_capacity(insns.len());
    for (p, insn) in insns.iter().enumerate() {
        let ctx = ctx_at(p, None);
        let item = match insn {
            Some(insn) if flow.blocks.contains_key(&p) => ctx.opener(insn).map_or(Item::Word, Item::Opener),
            Some(insn) => ctx.render(insn).map_or(Item::Word, |r| Item::Text(r.text, r.opdesc)),
            None => Item::Word,
        };
        items.push(item);
    }
    let uses: Vec<Option<DescNeed>> = items
        .iter()
        .map(|i| match i {
            Item::Text(_, u) => *u,
            _ => None,
        })
        .collect();
    match picasso_replay(&shbin.code, &uses, &shbin.opdescs) {
        Some(keep) => {
            let mut tidied = Vec::with_capacity(items.len());
            for (p, item) in items.iter().enumerate() {
                let tidy_item = match (item, keep.get(p), insns.get(p)) {
                    (Item::Text(_, Some(want)), Some(&keep), Some(Some(insn))) => {
                        let ctx = ctx_at(p, Some(tidy(want.desc, keep)));
                        ctx.render(insn)
                            .filter(|r| {
                                r.opdesc
                                    .is_some_and(|u| (u.desc ^ want.desc) & keep == 0 && u.care == want.care)
                            })
                            .map(|r| Item::Text(r.text, r.opdesc))
                    }
                    _ => None,
                };
                tidied.push(tidy_item);
            }
            let candidate: Vec<Option<DescNeed>> = items
                .iter()
                .zip(&tidied)
                .map(|(item, t)| match t.as_ref().unwrap_or(item) {
                    Item::Text(_, u) => *u,
                    _ => None,
                })
                .collect();
            // Tidying never changes what the allocation sees; checked anyway.
            if picasso_reproduces(&shbin.code, &candidate, &shbin.opdescs) {
                for (item, t) in items.iter_mut().zip(tidied) {
                    if let Some(t) = t {
                        *item = t;
                    }
                }
            }
            (items, false)
        }
        None => {
            for (p, item) in items.iter_mut().enumerate() {
                let (Item::Text(_, Some(want)), Some(Some(insn))) = (&*item, insns.get(p)) else {
                    continue;
                };
                let Some(index) = super::fields::get(insn, "desc").map(|i| i as usize) else {
                    continue;
                };
                if !pinned_pick_is(&shbin.opdescs, want, index) {
                    *item = Item::Word;
                    continue;
                }
                // Only the bits it reads decide the pick: print those tidily.
                let ctx = ctx_at(p, Some(tidy(want.desc, want.care)));
                if let Some(r) = ctx.render(insn) {
                    if r.opdesc.is_some_and(|u| pinned_pick_is(&shbin.opdescs, &u, index)) {
                        *item = Item::Text(r.text, r.opdesc);
                    }
                }
            }
            (items, true)
        }
    }
}

/// Builds the text.
struct Writer<'a> {
    shbin: &'a Shbin,
    insns: &'a [Option<Instruction>],
    flow: &'a Flow,
    plans: &'a [DvlePlan],
    items: &'a [Item],
    /// Whether the descriptor table is written with `.raw_opdesc`.
    pinned: bool,
    out: String,
    /// Each code word's line, as it is written.
    word_lines: Vec<Option<String>>,
}

impl Writer<'_> {
    fn write(mut self) -> Listing {
        let shbin = self.shbin;
        let _ = writeln!(
            self.out,
            "; {} DVLE(s), {} instruction word(s), {} operand descriptor(s)",
            shbin.dvles.len(),
            shbin.code.len(),
            shbin.opdescs.len()
        );
        if shbin.dvlp_version != 0 || shbin.dvlp_reserved != [0; 3] {
            let [a, b, c] = shbin.dvlp_reserved;
            let _ = writeln!(self.out, ".raw_dvlp {:#x} {a:#x} {b:#x} {c:#x}", shbin.dvlp_version);
        }
        if shbin.layout == Layout::Nihstro {
            self.out.push_str(".layout nihstro\n");
        }
        if self.pinned {
            for e in &shbin.opdescs {
                let _ = writeln!(self.out, ".raw_opdesc {:#010x} {:#x}", e.desc, e.extra);
            }
        }
        for (i, section) in self.flow.sections.clone().into_iter().enumerate() {
            self.section(i, section);
        }
        Listing {
            text: self.out,
            word_lines: self.word_lines,
        }
    }

    fn section(&mut self, i: usize, range: std::ops::Range<usize>) {
        let shbin = self.shbin;
        self.out.push('\n');
        match shbin.dvles.get(i) {
            Some(dvle) => {
                if i > 0 {
                    self.out.push_str(".dvle\n");
                }
                let kind = match dvle.kind {
                    ShaderKind::Vertex => "vertex shader".to_owned(),
                    ShaderKind::Geometry => "geometry shader".to_owned(),
                    ShaderKind::Other(k) => format!("program of kind {k}"),
                };
                let _ = writeln!(self.out, "; DVLE {i}: {kind}");
            }
            None => self.out.push_str("; no DVLE: the code alone\n.nodvle\n"),
        }
        let procs: Vec<Proc> = self.flow.procs_of(i).to_vec();
        if let Some(plan) = self.plans.get(i) {
            for line in &plan.lines {
                self.out.push_str(line);
                self.out.push('\n');
            }
            // A text that prints no word may declare nothing that makes a
            // DVLE (its entry procedure written in another DVLE's text, or
            // its only words NOPs that picasso adds by itself; default
            // header fields, at most aliases): `.entry` makes it, even for
            // `main`.
            let has_entry = plan.lines.iter().any(|l| l.starts_with(".entry "));
            let prints_a_word = procs
                .iter()
                .any(|p| p.range.clone().any(|q| !self.flow.omitted.contains(&q)));
            if let (false, false, Some(dvle)) = (prints_a_word, has_entry, self.shbin.dvles.get(i)) {
                let entry = entry_proc(&self.flow.procs, dvle.main as usize, dvle.endmain as usize);
                if let Some(entry) = entry {
                    let _ = writeln!(self.out, ".entry {}", entry.name);
                }
            }
        }
        for proc in procs {
            let _ = write!(self.out, "\n.proc {}\n", proc.name);
            self.range(i, proc.range.start, proc.range.end, 1);
            if self.flow.proc_end_pads(&self.shbin.code, &proc) {
                self.out.push_str("\t.nopad\n");
            }
            self.out.push_str(".end\n");
        }
        if let Some(name) = self.flow.labels.get(&(i, range.end)) {
            let _ = writeln!(self.out, "{name}:");
        }
    }

    /// Writes the line of code word `p`.
    fn word_line(&mut self, depth: usize, p: usize, text: &str) {
        self.line(depth, text);
        if let Some(slot) = self.word_lines.get_mut(p) {
            *slot = Some(text.to_owned());
        }
    }

    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push('\t');
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn labels(&mut self, section: usize, p: usize) {
        if let Some(name) = self.flow.labels.get(&(section, p)) {
            let _ = writeln!(self.out, "{name}:");
        }
    }

    /// Writes the words `start..end` at nesting `depth`.
    fn range(&mut self, section: usize, start: usize, end: usize, depth: usize) {
        let mut p = start;
        while p < end {
            let block = self.flow.blocks.get(&p).copied();
            if let (Some(block), Some(Item::Opener(text))) = (block, self.items.get(p)) {
                self.labels(section, p);
                self.word_line(depth, p, text);
                match block {
                    Block::If { at, else_at, end } => {
                        self.range(section, at + 1, else_at, depth + 1);
                        if end > else_at {
                            self.line(depth, ".else");
                            self.range(section, else_at, end, depth + 1);
                        }
                        self.line(depth, ".end");
                        p = end;
                    }
                    Block::For { at, end } => {
                        self.range(section, at + 1, end, depth + 1);
                        self.line(depth, ".end");
                        p = end;
                    }
                }
                continue;
            }
            if !self.flow.omitted.contains(&p) {
                self.labels(section, p);
                let text = self.word_text(p);
                self.word_line(depth, p, &text);
            }
            p += 1;
        }
    }

    /// The line for a word that is not a block opener.
    fn word_text(&self, p: usize) -> String {
        match self.items.get(p) {
            Some(Item::Text(text, _)) => text.clone(),
            _ => {
                let word = self.shbin.code.get(p).copied().unwrap_or(0);
                match self.insns.get(p) {
                    Some(Some(insn)) if !matches!(insn, Instruction::Unknown(_)) => {
                        format!(".word {word:#010x} ; {insn}")
                    }
                    _ => format!(".word {word:#010x}"),
                }
            }
        }
    }
}
