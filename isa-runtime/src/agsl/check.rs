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
    check_with(statements, known, &|_| None)
}

/// The argument counts `0..=MAX_DECLARED_ARITY`, as static slices for
/// [`CheckErrorKind::Arity`].
const ARITIES: [&[usize]; 9] = [&[0], &[1], &[2], &[3], &[4], &[5], &[6], &[7], &[8]];

/// The most arguments a function declared by a spec (rather than by AGSL)
/// may take.
pub const MAX_DECLARED_ARITY: usize = ARITIES.len() - 1;

/// Like [`check`], and calls may also name functions that the spec declares
/// besides AGSL's: `declared(name)` gives such a function's argument count
/// (at most [`MAX_DECLARED_ARITY`]). Declared names take precedence over
/// built-ins of the same name.
pub fn check_with(
    statements: &[Statement],
    known: &dyn Fn(&str) -> bool,
    declared: &dyn Fn(&str) -> Option<usize>,
) -> Result<(), CheckError> {
    let scope = Scope { known, declared };
    for s in statements {
        name(&s.target, known)?;
        if let Some(sw) = &s.swizzle {
            swizzle(sw)?;
        }
        expr(&s.value, &scope)?;
    }
    Ok(())
}

struct Scope<'a> {
    known: &'a dyn Fn(&str) -> bool,
    declared: &'a dyn Fn(&str) -> Option<usize>,
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

fn expr(e: &Expr, scope: &Scope<'_>) -> Result<(), CheckError> {
    match &e.kind {
        ExprKind::Number(_) | ExprKind::Bool(_) => Ok(()),
        ExprKind::Name(n) => {
            if (scope.known)(n) {
                Ok(())
            } else {
                err(e.span, CheckErrorKind::UnknownName(n.clone()))
            }
        }
        ExprKind::Unary(_, a) => expr(a, scope),
        ExprKind::Binary(_, a, b) => {
            expr(a, scope)?;
            expr(b, scope)
        }
        ExprKind::Select(c, a, b) => {
            expr(c, scope)?;
            expr(a, scope)?;
            expr(b, scope)
        }
        ExprKind::Call(f, args) => {
            for a in args {
                expr(a, scope)?;
            }
            call(f, args.len(), scope)
        }
        ExprKind::Method(receiver, m, args) => {
            expr(receiver, scope)?;
            for a in args {
                expr(a, scope)?;
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
            expr(a, scope)?;
            swizzle(sw)
        }
        ExprKind::Index(a, i) => {
            expr(a, scope)?;
            expr(i, scope)
        }
    }
}

fn call(f: &Ident, args: usize, scope: &Scope<'_>) -> Result<(), CheckError> {
    if let Some(n) = (scope.declared)(&f.name) {
        let want = ARITIES[n.min(MAX_DECLARED_ARITY)];
        if want.contains(&args) {
            return Ok(());
        }
        return err(
            f.span,
            CheckErrorKind::Arity {
                name: f.name.clone(),
                want,
                found: args,
            },
        );
    }
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
