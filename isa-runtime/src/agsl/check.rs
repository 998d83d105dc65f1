//! The checks a parsed semantics string must pass: every name in scope,
//! every function an AGSL built-in or constructor with an arity it has,
//! every method a shader's `eval`, every swizzle valid.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::ast::{swizzle_components, Expr, ExprKind, Ident, Span, Statement};
use super::builtins::{builtin, CONSTRUCTORS, EVAL};

/// The first problem found, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The offending name, function or swizzle.
    pub span: Span,
    /// What is wrong.
    pub kind: CheckErrorKind,
}

/// What can be wrong with a parsed semantics string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckErrorKind {
    /// A name that is neither an operand nor a state name.
    UnknownName(String),
    /// A swizzle that is not 1 to 4 of `xyzw` or of `rgba`.
    BadSwizzle(String),
    /// A call of something that is not a built-in or a constructor.
    UnknownFunction(String),
    /// A built-in called with an argument count it does not take.
    Arity {
        /// The function.
        name: String,
        /// The counts it takes.
        want: &'static [usize],
        /// The count given.
        found: usize,
    },
    /// A constructor with no arguments.
    EmptyConstructor(String),
    /// A method other than `eval`.
    UnknownMethod(String),
}

impl fmt::Display for CheckErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckErrorKind::UnknownName(name) => write!(f, "`{name}` is not an operand of this instruction"),
            CheckErrorKind::BadSwizzle(s) => write!(f, "`.{s}` is not a swizzle: 1 to 4 of xyzw (or of rgba)"),
            CheckErrorKind::UnknownFunction(name) => write!(f, "`{name}` is not an AGSL built-in function or type"),
            CheckErrorKind::Arity { name, want, found } => {
                let want: Vec<String> = want.iter().map(|n| format!("{n}")).collect();
                write!(f, "`{name}` takes {} argument(s), found {found}", want.join(" or "))
            }
            CheckErrorKind::EmptyConstructor(name) => write!(f, "constructor `{name}` needs at least one argument"),
            CheckErrorKind::UnknownMethod(name) => {
                write!(
                    f,
                    "`.{name}(…)` is not an AGSL method: the only one is a shader's `.{EVAL}(coord)`"
                )
            }
        }
    }
}

/// Checks statements; `known` says which names (operands, state) are in
/// scope. Stops at the first problem in source order.
pub fn check(statements: &[Statement], known: &dyn Fn(&str) -> bool) -> Result<(), CheckError> {
    for s in statements {
        name(&s.target, known)?;
        if let Some(sw) = &s.swizzle {
            swizzle(sw)?;
        }
        expr(&s.value, known)?;
    }
    Ok(())
}

fn err<T>(span: Span, kind: CheckErrorKind) -> Result<T, CheckError> {
    Err(CheckError { span, kind })
}

fn name(id: &Ident, known: &dyn Fn(&str) -> bool) -> Result<(), CheckError> {
    if known(&id.name) {
        Ok(())
    } else {
        err(id.span, CheckErrorKind::UnknownName(id.name.clone()))
    }
}

fn swizzle(id: &Ident) -> Result<(), CheckError> {
    match swizzle_components(&id.name) {
        Some(_) => Ok(()),
        None => err(id.span, CheckErrorKind::BadSwizzle(id.name.clone())),
    }
}

fn expr(e: &Expr, known: &dyn Fn(&str) -> bool) -> Result<(), CheckError> {
    match &e.kind {
        ExprKind::Number(_) | ExprKind::Bool(_) => Ok(()),
        ExprKind::Name(n) => {
            if known(n) {
                Ok(())
            } else {
                err(e.span, CheckErrorKind::UnknownName(n.clone()))
            }
        }
        ExprKind::Unary(_, a) => expr(a, known),
        ExprKind::Binary(_, a, b) => {
            expr(a, known)?;
            expr(b, known)
        }
        ExprKind::Select(c, a, b) => {
            expr(c, known)?;
            expr(a, known)?;
            expr(b, known)
        }
        ExprKind::Call(f, args) => {
            for a in args {
                expr(a, known)?;
            }
            call(f, args.len())
        }
        ExprKind::Method(receiver, m, args) => {
            expr(receiver, known)?;
            for a in args {
                expr(a, known)?;
            }
            if m.name != EVAL {
                return err(m.span, CheckErrorKind::UnknownMethod(m.name.clone()));
            }
            if args.len() != 1 {
                let kind = CheckErrorKind::Arity {
                    name: m.name.clone(),
                    want: &[1],
                    found: args.len(),
                };
                return err(m.span, kind);
            }
            Ok(())
        }
        ExprKind::Swizzle(a, sw) => {
            expr(a, known)?;
            swizzle(sw)
        }
        ExprKind::Index(a, i) => {
            expr(a, known)?;
            expr(i, known)
        }
    }
}

fn call(f: &Ident, args: usize) -> Result<(), CheckError> {
    if CONSTRUCTORS.contains(&f.name.as_str()) {
        if args == 0 {
            return err(f.span, CheckErrorKind::EmptyConstructor(f.name.clone()));
        }
        return Ok(());
    }
    match builtin(&f.name) {
        Some(b) if b.arities.contains(&args) => Ok(()),
        Some(b) => err(
            f.span,
            CheckErrorKind::Arity {
                name: f.name.clone(),
                want: b.arities,
                found: args,
            },
        ),
        None => err(f.span, CheckErrorKind::UnknownFunction(f.name.clone())),
    }
}
