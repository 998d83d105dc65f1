//! Static types of expressions: how many components, and whether they are
//! floats or bools. Enough to know what a statement assigns.

use alloc::format;
use alloc::string::String;

use super::ast::{swizzle_components, Expr, ExprKind, UnaryOp};
use super::builtins::{builtin, constructor, Shape, EVAL};

/// A scalar or vector type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ty {
    /// Components, 1 to 4.
    pub width: u8,
    /// `bool…` rather than `float…`.
    pub boolean: bool,
}

impl Ty {
    /// `float`.
    pub const FLOAT: Ty = Ty::float(1);

    /// `float`, `float2`, `float3` or `float4`.
    pub const fn float(width: u8) -> Ty {
        Ty { width, boolean: false }
    }

    /// `bool` … `bool4`.
    pub const fn bool(width: u8) -> Ty {
        Ty { width, boolean: true }
    }

    /// The AGSL type name (`float3`, `bool`).
    pub fn name(self) -> String {
        let base = if self.boolean { "bool" } else { "float" };
        if self.width == 1 {
            String::from(base)
        } else {
            format!("{base}{}", self.width)
        }
    }
}

/// The type of `e`; `names` gives the type of each variable. The error says
/// what cannot be typed (matrices, unknown names, mismatched widths).
pub fn infer(e: &Expr, names: &dyn Fn(&str) -> Option<Ty>) -> Result<Ty, String> {
    let go = |x: &Expr| infer(x, names);
    match &e.kind {
        ExprKind::Number(_) => Ok(Ty::FLOAT),
        ExprKind::Bool(_) => Ok(Ty::bool(1)),
        ExprKind::Name(n) => names(n).ok_or_else(|| format!("`{n}` has no type here")),
        ExprKind::Unary(UnaryOp::Not, a) => Ok(Ty::bool(go(a)?.width)),
        ExprKind::Unary(_, a) => go(a),
        ExprKind::Binary(op, a, b) => {
            let (ta, tb) = (go(a)?, go(b)?);
            if op.is_boolean() {
                return Ok(Ty::bool(1));
            }
            widest(&[ta, tb]).map(Ty::float)
        }
        ExprKind::Select(_, a, b) => {
            let (ta, tb) = (go(a)?, go(b)?);
            if ta != tb {
                return Err(format!("`?:` branches differ: {} and {}", ta.name(), tb.name()));
            }
            Ok(ta)
        }
        ExprKind::Call(f, args) => {
            let tys = args.iter().map(go).collect::<Result<alloc::vec::Vec<_>, _>>()?;
            if let Some((width, boolean)) = constructor(&f.name) {
                return Ok(Ty { width, boolean });
            }
            let b = builtin(&f.name).ok_or_else(|| format!("`{}` has no type here", f.name))?;
            Ok(match b.shape {
                Shape::Componentwise | Shape::Vector => Ty::float(widest(&tys)?),
                Shape::Scalar => Ty::FLOAT,
                Shape::Vec3 => Ty::float(3),
                Shape::BoolComponentwise => Ty::bool(widest(&tys)?),
                Shape::BoolScalar => Ty::bool(1),
            })
        }
        ExprKind::Method(_, m, _) if m.name == EVAL => Ok(Ty::float(4)),
        ExprKind::Method(_, m, _) => Err(format!("`.{}` is not a method", m.name)),
        ExprKind::Swizzle(a, sw) => {
            let t = go(a)?;
            let comps = swizzle_components(&sw.name).ok_or_else(|| format!("`.{}` is not a swizzle", sw.name))?;
            if comps.iter().any(|&c| c >= usize::from(t.width)) {
                return Err(format!("`.{}` reads past a {}", sw.name, t.name()));
            }
            Ok(Ty {
                width: comps.len() as u8,
                boolean: t.boolean,
            })
        }
        ExprKind::Index(a, _) => go(a),
    }
}

/// The common width of componentwise arguments: scalars stretch to match.
fn widest(tys: &[Ty]) -> Result<u8, String> {
    let w = tys.iter().map(|t| t.width).max().unwrap_or(1);
    match tys.iter().find(|t| t.width != 1 && t.width != w) {
        Some(t) => Err(format!("mixes {} with {}-component values", t.name(), w)),
        None => Ok(w),
    }
}
