//! Mesa's text for one instruction, unit by unit, from the typed fields.
//!
//! Each function prints what the unit printer of the same name in Mesa
//! 23.3's `disasm.c` prints, spaces included (Mesa leaves a space before
//! the next `, ` after a one-operand multiply and after a combiner without
//! a second operand, and prints two spaces after a scalar destination).

use core::fmt::Write;

use isa_runtime::f16;

use crate::lima_pp::{
    AddOp, Branch, BranchUnit, CombOp, Combiner, CombinerUnit, CombinerVec, Const, Instr, MulOp, OutMod, Sampler,
    SamplerType, ScalarAdd, ScalarMul, TempWrite, TempWriteUnit, Uniform, UniformSrc, VaryingDest, VaryingUnit, VecAdd,
    VecMul,
};

/// Appends Mesa's text for `insn`, which starts `offset` words into its
/// program (branch targets print as absolute word offsets): the enabled
/// units in enable-bit order joined by `, `, then `, sync` and `, stop`.
/// No `@` prefix and no newline.
pub fn instr(out: &mut String, insn: &Instr, offset: u32) {
    let mut first = true;
    let mut sep = |out: &mut String| {
        if !core::mem::replace(&mut first, false) {
            out.push_str(", ");
        }
    };
    if let Some(u) = &insn.varying {
        sep(out);
        varying(out, u);
    }
    if let Some(u) = &insn.texture {
        sep(out);
        sampler(out, u);
    }
    if let Some(u) = &insn.uniform {
        sep(out);
        uniform(out, u);
    }
    if let Some(u) = &insn.vec_mul {
        sep(out);
        vec_mul(out, u);
    }
    if let Some(u) = &insn.scalar_mul {
        sep(out);
        scalar_mul(out, u);
    }
    if let Some(u) = &insn.vec_add {
        sep(out);
        vec_add(out, u);
    }
    if let Some(u) = &insn.scalar_add {
        sep(out);
        scalar_add(out, u);
    }
    if let Some(u) = &insn.combiner {
        sep(out);
        combiner(out, u);
    }
    if let Some(u) = &insn.temp_write {
        sep(out);
        temp_write(out, u);
    }
    if let Some(u) = &insn.branch {
        sep(out);
        branch(out, u, offset);
    }
    if let Some(u) = &insn.const0 {
        sep(out);
        constant(out, 0, u);
    }
    if let Some(u) = &insn.const1 {
        sep(out);
        constant(out, 1, u);
    }
    if insn.control.sync {
        out.push_str(", sync");
    }
    if insn.control.stop {
        out.push_str(", stop");
    }
}

/// The component letters, x first.
pub(crate) const XYZW: [char; 4] = ['x', 'y', 'z', 'w'];

/// A vec4 register: `$0` to `$11`, then the four pipeline registers.
fn reg(out: &mut String, r: u64) {
    match r {
        12 => out.push_str("^const0"),
        13 => out.push_str("^const1"),
        14 => out.push_str("^texture"),
        15 => out.push_str("^uniform"),
        n => {
            let _ = write!(out, "${n}");
        }
    }
}

/// `.xyzw`-style swizzle, nothing for the identity.
fn swizzle(out: &mut String, s: u64) {
    if s == 0xE4 {
        return;
    }
    out.push('.');
    for i in 0..4 {
        out.push(XYZW[(s >> (2 * i) & 3) as usize]);
    }
}

/// `.xz`-style write mask, nothing for all four (and a lone `.` for none).
fn mask(out: &mut String, m: u64) {
    if m == 0xF {
        return;
    }
    out.push('.');
    for (i, c) in XYZW.iter().enumerate() {
        if m >> i & 1 != 0 {
            out.push(*c);
        }
    }
}

fn vector_source(out: &mut String, r: u64, special: Option<&str>, swz: u64, abs: bool, neg: bool) {
    if neg {
        out.push('-');
    }
    if abs {
        out.push_str("abs(");
    }
    match special {
        Some(s) => out.push_str(s),
        None => reg(out, r),
    }
    swizzle(out, swz);
    if abs {
        out.push(')');
    }
}

fn scalar_source(out: &mut String, r: u64, special: Option<&str>, abs: bool, neg: bool) {
    if neg {
        out.push('-');
    }
    if abs {
        out.push_str("abs(");
    }
    match special {
        Some(s) => out.push_str(s),
        None => {
            reg(out, r >> 2);
            out.push('.');
            out.push(XYZW[(r & 3) as usize]);
        }
    }
    if abs {
        out.push(')');
    }
}

fn outmod(out: &mut String, m: OutMod) {
    out.push_str(match m {
        OutMod::None => "",
        OutMod::Sat => ".sat",
        OutMod::Pos => ".pos",
        OutMod::Int => ".int",
    });
}

/// A scalar destination, with Mesa's trailing space.
fn dest_scalar(out: &mut String, r: u64) {
    let _ = write!(out, "${}.{} ", r >> 2, XYZW[(r & 3) as usize]);
}

/// Mesa's `%f` of a half float: six decimals, `inf`, `nan` with its sign.
pub(crate) fn half(out: &mut String, h: f16) {
    let v = h.to_f64();
    let sign = if h.to_bits() & 0x8000 != 0 { "-" } else { "" };
    if v.is_nan() {
        let _ = write!(out, "{sign}nan");
    } else if v.is_infinite() {
        let _ = write!(out, "{sign}inf");
    } else {
        let _ = write!(out, "{v:.6}");
    }
}

fn constant(out: &mut String, n: u32, c: &Const) {
    let _ = write!(out, "const{n}");
    for h in [c.x, c.y, c.z, c.w] {
        out.push(' ');
        half(out, h);
    }
}

/// A varying's memory source: index (by alignment) and optional offset.
fn varying_index(out: &mut String, alignment: u64, index: u64, offset_vector: u64, offset_scalar: u64) {
    let _ = match alignment {
        0 => write!(out, "{}.{}", index >> 2, XYZW[(index & 3) as usize]),
        1 => write!(out, "{}.{}", index >> 1, if index & 1 != 0 { "zw" } else { "xy" }),
        _ => write!(out, "{index}"),
    };
    if offset_vector != 15 {
        out.push('+');
        scalar_source(out, offset_vector << 2 | offset_scalar, None, false, false);
    }
}

fn varying(out: &mut String, u: &VaryingUnit) {
    // The cube and normalize forms fix their perspective and source type.
    let (perspective, source_type, dest, m) = match u {
        VaryingUnit::Varying(v) => (v.perspective.get(), v.source_type.get(), v.dest, v.mask.bits()),
        VaryingUnit::VaryingReg(v) => (v.perspective.get(), 1, v.dest, v.mask.bits()),
        VaryingUnit::VaryingCube(v) => (1, 2, v.dest, v.mask.bits()),
        VaryingUnit::VaryingNormalize(v) => (2, 2, v.dest, v.mask.bits()),
    };
    out.push_str("load");
    if source_type < 2 && perspective != 0 {
        out.push_str(match perspective {
            2 => ".perspective.z",
            3 => ".perspective.w",
            _ => ".perspective.unknown",
        });
    }
    out.push_str(".v ");
    match dest {
        VaryingDest::Discard => out.push_str("^discard"),
        d => {
            let _ = write!(out, "${}", d.raw());
        }
    }
    mask(out, m);
    out.push(' ');
    match u {
        VaryingUnit::VaryingReg(v) => {
            vector_source(out, v.source.raw(), None, v.swizzle.bits(), v.absolute, v.negate);
        }
        VaryingUnit::VaryingCube(v) => {
            out.push_str("cube(");
            vector_source(out, v.source.raw(), None, v.swizzle.bits(), v.absolute, v.negate);
            out.push(')');
        }
        VaryingUnit::VaryingNormalize(v) => {
            out.push_str("normalize(");
            vector_source(out, v.source.raw(), None, v.swizzle.bits(), v.absolute, v.negate);
            out.push(')');
        }
        VaryingUnit::Varying(v) => {
            let index = |out: &mut String| {
                varying_index(
                    out,
                    v.alignment.get(),
                    v.index.get(),
                    v.offset_vector.get(),
                    v.offset_scalar.get(),
                );
            };
            match (source_type, perspective) {
                (2, 0) => {
                    out.push_str("cube(");
                    index(out);
                    out.push(')');
                }
                (2, _) => out.push_str("gl_FragCoord"),
                (3, 0) => out.push_str("gl_PointCoord"),
                (3, _) => out.push_str("gl_FrontFacing"),
                _ => index(out),
            }
        }
    }
}

fn sampler(out: &mut String, s: &Sampler) {
    out.push_str("texld");
    if s.lod_bias_en {
        out.push_str(".b");
    }
    match s.r#type {
        SamplerType::Tex2d => {}
        SamplerType::Cube => out.push_str(".cube"),
        t => {
            let _ = write!(out, "_t{}", t.raw());
        }
    }
    let _ = write!(out, " {}", s.index.get());
    if s.offset_en {
        out.push('+');
        scalar_source(out, s.index_offset.get(), None, false, false);
    }
    if s.lod_bias_en {
        out.push(' ');
        scalar_source(out, s.lod_bias.get(), None, false, false);
    }
}

/// A uniform or temporary index as Mesa prints it: a signed 16-bit value,
/// divided (rounding towards zero) by the components of the alignment.
fn signed_index(out: &mut String, alignment: u64, index: u64) {
    let index = index as u16 as i16 as i32;
    let _ = match alignment {
        2 => write!(out, " {index}"),
        1 => write!(out, " {}.{}", index / 2, if index & 1 != 0 { "zw" } else { "xy" }),
        _ => write!(out, " {}.{}", index / 4, XYZW[(index & 3) as usize]),
    };
}

fn uniform(out: &mut String, u: &Uniform) {
    out.push_str("load.");
    match u.source {
        UniformSrc::Uniform => out.push('u'),
        UniformSrc::Temporary => out.push('t'),
        s => {
            let _ = write!(out, ".u{}", s.raw());
        }
    }
    signed_index(out, u.alignment.get(), u.index.get());
    if u.offset_en {
        out.push('+');
        scalar_source(out, u.offset_reg.get(), None, false, false);
    }
}

/// A multiplier op's name and operand count, from the spec: its spelling
/// and `args`; a value with `shl` prints as `mul` (the shift follows its
/// first operand as `<<N`); unnamed values have neither.
pub(crate) fn mul_op(op: MulOp) -> (Option<&'static str>, u32) {
    match op.spelling() {
        Some(_) if op.shl() > 0 => (MulOp::Mul.spelling(), MulOp::Mul.args() as u32),
        Some(name) => (Some(name), op.args() as u32),
        None => (None, 0),
    }
}

/// An adder op's name and operand count, from the spec: its spelling and
/// `args`; the scalar adder (`vec` false) does not name the `vector_only`
/// ones, as Mesa's scalar table lacks them.
pub(crate) fn add_op(op: AddOp, vec: bool) -> (Option<&'static str>, u32) {
    match op.spelling() {
        Some(name) if vec || !op.vector_only() => (Some(name), op.args() as u32),
        _ => (None, 0),
    }
}

/// A combiner op's name: its spelling in the spec. Mesa's table stops at
/// `atan2` (9); it reads past its end for 10 to 15, which the spec leaves
/// unnamed and this prints as `op10` to `op15`.
pub(crate) fn comb_op(op: CombOp) -> Option<&'static str> {
    op.spelling()
}

fn op_name(out: &mut String, name: Option<&str>, raw: u64) {
    match name {
        Some(n) => out.push_str(n),
        None => {
            let _ = write!(out, "op{raw}");
        }
    }
}

fn vec_mul(out: &mut String, u: &VecMul) {
    let (name, srcs) = mul_op(u.op);
    op_name(out, name, u.op.raw());
    outmod(out, u.dest_modifier);
    out.push_str(".v0 ");
    if u.mask.bits() != 0 {
        let _ = write!(out, "${}", u.dest.get());
        mask(out, u.mask.bits());
        out.push(' ');
    }
    vector_source(
        out,
        u.arg0_source.raw(),
        None,
        u.arg0_swizzle.bits(),
        u.arg0_abs,
        u.arg0_neg,
    );
    if u.op.shl() > 0 {
        let _ = write!(out, "<<{}", u.op.shl());
    }
    out.push(' ');
    if srcs > 1 {
        vector_source(
            out,
            u.arg1_source.raw(),
            None,
            u.arg1_swizzle.bits(),
            u.arg1_abs,
            u.arg1_neg,
        );
    }
}

fn vec_add(out: &mut String, u: &VecAdd) {
    let (name, srcs) = add_op(u.op, true);
    op_name(out, name, u.op.raw());
    outmod(out, u.dest_modifier);
    out.push_str(".v1 ");
    if u.mask.bits() != 0 {
        let _ = write!(out, "${}", u.dest.get());
        mask(out, u.mask.bits());
        out.push(' ');
    }
    let special = u.mul_in.then_some("^v0");
    vector_source(
        out,
        u.arg0_source.raw(),
        special,
        u.arg0_swizzle.bits(),
        u.arg0_abs,
        u.arg0_neg,
    );
    if srcs > 1 {
        out.push(' ');
        vector_source(
            out,
            u.arg1_source.raw(),
            None,
            u.arg1_swizzle.bits(),
            u.arg1_abs,
            u.arg1_neg,
        );
    }
}

fn scalar_mul(out: &mut String, u: &ScalarMul) {
    let (name, srcs) = mul_op(u.op);
    op_name(out, name, u.op.raw());
    outmod(out, u.dest_modifier);
    out.push_str(".s0 ");
    if u.output_en {
        dest_scalar(out, u.dest.get());
    }
    scalar_source(out, u.arg0_source.get(), None, u.arg0_abs, u.arg0_neg);
    if u.op.shl() > 0 {
        let _ = write!(out, "<<{}", u.op.shl());
    }
    if srcs > 1 {
        out.push(' ');
        scalar_source(out, u.arg1_source.get(), None, u.arg1_abs, u.arg1_neg);
    }
}

fn scalar_add(out: &mut String, u: &ScalarAdd) {
    let (name, srcs) = add_op(u.op, false);
    op_name(out, name, u.op.raw());
    outmod(out, u.dest_modifier);
    out.push_str(".s1 ");
    if u.output_en {
        dest_scalar(out, u.dest.get());
    }
    let special = u.mul_in.then_some("^s0");
    scalar_source(out, u.arg0_source.get(), special, u.arg0_abs, u.arg0_neg);
    if srcs > 1 {
        out.push(' ');
        scalar_source(out, u.arg1_source.get(), None, u.arg1_abs, u.arg1_neg);
    }
}

fn combiner(out: &mut String, u: &CombinerUnit) {
    match u {
        CombinerUnit::CombinerVec(v) => combiner_vec(out, v),
        CombinerUnit::Combiner(c) => combiner_scalar(out, c),
    }
}

/// The vec4 × scalar form (`dest_vec` and `arg1_en` both set).
fn combiner_vec(out: &mut String, v: &CombinerVec) {
    let _ = write!(out, "mul.s2 ${}", v.dest.get());
    mask(out, v.mask.bits());
    out.push(' ');
    scalar_source(out, v.arg0_src.get(), None, v.arg0_abs, v.arg0_neg);
    out.push(' ');
    vector_source(out, v.arg1_source.raw(), None, v.arg1_swizzle.bits(), false, false);
}

fn combiner_scalar(out: &mut String, c: &Combiner) {
    op_name(out, comb_op(c.op), c.op.raw());
    if !c.dest_vec {
        outmod(out, c.dest_modifier);
    }
    out.push_str(".s2 ");
    if c.dest_vec {
        // Mesa reads the vector view here: the register is the top four bits
        // of `dest`, the mask its low two bits over the output modifier.
        let _ = write!(out, "${}", c.dest.get() >> 2);
        mask(out, (c.dest.get() & 3) << 2 | c.dest_modifier.raw());
    } else {
        dest_scalar(out, c.dest.get());
    }
    out.push(' ');
    scalar_source(out, c.arg0_src.get(), None, c.arg0_abs, c.arg0_neg);
    out.push(' ');
    if c.arg1_en {
        // Never with `dest_vec`: that pair is the vector form.
        scalar_source(out, c.arg1_src.get(), None, c.arg1_abs, c.arg1_neg);
    }
}

fn temp_write(out: &mut String, u: &TempWriteUnit) {
    match u {
        TempWriteUnit::FbRead(f) => {
            let _ = write!(
                out,
                "{} ${}",
                if f.color { "fb_color" } else { "fb_depth" },
                f.dest.get()
            );
        }
        TempWriteUnit::TempWrite(t) => store(out, t),
    }
}

fn store(out: &mut String, t: &TempWrite) {
    out.push_str("store.t");
    signed_index(out, t.alignment.get(), t.index.get());
    if t.offset_en {
        out.push('+');
        scalar_source(out, t.offset_reg.get(), None, false, false);
    }
    out.push(' ');
    if t.alignment.get() != 0 {
        reg(out, t.source.get() >> 2);
    } else {
        scalar_source(out, t.source.get(), None, false, false);
    }
}

/// Mesa's names of the eight conditions, by `lt | eq << 1 | gt << 2`.
pub(crate) const CONDITIONS: [&str; 8] = ["nv", "lt", "eq", "le", "gt", "ne", "ge", ""];

/// The branch condition as Mesa's index into [`CONDITIONS`].
pub(crate) fn condition(b: &Branch) -> usize {
    usize::from(b.cond_lt) | usize::from(b.cond_eq) << 1 | usize::from(b.cond_gt) << 2
}

fn branch(out: &mut String, u: &BranchUnit, offset: u32) {
    let b = match u {
        BranchUnit::Discard(_) => {
            out.push_str("discard");
            return;
        }
        BranchUnit::Branch(b) => b,
    };
    out.push_str("branch");
    let cond = condition(b);
    if cond != 7 {
        let _ = write!(out, ".{} ", CONDITIONS[cond]);
        scalar_source(out, b.arg0_source.get(), None, false, false);
        out.push(' ');
        scalar_source(out, b.arg1_source.get(), None, false, false);
    }
    // Mesa adds the signed target to the unsigned offset and prints the
    // 32-bit sum as signed.
    let _ = write!(out, " {}", (b.target.get() as i32).wrapping_add(offset as i32));
}
