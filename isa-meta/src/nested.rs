//! Layouts printed inside another layout's `text` line: a `layout` or
//! `union` field whose layouts have lines of the line's dialect prints
//! through them (`{src1}`, or `{src1(r = src1_r, half = !full)}` when they
//! take params), rather than through their field-explicit `syntax`.
//!
//! Once every layout and union is resolved, each such piece becomes
//! `TStyle::Nested` and is checked: every layout of a union has lines of
//! the dialect or none does, those lines are one group and use no hooks
//! (a hook reads the outer word's fields), every param of every layout is
//! bound and every binding names a param. A layout's params must be used
//! by its lines, and a format (never printed inside a line) has none.

use std::collections::{HashMap, HashSet};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{
    low_mask128, AttrDef, AttrKind, AttrTerm, BindValue, BindingDef, EnumDef, FieldTy, LayoutDef, OpDef, TPiece,
    TStyle, Term, UnionDef,
};
use crate::source::Span;
use crate::suggest::{did_you_mean, hint, nearest};

/// The `text` line a nested piece is in: its dialect, and whether an
/// error in its template is reported already.
#[derive(Clone, Copy)]
struct Line {
    dialect: usize,
    reported: bool,
}

/// Turns the nested pieces of every `text` line into `TStyle::Nested`
/// and checks them and the layouts' params. The errors of the `watched`
/// lines (layout, line) are returned, not recorded: each may be a base
/// line taken under a misspelt group ([`crate::misspelt::group_slip`]).
pub fn resolve(
    layouts: &mut [LayoutDef],
    unions: &[UnionDef],
    watched: &[(usize, usize)],
    diags: &mut Diagnostics,
) -> HashMap<(usize, usize), Vec<Diagnostic>> {
    let mut taken = HashMap::new();
    for l in layouts.iter() {
        check_params(l, diags);
    }
    let mut changes = Vec::new();
    // The bindings reported as naming no param: a base format's line is
    // checked again in each format derived from it, whose field may be of
    // another layout, and the binding is one mistake.
    let mut bound_wrong = HashSet::new();
    for (li, l) in layouts.iter().enumerate() {
        for (ti, t) in l.texts.iter().enumerate() {
            let mut path = Vec::new();
            let reported = t.template.has_errors;
            let errors_before = diags.len();
            visit(
                layouts,
                unions,
                l,
                Line {
                    dialect: t.dialect,
                    reported,
                },
                &t.template.pieces,
                &mut path,
                &mut |path, style| {
                    changes.push((li, ti, path.to_vec(), style));
                },
                &mut bound_wrong,
                diags,
            );
            if watched.contains(&(li, ti)) && diags.len() > errors_before {
                taken.insert((li, ti), diags.take_after(errors_before));
            }
        }
    }
    for (li, ti, path, style) in changes {
        if let Some(TPiece::Field { style: s, .. }) = piece_at(&mut layouts[li].texts[ti].template.pieces, &path) {
            *s = style;
        }
    }
    taken
}

/// The piece at `path` (indices into nested groups' pieces).
fn piece_at<'p>(pieces: &'p mut [TPiece], path: &[usize]) -> Option<&'p mut TPiece> {
    let (&first, rest) = path.split_first()?;
    let piece = pieces.get_mut(first)?;
    if rest.is_empty() {
        return Some(piece);
    }
    match piece {
        TPiece::Group { pieces, .. } => piece_at(pieces, rest),
        _ => None,
    }
}

/// Walks `pieces`, calling `change` with the path and new style of each
/// layout field that prints nested.
#[allow(clippy::too_many_arguments)]
fn visit(
    layouts: &[LayoutDef],
    unions: &[UnionDef],
    owner: &LayoutDef,
    line: Line,
    pieces: &[TPiece],
    path: &mut Vec<usize>,
    change: &mut dyn FnMut(&[usize], TStyle),
    bound_wrong: &mut HashSet<Span>,
    diags: &mut Diagnostics,
) {
    for (i, piece) in pieces.iter().enumerate() {
        path.push(i);
        match piece {
            TPiece::Group { pieces, .. } => {
                visit(layouts, unions, owner, line, pieces, path, change, bound_wrong, diags)
            }
            TPiece::Field { index, style, span } => {
                let field = &owner.fields[*index];
                let members: Vec<usize> = match field.ty {
                    FieldTy::Layout(x) => vec![x],
                    FieldTy::Union(u) => unions[u].variants.iter().map(|v| v.0).collect(),
                    _ => Vec::new(),
                };
                if !members.is_empty() {
                    let style = nested_style(
                        layouts,
                        &field.name.text,
                        &members,
                        line,
                        style,
                        *span,
                        bound_wrong,
                        diags,
                    );
                    if let Some(style) = style {
                        change(path, style);
                    }
                }
            }
            _ => {}
        }
        path.pop();
    }
}

/// The style of a piece printing layout field `name` (of layouts
/// `members`) in a line of `dialect`: `Nested` when the layouts have lines
/// of the dialect (checked), `None` to keep `style`. A binding that names
/// no param is reported once, though the line is checked in many formats
/// (`bound_wrong`).
#[allow(clippy::too_many_arguments)]
fn nested_style(
    layouts: &[LayoutDef],
    name: &str,
    members: &[usize],
    line: Line,
    style: &TStyle,
    span: Span,
    bound_wrong: &mut HashSet<Span>,
    diags: &mut Diagnostics,
) -> Option<TStyle> {
    let dialect = line.dialect;
    let has = |m: usize| layouts[m].texts.iter().any(|t| t.dialect == dialect);
    let with: Vec<usize> = members.iter().copied().filter(|&m| has(m)).collect();
    let bindings = match style {
        TStyle::Nested(b) => b.clone(),
        TStyle::Default => Vec::new(),
        _ => return None,
    };
    // A layout that lost a `text` line (one of an undeclared dialect, an
    // error of its own) cannot say whether it has lines of this one.
    let lost = members.iter().any(|&m| layouts[m].lost_texts);
    if with.is_empty() {
        if matches!(style, TStyle::Nested(_)) && !lost {
            diags.error(
                span,
                format!(
                    "`{name}(…)` binds params, but `{}` has no `text` lines of this dialect to print `{name}` with",
                    layouts[members[0]].name.text
                ),
            );
        }
        return None;
    }
    let without: Vec<usize> = members.iter().copied().filter(|&m| !has(m)).collect();
    if !without.is_empty() {
        if let Some(&m) = without.iter().find(|&&m| !layouts[m].lost_texts) {
            diags
                .error(
                    span,
                    format!(
                        "`{name}` prints through its layouts' `text` lines of this dialect, but `{}` has none (`{}` has): give every layout of the union lines, or none",
                        layouts[m].name.text, layouts[with[0]].name.text
                    ),
                )
                .note(layouts[m].name.span, "this layout has no lines of the dialect");
        }
        return None;
    }
    let params = || {
        members
            .iter()
            .flat_map(|&m| layouts[m].params.iter().map(|p| p.name.text.as_str()))
    };
    let unknown: Vec<&BindingDef> = bindings
        .iter()
        .filter(|b| !params().any(|p| p == b.param.text))
        .collect();
    // The params the unknown bindings were meant for (their hints): a
    // misspelt param is one error, not also one for the param left unbound.
    let meant: Vec<&str> = unknown
        .iter()
        .filter_map(|b| nearest(&b.param.text, params()))
        .collect();
    let mut ok = unknown.is_empty();
    for &m in members {
        ok &= check_member(&layouts[m], name, line, &bindings, &meant, span, diags);
    }
    // A layout that lost a line to a syntax error may have lost the param.
    let lost = members.iter().any(|&m| !layouts[m].complete);
    for b in unknown.into_iter().filter(|b| !lost && bound_wrong.insert(b.span)) {
        // The message does not name the field printed, so that one param
        // misspelt in its layout, bound at many places, is one error with
        // the others' lines in a note.
        let near = nearest(&b.param.text, params());
        let error = diags
            .error(
                b.span,
                format!(
                    "`{}` is no param of `{}`{}",
                    b.param.text,
                    layouts[members[0]].name.text,
                    hint(near)
                ),
            )
            .label(format!("bound by `{name}`"));
        let declared = members.iter().flat_map(|&m| layouts[m].params.iter().map(|p| &p.name));
        crate::misspelt::mark(error, "param", &b.param.text, near, declared);
    }
    ok.then_some(TStyle::Nested(bindings))
}

/// One layout printed nested: its lines of the dialect are one group and
/// use no hooks, and `bindings` give every param it has (but those in
/// `meant`, which a misspelt binding was meant for and whose error says so).
fn check_member(
    l: &LayoutDef,
    name: &str,
    line: Line,
    bindings: &[BindingDef],
    meant: &[&str],
    span: Span,
    diags: &mut Diagnostics,
) -> bool {
    let mut ok = true;
    let lines: Vec<_> = l.texts.iter().filter(|t| t.dialect == line.dialect).collect();
    if let Some(other) = lines.iter().find(|t| t.name.text != lines[0].name.text) {
        diags
            .error(
                other.name.span,
                // Not named after the line that prints it: every line
                // that does (one per field of the layout's type) is then
                // one error.
                format!(
                    "`{}` is printed inside another line, so its lines of this dialect must be one group; here `{}` beside `{}`",
                    l.name.text, other.name.text, lines[0].name.text
                ),
            )
            .note(span, format!("printed here, by `{name}`"));
        ok = false;
    }
    for t in &lines {
        if let Some(hook) = first_hook(&t.template.pieces) {
            diags
                .error(
                    hook,
                    format!(
                        "`{}` is printed inside another line, so its lines cannot use hooks: a hook reads the outer word",
                        l.name.text
                    ),
                )
                .note(span, format!("printed here, by `{name}`"));
            ok = false;
        }
    }
    for p in &l.params {
        // A binding that failed is reported already.
        let bound = bindings.iter().any(|b| b.param.text == p.name.text) || meant.contains(&p.name.text.as_str());
        if !line.reported && !bound {
            let error = diags
                .error(
                    span,
                    format!(
                        "`{name}` does not bind param `{}` of `{}`: write `{{{name}({} = …)}}` (`0`, `1`, a bool field or param, `!` one, `f.ATTR`, `A == b` or `A != b`)",
                        p.name.text, l.name.text, p.name.text
                    ),
                )
                .note(p.name.span, "the param");
            // A binding of another layout of the union that this one lacks,
            // one slip from the param: the param may be misspelt.
            let params = || l.params.iter().map(|q| q.name.text.as_str());
            let slip = bindings.iter().find(|b| {
                !params().any(|q| q == b.param.text) && nearest(&b.param.text, params()) == Some(&p.name.text)
            });
            if let Some(b) = slip {
                error.slip("param", p.name.span, &b.param.text);
            }
            ok = false;
        }
    }
    ok
}

/// Where the first hook of `pieces` is.
fn first_hook(pieces: &[TPiece]) -> Option<Span> {
    pieces.iter().find_map(|p| match p {
        TPiece::Hook { span, .. }
        | TPiece::Field {
            style: TStyle::Hook(_),
            span,
            ..
        } => Some(*span),
        TPiece::Group { pieces, .. } => first_hook(pieces),
        _ => None,
    })
}

/// A format has no params; a layout's params are each printed or tested
/// by one of its `text` lines.
fn check_params(l: &LayoutDef, diags: &mut Diagnostics) {
    for (i, p) in l.params.iter().enumerate() {
        if let Some(first) = l.params[..i].iter().find(|q| q.name.text == p.name.text) {
            diags
                .error(p.name.span, format!("param `{}` is declared twice", p.name.text))
                .note(first.name.span, "first declared here");
            continue;
        }
        if let Some(f) = l.fields.iter().find(|f| f.name.text == p.name.text) {
            diags
                .error(
                    p.name.span,
                    format!("param `{}` has the name of a field of `{}`", p.name.text, l.name.text),
                )
                .note(f.name.span, "the field");
            continue;
        }
        if l.is_format {
            diags.error(
                p.name.span,
                format!(
                    "`{}` is a format, never printed inside another line, so it cannot take a param: only a `layout` can",
                    l.name.text
                ),
            );
            continue;
        }
        // A line with an error already reported (or left out, with its
        // dialect, or lost to a syntax error) may have lost the use.
        let used = l.lost_texts
            || !l.complete
            || l.texts.iter().any(|t| {
                t.template.has_errors || t.when_params.iter().any(|&(q, _)| q == i) || uses_param(&t.template.pieces, i)
            });
        if !used {
            // Not reported if the lines write the param's right name (a
            // misspelt param, [`crate::misspelt`]).
            diags
                .error(
                    p.name.span,
                    format!(
                        "param `{}` of `{}` is used by no `text` line: print it (`{{{}:'text'}}`) or test it (`when {}`)",
                        p.name.text, l.name.text, p.name.text, p.name.text
                    ),
                )
                .about_declaration("param", p.name.span);
        }
    }
}

/// Whether `pieces` print param `index` or pass it to a nested layout.
fn uses_param(pieces: &[TPiece], index: usize) -> bool {
    pieces.iter().any(|p| match p {
        TPiece::Param { index: i, .. } => *i == index,
        TPiece::Group { pieces, .. } => uses_param(pieces, index),
        TPiece::Field {
            style: TStyle::Nested(bindings),
            ..
        } => bindings
            .iter()
            .any(|b| matches!(b.value, BindValue::Param { index: i, .. } if i == index)),
        _ => false,
    })
}

/// Resolves the `opcode.ATTR` terms of every binding: the attribute is a
/// flag of the `isa` item, and the term holds the values of the format's
/// opcodes that set it.
pub fn fold_attr_terms(
    layouts: &mut [LayoutDef],
    opcodes: &[OpDef],
    (attrs, attrs_lost): (&[AttrDef], bool),
    enums: &[EnumDef],
    diags: &mut Diagnostics,
) {
    for (li, l) in layouts.iter_mut().enumerate() {
        let kinds: Vec<FieldTy> = l.fields.iter().map(|f| f.ty).collect();
        let at = Attrs {
            layout: li,
            kinds: &kinds,
            opcodes,
            attrs,
            attrs_lost,
            enums,
        };
        for t in &mut l.texts {
            fold_pieces(&mut t.template.pieces, &at, diags);
        }
    }
}

/// The values of `f == v|v` (an enum field): each a variant's name or a
/// number that fits; `None` (reported) if one is neither.
fn variant_values(term: &AttrTerm, at: &Attrs<'_>, span: Span, diags: &mut Diagnostics) -> Option<Vec<u64>> {
    let FieldTy::Enum(e) = at.kinds[term.field] else {
        return None;
    };
    let e = &at.enums[e];
    let mut values = Vec::new();
    for v in &term.variants {
        if let Some(found) = e.variants.iter().find(|x| x.name.text == *v) {
            values.push(found.value);
        } else if let Ok(n) = v.parse::<u64>() {
            // In `u128`: an enum may be 64 bits wide.
            let max = low_mask128(e.bits);
            if u128::from(n) > max {
                diags.error(
                    span,
                    format!(
                        "`{v}` does not fit `{}`, an enum of {} bits (0 to {max})",
                        e.name.text, e.bits
                    ),
                );
                return None;
            }
            values.push(n);
        } else {
            if e.complete {
                let names = e.variants.iter().map(|x| x.name.text.as_str());
                diags.error(
                    span,
                    format!("`{v}` is not a variant of `{}`{}", e.name.text, did_you_mean(v, names)),
                );
            }
            return None;
        }
    }
    Some(values)
}

/// What `f.ATTR` terms resolve against: the layout (its index and its
/// fields' types), the opcodes and the `isa` item's attributes, the enums.
struct Attrs<'a> {
    layout: usize,
    kinds: &'a [FieldTy],
    opcodes: &'a [OpDef],
    attrs: &'a [AttrDef],
    /// An `attr` declaration of the `isa` item failed (reported).
    attrs_lost: bool,
    enums: &'a [EnumDef],
}

fn fold_pieces(pieces: &mut [TPiece], at: &Attrs<'_>, diags: &mut Diagnostics) {
    for p in pieces {
        match p {
            TPiece::Group { pieces, .. } => fold_pieces(pieces, at, diags),
            TPiece::Field {
                style: TStyle::Nested(bindings),
                ..
            } => {
                for b in bindings {
                    let term = match &mut b.value {
                        BindValue::OneOf { term, .. }
                        | BindValue::Equal {
                            a: Term::OneOf(term), ..
                        } => term,
                        _ => continue,
                    };
                    if !term.variants.is_empty() {
                        if let Some(values) = variant_values(term, at, b.span, diags) {
                            term.values = values;
                        }
                        continue;
                    }
                    // An enum field's attributes are its enum's; the opcode
                    // field's, the `isa` item's.
                    let (decls, lost, what): (&[AttrDef], bool, String) = match at.kinds[term.field] {
                        FieldTy::Enum(e) => (
                            &at.enums[e].attrs,
                            at.enums[e].attrs_lost,
                            format!("enum `{}`", at.enums[e].name.text),
                        ),
                        _ => (at.attrs, at.attrs_lost, String::from("the `isa` item")),
                    };
                    let Some(attr) = decls.iter().position(|a| a.name.text == term.attr) else {
                        if lost {
                            continue;
                        }
                        let near = nearest(&term.attr, decls.iter().map(|a| a.name.text.as_str()));
                        let error = diags.error(
                            b.span,
                            format!("{what} declares no attribute `{}`{}", term.attr, hint(near)),
                        );
                        crate::misspelt::mark(error, "attribute", &term.attr, near, decls.iter().map(|a| &a.name));
                        continue;
                    };
                    if decls[attr].kind != AttrKind::Flag {
                        diags.error(
                            b.span,
                            format!(
                                "`{}` binds attribute `{}`, which is not a flag: a param is a bool",
                                b.param.text, term.attr
                            ),
                        );
                        continue;
                    }
                    term.values = match at.kinds[term.field] {
                        FieldTy::Enum(e) => at.enums[e]
                            .variants
                            .iter()
                            .filter(|v| v.attrs.get(attr).is_some_and(|&x| x != 0))
                            .map(|v| v.value)
                            .collect(),
                        _ => at
                            .opcodes
                            .iter()
                            .filter(|op| op.format == at.layout && op.attrs[attr] != 0)
                            .map(|op| op.value)
                            .collect(),
                    };
                }
            }
            _ => {}
        }
    }
}
