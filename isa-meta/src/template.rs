//! Template strings (`"{dst}, {src1}{idx}"`) → pieces, checked against a
//! layout's fields.
//!
//! `text` templates (`hooks` true) may also hold context hooks (`{@name}`,
//! `{field:@name}`) and optional groups (`{flag?…}` prints `…` when the
//! field is non-zero, `{!flag?…}` when it is zero), and there a bool field
//! may appear more than once as a flag or a group's field: the first
//! occurrence decides it, the later ones follow. Spaces in a `text`
//! template print as written. A `text` template may also name the opcode
//! field once, outside groups, in the default style: `{opcode}` prints the
//! mnemonic there.

use crate::diag::Diagnostics;
use crate::model::{AttrTerm, BindValue, BindingDef, FieldTy, LayoutDef, TPiece, TStyle, Template, Term};
use crate::source::Span;
use crate::suggest::did_you_mean;

/// Parses `text`, whose first character sits at byte `start` of the spec.
/// When the layout lost lines to syntax errors (`LayoutDef::complete`),
/// unknown names are not reported again. `hooks` marks a `text` template, which
/// allows context hooks and optional groups and keeps spaces at its ends
/// (a dialect may print them). `inherited` marks a base format's line read
/// against a derived format's fields: a name the base lacks too was
/// reported there, once.
pub fn parse_template(
    text: &str,
    start: usize,
    layout: &LayoutDef,
    hooks: bool,
    inherited: bool,
    diags: &mut Diagnostics,
) -> Template {
    let errors_before = diags.len();
    let mut p = TemplateParser {
        layout,
        inherited,
        hooks,
        diags,
        named: Vec::new(),
        has_errors: false,
        in_group: false,
        depth: 0,
    };
    let mut pieces = p.pieces(text, start);
    if !hooks {
        // Spaces at the ends of a `syntax` line carry no meaning.
        while matches!(pieces.last(), Some(TPiece::Space)) {
            pieces.pop();
        }
        while matches!(pieces.first(), Some(TPiece::Space)) {
            pieces.remove(0);
        }
    }
    // Any error in the template (an unclosed `{` as much as an unknown
    // name) spares it the checks of what it prints, which would only
    // repeat the error.
    let has_errors = p.has_errors || p.diags.len() > errors_before;
    Template {
        pieces,
        span: Span::new(start.saturating_sub(1), start + text.len() + 1),
        has_errors,
    }
}

/// What a template or a condition that names `opcode` (or its attributes)
/// is told in a format whose opcode field is not called `opcode`: it has
/// none (a base format's `opcode` line deleted) or one of another name (its
/// name misspelt). One message for every such place in every format that
/// shares the base, shown once with their lines. `None` when the name is
/// the opcode field's, or `layout` is no format.
pub(crate) fn opcode_not_a_field(layout: &LayoutDef) -> Option<String> {
    if !layout.is_format {
        return None;
    }
    match layout.opcode_field() {
        None => Some("`opcode` is not a field here: the format has no `opcode` field".to_owned()),
        Some(f) if f.name.text != "opcode" => Some(format!(
            "`opcode` is not a field here: the format's opcode field is `{}`",
            f.name.text
        )),
        Some(_) => None,
    }
}

struct TemplateParser<'a, 'd> {
    /// The layout whose fields the template names.
    layout: &'a LayoutDef,
    /// The template is a base format's line, inherited.
    inherited: bool,
    hooks: bool,
    diags: &'d mut Diagnostics,
    /// Fields printed so far (a bool flag may repeat in a `text` template).
    named: Vec<(usize, Span)>,
    has_errors: bool,
    /// The pieces being read are an optional group's.
    in_group: bool,
    /// How many optional groups enclose the pieces being read.
    depth: usize,
}

/// How deep optional groups may nest in a `text` template. The generated
/// printers and parsers, and the checks here, walk groups recursively;
/// real dialects nest two or three.
pub const MAX_GROUP_DEPTH: usize = 8;

/// Where the `}` that closes the `{` at `text[0]` is, counting nested braces.
fn closing_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `flag?` or `!flag?` at the start of a placeholder: an optional group.
fn group_head(inner: &str) -> Option<(bool, &str, &str)> {
    let (negated, rest) = match inner.strip_prefix('!') {
        Some(r) => (true, r),
        None => (false, inner),
    };
    let q = rest.find('?')?;
    let name = &rest[..q];
    let ident = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    ident.then(|| (negated, name, &rest[q + 1..]))
}

impl TemplateParser<'_, '_> {
    fn pieces(&mut self, text: &str, start: usize) -> Vec<TPiece> {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let flush = |literal: &mut String, pieces: &mut Vec<TPiece>| {
            if !literal.is_empty() {
                pieces.push(TPiece::Text(std::mem::take(literal)));
            }
        };
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                ' ' | '\t' => {
                    let mut run = String::from(c);
                    while let Some(&(_, c)) = chars.peek().filter(|&&(_, c)| c == ' ' || c == '\t') {
                        run.push(c);
                        chars.next();
                    }
                    flush(&mut literal, &mut pieces);
                    // A `text` template prints a longer run as written (Mesa
                    // prints two spaces in places); parsing reads any blanks.
                    if self.hooks && run.len() > 1 {
                        pieces.push(TPiece::Text(run));
                    } else {
                        pieces.push(TPiece::Space);
                    }
                }
                '{' => {
                    flush(&mut literal, &mut pieces);
                    let Some(close) = closing_brace(&text[i..]) else {
                        self.diags.error(
                            Span::new(start + i, start + text.len()),
                            "unclosed `{` in template: expected `}`",
                        );
                        break;
                    };
                    while chars.peek().is_some_and(|&(j, _)| j <= i + close) {
                        chars.next();
                    }
                    let inner = &text[i + 1..i + close];
                    let span = Span::new(start + i, start + i + close + 1);
                    if let Some((negated, name, body)) = group_head(inner) {
                        let body_start = start + i + 1 + (inner.len() - body.len());
                        if let Some(piece) = self.group(negated, name, body, body_start, span) {
                            pieces.push(piece);
                        }
                    } else if let Some(piece) = self.placeholder(inner, span) {
                        pieces.push(piece);
                    }
                }
                '}' => {
                    self.diags
                        .error(Span::new(start + i, start + i + 1), "unmatched `}` in template");
                }
                _ => literal.push(c),
            }
        }
        flush(&mut literal, &mut pieces);
        pieces
    }

    /// `{flag?BODY}` / `{!flag?BODY}`.
    fn group(&mut self, negated: bool, name: &str, body: &str, body_start: usize, span: Span) -> Option<TPiece> {
        if !self.hooks {
            self.diags
                .error(
                    span,
                    "an optional group (`{flag?…}`) can only appear in a `text` template",
                )
                .label("not a `text` line");
            // Reported once: not also as operands the line leaves out.
            self.has_errors = true;
            return None;
        }
        let index = self.field_index(name, span)?;
        let field = &self.layout.fields[index];
        if negated && field.ty != FieldTy::Bool {
            self.diags.error(
                span,
                format!("`{{!{name}?…}}` needs a bool field; `{name}` is not one (`{{{name}?…}}` prints when it is not zero)"),
            );
            return None;
        }
        if !field.ty.is_stored() {
            self.diags.error(
                span,
                format!(
                    "`{name}` is {} field; an optional group needs an operand field",
                    kind_word(field.ty)
                ),
            );
            return None;
        }
        if self.depth == MAX_GROUP_DEPTH {
            self.diags
                .error(
                    span,
                    format!("optional groups nest deeper than {MAX_GROUP_DEPTH} levels here"),
                )
                .label("the group too many");
            self.has_errors = true;
            return None;
        }
        let outer = std::mem::replace(&mut self.in_group, true);
        self.depth += 1;
        let errors_before = self.diags.len();
        let pieces = self.pieces(body, body_start);
        let body_failed = self.diags.len() > errors_before;
        self.depth -= 1;
        self.in_group = outer;
        // Parsing the group must be able to give the field a non-zero value:
        // a bool is set, any other field must be printed inside. (A piece
        // inside that failed, such as a misspelt name, may have been it.)
        let inside = pieces_name(&pieces, index);
        if !negated && field.ty != FieldTy::Bool && !inside && !body_failed {
            self.diags.error(
                span,
                format!("the group `{{{name}?…}}` must print `{name}` inside: `{name}` is not a bool, so its value would be lost"),
            );
        }
        Some(TPiece::Group {
            index,
            when_set: !negated,
            pieces,
            span,
        })
    }

    fn field_index(&mut self, name: &str, span: Span) -> Option<usize> {
        if name.is_empty() {
            self.has_errors = true;
            self.diags
                .error(
                    span,
                    "an empty placeholder: write a field's name between the braces (`{imm}`)",
                )
                .label("no field named");
            return None;
        }
        let found = self.layout.fields.iter().position(|f| f.name.text == name);
        let opcode_name = name == "opcode" || name.starts_with("opcode.");
        let opcode_error = (found.is_none() && opcode_name)
            .then(|| opcode_not_a_field(self.layout))
            .flatten();
        if let Some(message) = opcode_error {
            self.has_errors = true;
            if self.layout.complete {
                self.diags.error(span, message).label("no such field");
            }
        } else if found.is_none() {
            self.has_errors = true;
            if self.layout.complete && !self.layout.reported_by_base(name, self.inherited) {
                let names = self
                    .layout
                    .fields
                    .iter()
                    .filter(|f| f.ty.is_stored())
                    .map(|f| f.name.text.as_str());
                let error = self
                    .diags
                    .error(
                        span,
                        format!(
                            "template names `{name}`, which is not a field of `{}`{}",
                            self.layout.name.text,
                            did_you_mean(name, names)
                        ),
                    )
                    .label("no such field");
                self.layout.mark_slips(error, name);
                if let Some((_, by)) = self.layout.replaced.iter().find(|(base, _)| base == name) {
                    let note = format!("`{}` overlaps the bits of `{name}`, so it replaces it here", by.text);
                    error.note(by.span, note);
                }
            }
        }
        found
    }

    /// `{field}`, `{field:STYLE}`, `{@hook}`.
    fn placeholder(&mut self, inner: &str, span: Span) -> Option<TPiece> {
        // `{src(half = h)}`: a style comes after the bindings' `)`.
        let style_at = match (inner.find('('), inner.find(':')) {
            (Some(open), Some(colon)) if open < colon => inner.rfind(')').and_then(|close| {
                let rest = &inner[close + 1..];
                rest.find(':').map(|c| close + 1 + c)
            }),
            (_, colon) => colon,
        };
        let (name, style_text) = match style_at {
            Some(c) => (inner[..c].trim(), Some(inner[c + 1..].trim())),
            None => (inner.trim(), None),
        };
        let is_hook = |s: &str| s.strip_prefix('@').is_some_and(|h| !h.is_empty());
        let mut style_text = style_text;
        if (is_hook(name) || style_text.is_some_and(is_hook)) && !self.hooks {
            self.diags
                .error(
                    span,
                    "a context hook (`{@name}`, `{field:@name}`) can only appear in a `text` template",
                )
                .label("not a `text` line");
            if is_hook(name) {
                return None;
            }
            // Keep the field (without its hook), so that it does not
            // also count as missing.
            style_text = None;
        }
        if let Some(hook) = name.strip_prefix('@').filter(|h| !h.is_empty() && style_text.is_none()) {
            return Some(TPiece::Hook {
                name: hook.to_string(),
                span,
            });
        }
        if let Some(param) = self.layout.params.iter().position(|p| p.name.text == name) {
            return self.param(name, param, style_text, span);
        }
        if let Some((field, view)) = name.split_once(" as ") {
            return self.view(field.trim(), view.trim(), style_text, span);
        }
        if let Some((field, n)) = name.split_once('+') {
            return self.plus(field.trim(), n.trim(), style_text, span);
        }
        let (name, bindings) = match name.split_once('(') {
            Some((n, b)) => (n.trim(), Some(b)),
            None => (name, None),
        };
        let index = self.field_index(name, span)?;
        if let Some(b) = bindings {
            return self.nested(name, index, b, style_text, span);
        }
        let field = &self.layout.fields[index];
        if field.ty == FieldTy::Opcode {
            return self.mnemonic(name, style_text, index, span);
        }
        let flag = style_text.is_some_and(|s| s.len() >= 2 && s.starts_with('\'') && s.ends_with('\''));
        if let Some(&(_, first)) = self.named.iter().find(|(j, _)| *j == index) {
            // In a `text` template a bool may print as a flag more than once
            // (`{abs:'abs('}…{abs:')'}`).
            let repeat_ok = self.hooks && flag && field.ty == FieldTy::Bool;
            if !repeat_ok {
                self.diags
                    .error(span, format!("template names operand `{name}` twice"))
                    .label("second use")
                    .note(first, "first use here");
                return None;
            }
        }
        self.named.push((index, span));
        if !field.ty.is_stored() {
            self.diags.error(
                span,
                format!(
                    "`{name}` is {} field; templates can only name operand and unknown fields",
                    kind_word(field.ty)
                ),
            );
            return None;
        }
        let style = match style_text {
            None => TStyle::Default,
            Some("x") => TStyle::Hex,
            Some("d") => TStyle::Decimal,
            Some("+") => {
                if !matches!(field.ty, FieldTy::Unsigned | FieldTy::Signed) {
                    self.diags.error(
                        span,
                        format!("`{{{name}:+}}` prints a number with its sign; `{name}` is not a `u` or `s` field"),
                    );
                }
                TStyle::Sign
            }
            Some(s) if s.starts_with('.') => self.decimals(name, s, field.ty, span),
            Some(s) if is_hook(s) => TStyle::Hook(s[1..].to_string()),
            Some(s) if flag => {
                if field.ty != FieldTy::Bool {
                    self.diags.error(
                        span,
                        format!("the flag form `{{{name}:'…'}}` needs a bool field; `{name}` is not one"),
                    );
                }
                TStyle::Flag(s[1..s.len() - 1].to_string())
            }
            Some(other) => {
                self.diags.error(
                    span,
                    format!(
                        "unknown template style `{other}`: expected `x` (hex), `d` (the raw number), `+` (a number with its sign), `'text'` (bool flag), `.N` (a float with N decimals, in a `text` line) or `@hook` (in a `text` line)"
                    ),
                );
                TStyle::Default
            }
        };
        Some(TPiece::Field { index, style, span })
    }

    /// Reports `message` at `span` when the template is not a `text` line's
    /// (the piece needs one); `true` if it reported.
    fn outside_text(&mut self, span: Span, message: String) -> bool {
        if self.hooks {
            return false;
        }
        self.diags.error(span, message).label("not a `text` line");
        // Reported once: not also as operands the line leaves out.
        self.has_errors = true;
        true
    }

    /// Records that the template names field `index`; a second time is an
    /// error (`false`), with the first place.
    fn name_once(&mut self, name: &str, index: usize, span: Span) -> bool {
        if let Some(&(_, first)) = self.named.iter().find(|(j, _)| *j == index) {
            self.diags
                .error(span, format!("template names operand `{name}` twice"))
                .label("second use")
                .note(first, "first use here");
            return false;
        }
        self.named.push((index, span));
        true
    }

    /// `{field as VIEW}` / `{field as VIEW:.N}`: a number field's low bits
    /// read as `f16`, `f32`, `s16` or `s32`, in a `text` line only (the
    /// other bits are not printed).
    fn view(&mut self, name: &str, view: &str, style: Option<&str>, span: Span) -> Option<TPiece> {
        let index = self.field_index(name, span)?;
        let field = &self.layout.fields[index];
        let width = match view {
            "f16" | "s16" => 16,
            "f32" | "s32" => 32,
            _ => {
                self.diags.error(
                    span,
                    format!("`{view}` is no view: write `{{{name} as f16}}`, `as f32`, `as s16` or `as s32`"),
                );
                return None;
            }
        };
        let message = format!(
            "`{{{name} as {view}}}` prints only part of `{name}`: only a `text` line may; a `syntax` line gives every bit back"
        );
        if self.outside_text(span, message) {
            return None;
        }
        if !matches!(field.ty, FieldTy::Unsigned | FieldTy::Signed | FieldTy::Unknown) || field.width < width {
            self.diags.error(
                span,
                format!(
                    "`{{{name} as {view}}}` reads the low {width} bits of a `u`, `s` or `unknown` field of at least {width} bits; `{name}` is not one"
                ),
            );
            return None;
        }
        let decimals = match style {
            None => None,
            Some(s) if s.starts_with('.') && view.starts_with('f') => Some(self.decimal_count(name, s, span)?),
            Some(s) => {
                self.diags.error(
                    span,
                    format!("`{{{name} as {view}}}` takes no style but `.N` (decimals) on a float view, not `:{s}`"),
                );
                return None;
            }
        };
        if !self.name_once(name, index, span) {
            return None;
        }
        Some(TPiece::Field {
            index,
            style: TStyle::View {
                view: view.to_string(),
                decimals,
            },
            span,
        })
    }

    /// `{field + N}`: a `u` field's value plus the number N (1 or more), in
    /// a `text` line only (the text is not the field's own number).
    fn plus(&mut self, name: &str, n: &str, style: Option<&str>, span: Span) -> Option<TPiece> {
        let index = self.field_index(name, span)?;
        let message = format!(
            "`{{{name} + {n}}}` prints a value computed from `{name}`: only a `text` line may; a `syntax` line prints the field itself"
        );
        if self.outside_text(span, message) {
            return None;
        }
        let Some(n) = n.parse::<u64>().ok().filter(|&n| n > 0) else {
            self.diags.error(
                span,
                format!("`{{{name} + …}}` adds a decimal number of 1 or more, such as `{{{name} + 2}}`; found `{n}`"),
            );
            return None;
        };
        let field = &self.layout.fields[index];
        if field.ty != FieldTy::Unsigned || field.width >= 64 {
            self.diags.error(
                span,
                format!("`{{{name} + {n}}}` adds to a `u` field of at most 63 bits; `{name}` is not one"),
            );
            return None;
        }
        let largest = (1u64 << field.width) - 1;
        if n > u64::MAX - largest {
            self.diags.error(
                span,
                format!("`{{{name} + {n}}}` would print numbers past 2^64 - 1 (`{name}` goes up to {largest})"),
            );
            return None;
        }
        if let Some(style) = style {
            self.diags
                .error(span, format!("`{{{name} + {n}}}` takes no style, not `:{style}`"));
            return None;
        }
        if !self.name_once(name, index, span) {
            return None;
        }
        Some(TPiece::Field {
            index,
            style: TStyle::Plus(n),
            span,
        })
    }

    /// `{p:'text'}` on param `index` of the layout: a flag, in a `text`
    /// line only.
    fn param(&mut self, name: &str, index: usize, style: Option<&str>, span: Span) -> Option<TPiece> {
        let message = format!(
            "`{name}` is a param: only a `text` line can print it; a `syntax` line prints the layout's own bits"
        );
        if self.outside_text(span, message) {
            return None;
        }
        match style {
            Some(s) if s.len() >= 2 && s.starts_with('\'') && s.ends_with('\'') => Some(TPiece::Param {
                index,
                text: s[1..s.len() - 1].to_string(),
                span,
            }),
            _ => {
                // Reported: the param is not also reported unused.
                self.has_errors = true;
                self.diags.error(
                    span,
                    format!("`{name}` is a param, a bool: print it as a flag, `{{{name}:'text'}}`"),
                );
                None
            }
        }
    }

    /// `{field(NAME = VALUE, …)}`: a nested layout printed through its own
    /// `text` lines, its params bound to `0`, `1`, `f`, `!f` or `a == b`
    /// (bool fields of this layout). Whether the layout has such lines is
    /// checked once every layout is read.
    fn nested(&mut self, name: &str, index: usize, body: &str, style: Option<&str>, span: Span) -> Option<TPiece> {
        let Some(body) = body.trim_end().strip_suffix(')') else {
            self.diags.error(
                span,
                format!("unclosed `(` after `{name}`: expected `{name}(PARAM = VALUE, …)`"),
            );
            return None;
        };
        if self.outside_text(
            span,
            format!("`{{{name}(…)}}` binds a nested layout's params: only a `text` line can"),
        ) {
            return None;
        }
        if let Some(style) = style {
            self.diags.error(
                span,
                format!("`{{{name}(…)}}` prints through the layout's own lines: it takes no style (`:{style}`)"),
            );
            return None;
        }
        if !matches!(self.layout.fields[index].ty, FieldTy::Layout(_) | FieldTy::Union(_)) {
            // A type reported as wrong may be the layout meant.
            if !self.layout.fields[index].ty_failed {
                self.diags.error(
                    span,
                    format!("`{name}` is not a `layout` or `union` field: only those have params to bind"),
                );
            }
            self.has_errors = true;
            return None;
        }
        if !self.name_once(name, index, span) {
            return None;
        }
        let mut bindings: Vec<BindingDef> = Vec::new();
        for part in body.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((param, value)) = part.split_once('=').filter(|(_, v)| !v.starts_with('=')) else {
                self.has_errors = true;
                self.diags.error(
                    span,
                    format!("`{part}` is no binding: write `PARAM = VALUE` (`0`, `1`, a bool field or param, `!` one, `f.ATTR`, `A == b` or `A != b`)"),
                );
                continue;
            };
            let param = param.trim();
            if let Some(dup) = bindings.iter().find(|b| b.param.text == param) {
                let _ = dup;
                self.diags.error(span, format!("param `{param}` is bound twice"));
                continue;
            }
            let Some(value) = self.bind_value(value.trim(), span) else {
                // Reported: the param is not also reported unbound.
                self.has_errors = true;
                continue;
            };
            bindings.push(BindingDef {
                param: crate::ast::Name {
                    text: param.to_string(),
                    span,
                },
                value,
                span,
            });
        }
        Some(TPiece::Field {
            index,
            style: TStyle::Nested(bindings),
            span,
        })
    }

    /// The value of a binding: `0`, `1`, `f`, `!f`, `q`, `!q` (a param),
    /// `opcode.ATTR`, `!opcode.ATTR` (a flag attribute of the opcode), or
    /// `A == b` / `A != b` (`A` a bool field or `opcode.ATTR`, `b` a bool
    /// field).
    fn bind_value(&mut self, text: &str, span: Span) -> Option<BindValue> {
        match text {
            "0" => return Some(BindValue::Const(false)),
            "1" => return Some(BindValue::Const(true)),
            _ => {}
        }
        let compare = text
            .split_once("==")
            .map(|(a, b)| (a, b, false))
            .or_else(|| text.split_once("!=").map(|(a, b)| (a, b, true)));
        if let Some((a, b, differ)) = compare {
            // `f == v|v` of an enum field whose right side is no field.
            let (a_name, b_name) = (a.trim(), b.trim());
            let enum_field = self
                .layout
                .fields
                .iter()
                .position(|f| f.name.text == a_name && matches!(f.ty, FieldTy::Enum(_)));
            if let (Some(field), false) = (enum_field, self.layout.fields.iter().any(|f| f.name.text == b_name)) {
                let variants = b_name.split('|').map(|v| v.trim().to_string()).collect();
                let term = AttrTerm {
                    attr: String::new(),
                    field,
                    values: Vec::new(),
                    variants,
                };
                return Some(BindValue::OneOf { term, invert: differ });
            }
            let a = match self.opcode_term(a.trim(), span) {
                Some(t) => Term::OneOf(t?),
                None => Term::Field(self.bool_field(a.trim(), span)?),
            };
            let b = self.bool_field(b.trim(), span)?;
            return Some(BindValue::Equal { a, b, differ });
        }
        let (invert, name) = match text.strip_prefix('!') {
            Some(n) => (true, n.trim()),
            None => (false, text),
        };
        if let Some(term) = self.opcode_term(name, span) {
            return Some(BindValue::OneOf { term: term?, invert });
        }
        if let Some(index) = self.layout.params.iter().position(|p| p.name.text == name) {
            return Some(BindValue::Param { index, invert });
        }
        let index = self.bool_field(name, span)?;
        Some(BindValue::Field { index, invert })
    }

    /// `f.ATTR` (the layout's opcode field, or an enum field, by its
    /// name): `None` when `name` is not of that form; the attribute is
    /// resolved once the opcodes are read.
    fn opcode_term(&mut self, name: &str, span: Span) -> Option<Option<AttrTerm>> {
        let (field, attr) = name.split_once('.')?;
        let index = self.layout.fields.iter().position(|f| f.name.text == field)?;
        if !matches!(self.layout.fields[index].ty, FieldTy::Opcode | FieldTy::Enum(_)) {
            // A type reported as wrong may be the enum meant.
            if self.layout.fields[index].ty_failed {
                return Some(None);
            }
            self.diags.error(
                span,
                format!(
                    "`{name}`: only the opcode field and enum fields have attributes to bind (`f.ATTR`), and `{field}` is neither"
                ),
            );
            return Some(None);
        }
        Some(Some(AttrTerm {
            attr: attr.trim().to_string(),
            field: index,
            values: Vec::new(),
            variants: Vec::new(),
        }))
    }

    /// A bool field of the layout, by name, for a binding.
    fn bool_field(&mut self, name: &str, span: Span) -> Option<usize> {
        let index = self.field_index(name, span)?;
        if self.layout.fields[index].ty != FieldTy::Bool {
            if self.layout.fields[index].ty_failed {
                // Its type is reported as wrong: it may be `bool`.
                return None;
            }
            self.diags.error(
                span,
                format!("`{name}` is not a bool field: a param is a bool, bound to `0`, `1`, a bool field or param, `!` one, `f.ATTR`, `A == b` or `A != b`"),
            );
            return None;
        }
        Some(index)
    }

    /// N of a `.N` style (0 to 9), or `None` after reporting `style`.
    fn decimal_count(&mut self, name: &str, style: &str, span: Span) -> Option<u8> {
        let digits = &style[1..];
        let n = digits.parse::<u8>().ok().filter(|n| *n <= 9 && digits.len() == 1);
        if n.is_none() {
            self.diags.error(
                span,
                format!(
                    "`{style}` is no decimal count: write `.N` with N from 0 to 9 (`{{{name}:.6}}` prints as C's `%f`)"
                ),
            );
        }
        n
    }

    /// `{field:.N}`: a float field (`f16`, `f32`) with N decimals (0 to 9),
    /// in a `text` template only (the text may lose bits).
    fn decimals(&mut self, name: &str, style: &str, ty: FieldTy, span: Span) -> TStyle {
        let Some(n) = self.decimal_count(name, style, span) else {
            return TStyle::Default;
        };
        if !matches!(ty, FieldTy::Half | FieldTy::Float) {
            self.diags.error(
                span,
                format!("`{{{name}:{style}}}` needs a float field (`f16` or `f32`); `{name}` is not one"),
            );
        } else if !self.hooks {
            self.diags
                .error(
                    span,
                    format!(
                        "`{{{name}:{style}}}` rounds the value, so only a `text` line may print it; a `syntax` line must give every bit back"
                    ),
                )
                .label("not a `text` line");
        }
        TStyle::Decimals(n)
    }

    /// `{opcode}`, the opcode field `name` (at `index`): the mnemonic, in a
    /// `text` template only, in the default style, outside groups, once.
    fn mnemonic(&mut self, name: &str, style: Option<&str>, index: usize, span: Span) -> Option<TPiece> {
        if !self.hooks {
            self.diags
                .error(
                    span,
                    format!(
                        "`{name}` is the opcode field: only a `text` line can name it (`{{{name}}}` prints the mnemonic there); a `syntax` line or an opcode's template is printed after the mnemonic"
                    ),
                )
                .label("not a `text` line");
            return None;
        }
        if let Some(style) = style {
            self.diags.error(
                span,
                format!("the opcode field prints only as its mnemonic: write `{{{name}}}`, not `{{{name}:{style}}}`"),
            );
            return None;
        }
        if self.in_group {
            self.diags
                .error(
                    span,
                    format!("the mnemonic `{{{name}}}` cannot be inside an optional group (`{{flag?…}}`): put it before or after the group"),
                )
                .label("inside a group");
            return None;
        }
        if let Some(&(_, first)) = self.named.iter().find(|(j, _)| *j == index) {
            self.diags
                .error(
                    span,
                    format!("template prints the mnemonic `{{{name}}}` twice: a `text` line prints it at most once"),
                )
                .label("second use")
                .note(first, "first use here");
            return None;
        }
        self.named.push((index, span));
        Some(TPiece::Field {
            index,
            style: TStyle::Mnemonic,
            span,
        })
    }
}

/// Whether `pieces` (groups included) print field `index`.
pub fn pieces_name(pieces: &[TPiece], index: usize) -> bool {
    pieces.iter().any(|p| match p {
        TPiece::Field { index: i, .. } => *i == index,
        TPiece::Group { pieces, .. } => pieces_name(pieces, index),
        _ => false,
    })
}

/// The kind of a field that is not an operand, with its article.
fn kind_word(ty: FieldTy) -> &'static str {
    match ty {
        FieldTy::Opcode => "an opcode",
        FieldTy::Fixed(_) => "a fixed",
        FieldTy::Reserved => "a reserved",
        _ => "a non-operand",
    }
}
