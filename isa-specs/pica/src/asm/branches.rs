//! Flow-control instructions: `call`, `callc/callu`, `jmpc/jmpu`,
//! `breakc`, and the block openers `ifc/ifu` and `for`. Targets are
//! recorded for patching (`flow`); a block opens even when its operand is
//! bad, so that its `.end` still matches.

use isa_runtime::UInt;

use super::line::{Diag, Stmt};
use super::operand::{self, File};
use super::state::{Asm, Block, BlockKind, Pos, Reloc, Word, MAX_STACK};
use crate::{Flow, Fmt2, Fmt2Call, Fmt3, Fmt3Loop, Instruction};
use isa_runtime::layout::Opcode;
use isa_runtime::text::quote_input;

/// The instruction of `op` built from its format's fields
/// (`Fmt::into_instruction`). The assembler picks `op` by that format, so
/// this is never `None`; if it were, the line gets an error, not a panic.
pub(super) fn build(stmt: &Stmt<'_>, op: &Opcode, insn: Option<Instruction>) -> Result<Instruction, Diag> {
    insn.ok_or_else(|| {
        stmt.err_at(
            stmt.head,
            format!(
                "internal error: `{}` is not an opcode of the format it was assembled in",
                op.mnemonic
            ),
        )
    })
}

/// `call PROC`.
pub(super) fn call(asm: &mut Asm, stmt: &Stmt<'_>, op: &'static Opcode, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(1, "call PROC")?;
    let target = target(stmt, args[0])?;
    let word = Fmt2Call {
        num: UInt::from_bits(0),
        unused: UInt::from_bits(0),
        dst: UInt::from_bits(0),
        cond: UInt::from_bits(0),
    };
    let insn = build(stmt, op, word.into_instruction(op))?;
    let at = asm.emit(Word::Insn(insn), None, pos);
    let pos = asm.pos(stmt.line, super::line::offset_in(stmt.line, args[0]));
    asm.proc_relocs.push(Reloc { at, name: target, pos });
    Ok(())
}

/// A label or procedure name.
fn target(stmt: &Stmt<'_>, text: &str) -> Result<String, Diag> {
    if super::line::is_identifier(text) {
        Ok(text.to_string())
    } else {
        Err(stmt.err_at(
            text,
            format!(
                "invalid target {text}: expected a label or procedure name",
                text = quote_input(text)
            ),
        ))
    }
}

/// Pushes a block, checking picasso's nesting limit.
pub(crate) fn push_block(asm: &mut Asm, stmt: &Stmt<'_>, kind: BlockKind, start: usize) -> Result<(), Diag> {
    if asm.stack.len() >= MAX_STACK {
        return Err(stmt.err_at(stmt.head, format!("too many nested blocks (the limit is {MAX_STACK})")));
    }
    let pos = asm.pos(stmt.line, super::line::offset_in(stmt.line, stmt.head));
    asm.stack.push(Block { kind, start, pos });
    Ok(())
}

/// `for IREG`: opens a loop block.
pub(super) fn for_loop(asm: &mut Asm, stmt: &Stmt<'_>, op: &'static Opcode, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(1, "for IREG");
    let int = match &args {
        Ok(args) => asm
            .plain_register(stmt, args[0], File::I)
            .map(|r| crate::IntUniform::i(u64::from(r.index))),
        Err(e) => Err(e.clone()),
    };
    // The block opens even when the operand is bad, so its `.end` matches.
    let word = Fmt3Loop {
        num: UInt::from_bits(0),
        unused: UInt::from_bits(0),
        dst: UInt::from_bits(0),
        int: int.clone().ok().flatten().unwrap_or(crate::IntUniform::from_bits(0)),
        high: UInt::from_bits(0),
    };
    let insn = build(stmt, op, word.into_instruction(op))?;
    let at = asm.code.len();
    push_block(asm, stmt, BlockKind::For, at)?;
    asm.emit(Word::Insn(insn), None, pos);
    int.map(|_| ())
}

/// `breakc`, `callc`, `ifc`, `jmpc`: on a condition of the cmp flags.
pub(super) fn conditional(
    asm: &mut Asm,
    stmt: &Stmt<'_>,
    op: &'static Opcode,
    usage: Flow,
    pos: Pos,
) -> Result<(), Diag> {
    let wants_target = matches!(usage, Flow::Call | Flow::Jump);
    let form = if wants_target {
        format!("{} CONDITION, TARGET", stmt.head)
    } else {
        format!("{} CONDITION", stmt.head)
    };
    let parsed = stmt
        .expect_commas(if wants_target { 2 } else { 1 }, &form)
        .and_then(|args| {
            let cond = operand::condition(stmt, args[0])?;
            let target = match args.get(1) {
                Some(t) => Some((target(stmt, t)?, *t)),
                None => None,
            };
            Ok((cond, target))
        });
    let (cond, target) = match (&parsed, usage) {
        (Ok((cond, target)), _) => (*cond, target.clone()),
        (Err(_), Flow::If) => (
            operand::Condition {
                op: crate::CondOp::X,
                refx: true,
                refy: true,
            },
            None,
        ),
        (Err(e), _) => return Err(e.clone()),
    };
    let fields = Fmt2 {
        num: UInt::from_bits(0),
        unused: UInt::from_bits(0),
        dst: UInt::from_bits(0),
        condop: cond.op,
        refy: cond.refy,
        refx: cond.refx,
    };
    let word = build(stmt, op, fields.into_instruction(op))?;
    finish_branch(asm, stmt, word, usage, target, pos)?;
    parsed.map(|_| ())
}

/// `callu`, `ifu`, `jmpu` (which alone may negate with `!`): on a boolean uniform.
pub(super) fn on_bool(asm: &mut Asm, stmt: &Stmt<'_>, op: &'static Opcode, usage: Flow, pos: Pos) -> Result<(), Diag> {
    let wants_target = matches!(usage, Flow::Call | Flow::Jump);
    let form = match usage {
        Flow::Jump => format!("{} [!]BREG, LABEL", stmt.head),
        Flow::Call => format!("{} BREG, PROC", stmt.head),
        _ => format!("{} BREG", stmt.head),
    };
    let mut negated = false;
    let parsed = stmt
        .expect_commas(if wants_target { 2 } else { 1 }, &form)
        .and_then(|args| {
            let mut reg_text = args[0];
            if let Some(rest) = reg_text.strip_prefix('!') {
                if usage != Flow::Jump {
                    return Err(stmt.err_at(
                        reg_text,
                        format!("`{}` cannot invert its condition (only jmpu can)", stmt.head),
                    ));
                }
                negated = true;
                reg_text = super::line::trim(rest);
            }
            let reg = asm.plain_register(stmt, reg_text, File::B)?;
            let target = match args.get(1) {
                Some(t) => Some((target(stmt, t)?, *t)),
                None => None,
            };
            Ok((reg, target))
        });
    let (index, target) = match (&parsed, usage) {
        (Ok((reg, target)), _) => (reg.index, target.clone()),
        (Err(_), Flow::If) => (0, None),
        (Err(e), _) => return Err(e.clone()),
    };
    let fields = Fmt3 {
        num: UInt::from_bits(u64::from(negated)),
        unused: UInt::from_bits(0),
        dst: UInt::from_bits(0),
        bool: crate::BoolUniform::from_bits(u64::from(index)),
    };
    let word = build(stmt, op, fields.into_instruction(op))?;
    finish_branch(asm, stmt, word, usage, target, pos)?;
    parsed.map(|_| ())
}

/// Emits a conditional instruction and records its target or block.
fn finish_branch(
    asm: &mut Asm,
    stmt: &Stmt<'_>,
    word: Instruction,
    usage: Flow,
    target: Option<(String, &str)>,
    pos: Pos,
) -> Result<(), Diag> {
    let at = asm.code.len();
    if usage == Flow::If {
        push_block(asm, stmt, BlockKind::If(None), at)?;
    }
    asm.emit(Word::Insn(word), None, pos);
    if let Some((name, text)) = target {
        let pos = asm.pos(stmt.line, super::line::offset_in(stmt.line, text));
        let reloc = Reloc { at, name, pos };
        match usage {
            Flow::Call => asm.proc_relocs.push(reloc),
            _ => asm.label_relocs.push(reloc),
        }
    }
    Ok(())
}
