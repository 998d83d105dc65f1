//! The `sem "…"` of an opcode or of an enum value: what it computes, as AGSL
//! (Android's shading language). Checked at compile time with the parser and checks of
//! [`isa_runtime::agsl`] (the same code that tools use to read the semantics
//! at run time): it must parse as one or more `target = expression`
//! statements (separated by `;`), name only the names in scope (an opcode's
//! operands, or an enum's declared `operands` and its result `dst`, plus
//! the ISA's declared `state`), call only AGSL built-ins, the ISA's declared
//! `func`s and operation-typed operands with an arity they have, and use
//! valid swizzles. Each string reports its first problem.

use isa_runtime::agsl::{self, CheckErrorKind};

use crate::ast::Name;
use crate::diag::Diagnostics;
use crate::model::LayoutDef;
use crate::source::Span;

/// What names an expression may use.
pub struct Scope<'a> {
    /// Whose operands these are, for messages: "this instruction" or
    /// "enum `AccOp`".
    pub owner: &'a str,
    /// The opcode's operand fields, or the enum's declared operands.
    pub operands: &'a [String],
    /// The opcode's format, whose fields an unknown name may be a slip
    /// for ([`crate::misspelt`]); `None` for an enum's.
    pub format: Option<&'a LayoutDef>,
    /// The ISA's declared machine state (`state` in the `isa` item), which
    /// an unknown name may be a slip for ([`crate::misspelt`]).
    pub state: &'a [Name],
    /// Functions callable besides AGSL's, with their argument counts: the
    /// ISA's `func`s and, for an opcode, its operands whose enum declares
    /// operands.
    pub funcs: &'a [(String, usize)],
    /// The ISA's `func` names where they are declared, which an unknown
    /// function may be a slip for ([`crate::misspelt`]).
    pub declared_funcs: &'a [Name],
    /// Whether the operands, state and functions are all there: a format
    /// that lost a field line to an error may lack the one named, an `isa`
    /// item that lost a line the state or function, so an unknown name is
    /// then no second error.
    pub complete: bool,
}

/// Checks one semantics string; `start` is the byte offset of the string's
/// first character in the spec, `what` names it in messages (`` `add` ``,
/// `` `AccOp::add` ``).
pub fn check(text: &str, start: usize, what: &str, scope: &Scope<'_>, diags: &mut Diagnostics) {
    let at = |s: agsl::Span| Span::new(start + s.start, start + s.end);
    let statements = match agsl::parse(text) {
        Ok(s) => s,
        Err(e) => {
            diags.error(at(e.span), format!("semantics of {what}: {}", e.message));
            return;
        }
    };
    let names: Vec<&str> = scope
        .operands
        .iter()
        .map(String::as_str)
        .chain(scope.state.iter().map(|s| s.text.as_str()))
        .collect();
    let declared = |n: &str| scope.funcs.iter().find(|(f, _)| f == n).map(|&(_, a)| a);
    let Err(e) = agsl::check_with(&statements, &|n| names.contains(&n), &declared) else {
        return;
    };
    let unknown = matches!(
        e.kind,
        CheckErrorKind::UnknownName(_) | CheckErrorKind::UnknownFunction(_)
    );
    if unknown && !scope.complete {
        return;
    }
    if let CheckErrorKind::UnknownName(name) = &e.kind {
        // Not named after the opcode: a name that many `sem` strings use
        // (an operand deleted from a format) is then one error, at the
        // first, with the lines of the others.
        let near = crate::suggest::nearest(name, names.iter().copied());
        let hint = crate::suggest::hint(near);
        let state = if scope.state.is_empty() {
            String::new()
        } else {
            format!("; state: {}", quoted(scope.state.iter().map(|s| s.text.as_str())))
        };
        let message = format!(
            "`{name}` is not an operand of {} (operands: {}{state}){hint}",
            scope.owner,
            quoted(scope.operands.iter().map(String::as_str))
        );
        let error = diags
            .error(at(e.span), message)
            .label(format!("in the semantics of {what}"));
        // A slip for the declared name nearest to it: a state's, when that
        // is what the hint names, else a field's.
        let near_state = near.and_then(|near| scope.state.iter().find(|s| s.text == near));
        if let Some(state) = near_state {
            error.slip("state", state.span, name);
        } else if let Some((field, written)) = scope.format.and_then(|f| f.nearest_field(name)) {
            error.slip("field", field, written);
        }
        return;
    }
    let mut declared_near = None;
    let message = match &e.kind {
        CheckErrorKind::UnknownFunction(name) => {
            let known = agsl::BUILTINS
                .iter()
                .map(|b| b.name)
                .chain(agsl::CONSTRUCTORS.iter().copied())
                .chain(scope.funcs.iter().map(|(f, _)| f.as_str()));
            let near = crate::suggest::nearest(name, known);
            declared_near = near
                .and_then(|n| scope.declared_funcs.iter().find(|f| f.text == n))
                .map(|f| ("function", f.span, name.as_str()));
            // An operand called as a function (its enum declares operands):
            // the field may be declared under a misspelt name.
            if declared_near.is_none() {
                declared_near = near
                    .and_then(|n| scope.format?.fields.iter().find(|f| f.name.text == n))
                    .map(|f| ("field", f.name.span, name.as_str()));
            }
            let hint = crate::suggest::hint(near);
            format!("{}{hint}", e.kind)
        }
        other => other.to_string(),
    };
    let error = diags.error(at(e.span), format!("semantics of {what}: {message}"));
    if let Some((kind, declared, written)) = declared_near {
        error.slip(kind, declared, written);
    }
}

/// `` `a`, `b`, `c` ``.
fn quoted<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")
}
