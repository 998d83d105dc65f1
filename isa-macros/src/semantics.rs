//! The `sem "…"` of an opcode: what it computes, as AGSL (seed 003). Checked
//! at compile time with the parser and checks of [`isa_runtime::agsl`] (the
//! same code that tools use to read the semantics at run time): it must parse
//! as one or more `target = expression` statements (separated by `;`), name
//! only the instruction's operands, the ISA's declared `state` names and
//! AGSL built-ins, call functions with an arity they have, and use valid
//! swizzles. Each string reports its first problem.

use isa_runtime::agsl::{self, CheckErrorKind};

use crate::diag::Diagnostics;
use crate::source::Span;
use crate::suggest::did_you_mean;

/// What names an expression may use.
pub struct Scope<'a> {
    /// The opcode's operand fields.
    pub operands: &'a [String],
    /// The ISA's declared machine state (`state` in the `isa` item).
    pub state: &'a [String],
}

/// Checks one opcode's semantics; `start` is the byte offset of the string's
/// first character in the spec.
pub fn check(text: &str, start: usize, mnemonic: &str, scope: &Scope<'_>, diags: &mut Diagnostics) {
    let at = |s: agsl::Span| Span::new(start + s.start, start + s.end);
    let statements = match agsl::parse(text) {
        Ok(s) => s,
        Err(e) => {
            diags.error(at(e.span), format!("semantics of `{mnemonic}`: {}", e.message));
            return;
        }
    };
    let names: Vec<&str> = scope.operands.iter().chain(scope.state).map(String::as_str).collect();
    let Err(e) = agsl::check(&statements, &|n| names.contains(&n)) else {
        return;
    };
    let message = match &e.kind {
        CheckErrorKind::UnknownName(name) => {
            let hint = did_you_mean(name, names.iter().copied());
            let list: Vec<String> = names.iter().map(|c| format!("`{c}`")).collect();
            format!(
                "`{name}` is not an operand of this instruction (operands: {}){hint}",
                list.join(", ")
            )
        }
        CheckErrorKind::UnknownFunction(name) => {
            let known = agsl::BUILTINS
                .iter()
                .map(|b| b.name)
                .chain(agsl::CONSTRUCTORS.iter().copied());
            format!("{}{}", e.kind, did_you_mean(name, known))
        }
        other => other.to_string(),
    };
    diags.error(at(e.span), format!("semantics of `{mnemonic}`: {message}"));
}
