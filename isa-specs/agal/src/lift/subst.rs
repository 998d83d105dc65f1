//! Operands into semantics: a `sem` expression over `dst`, `src1`, `src2`
//! and `sampler` becomes an AGSL expression over the token's registers.

use isa_runtime::agsl::{swizzle_components, BinaryOp, Expr, ExprKind, Span};

use super::regs::{binary, swizzle, Usage};
use crate::program::Slots;
use crate::{Dim, Source};

/// Replaces the operands of `e` with `slots`' registers, recording what
/// they use. Swizzles fold into one (`src1.xyz` of `ft0.yzxw` is `ft0.yzx`);
/// `src2[i]` is the register `i` after `src2`'s.
pub fn subst(e: &Expr, slots: &Slots, usage: &mut Usage) -> Result<Expr, String> {
    let go = |x: &Expr, usage: &mut Usage| subst(x, slots, usage).map(Box::new);
    let kind = match &e.kind {
        ExprKind::Name(_) | ExprKind::Index(..) if operand(e).is_some() => {
            return source(e, None, slots, usage);
        }
        ExprKind::Swizzle(inner, sw) if operand(inner).is_some() => {
            let comps = swizzle_components(&sw.name).ok_or_else(|| format!("`.{}` is not a swizzle", sw.name))?;
            return source(inner, Some(&comps), slots, usage);
        }
        ExprKind::Method(receiver, m, args) => {
            let [arg] = args.as_slice() else {
                return Err(format!("`.{}` takes one argument", m.name));
            };
            let arg = subst(arg, slots, usage)?;
            return sample(receiver, arg, slots);
        }
        ExprKind::Name(n) => return Err(format!("`{n}` cannot be read here")),
        ExprKind::Number(_) | ExprKind::Bool(_) => e.kind.clone(),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, go(a, usage)?),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, go(a, usage)?, go(b, usage)?),
        ExprKind::Select(c, a, b) => ExprKind::Select(go(c, usage)?, go(a, usage)?, go(b, usage)?),
        ExprKind::Call(f, args) => {
            let args = args.iter().map(|a| subst(a, slots, usage)).collect::<Result<_, _>>()?;
            ExprKind::Call(f.clone(), args)
        }
        ExprKind::Swizzle(a, sw) => ExprKind::Swizzle(go(a, usage)?, sw.clone()),
        ExprKind::Index(a, i) => ExprKind::Index(go(a, usage)?, go(i, usage)?),
    };
    Ok(Expr::new(kind, e.span))
}

/// `(name, row)` when `e` is `src1`, `src2`, `dst` or `src2[row]`.
fn operand(e: &Expr) -> Option<(&str, u64)> {
    let is_register = |n: &str| matches!(n, "src1" | "src2" | "dst");
    match &e.kind {
        ExprKind::Name(n) if is_register(n) => Some((n.as_str(), 0)),
        ExprKind::Index(base, i) => match (&base.kind, i.number()) {
            (ExprKind::Name(n), Some(row)) if is_register(n) && row >= 0.0 && row.fract() == 0.0 => {
                Some((n.as_str(), row as u64))
            }
            _ => None,
        },
        _ => None,
    }
}

/// An operand register with its swizzle, then `components` of that.
fn source(e: &Expr, components: Option<&[usize]>, slots: &Slots, usage: &mut Usage) -> Result<Expr, String> {
    let (name, row) = operand(e).ok_or("not an operand")?;
    let (register, own): (Expr, Vec<usize>) = match name {
        "dst" => {
            let d = slots.dst.ok_or("the token has no destination")?;
            (usage.dest(d.r#type, d.num.get() + row)?, vec![0, 1, 2, 3])
        }
        _ => {
            let s: &Source = match name {
                "src1" => slots.src1.as_ref(),
                _ => slots.src2.as_ref(),
            }
            .ok_or_else(|| format!("the token has no `{name}`"))?;
            let own = (0..4).map(|i| s.swizzle.get(i) as usize).collect();
            (usage.source(s, row)?, own)
        }
    };
    let picked: Vec<usize> = match components {
        Some(c) => c.iter().map(|&i| own[i & 3]).collect(),
        None => own,
    };
    Ok(swizzle(register, &picked, 4))
}

/// The name of the function that samples `fsN` as a 3D texture.
pub fn tex3d_helper(n: u64) -> String {
    format!("agal_tex3d_fs{n}")
}

/// `sampler.eval(coord)`: the input shader `fsN` evaluated at the texture
/// coordinate mapped to its pixels (see the module docs of `lift`).
fn sample(receiver: &Expr, coord: Expr, slots: &Slots) -> Result<Expr, String> {
    if !matches!(&receiver.kind, ExprKind::Name(n) if n == "sampler") {
        return Err("only the sampler operand can be `eval`'d".into());
    }
    let s = slots.sampler.ok_or("the token has no sampler")?;
    let n = s.num.get();
    let at = Span::default();
    let size = Expr::name(format!("fs{n}_size"), at);
    let uv = match s.dim {
        Dim::D2 => swizzle(coord, &[0, 1], 4),
        Dim::Cube => Expr::call("agal_cube", vec![swizzle(coord, &[0, 1, 2], 4)], at),
        // The slices and the blend between them are the helper's (header.rs).
        Dim::D3 => return Ok(Expr::call(tex3d_helper(n), vec![swizzle(coord, &[0, 1, 2], 4)], at)),
        other => return Err(format!("sampler dimension {} is not one AGAL defines", other.raw())),
    };
    let pixels = binary(BinaryOp::Mul, uv, size);
    let eval = Expr::new(
        ExprKind::Method(
            Box::new(Expr::name(format!("fs{n}"), at)),
            isa_runtime::agsl::Ident {
                name: isa_runtime::agsl::EVAL.into(),
                span: at,
            },
            vec![pixels],
        ),
        at,
    );
    Ok(Expr::call("float4", vec![eval], at))
}
