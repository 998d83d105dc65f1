//! Blocks and branch targets: `.proc`, `.else`, `.end`, the padding NOPs
//! picasso inserts where the PICA200's flow-control errata need them, and
//! patching branch targets (labels at the end of each file, procedures at
//! the very end).
//!
//! Padding (unless `auto_nop` is off): before a `.else` or `.end` that
//! directly follows the `.end` of an if or for block; after a final jmpc,
//! jmpu, call, callc or callu (or break/breakc at the end of a for body);
//! and when an if or for block would have nothing in it but its opening
//! instruction (measured from the `ifc`/`ifu`/`for`, even at the end of an
//! else branch), or a procedure would be empty (unless no code exists yet).
//! isaforge's `.nopad` turns padding off for the next `.else` or `.end`.

use isa_runtime::UInt;

use super::line::{Diag, Stmt};
use super::state::{Asm, BlockKind, Reloc, Word};
use crate::{fields, Flow, Fmt0, Instruction};
use isa_runtime::text::quote_input;

/// How the last code word ends a block, for the padding rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// A jump or call (`flow=jump`, `flow=call` in the spec: jmpc, jmpu,
    /// call, callc, callu).
    Branch,
    /// `flow=break`: break, breakc.
    Break,
    /// Anything else.
    Other,
}

impl Asm {
    fn last(&self) -> Last {
        let insn = match self.code.last().map(|s| &s.word) {
            Some(Word::Insn(insn)) => *insn,
            Some(Word::Raw(raw)) => match Instruction::decode(*raw) {
                Ok(insn) => insn,
                Err(_) => return Last::Other,
            },
            None => return Last::Other,
        };
        match insn.attrs().map(|a| a.flow) {
            Some(Flow::Jump | Flow::Call) => Last::Branch,
            Some(Flow::Break) => Last::Break,
            _ => Last::Other,
        }
    }

    /// The padding NOP the flow-control errata need here: inserted, left
    /// out by `.nopad`, or (`--no-nop`) left out with a warning, as picasso
    /// warns.
    fn pad(&mut self, stmt: &Stmt<'_>) {
        if self.no_pad {
            return;
        }
        if !self.options.auto_nop {
            let diag = stmt.err_at(
                stmt.head,
                format!(
                    "a padding NOP is needed before this `{}` (the flow-control errata); padding NOPs are off, so it is left out",
                    stmt.head
                ),
            );
            return self.warn(stmt.line, diag);
        }
        let pos = self.pos(stmt.line, super::line::offset_in(stmt.line, stmt.head));
        let nop = Instruction::Nop(Fmt0 {
            unused: UInt::from_bits(0),
        });
        self.emit(Word::Insn(nop), None, pos);
    }

    /// `.proc NAME`.
    pub fn dir_proc(&mut self, stmt: &Stmt<'_>) -> Result<(), Diag> {
        let args = stmt.expect_commas(1, ".proc NAME");
        let name = match &args {
            Ok(args) if super::line::is_identifier(args[0]) => {
                if self.procs.contains_key(args[0]) {
                    Err(stmt.err_at(
                        args[0],
                        format!("procedure {} is already defined", quote_input(args[0])),
                    ))
                } else {
                    Ok(args[0].to_string())
                }
            }
            Ok(args) => Err(stmt.err_at(args[0], format!("invalid procedure name {}", quote_input(args[0])))),
            Err(e) => Err(e.clone()),
        };
        // The block opens even when the name is bad, so its `.end` matches.
        let start = self.code.len();
        super::branches::push_block(self, stmt, BlockKind::Proc(name.clone().ok()), start)?;
        name.map(|_| ())
    }

    /// `.else`.
    pub fn dir_else(&mut self, stmt: &Stmt<'_>) -> Result<(), Diag> {
        stmt.expect_commas(0, ".else")?;
        let Some(block) = self.stack.last() else {
            return Err(stmt.err_at(stmt.head, "`.else` outside an if block"));
        };
        let start = block.start;
        match block.kind {
            BlockKind::If(None) => {}
            BlockKind::If(Some(_)) => return Err(stmt.err_at(stmt.head, "second `.else` in the same if block")),
            _ => return Err(stmt.err_at(stmt.head, "`.else` outside an if block")),
        }
        if self.last_was_end {
            self.pad(stmt);
            self.last_was_end = false;
        } else if self.last() == Last::Branch || self.code.len() - start < 2 {
            self.pad(stmt);
        }
        self.no_pad = false;
        let here = self.code.len();
        if let Some(block) = self.stack.last_mut() {
            block.kind = BlockKind::If(Some(here));
        }
        self.patch_at(start, Some(here), None)
            .map_err(|m| stmt.err_at(stmt.head, format!("the else branch {m}")))
    }

    /// `.end`.
    pub fn dir_end(&mut self, stmt: &Stmt<'_>) -> Result<(), Diag> {
        stmt.expect_commas(0, ".end")?;
        let Some(block) = self.stack.pop() else {
            return Err(stmt.err_at(stmt.head, "`.end` without an open block"));
        };
        let is_array = matches!(block.kind, BlockKind::Array);
        if !is_array && self.last_was_end {
            self.pad(stmt);
            self.last_was_end = false;
        } else if !is_array && !self.code.is_empty() {
            let min = if matches!(block.kind, BlockKind::Proc(_)) { 1 } else { 2 };
            let last = self.last();
            if last == Last::Branch
                || (matches!(block.kind, BlockKind::For) && last == Last::Break)
                || self.code.len() - block.start < min
            {
                self.pad(stmt);
            }
        }
        self.no_pad = false;
        let here = self.code.len();
        let size = here - block.start;
        let fail = |m: String| stmt.err_at(stmt.head, m);
        match block.kind {
            BlockKind::Proc(Some(name)) => {
                if self.procs.contains_key(&name) {
                    return Err(fail(format!(
                        "procedure {name} is already defined",
                        name = quote_input(&name)
                    )));
                }
                self.procs.insert(name, (block.start, size));
            }
            BlockKind::Proc(None) => {}
            BlockKind::For => {
                self.last_was_end = true;
                self.patch_at(block.start, Some(here - 1), None)
                    .map_err(|m| fail(format!("the loop's last instruction {m}")))?;
            }
            BlockKind::If(else_at) => {
                self.last_was_end = true;
                match else_at {
                    None => self.patch_at(block.start, Some(here), None),
                    Some(at) => self.patch_at(block.start, None, Some(here - at)),
                }
                .map_err(|m| match else_at {
                    None => fail(format!("the end of the if block {m}")),
                    Some(_) => fail(format!("the else branch {m}")),
                })?;
            }
            BlockKind::Array => self.end_array(stmt)?,
        }
        Ok(())
    }

    /// Patches jmpc/jmpu targets with this file's labels.
    pub fn fix_labels(&mut self) {
        for reloc in std::mem::take(&mut self.label_relocs) {
            let Some(&target) = self.labels.get(&reloc.name) else {
                self.errors.push(reloc.pos.error(format!(
                    "label {} is not defined in this file",
                    quote_input(&reloc.name)
                )));
                continue;
            };
            self.patch(&reloc, Some(target), None);
            self.jump_targets.push((target, reloc));
        }
    }

    /// Patches call/callc/callu with the procedures' positions and sizes.
    pub fn fix_procs(&mut self) {
        for reloc in std::mem::take(&mut self.proc_relocs) {
            let Some(&(start, size)) = self.procs.get(&reloc.name) else {
                self.errors.push(
                    reloc
                        .pos
                        .error(format!("procedure {} is not defined", quote_input(&reloc.name))),
                );
                continue;
            };
            self.patch(&reloc, Some(start), Some(size));
        }
    }

    fn patch(&mut self, reloc: &Reloc, dst: Option<usize>, num: Option<usize>) {
        if let Err(m) = self.patch_at(reloc.at, dst, num) {
            self.errors
                .push(reloc.pos.error(format!("{} {m}", quote_input(&reloc.name))));
        }
    }

    /// Sets the target and/or count of the flow-control instruction at `at`.
    fn patch_at(&mut self, at: usize, dst: Option<usize>, num: Option<usize>) -> Result<(), String> {
        match self.code.get_mut(at) {
            Some(slot) => set_target(&mut slot.word, dst, num),
            None => Ok(()),
        }
    }
}

/// Sets the target (`dst`) and/or count (`num`) of a flow-control
/// instruction (any whose format has those fields); the error says which
/// does not fit, and then neither is set.
fn set_target(word: &mut Word, dst: Option<usize>, num: Option<usize>) -> Result<(), String> {
    let Word::Insn(insn) = word else { return Ok(()) };
    let fits = |name: &str, value: usize| fields::width(insn, name).is_none_or(|w| w >= usize::BITS || value >> w == 0);
    if let Some(d) = dst.filter(|&d| !fits("dst", d)) {
        let reach = 1u64 << fields::width(insn, "dst").unwrap_or(0);
        return Err(format!("is at word {d}, past the {reach} a branch can reach"));
    }
    if let Some(n) = num.filter(|&n| !fits("num", n)) {
        let most = (1u64 << fields::width(insn, "num").unwrap_or(0)) - 1;
        return Err(format!("is {n} instructions long; at most {most} fit"));
    }
    for (name, value) in [("dst", dst), ("num", num)] {
        if let Some(v) = value {
            fields::set(insn, name, v as u64);
        }
    }
    Ok(())
}
