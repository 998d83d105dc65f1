//! One unit of Mesa's text (`mul.v0 $1 $2 $3`, `texld.b 0 $1.x`, …) read
//! into its layout.

use isa_runtime::{f16, Mask, ParseError, SInt, Swizzle};

use super::scan::*;
use super::{packed, Line, Target};
use crate::lima_pp::mesa::print::DIALECT;
use crate::lima_pp::{
    AddOp, Branch, BranchUnit, CombOp, Combiner, CombinerUnit, CombinerVec, Const, Discard, FbRead, MulOp, OutMod,
    Sampler, SamplerType, ScalarAdd, ScalarMul, TempWrite, TempWriteUnit, Uniform, UniformSrc, Varying, VaryingCube,
    VaryingDest, VaryingNormalize, VaryingReg, VaryingUnit, Vec4Reg, VecAdd, VecMul,
};

/// Parses one unit (or `sync`/`stop`) into the line's instruction; `seen`
/// holds the units (by their spec name) and flags already read, for the
/// "appears twice" check.
pub(super) fn unit(line: &mut Line, seen: &mut Vec<&'static str>, toks: &[Tok<'_>]) -> Result<(), ParseError> {
    let head = &toks[0];
    let m = head.s;
    let mut t = Toks::new(toks);
    let slot = |name: &'static str, seen: &mut Vec<&'static str>| -> Result<(), ParseError> {
        if seen.contains(&name) {
            return Err(head.at.error(format!("`{name}` appears twice in one instruction")));
        }
        seen.push(name);
        Ok(())
    };
    let insn = &mut line.insn;
    match m {
        "sync" => {
            slot("sync", seen)?;
            insn.control.sync = true;
        }
        "stop" => {
            slot("stop", seen)?;
            insn.control.stop = true;
        }
        "const0" | "const1" => {
            slot(if m == "const0" { "const0" } else { "const1" }, seen)?;
            let c = constant(&mut t)?;
            if m == "const0" {
                insn.const0 = Some(c);
            } else {
                insn.const1 = Some(c);
            }
        }
        "discard" => {
            slot("branch", seen)?;
            insn.branch = Some(BranchUnit::Discard(Discard {}));
        }
        "fb_color" | "fb_depth" => {
            slot("temp_write", seen)?;
            let dest = t.operand("a register", |s| {
                s.expect("$")?;
                s.number(15, "register")
            })?;
            insn.temp_write = Some(TempWriteUnit::FbRead(FbRead {
                color: m == "fb_color",
                dest: u(dest),
                unk10: u(0),
            }));
        }
        "store.t" => {
            slot("temp_write", seen)?;
            insn.temp_write = Some(TempWriteUnit::TempWrite(temp_write(&mut t)?));
        }
        _ if m == "branch" || m.starts_with("branch.") => {
            slot("branch", seen)?;
            let (b, target) = branch(head, &mut t)?;
            line.target = Some(target);
            line.insn.branch = Some(BranchUnit::Branch(b));
        }
        _ if m.starts_with("texld") => {
            slot("texture", seen)?;
            insn.texture = Some(sampler(head, &mut t)?);
        }
        _ if uniform_source(m).is_some() => {
            slot("uniform", seen)?;
            insn.uniform = Some(uniform(uniform_source(m).unwrap_or(0), &mut t)?);
        }
        _ if m.starts_with("load..u") => {
            slot("uniform", seen)?;
            let mut s = Scan::new(head);
            s.pos = "load..u".len();
            let src = s.number(3, "uniform source")?;
            s.done()?;
            insn.uniform = Some(uniform(src, &mut t)?);
        }
        _ if m.starts_with("load.") && m.ends_with(".v") => {
            slot("varying", seen)?;
            insn.varying = Some(varying(head, &mut t)?);
        }
        _ => {
            let Some((op, which)) = m.rsplit_once('.') else {
                return Err(head.at.error(format!("unknown unit `{m}`")));
            };
            match which {
                "v0" => {
                    slot("vec_mul", seen)?;
                    insn.vec_mul = Some(vec_mul(head, op, &mut t)?);
                }
                "s0" => {
                    slot("scalar_mul", seen)?;
                    insn.scalar_mul = Some(scalar_mul(head, op, &mut t)?);
                }
                "v1" => {
                    slot("vec_add", seen)?;
                    insn.vec_add = Some(vec_add(head, op, &mut t)?);
                }
                "s1" => {
                    slot("scalar_add", seen)?;
                    insn.scalar_add = Some(scalar_add(head, op, &mut t)?);
                }
                "s2" => {
                    slot("combiner", seen)?;
                    insn.combiner = Some(combiner(head, op, &mut t)?);
                }
                _ => {
                    let names = [
                        "load.v", "texld", "load.u", "load.t", "mul.v0", "add.v1", "mul.s0", "add.s1", "rcp.s2",
                        "store.t", "fb_color", "fb_depth", "branch", "discard", "const0", "const1", "sync", "stop",
                    ];
                    return Err(head.at.error(format!("unknown unit `{m}`{}", hint(m, names))));
                }
            }
        }
    }
    t.done()
}

/// `const0 X Y Z W` after its head: four half floats as Mesa's `%f` prints them.
fn constant(t: &mut Toks<'_, '_>) -> Result<Const, ParseError> {
    let mut v = [f16::from_bits(0); 4];
    for h in &mut v {
        let tok = t.next("a number")?;
        *h = parse_half(tok)?;
    }
    Ok(Const {
        x: v[0],
        y: v[1],
        z: v[2],
        w: v[3],
    })
}

/// `store.t INDEX[+OFFSET] SOURCE`.
fn temp_write(t: &mut Toks<'_, '_>) -> Result<TempWrite, ParseError> {
    let (alignment, index, offset) = t.operand("a temporary index", signed_index)?;
    // A scalar source goes with alignment 0; a vector one with the
    // index's alignment, where `N.c` is 3 (Mesa prints 0 and 3 alike).
    let (source, alignment) = t.operand("a source register", |s| {
        let r = s.reg()?;
        if alignment == 0 && s.eat(".") {
            Ok((r << 2 | s.component()?, 0))
        } else {
            Ok((r << 2, if alignment == 0 { 3 } else { alignment }))
        }
    })?;
    // Mesa fills `offset_reg` even without an offset: the index in
    // vec4 units, divided by four.
    let offset_reg = offset.unwrap_or_else(|| (index >> (2 - alignment.min(2))) >> 2 & 63);
    Ok(TempWrite {
        dest: u(3),
        unk2: u(0),
        source: u(source),
        alignment: u(alignment),
        unk12: u(0),
        offset_reg: u(offset_reg),
        offset_en: offset.is_some(),
        index: u(index),
    })
}

/// `branch[.COND S0 S1] TARGET`: the branch and its target (a word offset
/// or a label, resolved over the program).
fn branch(head: &Tok<'_>, t: &mut Toks<'_, '_>) -> Result<(Branch, (Target, Pos)), ParseError> {
    let m = head.s;
    let mut b = Branch {
        unk0: u(0),
        arg1_source: u(0),
        arg0_source: u(0),
        cond_gt: true,
        cond_eq: true,
        cond_lt: true,
        unk19: u(0),
        target: SInt::from_bits(0),
        next_count: u(0),
    };
    if let Some(cond) = m.strip_prefix("branch.") {
        // The condition bits of the spec's `mesa` branch line that
        // starts with this word.
        let Some(bits) = branch_condition(m) else {
            let at = Pos {
                line: head.at.line,
                col: head.at.col + 7,
            };
            let names: Vec<&str> = branch_heads().filter_map(|(h, _)| h.strip_prefix("branch.")).collect();
            return Err(at.error(format!(
                "unknown branch condition `{cond}` (expected one of {})",
                names.join(", ")
            )));
        };
        (b.cond_lt, b.cond_eq, b.cond_gt) = bits;
        b.arg0_source = u(t.operand("a scalar register", Scan::plain_scalar)?);
        b.arg1_source = u(t.operand("a scalar register", Scan::plain_scalar)?);
    }
    let tok = t.next("a branch target (word offset or label)")?;
    let target = if tok.s.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        let mut s = Scan::new(tok);
        let v = s.signed("target")?;
        s.done()?;
        Target::Word(v)
    } else if tok.s.chars().all(|c| c.is_alphanumeric() || c == '_') {
        Target::Label(tok.s.to_string())
    } else {
        return Err(tok.at.error(format!(
            "expected a branch target (word offset or label), found `{}`",
            tok.s
        )));
    };
    Ok((b, (target, tok.at)))
}

/// A half float as Mesa's `%f` prints it (`inf`, `nan` and their negations
/// too); the nearest half.
fn parse_half(tok: &Tok<'_>) -> Result<f16, ParseError> {
    let s = tok.s;
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let sign = if neg { 0x8000 } else { 0 };
    if body == "nan" {
        return Ok(f16::from_bits(0x7E00 | sign));
    }
    if body == "inf" {
        return Ok(f16::from_bits(0x7C00 | sign));
    }
    let ok = !body.is_empty()
        && body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.starts_with(|c: char| c.is_ascii_digit())
        && body.matches('.').count() <= 1;
    match body.parse::<f64>() {
        Ok(v) if ok => {
            let h = f16::from_f64(v);
            Ok(f16::from_bits(h.to_bits() | sign))
        }
        _ => Err(tok.at.error(format!(
            "expected a number (such as `1.000000`, `inf` or `nan`), found `{s}`"
        ))),
    }
}

/// `N`, `N.xy`/`N.zw` or `N.c` with an optional `+reg.c` offset, as Mesa
/// prints uniform and temporary indices: (alignment, 16-bit index, offset).
fn signed_index(s: &mut Scan<'_, '_>) -> Result<(u64, u64, Option<u64>), ParseError> {
    let at = s.here();
    let q = s.signed("index")?;
    let (alignment, index) = if s.eat(".") {
        if s.eat("xy") {
            (1, q * 2)
        } else if s.eat("zw") {
            // Mesa divides rounding towards zero: `-1.zw` is -3.
            (1, if q < 0 { q * 2 - 1 } else { q * 2 + 1 })
        } else {
            let c = s.component()? as i64;
            (0, if q < 0 && c != 0 { q * 4 + c - 4 } else { q * 4 + c })
        }
    } else {
        (2, q)
    };
    if !(-0x8000..=0xFFFF).contains(&index) {
        return Err(at.error(format!("index {index} does not fit 16 bits")));
    }
    let offset = if s.eat("+") { Some(s.plain_scalar()?) } else { None };
    Ok((alignment, index as u64 & 0xFFFF, offset))
}

fn uniform(source: u64, t: &mut Toks<'_, '_>) -> Result<Uniform, ParseError> {
    let (alignment, index, offset) = t.operand("a uniform index", signed_index)?;
    Ok(Uniform {
        source: UniformSrc::from_bits(source),
        unk2: u(0),
        alignment: u(alignment),
        unk12: u(0),
        offset_reg: u(offset.unwrap_or(0)),
        offset_en: offset.is_some(),
        index: u(index),
    })
}

fn sampler(head: &Tok<'_>, t: &mut Toks<'_, '_>) -> Result<Sampler, ParseError> {
    let mut s = Scan::new(head);
    s.pos = "texld".len();
    let bias = s.eat(".b");
    let ty = if s.eat(".cube") {
        0x1F
    } else if s.eat("_t") {
        s.number(31, "sampler type")?
    } else {
        0
    };
    s.done()?;
    let (index, offset) = t.operand("a sampler index", |s| {
        let index = s.number(0xFFF, "sampler index")?;
        let offset = if s.eat("+") { Some(s.plain_scalar()?) } else { None };
        Ok((index, offset))
    })?;
    let lod_bias = if bias {
        t.operand("a scalar register", Scan::plain_scalar)?
    } else {
        0
    };
    Ok(Sampler {
        lod_bias: u(lod_bias),
        index_offset: u(offset.unwrap_or(0)),
        unk12: u(0),
        explicit_lod: false,
        lod_bias_en: bias,
        unk19: u(0),
        r#type: SamplerType::from_bits(ty),
        offset_en: offset.is_some(),
        index: u(index),
        unk42: u(0x39001),
    })
}

fn varying(head: &Tok<'_>, t: &mut Toks<'_, '_>) -> Result<VaryingUnit, ParseError> {
    let perspective = match &head.s[4..head.s.len() - 2] {
        "" => 0,
        ".perspective.unknown" => 1,
        ".perspective.z" => 2,
        ".perspective.w" => 3,
        _ => {
            let at = Pos {
                line: head.at.line,
                col: head.at.col + 4,
            };
            return Err(at.error(format!(
                "unknown varying form `{}` (expected `load.v` or `load.perspective.{{z,w,unknown}}.v`)",
                head.s
            )));
        }
    };
    let (dest, mask) = t.operand("a destination register", |s| {
        let d = if s.eat("^discard") {
            15
        } else {
            s.expect("$")?;
            s.number(15, "register")?
        };
        Ok((d, s.mask()?))
    })?;
    let dest = VaryingDest::from_bits(dest);
    let mask: Mask<false> = Mask::from_bits(mask);
    let tok = t.next("a varying source")?;
    let mut s = Scan::new(tok);
    let imm = |alignment: u64, source_type: u64, perspective: u64, index: u64, offset: Option<u64>| {
        VaryingUnit::Varying(Varying {
            perspective: u(perspective),
            source_type: u(source_type),
            unk4: u(0),
            alignment: u(alignment),
            unk7: u(0),
            offset_vector: u(offset.map_or(15, |o| o >> 2)),
            unk14: u(0),
            offset_scalar: u(offset.unwrap_or(0) & 3),
            index: u(index),
            dest,
            mask,
            unk32: u(0),
        })
    };
    let special = |s: &mut Scan<'_, '_>, name: &str| s.rest() == name && s.eat(name);
    let unit = if special(&mut s, "gl_FragCoord") {
        imm(3, 2, 3, 0, None)
    } else if special(&mut s, "gl_PointCoord") {
        imm(1, 3, 0, 0, None)
    } else if special(&mut s, "gl_FrontFacing") {
        imm(0, 3, 1, 0, None)
    } else if s.rest().starts_with(|c: char| c.is_ascii_digit()) {
        let (alignment, index, offset) = varying_index(&mut s)?;
        imm(alignment, 0, perspective, index, offset)
    } else if s.eat("cube(") {
        let unit = if s.rest().starts_with(|c: char| c.is_ascii_digit()) {
            let (alignment, index, offset) = varying_index(&mut s)?;
            imm(alignment, 2, 0, index, offset)
        } else {
            let v = s.vector(None)?;
            VaryingUnit::VaryingCube(VaryingCube {
                unk4: u(0),
                normalize: false,
                unk7: u(0),
                source: Vec4Reg::from_bits(v.reg.unwrap_or(0)),
                negate: v.neg,
                absolute: v.abs,
                swizzle: Swizzle::from_bits(v.swizzle),
                dest,
                mask,
                unk32: u(0),
            })
        };
        s.expect(")")?;
        unit
    } else if s.eat("normalize(") {
        let v = s.vector(None)?;
        s.expect(")")?;
        VaryingUnit::VaryingNormalize(VaryingNormalize {
            unk4: u(0),
            normalize: false,
            unk7: u(0),
            source: Vec4Reg::from_bits(v.reg.unwrap_or(0)),
            negate: v.neg,
            absolute: v.abs,
            swizzle: Swizzle::from_bits(v.swizzle),
            dest,
            mask,
            unk32: u(0),
        })
    } else {
        let v = s.vector(None)?;
        VaryingUnit::VaryingReg(VaryingReg {
            perspective: u(perspective),
            unk4: u(0),
            normalize: false,
            unk7: u(0),
            source: Vec4Reg::from_bits(v.reg.unwrap_or(0)),
            negate: v.neg,
            absolute: v.abs,
            swizzle: Swizzle::from_bits(v.swizzle),
            dest,
            mask,
            unk32: u(0),
        })
    };
    s.done()?;
    // Special inputs and cube coordinates have no perspective suffix.
    let has_persp = matches!(unit, VaryingUnit::VaryingReg(_))
        || matches!(&unit, VaryingUnit::Varying(v) if v.source_type.get() == 0);
    if perspective != 0 && !has_persp {
        return Err(head.at.error("only a varying or register source takes `.perspective`"));
    }
    Ok(unit)
}

/// A varying's index: `N.c`, `N.xy`/`N.zw` or `N` (alignment 0, 1 or 3,
/// Mesa's choice for three and four components), then `+reg.c`.
fn varying_index(s: &mut Scan<'_, '_>) -> Result<(u64, u64, Option<u64>), ParseError> {
    let at = s.here();
    let q = s.number(63, "varying index")?;
    let (alignment, index) = if s.eat(".") {
        if s.eat("xy") {
            (1, q * 2)
        } else if s.eat("zw") {
            (1, q * 2 + 1)
        } else {
            (0, q * 4 + s.component()?)
        }
    } else {
        (3, q)
    };
    if index > 63 {
        return Err(at.error(format!("varying index {index} does not fit 6 bits")));
    }
    let offset = if s.eat("+") {
        let o = s.plain_scalar()?;
        if o >> 2 == 15 {
            return Err(at.error("register 15 (`^uniform`) means no offset here"));
        }
        Some(o)
    } else {
        None
    };
    Ok((alignment, index, offset))
}

/// `op[.sat|.pos|.int]`: the op name and the output modifier.
fn split_outmod(op: &str) -> (&str, OutMod) {
    for (suffix, m) in [(".sat", OutMod::Sat), (".pos", OutMod::Pos), (".int", OutMod::Int)] {
        if let Some(name) = op.strip_suffix(suffix) {
            return (name, m);
        }
    }
    (op, OutMod::None)
}

/// An op by its Mesa name, or `opN`.
fn op_value(
    head: &Tok<'_>,
    name: &str,
    named: impl Fn(u64) -> Option<&'static str>,
    max: u64,
) -> Result<u64, ParseError> {
    if let Some(v) = (0..=max).find(|&v| named(v) == Some(name)) {
        return Ok(v);
    }
    if let Some(n) = name.strip_prefix("op") {
        if let Ok(v) = n.parse::<u64>() {
            if v <= max && named(v).is_none() && !n.starts_with('+') {
                return Ok(v);
            }
        }
    }
    let names: Vec<&str> = (0..=max).filter_map(&named).collect();
    Err(head
        .at
        .error(format!("unknown operation `{name}`{}", hint(name, names))))
}

fn mul_value(head: &Tok<'_>, name: &str) -> Result<u64, ParseError> {
    op_value(
        head,
        name,
        |v| {
            crate::lima_pp::mesa::print::mul_op(MulOp::from_bits(v))
                .0
                .filter(|_| MulOp::from_bits(v).shl() == 0)
        },
        31,
    )
}

fn add_value(head: &Tok<'_>, name: &str, vec: bool) -> Result<u64, ParseError> {
    op_value(
        head,
        name,
        |v| crate::lima_pp::mesa::print::add_op(AddOp::from_bits(v), vec).0,
        31,
    )
}

/// A multiplier's first operand may carry `<<N`: the op whose `shl` is N
/// (in the spec, `mul_shl1` to `mul_shl7`).
fn shift(s: &mut Scan<'_, '_>, op: u64) -> Result<u64, ParseError> {
    if s.rest().starts_with("<<") {
        if op != MulOp::Mul.raw() {
            return Err(s.error("only `mul` takes `<<N`"));
        }
        s.pos += 2;
        let at = s.here();
        let n = s.number(7, "shift")?;
        return match MulOp::NAMED.iter().find(|m| n != 0 && m.shl() == n) {
            Some(m) => Ok(m.raw()),
            None => Err(at.error("a shift is 1 to 7 (`mul` without `<<` is 0)")),
        };
    }
    Ok(op)
}

fn vec_mul(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<VecMul, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let mut opv = mul_value(head, name)?;
    let one = crate::lima_pp::mesa::print::mul_op(MulOp::from_bits(opv)).1 < 2;
    // The destination is there when one token more than the operands remains.
    let remaining = t.toks.len() - t.next;
    let dest = if remaining > if one { 1 } else { 2 } {
        vec_dest_forced(t)?
    } else {
        None
    };
    let (a0, shifted) = t.operand("an operand", |s| {
        let v = s.vector(None)?;
        let op = shift(s, opv)?;
        Ok((v, op))
    })?;
    opv = shifted;
    let a1 = if one {
        None
    } else {
        Some(t.operand("a second operand", |s| s.vector(None))?)
    };
    let (dest, mask) = dest.unwrap_or((0, 0));
    let a1 = a1.unwrap_or(VecSrc {
        reg: Some(0),
        swizzle: 0,
        abs: false,
        neg: false,
    });
    Ok(VecMul {
        arg0_source: Vec4Reg::from_bits(a0.reg.unwrap_or(0)),
        arg0_swizzle: Swizzle::from_bits(a0.swizzle),
        arg0_abs: a0.abs,
        arg0_neg: a0.neg,
        arg1_source: Vec4Reg::from_bits(a1.reg.unwrap_or(0)),
        arg1_swizzle: Swizzle::from_bits(a1.swizzle),
        arg1_abs: a1.abs,
        arg1_neg: a1.neg,
        dest: u(dest),
        mask: Mask::from_bits(mask),
        dest_modifier,
        op: MulOp::from_bits(opv),
    })
}

/// The destination of a one-operand op when two tokens remain.
fn vec_dest_forced(t: &mut Toks<'_, '_>) -> Result<Option<(u64, u64)>, ParseError> {
    t.operand("a destination", |s| {
        s.expect("$")?;
        let d = s.number(15, "register")?;
        let m = s.mask()?;
        if m == 0 {
            return Err(s.error("an empty mask writes nothing: leave the destination out"));
        }
        Ok(Some((d, m)))
    })
}

fn vec_add(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<VecAdd, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let opv = add_value(head, name, true)?;
    let one = crate::lima_pp::mesa::print::add_op(AddOp::from_bits(opv), true).1 < 2;
    let remaining = t.toks.len() - t.next;
    let dest = if remaining >= if one { 2 } else { 3 } {
        vec_dest_forced(t)?
    } else {
        None
    };
    let a0 = t.operand("an operand", |s| s.vector(Some("^v0")))?;
    let a1 = if one {
        None
    } else {
        Some(t.operand("a second operand", |s| s.vector(None))?)
    };
    let (dest, mask) = dest.unwrap_or((0, 0));
    let a1 = a1.unwrap_or(VecSrc {
        reg: Some(0),
        swizzle: 0,
        abs: false,
        neg: false,
    });
    Ok(VecAdd {
        arg0_source: Vec4Reg::from_bits(a0.reg.unwrap_or(0)),
        arg0_swizzle: Swizzle::from_bits(a0.swizzle),
        arg0_abs: a0.abs,
        arg0_neg: a0.neg,
        arg1_source: Vec4Reg::from_bits(a1.reg.unwrap_or(0)),
        arg1_swizzle: Swizzle::from_bits(a1.swizzle),
        arg1_abs: a1.abs,
        arg1_neg: a1.neg,
        dest: u(dest),
        mask: Mask::from_bits(mask),
        dest_modifier,
        op: AddOp::from_bits(opv),
        mul_in: a0.reg.is_none(),
    })
}

/// A scalar destination `$N.c` when as many tokens remain as the op's
/// operands plus one.
fn scalar_dest(t: &mut Toks<'_, '_>, operands: usize) -> Result<Option<u64>, ParseError> {
    if t.toks.len() - t.next <= operands {
        return Ok(None);
    }
    t.operand("a destination", |s| {
        s.expect("$")?;
        let r = s.number(15, "register")?;
        s.expect(".")?;
        Ok(Some(r << 2 | s.component()?))
    })
}

fn scalar_mul(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<ScalarMul, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let opv = mul_value(head, name)?;
    let two = crate::lima_pp::mesa::print::mul_op(MulOp::from_bits(opv)).1 > 1;
    let dest = scalar_dest(t, 1 + usize::from(two))?;
    let (a0, opv) = t.operand("an operand", |s| {
        let a = s.scalar(None)?;
        Ok((a, shift(s, opv)?))
    })?;
    let a1 = if two {
        t.operand("a second operand", |s| s.scalar(None))?
    } else {
        (Some(0), false, false)
    };
    Ok(ScalarMul {
        arg0_source: u(a0.0.unwrap_or(0)),
        arg0_abs: a0.1,
        arg0_neg: a0.2,
        arg1_source: u(a1.0.unwrap_or(0)),
        arg1_abs: a1.1,
        arg1_neg: a1.2,
        dest: u(dest.unwrap_or(0)),
        output_en: dest.is_some(),
        dest_modifier,
        op: MulOp::from_bits(opv),
    })
}

fn scalar_add(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<ScalarAdd, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let opv = add_value(head, name, false)?;
    let two = crate::lima_pp::mesa::print::add_op(AddOp::from_bits(opv), false).1 > 1;
    let dest = scalar_dest(t, 1 + usize::from(two))?;
    let a0 = t.operand("an operand", |s| s.scalar(Some("^s0")))?;
    let a1 = if two {
        t.operand("a second operand", |s| s.scalar(None))?
    } else {
        (Some(0), false, false)
    };
    Ok(ScalarAdd {
        arg0_source: u(a0.0.unwrap_or(0)),
        arg0_abs: a0.1,
        arg0_neg: a0.2,
        arg1_source: u(a1.0.unwrap_or(0)),
        arg1_abs: a1.1,
        arg1_neg: a1.2,
        dest: u(dest.unwrap_or(0)),
        output_en: dest.is_some(),
        dest_modifier,
        op: AddOp::from_bits(opv),
        mul_in: a0.0.is_none(),
    })
}

fn combiner(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<CombinerUnit, ParseError> {
    if op == "mul" {
        // The vec4 × scalar form: `mul.s2 $d[.mask] scalar vector`.
        let (dest, mask) = t.operand("a destination", |s| {
            s.expect("$")?;
            let d = s.number(15, "register")?;
            Ok((d, s.mask()?))
        })?;
        let a0 = t.operand("a scalar operand", |s| s.scalar(None))?;
        let a1 = t.operand("a vector operand", |s| {
            let r = s.reg()?;
            Ok((r, s.swizzle()?))
        })?;
        return Ok(CombinerUnit::CombinerVec(CombinerVec {
            arg1_swizzle: Swizzle::from_bits(a1.1),
            arg1_source: Vec4Reg::from_bits(a1.0),
            arg0_abs: a0.1,
            arg0_neg: a0.2,
            arg0_src: u(a0.0.unwrap_or(0)),
            mask: Mask::from_bits(mask),
            dest: u(dest),
        }));
    }
    let (name, dest_modifier) = split_outmod(op);
    let opv = op_value(
        head,
        name,
        |v| crate::lima_pp::mesa::print::comb_op(CombOp::from_bits(v)),
        15,
    )?;
    // A destination with one component (`$N.c`) is scalar; any other mask
    // is Mesa's vector view of `dest` and the output modifier (`dest_vec`).
    // (Mesa prints both kinds of `$N.x` alike, save for one space more after
    // the scalar one; a vector one with a single component reads back as
    // scalar, and the printer's `{raw …}` annotation puts it right.)
    let dtok = t.next("a destination")?;
    let mut s = Scan::new(dtok);
    s.expect("$")?;
    let d = s.number(15, "register")?;
    let m = s.mask()?;
    s.done()?;
    let scalar_dest = [1, 2, 4, 8].iter().position(|&b| b == m).map(|c| d << 2 | c as u64);
    if scalar_dest.is_none() && dest_modifier != OutMod::None {
        return Err(dtok.at.error("a vector destination takes no output modifier"));
    }
    let a0 = t.operand("an operand", |s| s.scalar(None))?;
    let a1 = match t.peek() {
        Some(_) => Some(t.operand("a second operand", |s| s.scalar(None))?),
        None => None,
    };
    if a1.is_some() && scalar_dest.is_none() {
        return Err(head.at.error("a vector destination with a second operand is `mul.s2`"));
    }
    let (dest, dest_modifier) = match scalar_dest {
        Some(r) => (r, dest_modifier),
        None => (d << 2 | m >> 2, OutMod::from_bits(m & 3)),
    };
    let a1v = a1.unwrap_or((Some(0), false, false));
    Ok(CombinerUnit::Combiner(Combiner {
        dest_vec: scalar_dest.is_none(),
        arg1_en: a1.is_some(),
        op: CombOp::from_bits(opv),
        arg1_abs: a1v.1,
        arg1_neg: a1v.2,
        arg1_src: u(a1v.0.unwrap_or(0)),
        arg0_abs: a0.1,
        arg0_neg: a0.2,
        arg0_src: u(a0.0.unwrap_or(0)),
        dest_modifier,
        dest: u(dest),
    }))
}

/// The first word and the `(lt, eq, gt)` condition bits of each of the
/// spec's `mesa` branch lines (`branch.lt` → lt), from the `Branch` layout.
fn branch_heads() -> impl Iterator<Item = (&'static str, (bool, bool, bool))> {
    let branch = packed().unit("branch").map(|u| u.variants[0]);
    branch.into_iter().flat_map(|format| {
        isa_runtime::text::dialect_texts(format, DIALECT).filter_map(move |t| {
            let Some(isa_runtime::layout::Piece::Text(head)) = t.pieces.first() else {
                return None;
            };
            let flag = |name: &str| {
                t.when
                    .iter()
                    .find(|c| format.fields[c.field].name == name)
                    .is_some_and(|c| c.equal)
            };
            Some((*head, (flag("cond_lt"), flag("cond_eq"), flag("cond_gt"))))
        })
    })
}

/// The condition bits that `branch.NAME` stands for.
fn branch_condition(word: &str) -> Option<(bool, bool, bool)> {
    branch_heads().find(|(h, _)| *h == word).map(|(_, bits)| bits)
}

/// The uniform source that `load.S` names (`load.u`, `load.t`): the value
/// of the spec's `UniformSrc` spelled `S`.
fn uniform_source(word: &str) -> Option<u64> {
    let spelling = word.strip_prefix("load.")?;
    let e = crate::lima_pp::LAYOUT.enums.iter().find(|e| e.name == "UniformSrc")?;
    e.values
        .iter()
        .find(|v| v.spellings.contains(&spelling))
        .map(|v| v.value)
}
