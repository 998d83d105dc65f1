//! Instructions, with picasso's automatic choices: the inverted forms
//! (`dphi`, `dsti`, `sgei`, `slti`, `madi`) when the first source must be
//! narrow and a later one is a uniform; the descriptor each one needs; and
//! which name the mnemonic goes by (`dph` and `dphi` are the same
//! instruction: the form is chosen from the operands).

use isa_runtime::layout::{Format, Opcode};
use isa_runtime::UInt;

use super::branches::{self, build};
use super::line::{Diag, Stmt};
use super::opdesc::{need, Src};
use super::operand::{File, Operand};
use super::state::{Asm, DescNeed, Pos, Word};
use crate::{
    CmpOp, Flow, Fmt0, Fmt1, Fmt1Mova, Fmt1c, Fmt1i, Fmt1u, Fmt2, Fmt2Call, Fmt3, Fmt3Loop, Fmt4, Fmt5, Fmt5i, Idx,
    OpcodeAttrs, Reads, SrcNarrow, LAYOUT,
};
use isa_runtime::text::quote_input;

/// How a mnemonic assembles: by its opcode's format, with the opcode (and
/// for the two-source formats, the inverted form whose `inverts` names it)
/// and its spec attributes. Nothing here lists mnemonics: an opcode added
/// to the spec in one of these formats assembles.
#[derive(Clone, Copy)]
enum Kind {
    /// `Fmt0`: no operands.
    Zero(&'static Opcode),
    /// `Fmt1`: `DST, SRC1, SRC2`, with the inverted `Fmt1i` form if there is one.
    Two(&'static Opcode, Option<&'static Opcode>, Reads),
    /// `Fmt1u`: `DST, SRC`.
    One(&'static Opcode, Reads),
    /// `Fmt1Mova`: `mova a0.?, SRC`.
    Mova(&'static Opcode, Reads),
    /// `Fmt1c`: `cmp SRC1, OPX, OPY, SRC2`.
    Cmp(&'static Opcode, Reads),
    /// `Fmt2Call`: `call PROC`.
    Call(&'static Opcode),
    /// `Fmt3Loop`: `for IREG`.
    For(&'static Opcode),
    /// `Fmt2`: on a condition of the cmp flags.
    Cond(&'static Opcode, Flow),
    /// `Fmt3`: on a boolean uniform.
    Bool(&'static Opcode, Flow),
    /// `Fmt5`: `mad`, with the inverted `Fmt5i` form if there is one.
    Mad(&'static Opcode, Option<&'static Opcode>, Reads),
    /// `Fmt4`: `setemit`.
    Setemit(&'static Opcode),
}

/// How picasso spells `op`: its `picasso` attribute's spelling, if it has
/// one, else its mnemonic.
fn picasso_spelling(op: &'static Opcode) -> &'static str {
    OpcodeAttrs::of(op)
        .map(|a| a.picasso.spelling())
        .filter(|p| !p.is_empty())
        .unwrap_or(op.mnemonic)
}

/// How picasso spells the spec's `mnemonic` ([`picasso_spelling`]; a name
/// that is no mnemonic stays as it is).
pub(crate) fn picasso_name(mnemonic: &str) -> &str {
    match LAYOUT.opcode(mnemonic) {
        Some(op) => picasso_spelling(op),
        None => mnemonic,
    }
}

/// The spec opcode picasso calls `name`.
fn by_picasso_name(name: &str) -> Option<&'static Opcode> {
    LAYOUT.opcodes.iter().find(|op| picasso_spelling(op) == name)
}

/// The inverted form of `op`: the opcode whose `inverts` attribute names it.
fn inverted_form(op: &Opcode) -> Option<&'static Opcode> {
    LAYOUT
        .opcodes
        .iter()
        .zip(&OpcodeAttrs::ALL)
        .find(|(_, a)| a.inverts == Some(op.mnemonic))
        .map(|(o, _)| o)
}

/// The kind of a (lowercase) mnemonic.
fn lookup(name: &str) -> Option<Kind> {
    kind_of(by_picasso_name(name)?)
}

/// How `op` assembles (`None`: it does not, in picasso's syntax).
fn kind_of(op: &'static Opcode) -> Option<Kind> {
    let a = OpcodeAttrs::of(op)?;
    if let Some(plain) = a.inverts {
        // `dphi` is `dph`: picasso picks the form from the operands.
        return kind_of(LAYOUT.opcode(plain)?);
    }
    let is = |f: &'static Format| std::ptr::eq(op.format, f);
    Some(if is(Fmt0::FORMAT) {
        Kind::Zero(op)
    } else if is(Fmt1::FORMAT) {
        Kind::Two(op, inverted_form(op), a.reads)
    } else if is(Fmt1u::FORMAT) {
        Kind::One(op, a.reads)
    } else if is(Fmt1Mova::FORMAT) {
        Kind::Mova(op, a.reads)
    } else if is(Fmt1c::FORMAT) {
        Kind::Cmp(op, a.reads)
    } else if is(Fmt2Call::FORMAT) {
        Kind::Call(op)
    } else if is(Fmt3Loop::FORMAT) {
        Kind::For(op)
    } else if is(Fmt2::FORMAT) {
        Kind::Cond(op, a.flow)
    } else if is(Fmt3::FORMAT) {
        Kind::Bool(op, a.flow)
    } else if is(Fmt5::FORMAT) {
        Kind::Mad(op, inverted_form(op), a.reads)
    } else if is(Fmt4::FORMAT) {
        Kind::Setemit(op)
    } else {
        return None;
    })
}

/// Whether picasso refuses two different input registers among `op`'s
/// sources: its two-source and `mad` commands check (format1 and format5
/// in picasso_assembler.cpp, `isBadInputRegCombination`); `cmp`'s does not.
pub(crate) fn refuses_two_inputs(op: &'static Opcode) -> bool {
    matches!(kind_of(op), Some(Kind::Two(..) | Kind::Mad(..)))
}

/// Every mnemonic picasso accepts, for suggestions (worked out once).
fn mnemonics() -> impl Iterator<Item = &'static str> {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES
        .get_or_init(|| {
            LAYOUT
                .opcodes
                .iter()
                .filter(|op| kind_of(op).is_some())
                .map(picasso_spelling)
                .collect()
        })
        .iter()
        .copied()
}

/// picasso's vertex shader code limit (it checks before each instruction,
/// so 513 fit).
const MAX_VSH_SIZE: usize = 512;

/// Assembles an instruction line.
pub(crate) fn run(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    let name = stmt.head.to_ascii_lowercase();
    let Some(kind) = lookup(&name) else {
        let mut message = format!("unknown instruction {}", quote_input(stmt.head));
        if let Some(near) = isa_runtime::lexer::closest(&name, mnemonics()) {
            message += &format!(" (did you mean `{near}`?)");
        }
        return Err(stmt.err_at(stmt.head, message));
    };
    if asm.stack.is_empty() {
        return Err(stmt.err_at(
            stmt.head,
            "instruction outside a block: put it inside `.proc NAME` … `.end`",
        ));
    }
    asm.last_was_end = false;
    let gsh = asm.dvle(stmt.line).gsh;
    if !gsh && asm.code.len() > MAX_VSH_SIZE {
        return Err(stmt.err_at(
            stmt.head,
            format!(
                "vertex shader code is full: this would be instruction {}, and picasso's limit is {}",
                asm.code.len() + 1,
                MAX_VSH_SIZE + 1
            ),
        ));
    }
    let pos = asm.pos(stmt.line, super::line::offset_in(stmt.line, stmt.head));
    match kind {
        Kind::Zero(op) => {
            stmt.expect_commas(0, stmt.head)?;
            let fields = Fmt0 {
                unused: UInt::from_bits(0),
            };
            let insn = build(stmt, op, fields.into_instruction(op))?;
            asm.emit(Word::Insn(insn), None, pos);
        }
        Kind::Two(plain, inverted, reads) => two_sources(asm, stmt, plain, inverted, reads, pos)?,
        Kind::One(op, reads) => one_source(asm, stmt, op, reads, pos)?,
        Kind::Mova(op, reads) => mova(asm, stmt, op, reads, pos)?,
        Kind::Cmp(op, reads) => cmp(asm, stmt, op, reads, pos)?,
        Kind::Mad(plain, inverted, reads) => mad(asm, stmt, plain, inverted, reads, pos)?,
        Kind::Setemit(op) => setemit(asm, stmt, op, pos)?,
        Kind::Call(op) => branches::call(asm, stmt, op, pos)?,
        Kind::For(op) => branches::for_loop(asm, stmt, op, pos)?,
        Kind::Cond(op, flow) => branches::conditional(asm, stmt, op, flow, pos)?,
        Kind::Bool(op, flow) => branches::on_bool(asm, stmt, op, flow, pos)?,
    }
    Ok(())
}

fn src(op: &Operand) -> Src {
    (op.neg, op.swizzle)
}

fn narrow<'a>(stmt: &Stmt<'a>, op: &Operand, text: &'a str, which: &str) -> Result<SrcNarrow, Diag> {
    if op.idx != Idx::None {
        return Err(stmt.err_at(text, format!("{which} cannot use an index register")));
    }
    op.narrow().ok_or_else(|| {
        stmt.err_at(
            text,
            format!(
                "{text} is {}: {which} must be an input (v) or temporary (r) register",
                op.reg,
                text = quote_input(text)
            ),
        )
    })
}

fn wide<'a>(stmt: &Stmt<'a>, op: &Operand, text: &'a str, which: &str) -> Result<crate::SrcWide, Diag> {
    op.wide().ok_or_else(|| {
        stmt.err_at(
            text,
            format!(
                "{text} is {}: {which} must be a v, r or c register",
                op.reg,
                text = quote_input(text)
            ),
        )
    })
}

/// Two different input registers cannot be read by one instruction; the
/// error points at the second.
fn distinct_inputs(stmt: &Stmt<'_>, ops: &[(&Operand, &str)]) -> Result<(), Diag> {
    for (i, (a, _)) in ops.iter().enumerate() {
        for (b, text) in &ops[i + 1..] {
            if a.reg.file == File::V && b.reg.file == File::V && a.reg.index != b.reg.index {
                return Err(stmt.err_at(
                    text,
                    format!(
                        "{} and {} are different input registers; an instruction can read only one",
                        a.reg, b.reg
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn two_sources(
    asm: &mut Asm,
    stmt: &Stmt<'_>,
    plain: &'static Opcode,
    inverted: Option<&'static Opcode>,
    reads: Reads,
    pos: Pos,
) -> Result<(), Diag> {
    let args = stmt.expect_commas(3, &format!("{} DST, SRC1, SRC2", stmt.head))?;
    let (dst, mask) = asm.destination(stmt, args[0])?;
    let s1 = asm.operand(stmt, args[1], true)?;
    let s2 = asm.operand(stmt, args[2], true)?;
    let need = need(reads, Some(mask), &[src(&s1), src(&s2)], false);
    let desc = UInt::from_bits(0);
    let word = match inverted {
        Some(op) if s1.narrow().is_some() && s2.reg.file == File::C => {
            let src1 = narrow(stmt, &s1, args[1], "src1")?;
            let src2 = wide(stmt, &s2, args[2], "src2")?;
            distinct_inputs(stmt, &[(&s1, args[1]), (&s2, args[2])])?;
            let fields = Fmt1i {
                desc,
                src2,
                src1,
                idx: s2.idx,
                dst,
            };
            build(stmt, op, fields.into_instruction(op))?
        }
        _ => {
            let src1 = wide(stmt, &s1, args[1], "src1")?;
            if s2.reg.file == File::C && s1.narrow().is_some() {
                return Err(stmt.err_at(
                    args[2],
                    format!(
                        "`{}` has no form with a uniform as its second source; swap the sources",
                        stmt.head
                    ),
                ));
            }
            let src2 = narrow(stmt, &s2, args[2], "src2")?;
            distinct_inputs(stmt, &[(&s1, args[1]), (&s2, args[2])])?;
            let fields = Fmt1 {
                desc,
                src2,
                src1,
                idx: s1.idx,
                dst,
            };
            build(stmt, plain, fields.into_instruction(plain))?
        }
    };
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn one_source(asm: &mut Asm, stmt: &Stmt<'_>, op: &'static Opcode, reads: Reads, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(2, &format!("{} DST, SRC", stmt.head))?;
    let (dst, mask) = asm.destination(stmt, args[0])?;
    let s1 = asm.operand(stmt, args[1], true)?;
    let src1 = wide(stmt, &s1, args[1], "the source")?;
    let need = need(reads, Some(mask), &[src(&s1)], false);
    let fields = Fmt1u {
        desc: UInt::from_bits(0),
        src2: UInt::from_bits(0),
        src1,
        idx: s1.idx,
        dst,
    };
    let word = build(stmt, op, fields.into_instruction(op))?;
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn mova(asm: &mut Asm, stmt: &Stmt<'_>, op: &'static Opcode, reads: Reads, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(2, &format!("{} a0.x|a0.y|a0.xy, SRC", stmt.head))?;
    use isa_runtime::Component::{X, Y};
    // picasso's names for a0.x, a0.y and both.
    let written: &[isa_runtime::Component] = match args[0].to_ascii_lowercase().as_str() {
        "a0" | "a0.x" => &[X],
        "a1" | "a0.y" => &[Y],
        "a01" | "a0.xy" => &[X, Y],
        _ => {
            return Err(stmt.err_at(
                args[0],
                format!(
                    "invalid mova destination {}: expected a0.x, a0.y or a0.xy",
                    quote_input(args[0])
                ),
            ))
        }
    };
    let s1 = asm.operand(stmt, args[1], true)?;
    let src1 = wide(stmt, &s1, args[1], "the source")?;
    let mask = isa_runtime::Mask::from_components(written);
    let need = need(reads, Some(mask), &[src(&s1)], false);
    let fields = Fmt1Mova {
        desc: UInt::from_bits(0),
        src2: UInt::from_bits(0),
        src1,
        idx: s1.idx,
        dst: UInt::from_bits(0),
    };
    let word = build(stmt, op, fields.into_instruction(op))?;
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

/// A comparison by one of its spec spellings (`CmpOp`'s, any case).
fn cmp_op<'a>(stmt: &Stmt<'a>, text: &'a str) -> Result<CmpOp, Diag> {
    let ops = &crate::__layout::ENUM_CMPOP;
    let found = ops
        .values
        .iter()
        .find(|v| v.spellings.iter().any(|s| s.eq_ignore_ascii_case(text)));
    match found {
        Some(v) => Ok(CmpOp::from_bits(v.value)),
        None => {
            let names: Vec<&str> = ops.values.iter().filter_map(|v| v.spellings.first().copied()).collect();
            let expected = isa_runtime::text::or_list(&names);
            Err(stmt.err_at(
                text,
                format!(
                    "invalid comparison {text}: expected {expected}",
                    text = quote_input(text)
                ),
            ))
        }
    }
}

fn cmp(asm: &mut Asm, stmt: &Stmt<'_>, op: &'static Opcode, reads: Reads, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(4, &format!("{} SRC1, OPX, OPY, SRC2", stmt.head))?;
    let s1 = asm.operand(stmt, args[0], true)?;
    let src1 = wide(stmt, &s1, args[0], "src1")?;
    let cmpx = cmp_op(stmt, args[1])?;
    let cmpy = cmp_op(stmt, args[2])?;
    let s2 = asm.operand(stmt, args[3], false)?;
    let src2 = narrow(stmt, &s2, args[3], "src2")?;
    let need = need(reads, None, &[src(&s1), src(&s2)], false);
    let fields = Fmt1c {
        desc: UInt::from_bits(0),
        src2,
        src1,
        idx: s1.idx,
        cmpy,
        cmpx,
    };
    let word = build(stmt, op, fields.into_instruction(op))?;
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn mad(
    asm: &mut Asm,
    stmt: &Stmt<'_>,
    plain: &'static Opcode,
    inverted: Option<&'static Opcode>,
    reads: Reads,
    pos: Pos,
) -> Result<(), Diag> {
    let args = stmt.expect_commas(4, &format!("{} DST, SRC1, SRC2, SRC3", stmt.head))?;
    let (dst, mask) = asm.destination(stmt, args[0])?;
    let s1 = asm.operand(stmt, args[1], false)?;
    let src1 = narrow(stmt, &s1, args[1], "src1")?;
    let s2 = asm.operand(stmt, args[2], true)?;
    let s3 = asm.operand(stmt, args[3], true)?;
    let need: DescNeed = need(reads, Some(mask), &[src(&s1), src(&s2), src(&s3)], true);
    let desc = UInt::from_bits(0);
    let word = match inverted {
        Some(op) if s2.narrow().is_some() && s3.reg.file == File::C => {
            let src2 = narrow(stmt, &s2, args[2], "src2")?;
            let src3 = wide(stmt, &s3, args[3], "src3")?;
            distinct_inputs(stmt, &[(&s1, args[1]), (&s2, args[2]), (&s3, args[3])])?;
            let fields = Fmt5i {
                desc,
                src3,
                src2,
                src1,
                idx: s3.idx,
                dst,
            };
            build(stmt, op, fields.into_instruction(op))?
        }
        _ => {
            let src2 = wide(stmt, &s2, args[2], "src2")?;
            if s3.reg.file == File::C {
                return Err(stmt.err_at(
                    args[3],
                    format!(
                        "`{}` can read only one uniform (src2 or src3), and src2 already is one",
                        stmt.head
                    ),
                ));
            }
            let src3 = narrow(stmt, &s3, args[3], "src3")?;
            distinct_inputs(stmt, &[(&s1, args[1]), (&s2, args[2]), (&s3, args[3])])?;
            let fields = Fmt5 {
                desc,
                src3,
                src2,
                src1,
                idx: s2.idx,
                dst,
            };
            build(stmt, plain, fields.into_instruction(plain))?
        }
    };
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn setemit(asm: &mut Asm, stmt: &Stmt<'_>, op: &'static Opcode, pos: Pos) -> Result<(), Diag> {
    let args = stmt.commas();
    if args.is_empty() {
        return Err(stmt.err_end("missing operand: expected `setemit VTX[, prim] [inv]`"));
    }
    if args.len() > 2 {
        return Err(stmt.err_at(args[2], "too many operands: expected `setemit VTX[, FLAGS]`"));
    }
    let vertex = match super::numbers::c_integer(args[0]) {
        Some(v @ 0..=2) => v as u64,
        _ => {
            return Err(stmt.err_at(
                args[0],
                format!("invalid vertex id {}: expected 0, 1 or 2", quote_input(args[0])),
            ))
        }
    };
    let (mut primitive, mut winding) = (false, false);
    if let Some(flags) = args.get(1) {
        for flag in flags.split(super::line::is_space).filter(|f| !f.is_empty()) {
            match flag.to_ascii_lowercase().as_str() {
                "prim" | "primitive" => primitive = true,
                "inv" | "invert" => winding = true,
                _ => {
                    return Err(stmt.err_at(
                        flag,
                        format!(
                            "unknown setemit flag {flag}: expected prim or inv",
                            flag = quote_input(flag)
                        ),
                    ))
                }
            }
        }
    }
    let dvle = asm.dvle(stmt.line);
    if !dvle.gsh {
        dvle.gsh = true;
        dvle.compat_gsh = true;
    }
    let fields = Fmt4 {
        unused: UInt::from_bits(0),
        winding,
        primitive,
        vertex: UInt::from_bits(vertex),
    };
    let word = build(stmt, op, fields.into_instruction(op))?;
    asm.emit(Word::Insn(word), None, pos);
    Ok(())
}
