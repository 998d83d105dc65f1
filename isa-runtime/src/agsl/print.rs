//! AGSL text from a syntax tree, with only the parentheses that precedence
//! needs (and never `--`, which AGSL reads as a decrement).

use core::fmt::{self, Display, Formatter, Write};

use super::ast::{Expr, ExprKind, Statement};

/// Precedence of a node: 1 for `?:`, 2–7 for infix operators, 8 for
/// prefix operators, 9 for postfix forms and atoms.
fn precedence(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Select(..) => 1,
        ExprKind::Binary(op, ..) => op.precedence(),
        ExprKind::Unary(..) => 8,
        _ => 9,
    }
}

fn write_at(f: &mut Formatter<'_>, e: &Expr, min: u8) -> fmt::Result {
    if precedence(e) < min {
        f.write_char('(')?;
        write_expr(f, e)?;
        f.write_char(')')
    } else {
        write_expr(f, e)
    }
}

/// A receiver of `.swizzle`, `.method()` or `[i]`: an atom or postfix form
/// that is not a number (`1.0.x` would not lex).
fn write_receiver(f: &mut Formatter<'_>, e: &Expr) -> fmt::Result {
    if matches!(e.kind, ExprKind::Number(_)) {
        write!(f, "({})", DisplayExpr(e))
    } else {
        write_at(f, e, 9)
    }
}

fn write_args(f: &mut Formatter<'_>, args: &[Expr]) -> fmt::Result {
    f.write_char('(')?;
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_at(f, a, 1)?;
    }
    f.write_char(')')
}

fn write_expr(f: &mut Formatter<'_>, e: &Expr) -> fmt::Result {
    match &e.kind {
        ExprKind::Number(text) => f.write_str(text),
        ExprKind::Bool(b) => write!(f, "{b}"),
        ExprKind::Name(n) => f.write_str(n),
        ExprKind::Unary(op, a) => {
            f.write_str(op.symbol())?;
            write_at(f, a, 9)
        }
        ExprKind::Binary(op, a, b) => {
            let p = op.precedence();
            write_at(f, a, p)?;
            write!(f, " {} ", op.symbol())?;
            write_at(f, b, p + 1)
        }
        ExprKind::Select(c, a, b) => {
            write_at(f, c, 2)?;
            f.write_str(" ? ")?;
            write_at(f, a, 2)?;
            f.write_str(" : ")?;
            write_at(f, b, 2)
        }
        ExprKind::Call(name, args) => {
            f.write_str(&name.name)?;
            write_args(f, args)
        }
        ExprKind::Method(r, name, args) => {
            write_receiver(f, r)?;
            write!(f, ".{}", name.name)?;
            write_args(f, args)
        }
        ExprKind::Swizzle(r, sw) => {
            write_receiver(f, r)?;
            write!(f, ".{}", sw.name)
        }
        ExprKind::Index(r, i) => {
            write_receiver(f, r)?;
            f.write_char('[')?;
            write_at(f, i, 1)?;
            f.write_char(']')
        }
    }
}

struct DisplayExpr<'a>(&'a Expr);

impl Display for DisplayExpr<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_expr(f, self.0)
    }
}

impl Display for Expr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write_expr(f, self)
    }
}

impl Display for Statement {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(&self.target.name)?;
        if let Some(sw) = &self.swizzle {
            write!(f, ".{}", sw.name)?;
        }
        write!(f, " = {}", self.value)
    }
}
