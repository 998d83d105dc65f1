//! Some components of an expression, as an expression: `(a + b).xz`
//! becomes `a.xz + b.xz` where every step works component by component,
//! so that lifted code reads like the instruction (`ft0.xz = ft1.xz * c`).

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::ast::{letters, swizzle_components, BinaryOp, Expr, ExprKind, UnaryOp};
use super::builtins::{builtin, constructor, Shape};
use super::types::{infer, Ty};

/// `e.components` (indices, 0 = x), pushed inside `e` through componentwise
/// arithmetic, built-ins and constructors, with swizzles of swizzles folded.
/// `names` types the variables; where a type is unknown the swizzle stays
/// outside. Components must be within `e`'s width.
pub fn narrow(e: &Expr, components: &[usize], names: &dyn Fn(&str) -> Option<Ty>) -> Expr {
    let ty = infer(e, names).ok();
    if let Some(t) = ty {
        if components.iter().copied().eq(0..usize::from(t.width)) {
            return e.clone();
        }
    }
    // Narrows a vector operand; a scalar operand serves every component as it is.
    let operand = |x: &Expr| match infer(x, names) {
        Ok(t) if t.width == 1 => Some(x.clone()),
        Ok(_) => Some(narrow(x, components, names)),
        Err(_) => None,
    };
    let rebuilt = match &e.kind {
        ExprKind::Swizzle(inner, sw) => swizzle_components(&sw.name).map(|own| {
            let picked: Vec<usize> = components.iter().map(|&c| own.get(c).copied().unwrap_or(c)).collect();
            narrow(inner, &picked, names)
        }),
        ExprKind::Unary(op @ (UnaryOp::Neg | UnaryOp::Plus), a) => {
            operand(a).map(|a| Expr::new(ExprKind::Unary(*op, Box::new(a)), e.span))
        }
        ExprKind::Binary(op, a, b) if !op.is_boolean() => match (operand(a), operand(b)) {
            (Some(a), Some(b)) => Some(Expr::new(ExprKind::Binary(*op, Box::new(a), Box::new(b)), e.span)),
            _ => None,
        },
        ExprKind::Call(f, args) => {
            let per_component =
                builtin(&f.name).is_some_and(|b| matches!(b.shape, Shape::Componentwise | Shape::BoolComponentwise));
            let vector_constructor = constructor(&f.name).filter(|&(w, _)| w > 1);
            if per_component && components.len() == 1 && scalar_form(&f.name).is_some() {
                // AGSL's vector relational functions take vectors only.
                let args = args.iter().map(operand).collect::<Option<Vec<_>>>();
                args.and_then(|args| scalar_form(&f.name).and_then(|form| form(args)))
            } else if per_component {
                args.iter()
                    .map(operand)
                    .collect::<Option<Vec<_>>>()
                    .map(|args| Expr::new(ExprKind::Call(f.clone(), args), e.span))
            } else if let Some((_, boolean)) = vector_constructor {
                constructed(&f.name, args, components, names).map(|mut args| {
                    let float_scalar = |a: &Expr| infer(a, names).is_ok_and(|t| t == Ty::FLOAT);
                    if !boolean && args.len() == 1 && components.len() == 1 && float_scalar(&args[0]) {
                        // `float(x)` of a float is `x`.
                        return args.remove(0);
                    }
                    let base = if boolean {
                        "bool"
                    } else {
                        f.name.trim_end_matches(|c: char| c.is_ascii_digit())
                    };
                    Expr::call(resized(base, components.len()), args, e.span)
                })
            } else {
                None
            }
        }
        _ => None,
    };
    rebuilt.unwrap_or_else(|| e.clone().swizzle(letters(components)))
}

/// The arguments of a narrowed `floatN(…)`: one scalar each (picked), one
/// scalar for all (kept), or one vector (narrowed).
fn constructed(
    name: &str,
    args: &[Expr],
    components: &[usize],
    names: &dyn Fn(&str) -> Option<Ty>,
) -> Option<Vec<Expr>> {
    let widths: Vec<u8> = args
        .iter()
        .map(|a| infer(a, names).ok().map(|t| t.width))
        .collect::<Option<_>>()?;
    let (width, _) = constructor(name)?;
    match widths.as_slice() {
        [1] => Some(args.to_vec()),
        [w] if *w == width => Some(alloc::vec![narrow(&args[0], components, names)]),
        ws if ws.len() == usize::from(width) && ws.iter().all(|&w| w == 1) => {
            Some(components.iter().map(|&c| args[c].clone()).collect())
        }
        _ => None,
    }
}

/// The operator that is a vector relational function on one component:
/// `equal(a, b)` of scalars is `a == b`, `not(a)` is `!a`.
fn scalar_form(function: &str) -> Option<fn(Vec<Expr>) -> Option<Expr>> {
    fn infix(op: BinaryOp) -> impl Fn(Vec<Expr>) -> Option<Expr> {
        move |args| {
            let [a, b]: [Expr; 2] = args.try_into().ok()?;
            let span = a.span.to(b.span);
            Some(Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), span))
        }
    }
    Some(match function {
        "equal" => |args| infix(BinaryOp::Eq)(args),
        "notEqual" => |args| infix(BinaryOp::Ne)(args),
        "lessThan" => |args| infix(BinaryOp::Lt)(args),
        "lessThanEqual" => |args| infix(BinaryOp::Le)(args),
        "greaterThan" => |args| infix(BinaryOp::Gt)(args),
        "greaterThanEqual" => |args| infix(BinaryOp::Ge)(args),
        "not" => |args: Vec<Expr>| {
            let [a]: [Expr; 1] = args.try_into().ok()?;
            let span = a.span;
            Some(Expr::new(ExprKind::Unary(UnaryOp::Not, Box::new(a)), span))
        },
        _ => return None,
    })
}

/// `float` with `n` components: `float`, `float2` …
fn resized(base: &str, n: usize) -> String {
    if n == 1 {
        String::from(base)
    } else {
        alloc::format!("{base}{n}")
    }
}
