//! Template strings (`"{dst}, {src1}{idx}"`) → pieces, checked against a
//! layout's fields.

use crate::diag::Diagnostics;
use crate::model::{FieldDef, FieldTy, TPiece, TStyle, Template};
use crate::source::Span;
use crate::suggest::did_you_mean;

/// Parses `text`, whose first character sits at byte `start` of the spec.
/// `complete` is false when the layout lost lines to syntax errors; unknown
/// names are then not reported again. `hooks` allows the context hooks
/// `{@hook}` and `{field:@hook}` (only `text` templates have a context).
pub fn parse_template(
    text: &str,
    start: usize,
    fields: &[FieldDef],
    owner: &str,
    complete: bool,
    hooks: bool,
    diags: &mut Diagnostics,
) -> Template {
    let mut has_errors = false;
    let mut pieces = Vec::new();
    let mut literal = String::new();
    let mut named: Vec<(usize, Span)> = Vec::new();
    let mut chars = text.char_indices().peekable();
    let flush = |literal: &mut String, pieces: &mut Vec<TPiece>| {
        if !literal.is_empty() {
            pieces.push(TPiece::Text(std::mem::take(literal)));
        }
    };
    while let Some((i, c)) = chars.next() {
        match c {
            ' ' | '\t' => {
                while chars.peek().is_some_and(|&(_, c)| c == ' ' || c == '\t') {
                    chars.next();
                }
                flush(&mut literal, &mut pieces);
                pieces.push(TPiece::Space);
            }
            '{' => {
                flush(&mut literal, &mut pieces);
                let Some(close) = text[i..].find('}') else {
                    diags.error(
                        Span::new(start + i, start + text.len()),
                        "unclosed `{` in template: expected `}`",
                    );
                    break;
                };
                let inner = &text[i + 1..i + close];
                let span = Span::new(start + i, start + i + close + 1);
                while chars.peek().is_some_and(|&(j, _)| j <= i + close) {
                    chars.next();
                }
                let (name, style_text) = match inner.split_once(':') {
                    Some((n, s)) => (n.trim(), Some(s.trim())),
                    None => (inner.trim(), None),
                };
                let is_hook = |s: &str| s.strip_prefix('@').is_some_and(|h| !h.is_empty());
                let mut style_text = style_text;
                if (is_hook(name) || style_text.is_some_and(is_hook)) && !hooks {
                    diags
                        .error(
                            span,
                            "a context hook (`{@name}`, `{field:@name}`) can only appear in a `text` template",
                        )
                        .label("not a `text` line");
                    if is_hook(name) {
                        continue;
                    }
                    // Keep the field (without its hook), so that it does not
                    // also count as missing.
                    style_text = None;
                }
                if let Some(hook) = name.strip_prefix('@').filter(|h| !h.is_empty() && style_text.is_none()) {
                    pieces.push(TPiece::Hook {
                        name: hook.to_string(),
                        span,
                    });
                    continue;
                }
                let Some(index) = fields.iter().position(|f| f.name.text == name) else {
                    has_errors = true;
                    if !complete {
                        continue;
                    }
                    let names = fields.iter().filter(|f| f.ty.is_stored()).map(|f| f.name.text.as_str());
                    let d = diags.error(
                        span,
                        format!(
                            "template names `{name}`, which is not a field of `{owner}`{}",
                            did_you_mean(name, names)
                        ),
                    );
                    d.label("no such field");
                    continue;
                };
                let field = &fields[index];
                if let Some(&(_, first)) = named.iter().find(|(j, _)| *j == index) {
                    diags
                        .error(span, format!("template names operand `{name}` twice"))
                        .label("second use")
                        .note(first, "first use here");
                    continue;
                }
                named.push((index, span));
                if !field.ty.is_stored() {
                    diags.error(
                        span,
                        format!(
                            "`{name}` is a {} field; templates can only name operand and unknown fields",
                            kind_word(field.ty)
                        ),
                    );
                    continue;
                }
                let style = match style_text {
                    None => TStyle::Default,
                    Some("x") => TStyle::Hex,
                    Some(s) if is_hook(s) => TStyle::Hook(s[1..].to_string()),
                    Some(s) if s.len() >= 2 && s.starts_with('\'') && s.ends_with('\'') => {
                        if field.ty != FieldTy::Bool {
                            diags.error(
                                span,
                                format!("the flag form `{{{name}:'…'}}` needs a bool field; `{name}` is not one"),
                            );
                        }
                        TStyle::Flag(s[1..s.len() - 1].to_string())
                    }
                    Some(other) => {
                        diags.error(
                            span,
                            format!(
                                "unknown template style `{other}`: expected `x` (hex), `'text'` (bool flag) or `@hook` (in a `text` line)"
                            ),
                        );
                        TStyle::Default
                    }
                };
                pieces.push(TPiece::Field { index, style, span });
            }
            '}' => {
                diags.error(Span::new(start + i, start + i + 1), "unmatched `}` in template");
            }
            _ => literal.push(c),
        }
    }
    flush(&mut literal, &mut pieces);
    // Spaces at the ends carry no meaning.
    while matches!(pieces.last(), Some(TPiece::Space)) {
        pieces.pop();
    }
    while matches!(pieces.first(), Some(TPiece::Space)) {
        pieces.remove(0);
    }
    Template {
        pieces,
        span: Span::new(start.saturating_sub(1), start + text.len() + 1),
        has_errors,
    }
}

fn kind_word(ty: FieldTy) -> &'static str {
    match ty {
        FieldTy::Opcode => "opcode",
        FieldTy::Fixed(_) => "fixed",
        FieldTy::Reserved => "reserved",
        _ => "non-operand",
    }
}
