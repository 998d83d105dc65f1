//! Text dialects: `dialect NAME` lines of the `isa` item, and the
//! `text DIALECT.GROUP …` lines that make each dialect up. A dialect is a
//! text syntax beside the field-explicit `syntax` lines (Mesa's, for the
//! Lima ISAs); the runtime and the tools pick one by name.

use crate::ast::{DialectAst, TextAst};
use crate::diag::Diagnostics;
use crate::model::{DialectDef, LayoutDef};
use crate::suggest::{hint, nearest};

/// The name of the always-present field-explicit syntax, which a dialect
/// cannot take.
const FIELD_EXPLICIT: &str = "syntax";

/// Resolves the declarations; a second declaration of a name is reported
/// and left out.
pub fn resolve_decls(decls: Vec<DialectAst>, diags: &mut Diagnostics) -> Vec<DialectDef> {
    let mut out: Vec<DialectDef> = Vec::new();
    for d in decls {
        if d.name.text == FIELD_EXPLICIT {
            diags.error(
                d.name.span,
                "a dialect cannot be called `syntax`: that is the field-explicit text of `syntax` lines",
            );
            continue;
        }
        if let Some(first) = out.iter().find(|o| o.name.text == d.name.text) {
            diags
                .error(d.name.span, format!("dialect `{}` is declared twice", d.name.text))
                .label("second declaration")
                .note(first.name.span, "first declared here");
            continue;
        }
        out.push(DialectDef {
            name: d.name,
            doc: d.doc,
        });
    }
    out
}

/// The dialect a `text` line belongs to (an index into `dialects`), or an
/// error when it names none or an undeclared one.
pub fn resolve_ref(text: &TextAst, dialects: &[DialectDef], diags: &mut Diagnostics) -> Option<usize> {
    let Some(dialect) = &text.dialect else {
        let example = dialects.first().map_or("mesa", |d| d.name.text.as_str());
        let declare = if dialects.is_empty() {
            format!(" and declare it in the `isa` item (`dialect {example}`)")
        } else {
            String::new()
        };
        diags
            .error(
                text.name.span,
                format!(
                    "a `text` line names its dialect and group: write `text {example}.{}`{declare}",
                    text.name.text
                ),
            )
            .label("no dialect");
        return None;
    };
    if let Some(i) = dialects.iter().position(|d| d.name.text == dialect.text) {
        return Some(i);
    }
    let near = nearest(&dialect.text, dialects.iter().map(|d| d.name.text.as_str()));
    let message = match hint(near) {
        suggestion if suggestion.is_empty() => format!(
            "unknown dialect `{}`: declare it in the `isa` item (`dialect {}`)",
            dialect.text, dialect.text
        ),
        suggestion => format!("unknown dialect `{}`{suggestion}", dialect.text),
    };
    let error = diags.error(dialect.span, message).label("not declared");
    crate::misspelt::mark(error, "dialect", &dialect.text, near, dialects.iter().map(|d| &d.name));
    None
}

/// Reports every declared dialect that no `text` line uses: it would be an
/// empty syntax. Marked as a slip target, so that a dialect declared under
/// a misspelt name is one error ([`crate::misspelt`]).
pub fn check_used(dialects: &[DialectDef], layouts: &[LayoutDef], diags: &mut Diagnostics) {
    for (i, d) in dialects.iter().enumerate() {
        let used = layouts.iter().flat_map(|l| &l.texts).any(|t| t.dialect == i);
        if !used {
            diags
                .error(
                d.name.span,
                format!(
                    "dialect `{}` has no `text` lines: write some (`text {}.GROUP \"…\"` in a format or layout) or remove it",
                    d.name.text, d.name.text
                ),
            )
                .slip("dialect", d.name.span, "");
        }
    }
}
