//! AGSL (Android's shading language) as the spec's semantics language: the
//! parser, syntax tree, checks, printer and static types shared by the macro
//! (which checks every `sem "…"` at compile time) and by tools that read
//! `LAYOUT.opcodes[i].semantics` at run time (lifters, interpreters).
//!
//! The language is the expression part of AGSL: statements
//! `target[.swizzle] = expression` separated by `;`, with numbers, names,
//! `true`/`false`, prefix `- + !`, infix `* / % + - < > <= >= == != && ||`,
//! `?:`, calls of built-ins and type constructors, swizzles, indexing and a
//! shader's `.eval(coord)`.

mod ast;
mod builtins;
mod check;
mod narrow;
mod parse;
mod print;
mod types;

pub use ast::{letters, swizzle_components, BinaryOp, Expr, ExprKind, Ident, Span, Statement, UnaryOp};
pub use builtins::{builtin, constructor, Builtin, Shape, BUILTINS, CONSTRUCTORS, EVAL};
pub use check::{check, check_with, CheckError, CheckErrorKind, MAX_DECLARED_ARITY};
pub use narrow::narrow;
pub use parse::{parse, parse_expr, SyntaxError, MAX_DEPTH};
pub use types::{infer, Ty};

#[cfg(test)]
mod tests;
