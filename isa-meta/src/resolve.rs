//! [`SpecAst`] → [`Spec`]: bind type names, convert widths, parse templates.
//! Problems are reported and resolution carries on with a placeholder, so
//! later checks still run.

use std::collections::{HashMap, HashSet};

use crate::ast::*;
use crate::attrs::Owner;
use crate::diag::Diagnostics;
use crate::model::*;
use crate::source::Span;
use crate::suggest::{did_you_mean, hint, nearest};
use crate::template::{opcode_not_a_field, parse_template};

/// Bit numbers must stay below this (the widest word is far narrower).
const MAX_BIT: u128 = 4096;

const BUILTIN_TYPES: &[&str] = &[
    "u", "s", "bool", "f16", "f32", "opcode", "reserved", "unknown", "fixed", "pattern", "mask", "swizzle", "presence",
];

/// The methods every generated enum has: an enum attribute (a method too)
/// cannot take one of these names.
const ENUM_METHODS: &[&str] = &["from_raw", "from_bits", "raw", "is_named", "name", "spelling", "NAMED"];

#[derive(Clone, Copy)]
enum TypeRef {
    Enum(usize),
    Regs(usize),
    Layout(usize),
    Union(usize),
}

pub fn resolve(mut ast: SpecAst, diags: &mut Diagnostics) -> Option<Spec> {
    let opcodes_lost = !ast.lost_mnemonics.is_empty();
    crate::variants::expand(&ast.layouts, &mut ast.opcodes, opcodes_lost, diags);
    let Some(isa) = ast.isa else {
        diags.error(
            Span::new(0, 0),
            "a spec needs an `isa NAME { word BITS }` item; found none",
        );
        return None;
    };
    let (word_bits, word_span) = match &isa.word {
        Some(w) => (small(w, diags, "word width"), w.span),
        None => {
            diags.error(
                isa.name.span,
                format!(
                    "`isa {}` needs a `word BITS` line (8, 16, 32, 64, 128, or a multiple of 64 up to 512)",
                    isa.name.text
                ),
            );
            (32, isa.name.span)
        }
    };

    let mut types: HashMap<String, (TypeRef, Span)> = HashMap::new();
    let mut declare = |name: &Name, r: TypeRef, diags: &mut Diagnostics| {
        if BUILTIN_TYPES.contains(&name.text.as_str()) {
            diags.error(
                name.span,
                format!("`{}` is a built-in field type and cannot be redefined", name.text),
            );
        } else if let Some((_, first)) = types.get(&name.text) {
            diags
                .error(name.span, format!("duplicate type name `{}`", name.text))
                .label("second definition")
                .note(*first, "first defined here");
        } else {
            types.insert(name.text.clone(), (r, name.span));
        }
    };
    for (i, e) in ast.enums.iter().enumerate() {
        declare(&e.name, TypeRef::Enum(i), diags);
    }
    for (i, r) in ast.regs.iter().enumerate() {
        declare(&r.name, TypeRef::Regs(i), diags);
    }
    for (i, l) in ast.layouts.iter().enumerate() {
        declare(&l.name, TypeRef::Layout(i), diags);
    }
    for (i, u) in ast.unions.iter().enumerate() {
        declare(&u.name, TypeRef::Union(i), diags);
    }

    let mnemonic_list: Vec<String> = ast.opcodes.iter().map(|o| o.mnemonic.text.clone()).collect();
    let mnemonics = crate::attrs::Mnemonics {
        read: mnemonic_list.iter().map(String::as_str).collect(),
        lost: ast.lost_mnemonics.iter().map(String::as_str).collect(),
    };

    // Enums first without their attributes (an attribute's type may be any
    // enum), then each enum's attributes and every value's settings.
    let mut enum_attrs = Vec::new();
    let mut enums: Vec<EnumDef> = ast
        .enums
        .into_iter()
        .map(|e| {
            let mut settings = Vec::new();
            let variants = e
                .variants
                .into_iter()
                .map(|v| {
                    settings.push((v.name.clone(), v.attrs));
                    VariantDef {
                        value: big(&v.value, diags),
                        value_span: v.value.span,
                        spellings: v.spellings.into_iter().map(|s| s.value).collect(),
                        semantics_span: v.semantics.as_ref().map(|s| s.span),
                        semantics: v.semantics.map(|s| s.value).unwrap_or_default(),
                        attrs: Vec::new(),
                        name: v.name,
                        doc: v.doc,
                    }
                })
                .collect();
            enum_attrs.push((e.attrs, settings));
            EnumDef {
                bits: small(&e.bits, diags, "enum width"),
                bits_span: e.bits.span,
                open: e.open,
                operands: e.operands,
                attrs: Vec::new(),
                variants,
                name: e.name,
                doc: e.doc,
                complete: e.complete,
                attrs_lost: false,
            }
        })
        .collect();
    for (i, (decls, settings)) in enum_attrs.into_iter().enumerate() {
        let declared = crate::attrs::declared_names(&decls);
        let decls = crate::attrs::resolve_decls(decls, Owner::Values, ENUM_METHODS, &enums, diags);
        let owner = format!("enum `{}`", enums[i].name.text);
        let values: Vec<Vec<u64>> = settings
            .iter()
            .map(|(name, set)| {
                crate::attrs::resolve_settings(&owner, name, set, &decls, &declared, &enums, &mnemonics, diags)
            })
            .collect();
        for (v, attrs) in enums[i].variants.iter_mut().zip(values) {
            v.attrs = attrs;
        }
        enums[i].attrs_lost = decls.len() < declared.len();
        enums[i].attrs = decls;
    }

    let regs = ast
        .regs
        .into_iter()
        .map(|r| RegsDef {
            bits: small(&r.bits, diags, "register field width"),
            bits_span: r.bits.span,
            open: r.open,
            files: r
                .files
                .into_iter()
                .map(|f| RegFileDef {
                    span: f.prefix.span.to(f.count.span),
                    base: big(&f.base, diags),
                    count: big(&f.count, diags),
                    prefix: f.prefix,
                    doc: f.doc,
                })
                .collect(),
            name: r.name,
            doc: r.doc,
        })
        .collect();

    let dialects = crate::dialects::resolve_decls(isa.dialects, diags);
    let declared_attrs = crate::attrs::declared_names(&isa.attrs);
    let attrs = crate::attrs::resolve_decls(
        isa.attrs,
        Owner::Opcodes {
            // Opcode lines lost to syntax errors count: their error says
            // what is wrong, not that the attributes describe nothing.
            any: !ast.opcodes.is_empty() || !ast.lost_mnemonics.is_empty(),
        },
        &[],
        &enums,
        diags,
    );
    // A declaration that failed (reported) may be the one a condition names.
    let attrs_lost = attrs.len() < declared_attrs.len();
    check_text_copies(&ast.layouts, diags);
    let mut layouts: Vec<LayoutDef> = Vec::new();
    let mut syntaxes = Vec::new();
    let mut text_asts = Vec::new();
    for mut l in inherit(ast.layouts, word_bits, &dialects, diags) {
        let params = std::mem::take(&mut l.params)
            .into_iter()
            .map(|p| ParamDef {
                name: p.name,
                doc: p.doc,
            })
            .collect();
        let mut faulty_fields = Vec::new();
        let fields: Vec<FieldDef> = l
            .fields
            .into_iter()
            .enumerate()
            .map(|(i, f)| {
                let errors_before = diags.len();
                let field = resolve_field(f, &types, diags);
                if diags.len() > errors_before {
                    faulty_fields.push(i);
                }
                field
            })
            .collect();
        let complete = l.complete;
        syntaxes.push(l.syntax.map(|s| (s, l.syntax_inherited)));
        text_asts.push(l.texts);
        let base = l
            .base
            .and_then(|b| layouts.iter().position(|earlier| earlier.name.text == b.text));
        layouts.push(LayoutDef {
            base,
            bits: small(&l.bits, diags, "layout width"),
            bits_span: l.bits.span,
            name: l.name,
            is_format: l.is_format,
            fields,
            syntax: None,
            texts: Vec::new(),
            params,
            doc: l.doc,
            complete,
            faulty_fields,
            replaced: l.replaced,
            lost_texts: false,
        });
    }
    let group_lines = crate::misspelt::group_lines(text_asts.iter().flatten());
    let mut group_slips = Vec::new();
    // Base lines taken by a derived format that writes a group one slip
    // from theirs, which fit its fields: a slip if their nested layouts'
    // checks fail (layout, line, slip).
    let mut pending = Vec::new();
    for (li, ((layout, syntax), texts)) in layouts.iter_mut().zip(syntaxes).zip(text_asts).enumerate() {
        let parsed =
            syntax.map(|(s, inherited)| parse_template(&s.value, s.span.start + 1, layout, false, inherited, diags));
        layout.syntax = parsed;
        let own: Vec<(String, Name)> = texts
            .iter()
            .filter(|t| !t.inherited)
            .filter_map(|t| Some((t.dialect.as_ref()?.text.clone(), t.name.clone())))
            .collect();
        let mut lost_texts = false;
        let mut resolved = Vec::new();
        for t in texts {
            // An unresolved dialect leaves the line out, after its
            // template and conditions are checked all the same.
            let dialect = crate::dialects::resolve_ref(&t, &dialects, diags);
            if dialect.is_none() && t.inherited {
                // Checked where it is written; read against a derived
                // format's fields it would only add errors.
                lost_texts = true;
                continue;
            }
            let (inherited, group) = (t.inherited, t.name.clone());
            let errors_before = diags.len();
            let text = resolve_text(t, dialect.unwrap_or(0), layout, &enums, (&attrs, attrs_lost), diags);
            lost_texts |= dialect.is_none();
            let Some(dialect) = dialect else {
                continue;
            };
            let slip = inherited
                .then(|| {
                    let dialect_name = &dialects[dialect].name.text;
                    crate::misspelt::group_slip(&layout.name.text, dialect_name, &group, &own, &group_lines)
                })
                .flatten();
            if let Some(slip) = slip {
                if diags.len() > errors_before {
                    // A base line that fails here, one slip from a group
                    // this format writes: one error for the misspelt group.
                    group_slips.extend(slip.failed(&diags.take_after(errors_before)));
                    lost_texts = true;
                    continue;
                }
                // It fits here; its nested layouts may not.
                pending.push((li, resolved.len(), slip));
            }
            resolved.push(text);
        }
        layout.texts = resolved;
        layout.lost_texts = lost_texts;
    }
    crate::dialects::check_used(&dialects, &layouts, diags);

    let mut opcodes = Vec::new();
    let mut formats_lost = false;
    // Formats with an opcode whose attribute settings failed (reported):
    // that opcode may be the one that meets a condition.
    let mut unsettled = HashSet::new();
    for op in ast.opcodes {
        // A variant's settings are its opcode line's: their errors name that
        // line's mnemonic, so the variants repeat none of them.
        let line_mnemonic = Name {
            text: op.text_name.clone().unwrap_or_else(|| op.mnemonic.text.clone()),
            span: op.mnemonic.span,
        };
        let errors_before = diags.len();
        let op_attrs = crate::attrs::resolve_settings(
            "the `isa` item",
            &line_mnemonic,
            &op.attrs,
            &attrs,
            &declared_attrs,
            &enums,
            &mnemonics,
            diags,
        );
        let format = match types.get(&op.format.text) {
            Some((TypeRef::Layout(i), _)) if layouts[*i].is_format => *i,
            Some((TypeRef::Layout(i), _)) => {
                diags.error(
                    op.format.span,
                    format!(
                        "`{}` is a layout, not a format: an opcode needs a format with an `opcode` field",
                        layouts[*i].name.text
                    ),
                );
                formats_lost = true;
                continue;
            }
            _ => {
                formats_lost = true;
                let formats = || layouts.iter().filter(|l| l.is_format).map(|l| &l.name);
                let near = nearest(&op.format.text, formats().map(|n| n.text.as_str()));
                let error = diags.error(
                    op.format.span,
                    format!("unknown format `{}`{}", op.format.text, hint(near)),
                );
                // A format declared under a misspelt name is one error.
                crate::misspelt::mark(error, "format", &op.format.text, near, formats());
                continue;
            }
        };
        if diags.len() > errors_before {
            unsettled.insert(format);
        }
        let layout = &layouts[format];
        let (template, template_source) = match (&op.template, &layout.syntax) {
            (Some(t), _) => (
                parse_template(&t.value, t.span.start + 1, layout, false, false, diags),
                t.value.clone(),
            ),
            (None, Some(s)) => (s.clone(), String::new()),
            (None, None) if !layout.complete => {
                // The format lost lines to earlier errors; do not pile on.
                (
                    Template {
                        pieces: Vec::new(),
                        span: op.mnemonic.span,
                        has_errors: true,
                    },
                    String::new(),
                )
            }
            (None, None) => {
                // One message for every opcode line of the format, so that
                // a deleted `syntax` line is one error, listing the lines.
                diags
                    .error(
                        op.mnemonic.span,
                        format!(
                            "format `{}` has no `syntax` line, and this opcode line gives no template: add the format's `syntax \"…\"` line, or a template to each of its opcode lines",
                            layout.name.text
                        ),
                    )
                    .label("no text form");
                (
                    Template {
                        pieces: Vec::new(),
                        span: op.mnemonic.span,
                        has_errors: true,
                    },
                    String::new(),
                )
            }
        };
        let value = big(&op.value, diags);
        let (mask, bits) = match layout.opcode_field() {
            Some(f) => {
                let (pattern_mask, pattern_bits) = layout.pattern();
                (
                    LayoutDef::field_mask(f) | pattern_mask,
                    LayoutDef::place(f, value) | pattern_bits,
                )
            }
            None => (0, 0),
        };
        opcodes.push(OpDef {
            value,
            value_span: op.value.span,
            format,
            template,
            template_source,
            semantics_at: op.semantics.as_ref().map_or(0, |s| s.span.start + 1),
            semantics: op.semantics.map(|s| s.value).unwrap_or_default(),
            priority: op.priority.map(|p| i32::try_from(p.value).unwrap_or(i32::MAX)),
            gens: op.gens.map(|g| gens(g, diags)),
            attrs: op_attrs,
            doc: op.doc,
            text_name: op.text_name,
            mnemonic: op.mnemonic,
            mask,
            bits,
        });
    }

    // An opcode line of an unknown format (a misspelt format name) may be
    // the one that meets a condition.
    fold_opcode_conditions(&mut layouts, &opcodes, opcodes_lost || formats_lost, &unsettled, diags);

    let bundle_declared = !ast.bundles.is_empty();
    let packed = resolve_bundles(ast.bundles, &layouts, &types, !opcodes.is_empty(), diags);
    let unions = resolve_unions(ast.unions, &layouts, &types, diags);
    let watched: Vec<(usize, usize)> = pending.iter().map(|&(li, ti, _)| (li, ti)).collect();
    let mut failed = crate::nested::resolve(&mut layouts, &unions, &watched, diags);
    // A pending line whose nested layouts fail is a slip too; the errors
    // of the others go back.
    let mut slipped = Vec::new();
    for (li, ti, slip) in pending {
        let errors = failed.remove(&(li, ti)).unwrap_or_default();
        match slip.failed(&errors) {
            Some(slip) => {
                group_slips.push(slip);
                slipped.push((li, ti));
            }
            None => diags.extend(errors),
        }
    }
    for (li, ti) in slipped.into_iter().rev() {
        layouts[li].texts.remove(ti);
        layouts[li].lost_texts = true;
    }
    crate::misspelt::report_group_slips(group_slips, diags);
    crate::nested::fold_attr_terms(&mut layouts, &opcodes, (&attrs, attrs_lost), &enums, diags);

    let funcs = isa
        .funcs
        .into_iter()
        .map(|(name, arity)| {
            let n = small(&arity, diags, "argument count") as usize;
            (name, n)
        })
        .collect();
    Some(Spec {
        packed,
        bundle_declared,
        opcodes_lost,
        isa_lines_lost: !isa.complete,
        state: isa.state.clone(),
        funcs,
        attrs,
        dialects,
        name: isa.name,
        doc: if isa.doc.is_empty() { ast.inner_doc } else { isa.doc },
        word_bits,
        word_span,
        word_given: isa.word.is_some(),
        fallback: isa.fallback.map(|f| f.value),
        gens: isa.gens.map(|g| gens(g, diags)),
        enums,
        regs,
        layouts,
        unions,
        opcodes,
    })
}

/// `union` items: each variant names a `layout` (not a format).
fn resolve_unions(
    unions: Vec<UnionAst>,
    layouts: &[LayoutDef],
    types: &HashMap<String, (TypeRef, Span)>,
    diags: &mut Diagnostics,
) -> Vec<UnionDef> {
    unions
        .into_iter()
        .map(|u| {
            let variants = u
                .variants
                .into_iter()
                .filter_map(|(name, doc)| match types.get(&name.text) {
                    Some((TypeRef::Layout(i), _)) if !layouts[*i].is_format => Some((*i, name.span, doc)),
                    Some((TypeRef::Layout(_), _)) => {
                        diags.error(
                            name.span,
                            format!("`{}` is a format; a union's variants are layouts", name.text),
                        );
                        None
                    }
                    _ => {
                        let names = layouts.iter().filter(|l| !l.is_format).map(|l| l.name.text.as_str());
                        let near = nearest(&name.text, names);
                        let error = diags.error(
                            name.span,
                            format!(
                                "unknown layout `{}` in union `{}`{}",
                                name.text,
                                u.name.text,
                                hint(near)
                            ),
                        );
                        mark_type_slip(error, &name.text, near, types);
                        None
                    }
                })
                .collect();
            UnionDef {
                bits: small(&u.bits, diags, "union width"),
                bits_span: u.bits.span,
                name: u.name,
                variants,
                doc: u.doc,
            }
        })
        .collect()
}

/// A generation range as written: generations are numbers below 2^32.
fn gens(g: GenRangeAst, diags: &mut Diagnostics) -> Gens {
    let (Ok(lo), Ok(hi)) = (u32::try_from(g.lo), u32::try_from(g.hi)) else {
        diags.error(g.span, "a generation is a number below 2^32 (such as `6` for a6xx)");
        return Gens {
            lo: 0,
            hi: 0,
            span: g.span,
        };
    };
    Gens { lo, hi, span: g.span }
}

/// A `text` line that repeats an earlier line of its layout or format (the
/// same dialect and group, the same conditions and defaults, each in any
/// order, and the same template) can never print: the first always does
/// when the copy would. One error at each copy, with a note at the first.
/// Run on the lines as written, before a derived format inherits its
/// base's, so a base's copy is reported once.
fn check_text_copies(layouts: &[LayoutAst], diags: &mut Diagnostics) {
    type Key<'a> = (Option<&'a str>, &'a str, Vec<String>, Vec<String>, &'a str);
    let value = |v: &CondValue| match v {
        CondValue::Name(n) => n.text.clone(),
        CondValue::Int(l) => l.value.to_string(),
    };
    for l in layouts {
        let mut seen: HashMap<Key<'_>, Span> = HashMap::new();
        for t in &l.texts {
            let mut when: Vec<String> = t.when.iter().map(ToString::to_string).collect();
            when.sort();
            let mut defaults: Vec<String> = t
                .defaults
                .iter()
                .map(|(f, v)| format!("{} = {}", f.text, value(v)))
                .collect();
            defaults.sort();
            let key = (
                t.dialect.as_ref().map(|d| d.text.as_str()),
                t.name.text.as_str(),
                when,
                defaults,
                t.template.value.as_str(),
            );
            let span = t.dialect.as_ref().map_or(t.name.span, |d| d.span).to(t.name.span);
            match seen.get(&key) {
                Some(first) => {
                    let line = match &t.dialect {
                        Some(d) => format!("{}.{}", d.text, t.name.text),
                        None => t.name.text.clone(),
                    };
                    diags
                        .error(
                            span,
                            format!(
                                "`text {line}` repeats a line above it (the same conditions, defaults and template), so it can never print"
                            ),
                        )
                        .note(*first, "the same line here");
                }
                None => {
                    seen.insert(key, span);
                }
            }
        }
    }
}

/// Expands `format NAME : BASE { … }`: the base's fields in order, each
/// replaced by the derived format's field that overlaps its bits or shares
/// its name (or kept),
/// plus the derived format's remaining fields at the end. Width and syntax
/// come from the base unless given. The base must be defined earlier; a
/// format whose base is unknown is taken as `word_bits` wide (every format
/// is as wide as the ISA's word), so its fields are not measured against a
/// made-up width.
fn inherit(
    layouts: Vec<LayoutAst>,
    word_bits: u32,
    dialects: &[DialectDef],
    diags: &mut Diagnostics,
) -> Vec<LayoutAst> {
    let mut done: Vec<LayoutAst> = Vec::new();
    for mut l in layouts {
        if let Some(base_name) = l.base.clone() {
            let Some(base) = done.iter().find(|b| b.name.text == base_name.text) else {
                let formats = || done.iter().filter(|b| b.is_format).map(|b| &b.name);
                let near = nearest(&base_name.text, formats().map(|n| n.text.as_str()));
                let error = diags.error(
                    base_name.span,
                    format!(
                        "unknown base format `{}` (a base must be defined above the format that extends it){}",
                        base_name.text,
                        hint(near)
                    ),
                );
                // A format declared under a misspelt name is one error.
                crate::misspelt::mark(error, "format", &base_name.text, near, formats());
                l.bits = Lit {
                    value: word_bits.into(),
                    span: l.bits.span,
                };
                l.complete = false;
                l.base = None;
                done.push(l);
                continue;
            };
            if !base.is_format {
                diags.error(
                    base_name.span,
                    format!("`{}` is a layout; only formats can be extended", base.name.text),
                );
                l.bits = Lit {
                    value: base.bits.value,
                    span: l.bits.span,
                };
                l.complete = false;
                l.base = None;
                done.push(l);
                continue;
            }
            let bits_of = |f: &FieldAst| -> Vec<(u128, u128)> { f.ranges.iter().map(|r| (r.lo, r.hi)).collect() };
            let overlaps =
                |a: &[(u128, u128)], b: &[(u128, u128)]| a.iter().any(|x| b.iter().any(|y| x.0 <= y.1 && y.0 <= x.1));
            // Each field with whether it is still the base's: an own field
            // replaces base fields only, so two own fields that share a
            // name or bits both stay, for the checks to report.
            let mut fields: Vec<Option<(FieldAst, bool)>> =
                base.fields.iter().cloned().map(|f| Some((f, true))).collect();
            let mut extra = Vec::new();
            for own in std::mem::take(&mut l.fields) {
                let own_bits = bits_of(&own);
                let mut slot = None;
                for f in fields.iter_mut() {
                    let Some((base_field, inherited)) = f.as_ref() else {
                        continue;
                    };
                    if *inherited
                        && (overlaps(&bits_of(base_field), &own_bits) || base_field.name.text == own.name.text)
                    {
                        if base_field.name.text != own.name.text {
                            l.replaced.push((base_field.name.text.clone(), own.name.clone()));
                        }
                        if slot.is_none() {
                            slot = Some(f);
                        } else {
                            *f = None;
                        }
                    }
                }
                match slot {
                    Some(f) => *f = Some((own, false)),
                    None => extra.push(own),
                }
            }
            l.fields = fields.into_iter().flatten().map(|(f, _)| f).chain(extra).collect();
            l.bits = Lit {
                value: base.bits.value,
                span: l.bits.span,
            };
            // A format that lost a line may have lost its own `syntax`
            // line: it does not take its base's, which would be said to
            // lack the operands that line named.
            if l.syntax.is_none() && l.complete {
                l.syntax = base.syntax.clone();
                l.syntax_inherited = true;
            }
            // A group of `text` lines the format does not write is its
            // base's (read against its own fields). An own line of no
            // declared dialect (an error of its own, most likely a misspelt
            // one) replaces its group in every dialect: the base's lines
            // would only add errors against the fields the format rewrote.
            fn dialect(t: &TextAst) -> Option<&str> {
                t.dialect.as_ref().map(|d| d.text.as_str())
            }
            let declared = |t: &TextAst| dialect(t).is_some_and(|d| dialects.iter().any(|x| x.name.text == d));
            let replaces = |own: &TextAst, t: &TextAst| {
                own.name.text == t.name.text && (dialect(own) == dialect(t) || !declared(own))
            };
            let mut texts: Vec<TextAst> = base
                .texts
                .iter()
                .filter(|t| !l.texts.iter().any(|own| replaces(own, t)))
                .map(|t| TextAst {
                    inherited: true,
                    ..t.clone()
                })
                .collect();
            texts.append(&mut l.texts);
            l.texts = texts;
            l.complete &= base.complete;
        }
        done.push(l);
    }
    done
}

/// Marks `error`, that `written` names no type, as a slip for the type
/// `near` that its hint suggests, if one is declared (a type declared
/// under a misspelt name, [`crate::misspelt`]); the slip is at the type's
/// declaration, whichever use (a field, a union's variant, a bundle's
/// unit) names it.
fn mark_type_slip(
    error: &mut crate::diag::Diagnostic,
    written: &str,
    near: Option<&str>,
    types: &HashMap<String, (TypeRef, Span)>,
) {
    if let Some((_, span)) = near.and_then(|t| types.get(t)) {
        error.slip("type", *span, written);
    }
}

fn resolve_field(f: FieldAst, types: &HashMap<String, (TypeRef, Span)>, diags: &mut Diagnostics) -> FieldDef {
    let ranges: Vec<BitRange> = f
        .ranges
        .iter()
        .map(|r| {
            if r.hi >= MAX_BIT {
                diags.error(
                    r.span,
                    format!(
                        "bit {} is beyond any supported width (bits are 0..={})",
                        r.hi,
                        MAX_BIT - 1
                    ),
                );
                return BitRange {
                    lo: 0,
                    width: 1,
                    span: r.span,
                };
            }
            BitRange {
                lo: r.lo as u32,
                width: (r.hi - r.lo + 1) as u32,
                span: r.span,
            }
        })
        .collect();
    let width = ranges.iter().map(|r| r.width).sum();
    let ty_span = f.ty.span();
    // Whether the type is reported as wrong (and read as `unknown`).
    let mut ty_failed = false;
    let ty = match &f.ty {
        TypeAst::Fixed(_, v) => FieldTy::Fixed(big(v, diags)),
        TypeAst::Param(n, p) => {
            let x_high = match p.text.as_str() {
                "x_high" => true,
                "x_low" => false,
                other => {
                    diags.error(
                        p.span,
                        format!("unknown component order `{other}`: expected `x_high` or `x_low`"),
                    );
                    true
                }
            };
            match n.text.as_str() {
                "mask" => FieldTy::Mask(x_high),
                "swizzle" => FieldTy::Swizzle(x_high),
                other => {
                    diags.error(
                        n.span,
                        format!("`{other}` takes no parameter; only `mask(…)` and `swizzle(…)` do"),
                    );
                    FieldTy::Unknown
                }
            }
        }
        TypeAst::Named(n) => match n.text.as_str() {
            "u" => FieldTy::Unsigned,
            "s" => FieldTy::Signed,
            "bool" => FieldTy::Bool,
            "f16" => FieldTy::Half,
            "f32" => FieldTy::Float,
            "opcode" => FieldTy::Opcode,
            "reserved" => FieldTy::Reserved,
            "unknown" => FieldTy::Unknown,
            "presence" => FieldTy::Presence,
            "mask" | "swizzle" => {
                diags.error(
                    n.span,
                    format!(
                        "`{}` needs a component order: `{}(x_high)` or `{}(x_low)`",
                        n.text, n.text, n.text
                    ),
                );
                ty_failed = true;
                FieldTy::Unknown
            }
            other => match types.get(other) {
                Some((TypeRef::Enum(i), _)) => FieldTy::Enum(*i),
                Some((TypeRef::Regs(i), _)) => FieldTy::Regs(*i),
                Some((TypeRef::Layout(i), _)) => FieldTy::Layout(*i),
                Some((TypeRef::Union(i), _)) => FieldTy::Union(*i),
                None => {
                    let candidates = BUILTIN_TYPES.iter().copied().chain(types.keys().map(String::as_str));
                    let near = nearest(other, candidates);
                    let error = diags.error(n.span, format!("unknown field type `{other}`{}", hint(near)));
                    mark_type_slip(error, other, near, types);
                    ty_failed = true;
                    FieldTy::Unknown
                }
            },
        },
    };
    FieldDef {
        pattern: matches!(&f.ty, TypeAst::Fixed(n, _) if n.text == "pattern"),
        name: f.name,
        ranges,
        width,
        ty,
        ty_span,
        ty_failed,
        doc: f.doc,
    }
}

/// The `bundle` item: names bound to layouts and control fields. A spec
/// has at most one, and then no opcodes.
fn resolve_bundles(
    bundles: Vec<BundleAst>,
    layouts: &[LayoutDef],
    types: &HashMap<String, (TypeRef, Span)>,
    has_opcodes: bool,
    diags: &mut Diagnostics,
) -> Option<BundleDef> {
    let mut bundles = bundles.into_iter();
    let b = bundles.next()?;
    for extra in bundles {
        diags
            .error(extra.name.span, "a spec has at most one `bundle` item; found a second")
            .note(b.name.span, "first `bundle` item here");
    }
    if has_opcodes {
        diags.error(
            b.name.span,
            format!(
                "bundle `{}`: a spec with a `bundle` item has no `opcodes` block (its units are layouts)",
                b.name.text
            ),
        );
    }
    let layout_named = |name: &Name, what: &str, diags: &mut Diagnostics| -> Option<usize> {
        match types.get(&name.text) {
            Some((TypeRef::Layout(i), _)) if !layouts[*i].is_format => Some(*i),
            Some((TypeRef::Layout(_), _)) => {
                diags.error(
                    name.span,
                    format!("`{}` is a format; {what} must be a `layout`", name.text),
                );
                None
            }
            _ => {
                let names = layouts.iter().filter(|l| !l.is_format).map(|l| l.name.text.as_str());
                let near = nearest(&name.text, names);
                let error = diags.error(
                    name.span,
                    format!("unknown layout `{}` for {what}{}", name.text, hint(near)),
                );
                mark_type_slip(error, &name.text, near, types);
                None
            }
        }
    };
    let Some(control_name) = &b.control else {
        diags.error(
            b.name.span,
            format!(
                "bundle `{}` needs a `control LAYOUT` line: its control word",
                b.name.text
            ),
        );
        return None;
    };
    let control = layout_named(control_name, "the control word", diags)?;
    let mut units = Vec::new();
    let mut complete = b.complete;
    for u in b.units {
        let variants: Vec<(usize, Span)> = u
            .variants
            .iter()
            .filter_map(|v| layout_named(v, &format!("unit `{}`", u.name.text), diags).map(|i| (i, v.span)))
            .collect();
        if variants.len() != u.variants.len() {
            // Reported; the unit's enable bit is then not "unused" either.
            complete = false;
            continue;
        }
        units.push(UnitDef {
            enable: small(&u.enable, diags, "enable bit"),
            enable_span: u.enable.span,
            width: small(&u.width, diags, "unit width"),
            width_span: u.width.span,
            name: u.name,
            variants,
            doc: u.doc,
        });
    }
    let mut derives = Vec::new();
    for d in b.derives {
        let rule = match d.rule.text.as_str() {
            "words" => DeriveRule::Words,
            "next.words" => DeriveRule::NextWords,
            "!last" => DeriveRule::NotLast,
            other => {
                diags.error(
                    d.rule.span,
                    format!("unknown derive rule `{other}`: expected `words`, `next.words` or `!last`"),
                );
                continue;
            }
        };
        let fields = &layouts[control].fields;
        let Some(field) = fields.iter().position(|f| f.name.text == d.field.text) else {
            let names = fields.iter().map(|f| f.name.text.as_str());
            let error = diags.error(
                d.field.span,
                format!(
                    "control layout `{}` has no field `{}`{}",
                    layouts[control].name.text,
                    d.field.text,
                    did_you_mean(&d.field.text, names)
                ),
            );
            layouts[control].mark_slips(error, &d.field.text);
            continue;
        };
        derives.push(DeriveDef {
            field,
            field_span: d.field.span,
            rule,
            rule_span: d.rule.span,
        });
    }
    Some(BundleDef {
        name: b.name,
        control,
        control_span: control_name.span,
        units,
        derives,
        doc: b.doc,
        complete,
    })
}

/// A width or count that must fit comfortably in a `u32`.
fn small(lit: &Lit<u128>, diags: &mut Diagnostics, what: &str) -> u32 {
    match u32::try_from(lit.value) {
        Ok(v) if v <= 4096 => v,
        _ => {
            diags.error(lit.span, format!("{what} {} is too large", lit.value));
            32
        }
    }
}

/// A value that must fit in 64 bits.
fn big(lit: &Lit<u128>, diags: &mut Diagnostics) -> u64 {
    u64::try_from(lit.value).unwrap_or_else(|_| {
        diags.error(lit.span, format!("value {:#x} does not fit in 64 bits", lit.value));
        0
    })
}

/// A `text` line of `dialect`: its template (hooks allowed) and its conditions, whose
/// fields must exist and whose values must fit (enum variants of the field's
/// enum, numbers within its width; the bare `flag` forms need a bool field).
fn resolve_text(
    t: TextAst,
    dialect: usize,
    layout: &LayoutDef,
    enums: &[EnumDef],
    isa_attrs: (&[AttrDef], bool),
    diags: &mut Diagnostics,
) -> TextDef {
    let template = parse_template(
        &t.template.value,
        t.template.span.start + 1,
        layout,
        true,
        t.inherited,
        diags,
    );
    let mut when = Vec::new();
    let mut when_params = Vec::new();
    for c in t.when {
        if let Some(param) = layout.params.iter().position(|p| p.name.text == c.field.text) {
            if !c.values.is_empty() || c.named.is_some() || c.attr.is_some() {
                diags.error(
                    c.span,
                    format!(
                        "`{}` is a param, a bool: test it as `{}` or `!{}`",
                        c.field.text, c.field.text, c.field.text
                    ),
                );
                // Still a use: the param is not also reported unused.
            }
            when_params.push((param, c.equal));
            continue;
        }
        let Some(index) = layout.fields.iter().position(|f| f.name.text == c.field.text) else {
            if let Some(message) = (c.field.text == "opcode").then(|| opcode_not_a_field(layout)).flatten() {
                if layout.complete {
                    diags.error(c.field.span, message).label("no such field");
                }
                continue;
            }
            // A format that lost lines (or its base) may lack the field.
            if layout.reported_by_base(&c.field.text, t.inherited) || !layout.complete {
                continue;
            }
            let params = layout.params.iter().map(|p| p.name.text.as_str());
            let names = layout.fields.iter().map(|f| f.name.text.as_str()).chain(params);
            let error = diags
                .error(
                    c.field.span,
                    format!(
                        "condition names `{}`, which is not a field of `{}`{}",
                        c.field.text,
                        layout.name.text,
                        did_you_mean(&c.field.text, names)
                    ),
                )
                .label("no such field");
            layout.mark_slips(error, &c.field.text);
            continue;
        };
        let field = &layout.fields[index];
        let (text, span) = (c.to_string(), c.span);
        if let Some(greater) = c.greater {
            if let Some(range) = compare_range(&c, greater, field, diags) {
                when.push(CondDef {
                    range: Some(range),
                    ..CondDef::on(index, text, span, true)
                });
            }
            continue;
        }
        if let Some(attr) = &c.attr {
            if let Some(mut cond) = resolve_attr_cond(&c, attr, index, field, enums, isa_attrs, diags) {
                (cond.text, cond.span) = (text, span);
                when.push(cond);
            }
            continue;
        }
        if let Some(named) = c.named {
            let open_enum = matches!(field.ty, FieldTy::Enum(e) if enums[e].open && !enums[e].is_total());
            if !open_enum {
                // A field of an unknown type (a misspelt enum) was reported.
                if !field.ty_failed {
                    diags.error(
                        c.span,
                        format!(
                            "`{} is {}` needs an open enum field with unnamed values; `{}` is not one",
                            field.name.text,
                            if named { "named" } else { "unnamed" },
                            field.name.text
                        ),
                    );
                }
                continue;
            }
            when.push(CondDef {
                named: Some(named),
                ..CondDef::on(index, text, span, true)
            });
            continue;
        }
        if c.values.is_empty() {
            if field.ty != FieldTy::Bool {
                diags.error(
                    c.span,
                    format!(
                        "`{}` is not a bool field: compare it with `==` or `!=` (`{} == VALUE`)",
                        field.name.text, field.name.text
                    ),
                );
                continue;
            }
            when.push(CondDef {
                values: vec![1],
                ..CondDef::on(index, text, span, c.equal)
            });
            continue;
        }
        match other_field(&c, index, layout, enums, diags) {
            Some(Some(other)) => {
                when.push(CondDef {
                    other: Some(other),
                    ..CondDef::on(index, text, span, c.equal)
                });
                continue;
            }
            Some(None) => continue,
            None => {}
        }
        let values = c
            .values
            .iter()
            .filter_map(|v| field_value(field, v, layout, enums, diags))
            .collect();
        when.push(CondDef {
            values,
            ..CondDef::on(index, text, span, c.equal)
        });
    }
    let defaults = resolve_defaults(&t.defaults, t.inherited, &when, &template, layout, enums, diags);
    TextDef {
        dialect,
        name: t.name,
        when,
        when_params,
        defaults,
        template,
        doc: t.doc,
    }
}

/// `a == b` / `a != b` of two fields of the layout: `Some` when the
/// condition's one value names a field (and no variant of `a`'s enum),
/// with the other field's index when the two have the same type and width
/// (their raw values are compared), `None` inside when they do not
/// (reported) or when either field's type is unknown (reported at it).
fn other_field(
    c: &CondAst,
    index: usize,
    layout: &LayoutDef,
    enums: &[EnumDef],
    diags: &mut Diagnostics,
) -> Option<Option<usize>> {
    let [CondValue::Name(name)] = c.values.as_slice() else {
        return None;
    };
    let field = &layout.fields[index];
    if let FieldTy::Enum(e) = field.ty {
        if enums[e].variants.iter().any(|v| v.name.text == name.text) {
            return None;
        }
    }
    let other = layout.fields.iter().position(|f| f.name.text == name.text)?;
    let o = &layout.fields[other];
    if field.ty_failed || o.ty_failed {
        return Some(None);
    }
    if o.ty != field.ty || o.width != field.width {
        diags.error(
            c.span,
            format!(
                "`{}` ({} bits) and `{}` ({} bits) cannot be compared: fields compared in a condition have the same type and width",
                field.name.text, field.width, o.name.text, o.width
            ),
        );
        return Some(None);
    }
    Some(Some(other))
}

/// The `default FIELD = V` clause of a `text` line: each field exists, is
/// not `fixed`, is neither printed by the template nor pinned by a
/// condition (the default would never count), is given once, and the value
/// fits it. A field missing from an `inherited` line is the base's to report.
fn resolve_defaults(
    defaults: &[(Name, CondValue)],
    inherited: bool,
    when: &[CondDef],
    template: &Template,
    layout: &LayoutDef,
    enums: &[EnumDef],
    diags: &mut Diagnostics,
) -> Vec<(usize, u64)> {
    let mut out: Vec<(usize, u64)> = Vec::new();
    for (name, value) in defaults {
        let Some(index) = layout.fields.iter().position(|f| f.name.text == name.text) else {
            if layout.reported_by_base(&name.text, inherited) || !layout.complete {
                continue;
            }
            let names = layout.fields.iter().map(|f| f.name.text.as_str());
            let error = diags
                .error(
                    name.span,
                    format!(
                        "`default` names `{}`, which is not a field of `{}`{}",
                        name.text,
                        layout.name.text,
                        did_you_mean(&name.text, names)
                    ),
                )
                .label("no such field");
            layout.mark_slips(error, &name.text);
            continue;
        };
        let field = &layout.fields[index];
        let problem = if matches!(field.ty, FieldTy::Fixed(_)) {
            Some("is `fixed`: its value is the layout's, not the text's")
        } else if template_uses(&template.pieces, index) {
            Some("is printed by this line's template, so parsing always sets it")
        } else if when
            .iter()
            .any(|c| c.field == index && c.attr.is_none() && c.named.is_none())
        {
            Some("is pinned by this line's `when`, which parsing writes instead")
        } else if out.iter().any(|&(f, _)| f == index) {
            Some("has a default already on this line")
        } else {
            None
        };
        if let Some(problem) = problem {
            diags
                .error(name.span, format!("`default {}`: `{}` {problem}", name.text, name.text))
                .label("this default would never count");
            continue;
        }
        let Some(v) = field_value(field, value, layout, enums, diags) else {
            continue;
        };
        out.push((index, v));
    }
    out
}

/// The raw value a condition or `default` names for `field`: a number that
/// fits it, or a variant of its enum (`None`, reported, otherwise).
/// `field > N` or `field < N`: the values for which it holds, `LO..=HI`.
/// Only a number compares: a `u` or `unknown` field, not an attribute; a
/// comparison that holds for no value or for every value is an error.
fn compare_range(c: &CondAst, greater: bool, field: &FieldDef, diags: &mut Diagnostics) -> Option<(u64, u64)> {
    let [CondValue::Int(n)] = c.values.as_slice() else {
        return None;
    };
    let numeric = matches!(field.ty, FieldTy::Unsigned | FieldTy::Unknown);
    if c.attr.is_some() || !numeric {
        diags.error(
            c.span,
            format!(
                "`{}` compares numbers: `{}` is not a `u` field (test an enum or a bool with `==` or `!=`)",
                c,
                c.attr
                    .as_ref()
                    .map_or(field.name.text.clone(), |a| format!("{}.{}", field.name.text, a.text))
            ),
        );
        return None;
    }
    let max = low_mask128(field.width.min(64));
    let (lo, hi) = if greater {
        (n.value.saturating_add(1), max)
    } else {
        (0, n.value.saturating_sub(1).min(max))
    };
    let never = lo > hi || (!greater && n.value == 0);
    let always = lo == 0 && hi == max;
    if never || always {
        diags.error(
            c.span,
            format!(
                "`{c}` holds for {} value of `{}` ({} bits, 0..={max})",
                if never { "no" } else { "every" },
                field.name.text,
                field.width
            ),
        );
        return None;
    }
    Some((lo as u64, hi as u64))
}

fn field_value(
    field: &FieldDef,
    value: &CondValue,
    layout: &LayoutDef,
    enums: &[EnumDef],
    diags: &mut Diagnostics,
) -> Option<u64> {
    match value {
        CondValue::Int(lit) => {
            if field.width < 128 && lit.value >> field.width != 0 {
                diags.error(
                    lit.span,
                    format!(
                        "{} does not fit `{}` ({} bit{})",
                        lit.value,
                        field.name.text,
                        field.width,
                        if field.width == 1 { "" } else { "s" }
                    ),
                );
                return None;
            }
            Some(lit.value as u64)
        }
        CondValue::Name(name) => {
            let FieldTy::Enum(e) = field.ty else {
                if field.ty_failed {
                    // Its type is reported as wrong: it may be the enum.
                    return None;
                }
                diags.error(
                    name.span,
                    format!(
                        "`{}` is not an enum field, so `{}` names no value of it: write a number",
                        field.name.text, name.text
                    ),
                );
                return None;
            };
            let e = &enums[e];
            let found = e.variants.iter().find(|v| v.name.text == name.text);
            if found.is_none() && e.complete {
                // The message does not name the field, so that a variant
                // misspelt in its enum, named at many places, is one error
                // with the others' lines in a note.
                // Nor the layout's field or param, which may be declared
                // under a misspelt name (`a != b`).
                let names = e.variants.iter().map(|v| v.name.text.as_str());
                let error = diags
                    .error(
                        name.span,
                        format!(
                            "`{}` is not a variant of `{}`{}",
                            name.text,
                            e.name.text,
                            did_you_mean(&name.text, names)
                        ),
                    )
                    .label(format!("no such variant (the type of `{}`)", field.name.text));
                layout.mark_slips(error, &name.text);
            }
            found.map(|v| v.value)
        }
    }
}

/// Whether a template prints field `index` (directly or as a group's flag).
fn template_uses(pieces: &[TPiece], index: usize) -> bool {
    pieces.iter().any(|p| match p {
        TPiece::Field { index: i, .. } => *i == index,
        TPiece::Group { index: i, pieces, .. } => *i == index || template_uses(pieces, index),
        _ => false,
    })
}

/// Turns each `opcode.ATTR` condition of a format's `text` lines into the
/// list of that format's opcodes whose attribute matches, so a new opcode
/// line with the attribute joins the form with no other edit. A condition
/// that no opcode of the format meets is an error: the line would never
/// print (unless opcode lines were lost to syntax errors, `opcodes_lost`,
/// or an opcode of the format had its attribute settings fail, `unsettled`:
/// the lost lines or settings may be the ones that meet it).
fn fold_opcode_conditions(
    layouts: &mut [LayoutDef],
    opcodes: &[OpDef],
    opcodes_lost: bool,
    unsettled: &HashSet<usize>,
    diags: &mut Diagnostics,
) {
    for (index, layout) in layouts.iter_mut().enumerate() {
        let Some(opcode_field) = layout.fields.iter().position(|f| f.ty == FieldTy::Opcode) else {
            continue;
        };
        for cond in layout.texts.iter_mut().flat_map(|t| t.when.iter_mut()) {
            let Some(attr) = cond.attr.filter(|_| cond.field == opcode_field) else {
                continue;
            };
            let matching: Vec<u64> = opcodes
                .iter()
                .filter(|op| op.format == index && cond.values.contains(&op.attrs[attr]) == cond.equal)
                .map(|op| op.value)
                .collect();
            if matching.is_empty() && !opcodes_lost && !unsettled.contains(&index) {
                diags
                    .error(
                        cond.span,
                        format!(
                            "no opcode of `{}` meets `{}`, so this line would never print",
                            layout.name.text, cond.text
                        ),
                    )
                    .label("no opcode matches");
            }
            (cond.equal, cond.values, cond.attr) = (true, matching, None);
        }
    }
}

/// A condition on an attribute of an enum field's value (`op.args == 1`,
/// `op.vector_only`, `!op.vector_only`) or of the opcode (`opcode.flow ==
/// jump`, the `isa` item's attributes): the attribute is declared, and the
/// values are numbers (or variants of the attribute's enum); a bare or
/// negated one needs a flag attribute. The text and span are the caller's.
fn resolve_attr_cond(
    c: &CondAst,
    attr: &Name,
    index: usize,
    field: &FieldDef,
    enums: &[EnumDef],
    isa_attrs: (&[AttrDef], bool),
    diags: &mut Diagnostics,
) -> Option<CondDef> {
    let (attrs, lost, owner) = match field.ty {
        FieldTy::Enum(e) => (
            &enums[e].attrs[..],
            enums[e].attrs_lost,
            format!("enum `{}` (the type of `{}`)", enums[e].name.text, field.name.text),
        ),
        FieldTy::Opcode => (isa_attrs.0, isa_attrs.1, "the `isa` item".to_owned()),
        // Its type is reported as wrong: it may be the enum meant.
        _ if field.ty_failed => return None,
        _ => {
            diags.error(
                attr.span,
                format!(
                    "`{}.{}` reads an attribute of an enum value or of the opcode, but `{}` is neither an enum nor the opcode field",
                    field.name.text, attr.text, field.name.text
                ),
            );
            return None;
        }
    };
    let Some(ai) = attrs.iter().position(|a| a.name.text == attr.text) else {
        if lost {
            return None;
        }
        let near = nearest(&attr.text, attrs.iter().map(|a| a.name.text.as_str()));
        let error = diags
            .error(
                attr.span,
                format!("{owner} declares no attribute `{}`{}", attr.text, hint(near)),
            )
            .label("no such attribute");
        crate::misspelt::mark(error, "attribute", &attr.text, near, attrs.iter().map(|a| &a.name));
        return None;
    };
    let decl = &attrs[ai];
    if c.named.is_some() {
        diags.error(
            c.span,
            format!(
                "`is named`/`is unnamed` apply to the field: write `{} is …`",
                field.name.text
            ),
        );
        return None;
    }
    if c.values.is_empty() {
        if decl.kind != AttrKind::Flag {
            diags.error(
                c.span,
                format!(
                    "`{}.{}` is not a flag attribute: compare it with `==` or `!=`",
                    field.name.text, attr.text
                ),
            );
            return None;
        }
        return Some(CondDef {
            values: vec![1],
            attr: Some(ai),
            ..CondDef::on(index, String::new(), c.span, c.equal)
        });
    }
    let mut values = Vec::new();
    let mut all_read = true;
    for v in &c.values {
        match (v, decl.kind) {
            (CondValue::Int(lit), _) => values.push(lit.value as u64),
            (CondValue::Name(name), AttrKind::Enum(ae)) => {
                match enums[ae].variants.iter().find(|v| v.name.text == name.text) {
                    Some(v) => values.push(v.value),
                    None if !enums[ae].complete => all_read = false,
                    None => {
                        all_read = false;
                        let names = enums[ae].variants.iter().map(|v| v.name.text.as_str());
                        diags.error(
                            name.span,
                            format!(
                                "`{}` is not a variant of `{}`{}",
                                name.text,
                                enums[ae].name.text,
                                did_you_mean(&name.text, names)
                            ),
                        );
                    }
                }
            }
            (CondValue::Name(name), _) => {
                all_read = false;
                diags.error(
                    name.span,
                    format!(
                        "attribute `{}` holds numbers, so `{}` names no value of it: write a number",
                        attr.text, name.text
                    ),
                );
            }
        }
    }
    // A condition missing a value would test something else (and may then
    // hold for no opcode, a second error for the same mistake).
    if !all_read {
        return None;
    }
    Some(CondDef {
        values,
        attr: Some(ai),
        ..CondDef::on(index, String::new(), c.span, c.equal)
    })
}
