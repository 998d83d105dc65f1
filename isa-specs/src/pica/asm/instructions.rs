//! Instructions, with picasso's automatic choices: the inverted forms
//! (`dphi`, `dsti`, `sgei`, `slti`, `madi`) when the first source must be
//! narrow and a later one is a uniform; the descriptor each one needs; and
//! which name the mnemonic goes by (`dph` and `dphi` are the same
//! instruction: the form is chosen from the operands).

use isa_runtime::UInt;

use super::branches::{self, CondUse, Make};
use super::line::{Diag, Stmt};
use super::opdesc::{need, Reads, Src};
use super::operand::{File, Operand};
use super::state::{Asm, DescNeed, Pos, Word};
use crate::pica::{
    CmpOp, Fmt0, Fmt1, Fmt1Mova, Fmt1c, Fmt1i, Fmt1u, Fmt2, Fmt3, Fmt4, Fmt5, Fmt5i, Idx, Instruction, SrcNarrow,
};

/// How each mnemonic assembles.
#[derive(Clone, Copy)]
enum Kind {
    /// No operands.
    Zero(Make<Fmt0>),
    /// `DST, SRC1, SRC2`, with the inverted form if there is one.
    Two(Make<Fmt1>, Option<Make<Fmt1i>>, Reads),
    /// `DST, SRC`.
    One(Make<Fmt1u>, Reads),
    /// `mova a0.?, SRC`.
    Mova,
    /// `cmp SRC1, OPX, OPY, SRC2`.
    Cmp,
    /// `call PROC`.
    Call,
    /// `for IREG`.
    For,
    /// On a condition of the cmp flags.
    Cond(Make<Fmt2>, CondUse),
    /// On a boolean uniform.
    Bool(Make<Fmt3>, CondUse),
    /// `mad`/`madi`.
    Mad,
    /// `setemit`.
    Setemit,
}

/// The kind of a (lowercase) mnemonic.
fn lookup(name: &str) -> Option<Kind> {
    use Instruction as I;
    use Reads::*;
    Some(match name {
        "nop" => Kind::Zero(I::Nop),
        "end" => Kind::Zero(I::End),
        "emit" => Kind::Zero(I::Emit),
        "break" => Kind::Zero(I::Break),
        "add" => Kind::Two(I::Add, None, Written),
        "dp3" => Kind::Two(I::Dp3, None, Dp3),
        "dp4" => Kind::Two(I::Dp4, None, All),
        "dph" | "dphi" => Kind::Two(I::Dph, Some(I::Dphi), Dph),
        "dst" | "dsti" => Kind::Two(I::Dst, Some(I::Dsti), All),
        "mul" => Kind::Two(I::Mul, None, Written),
        "sge" | "sgei" => Kind::Two(I::Sge, Some(I::Sgei), Written),
        "slt" | "slti" => Kind::Two(I::Slt, Some(I::Slti), Written),
        "max" => Kind::Two(I::Max, None, Written),
        "min" => Kind::Two(I::Min, None, Written),
        "ex2" => Kind::One(I::Ex2, Scalar),
        "lg2" => Kind::One(I::Lg2, Scalar),
        "litp" => Kind::One(I::Litp, All),
        "flr" => Kind::One(I::Flr, Written),
        "rcp" => Kind::One(I::Rcp, Scalar),
        "rsq" => Kind::One(I::Rsq, Scalar),
        "mov" => Kind::One(I::Mov, Written),
        "mova" => Kind::Mova,
        "cmp" => Kind::Cmp,
        "call" => Kind::Call,
        "for" => Kind::For,
        "breakc" => Kind::Cond(I::Breakc, CondUse::Break),
        "callc" => Kind::Cond(I::Callc, CondUse::Call),
        "ifc" => Kind::Cond(I::Ifc, CondUse::If),
        "jmpc" => Kind::Cond(I::Jmpc, CondUse::Jump),
        "callu" => Kind::Bool(I::Callu, CondUse::Call),
        "ifu" => Kind::Bool(I::Ifu, CondUse::If),
        "jmpu" => Kind::Bool(I::Jmpu, CondUse::Jump),
        "mad" | "madi" => Kind::Mad,
        "setemit" => Kind::Setemit,
        _ => return None,
    })
}

/// Every mnemonic, for suggestions.
const MNEMONICS: &[&str] = &[
    "nop", "end", "emit", "break", "add", "dp3", "dp4", "dph", "dphi", "dst", "dsti", "mul", "sge", "sgei", "slt",
    "slti", "max", "min", "ex2", "lg2", "litp", "flr", "rcp", "rsq", "mov", "mova", "cmp", "call", "for", "breakc",
    "callc", "ifc", "jmpc", "callu", "ifu", "jmpu", "mad", "madi", "setemit",
];

/// picasso's vertex shader code limit (it checks before each instruction,
/// so 513 fit).
const MAX_VSH_SIZE: usize = 512;

/// Assembles an instruction line.
pub(crate) fn run(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    let name = stmt.head.to_ascii_lowercase();
    let Some(kind) = lookup(&name) else {
        let mut message = format!("unknown instruction `{}`", stmt.head);
        if let Some(near) = isa_runtime::lexer::closest(&name, MNEMONICS.iter().copied()) {
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
        Kind::Zero(make) => {
            stmt.expect_commas(0, stmt.head)?;
            asm.emit(
                Word::Insn(make(Fmt0 {
                    unused: UInt::from_bits(0),
                })),
                None,
                pos,
            );
        }
        Kind::Two(plain, inverted, reads) => two_sources(asm, stmt, plain, inverted, reads, pos)?,
        Kind::One(make, reads) => one_source(asm, stmt, make, reads, pos)?,
        Kind::Mova => mova(asm, stmt, pos)?,
        Kind::Cmp => cmp(asm, stmt, pos)?,
        Kind::Mad => mad(asm, stmt, pos)?,
        Kind::Setemit => setemit(asm, stmt, pos)?,
        Kind::Call => branches::call(asm, stmt, pos)?,
        Kind::For => branches::for_loop(asm, stmt, pos)?,
        Kind::Cond(make, usage) => branches::conditional(asm, stmt, make, usage, pos)?,
        Kind::Bool(make, usage) => branches::on_bool(asm, stmt, make, usage, pos)?,
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
                "`{text}` is {}: {which} must be an input (v) or temporary (r) register",
                op.reg
            ),
        )
    })
}

fn wide<'a>(stmt: &Stmt<'a>, op: &Operand, text: &'a str, which: &str) -> Result<crate::pica::SrcWide, Diag> {
    op.wide().ok_or_else(|| {
        stmt.err_at(
            text,
            format!("`{text}` is {}: {which} must be a v, r or c register", op.reg),
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
    plain: Make<Fmt1>,
    inverted: Option<Make<Fmt1i>>,
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
        Some(make) if s1.narrow().is_some() && s2.reg.file == File::C => {
            let src1 = narrow(stmt, &s1, args[1], "src1")?;
            let src2 = wide(stmt, &s2, args[2], "src2")?;
            distinct_inputs(stmt, &[(&s1, args[1]), (&s2, args[2])])?;
            make(Fmt1i {
                desc,
                src2,
                src1,
                idx: s2.idx,
                dst,
            })
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
            plain(Fmt1 {
                desc,
                src2,
                src1,
                idx: s1.idx,
                dst,
            })
        }
    };
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn one_source(asm: &mut Asm, stmt: &Stmt<'_>, make: Make<Fmt1u>, reads: Reads, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(2, &format!("{} DST, SRC", stmt.head))?;
    let (dst, mask) = asm.destination(stmt, args[0])?;
    let s1 = asm.operand(stmt, args[1], true)?;
    let src1 = wide(stmt, &s1, args[1], "the source")?;
    let need = need(reads, Some(mask), &[src(&s1)], false);
    let word = make(Fmt1u {
        desc: UInt::from_bits(0),
        src2: UInt::from_bits(0),
        src1,
        idx: s1.idx,
        dst,
    });
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn mova(asm: &mut Asm, stmt: &Stmt<'_>, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(2, "mova a0.x|a0.y|a0.xy, SRC")?;
    let mask = match args[0].to_ascii_lowercase().as_str() {
        "a0" | "a0.x" => 0b1000,
        "a1" | "a0.y" => 0b0100,
        "a01" | "a0.xy" => 0b1100,
        _ => {
            return Err(stmt.err_at(
                args[0],
                format!("invalid mova destination `{}`: expected a0.x, a0.y or a0.xy", args[0]),
            ))
        }
    };
    let s1 = asm.operand(stmt, args[1], true)?;
    let src1 = wide(stmt, &s1, args[1], "the source")?;
    let need = need(
        Reads::Mova,
        Some(isa_runtime::Mask::from_bits(mask)),
        &[src(&s1)],
        false,
    );
    let word = Instruction::Mova(Fmt1Mova {
        desc: UInt::from_bits(0),
        src2: UInt::from_bits(0),
        src1,
        idx: s1.idx,
        dst: UInt::from_bits(0),
    });
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn cmp_op<'a>(stmt: &Stmt<'a>, text: &'a str) -> Result<CmpOp, Diag> {
    Ok(match text.to_ascii_lowercase().as_str() {
        "eq" => CmpOp::Eq,
        "ne" => CmpOp::Ne,
        "lt" => CmpOp::Lt,
        "le" => CmpOp::Le,
        "gt" => CmpOp::Gt,
        "ge" => CmpOp::Ge,
        _ => {
            return Err(stmt.err_at(
                text,
                format!("invalid comparison `{text}`: expected eq, ne, lt, le, gt or ge"),
            ))
        }
    })
}

fn cmp(asm: &mut Asm, stmt: &Stmt<'_>, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(4, "cmp SRC1, OPX, OPY, SRC2")?;
    let s1 = asm.operand(stmt, args[0], true)?;
    let src1 = wide(stmt, &s1, args[0], "src1")?;
    let cmpx = cmp_op(stmt, args[1])?;
    let cmpy = cmp_op(stmt, args[2])?;
    let s2 = asm.operand(stmt, args[3], false)?;
    let src2 = narrow(stmt, &s2, args[3], "src2")?;
    let need = need(Reads::Cmp, None, &[src(&s1), src(&s2)], false);
    let word = Instruction::Cmp(Fmt1c {
        desc: UInt::from_bits(0),
        src2,
        src1,
        idx: s1.idx,
        cmpy,
        cmpx,
    });
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn mad(asm: &mut Asm, stmt: &Stmt<'_>, pos: Pos) -> Result<(), Diag> {
    let args = stmt.expect_commas(4, "mad DST, SRC1, SRC2, SRC3")?;
    let (dst, mask) = asm.destination(stmt, args[0])?;
    let s1 = asm.operand(stmt, args[1], false)?;
    let src1 = narrow(stmt, &s1, args[1], "src1")?;
    let s2 = asm.operand(stmt, args[2], true)?;
    let s3 = asm.operand(stmt, args[3], true)?;
    let need: DescNeed = need(Reads::Written, Some(mask), &[src(&s1), src(&s2), src(&s3)], true);
    let desc = UInt::from_bits(0);
    let word = if s2.narrow().is_some() && s3.reg.file == File::C {
        let src2 = narrow(stmt, &s2, args[2], "src2")?;
        let src3 = wide(stmt, &s3, args[3], "src3")?;
        distinct_inputs(stmt, &[(&s1, args[1]), (&s2, args[2]), (&s3, args[3])])?;
        Instruction::Madi(Fmt5i {
            desc,
            src3,
            src2,
            src1,
            idx: s3.idx,
            dst,
        })
    } else {
        let src2 = wide(stmt, &s2, args[2], "src2")?;
        if s3.reg.file == File::C {
            return Err(stmt.err_at(
                args[3],
                "mad can read only one uniform (src2 or src3), and src2 already is one",
            ));
        }
        let src3 = narrow(stmt, &s3, args[3], "src3")?;
        distinct_inputs(stmt, &[(&s1, args[1]), (&s2, args[2]), (&s3, args[3])])?;
        Instruction::Mad(Fmt5 {
            desc,
            src3,
            src2,
            src1,
            idx: s2.idx,
            dst,
        })
    };
    asm.emit(Word::Insn(word), Some(need), pos);
    Ok(())
}

fn setemit(asm: &mut Asm, stmt: &Stmt<'_>, pos: Pos) -> Result<(), Diag> {
    let args = stmt.commas();
    if args.is_empty() {
        return Err(stmt.err_end("missing operand: expected `setemit VTX[, prim] [inv]`"));
    }
    if args.len() > 2 {
        return Err(stmt.err_at(args[2], "too many operands: expected `setemit VTX[, FLAGS]`"));
    }
    let vertex = match super::numbers::c_integer(args[0]) {
        Some(v @ 0..=2) => v as u64,
        _ => return Err(stmt.err_at(args[0], format!("invalid vertex id `{}`: expected 0, 1 or 2", args[0]))),
    };
    let (mut primitive, mut winding) = (false, false);
    if let Some(flags) = args.get(1) {
        for flag in flags.split(super::line::is_space).filter(|f| !f.is_empty()) {
            match flag.to_ascii_lowercase().as_str() {
                "prim" | "primitive" => primitive = true,
                "inv" | "invert" => winding = true,
                _ => return Err(stmt.err_at(flag, format!("unknown setemit flag `{flag}`: expected prim or inv"))),
            }
        }
    }
    let dvle = asm.dvle(stmt.line);
    if !dvle.gsh {
        dvle.gsh = true;
        dvle.compat_gsh = true;
    }
    let word = Instruction::Setemit(Fmt4 {
        unused: UInt::from_bits(0),
        winding,
        primitive,
        vertex: UInt::from_bits(vertex),
    });
    asm.emit(Word::Insn(word), None, pos);
    Ok(())
}
