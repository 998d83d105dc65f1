//! Every compile-time rule of the spec language. Each check reports all of
//! its findings with the numbers involved; none stops the others.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Bound;

use isa_runtime::agsl;

use crate::ast::Name;
use crate::diag::Diagnostics;
use crate::model::*;
use crate::naming::camel_case;
use crate::source::Span;

pub fn validate(spec: &Spec, diags: &mut Diagnostics) {
    check_isa(spec, diags);
    check_names(spec, diags);
    for e in &spec.enums {
        check_enum(e, diags);
    }
    for r in &spec.regs {
        check_regs(r, diags);
    }
    // Formats with an error of their own (a field lost, a gap where a
    // `pattern` field was): their opcodes' patterns are not what the spec
    // meant, so overlaps with them are no second error.
    let mut faulty = Vec::with_capacity(spec.layouts.len());
    for l in &spec.layouts {
        let before = diags.len();
        check_layout(spec, l, diags);
        // A derived format has its base's faults (reported at the base).
        let base_faulty = l.base.is_some_and(|b| faulty.get(b).copied().unwrap_or(false));
        faulty.push(!l.complete || diags.len() > before || base_faulty);
    }
    for u in &spec.unions {
        check_union(spec, u, diags);
    }
    check_containment(spec, diags);
    check_templates(spec, diags);
    check_text_mnemonics(spec, diags);
    check_opcodes(spec, &faulty, diags);
    check_semantics(spec, diags);
    check_presence_fields(spec, diags);
    if let Some(b) = &spec.packed {
        check_packed(spec, b, diags);
    }
}

/// Layouts and unions that contain themselves through others (`A` holds a
/// `B` that holds an `A`, or a union one of whose layouts holds the union):
/// their types would be infinitely large. Each cycle is reported once, at
/// the field (or union variant) that closes it; a layout that holds itself
/// directly is `check_layout`'s. The walk keeps its own stack: a spec may
/// chain thousands of layouts.
fn check_containment(spec: &Spec, diags: &mut Diagnostics) {
    let layouts = spec.layouts.len();
    let name = |node: usize| match node.checked_sub(layouts) {
        None => ("layout", spec.layouts[node].name.text.as_str()),
        Some(u) => ("union", spec.unions[u].name.text.as_str()),
    };
    // Node `i < layouts` is layout `i`, node `layouts + u` union `u`.
    let mut edges: Vec<Vec<(usize, Span)>> = spec
        .layouts
        .iter()
        .enumerate()
        .map(|(i, l)| {
            l.fields
                .iter()
                .filter_map(|f| match f.ty {
                    FieldTy::Layout(inner) if inner != i && !spec.layouts[inner].is_format => Some((inner, f.ty_span)),
                    FieldTy::Union(u) => Some((layouts + u, f.ty_span)),
                    _ => None,
                })
                .collect()
        })
        .collect();
    edges.extend(
        spec.unions
            .iter()
            .map(|u| u.variants.iter().map(|&(l, span, _)| (l, span)).collect()),
    );
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; edges.len()];
    for root in 0..edges.len() {
        if state[root] != NEW {
            continue;
        }
        state[root] = OPEN;
        // (node, index of its next edge to follow)
        let mut stack = vec![(root, 0usize)];
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            let Some(&(to, span)) = edges[node].get(*next) else {
                state[node] = DONE;
                stack.pop();
                continue;
            };
            *next += 1;
            match state[to] {
                NEW => {
                    state[to] = OPEN;
                    stack.push((to, 0));
                }
                OPEN => {
                    let from = stack.iter().position(|&(v, _)| v == to).unwrap_or(0);
                    let path: Vec<String> = std::iter::once(node)
                        .chain(stack[from..].iter().map(|&(v, _)| v))
                        .map(|v| format!("`{}`", name(v).1))
                        .collect();
                    let (kind, own) = name(node);
                    diags
                        .error(
                            span,
                            format!(
                                "{kind} `{own}` contains itself: {}, a type of infinite size",
                                path.join(" holds ")
                            ),
                        )
                        .label("closes the cycle");
                }
                _ => {}
            }
        }
    }
}

/// A union: 1 to 64 bits, at least one layout, each a layout of its width
/// named once; every layout but the last tells itself apart by `fixed`
/// fields, none is chosen only after one whose fixed fields it implies,
/// and each prints all its `unknown` bits in its syntax (a union field
/// has no `name=0x…` suffixes).
fn check_union(spec: &Spec, u: &UnionDef, diags: &mut Diagnostics) {
    if u.bits == 0 || u.bits > 64 {
        diags.error(
            u.bits_span,
            format!(
                "union `{}` is {} wide; a union holds 1 to 64 bits (it is a field's type)",
                u.name.text,
                count(u.bits, "bit")
            ),
        );
        return;
    }
    if u.variants.is_empty() {
        diags.error(u.name.span, format!("union `{}` lists no layout", u.name.text));
        return;
    }
    let mut seen: Vec<(usize, Span)> = Vec::new();
    for (k, &(li, span, _)) in u.variants.iter().enumerate() {
        let l = &spec.layouts[li];
        if let Some(&(_, first)) = seen.iter().find(|(s, _)| *s == li) {
            diags
                .error(
                    span,
                    format!("layout `{}` is listed twice in union `{}`", l.name.text, u.name.text),
                )
                .note(first, "first listed here");
            continue;
        }
        seen.push((li, span));
        if l.bits != u.bits {
            diags.error(
                span,
                format!(
                    "layout `{}` is {} wide, but union `{}` is {}",
                    l.name.text,
                    count(l.bits, "bit"),
                    u.name.text,
                    count(u.bits, "bit")
                ),
            );
            continue;
        }
        let (mask, bits) = fixed_bits(l);
        if mask == 0 && k + 1 < u.variants.len() {
            diags.error(
                span,
                format!(
                    "layout `{}` has no `fixed` field, so union `{}` never gets to the layouts after it: give it one, or list it last",
                    l.name.text, u.name.text
                ),
            );
        }
        for &(ei, espan, _) in &u.variants[..k] {
            let earlier = &spec.layouts[ei];
            let (emask, ebits) = fixed_bits(earlier);
            // An earlier layout without fixed fields is reported above.
            let implied = emask != 0 && emask & !mask == 0 && (ebits ^ bits) & emask == 0;
            if ei != li && implied && earlier.bits == l.bits {
                diags
                    .error(
                        span,
                        format!(
                            "layout `{}` is never chosen in union `{}`: `{}`, listed before it, fixes a subset of its fixed bits to the same values",
                            l.name.text, u.name.text, earlier.name.text
                        ),
                    )
                    .note(espan, format!("`{}` listed here", earlier.name.text));
            }
        }
        for f in l.fields.iter().filter(|f| f.ty == FieldTy::Unknown) {
            // A syntax with an error (reported) may have meant to print it.
            let printed = l.syntax.as_ref().is_some_and(|t| {
                t.has_errors
                    || t.pieces
                        .iter()
                        .any(|p| matches!(p, TPiece::Field { index, .. } if l.fields[*index].name.text == f.name.text))
            });
            if !printed {
                diags.error(
                    f.name.span,
                    format!(
                        "`unknown` field `{}` of layout `{}` must be printed by its `syntax`: a layout of union `{}` has no `name=0x…` suffixes",
                        f.name.text, l.name.text, u.name.text
                    ),
                );
            }
        }
    }
}

/// The mask and values of a layout's `fixed` fields.
fn fixed_bits(l: &LayoutDef) -> (u128, u128) {
    let mut mask = 0u128;
    let mut bits = 0u128;
    for f in &l.fields {
        if let FieldTy::Fixed(v) = f.ty {
            mask |= LayoutDef::field_mask(f);
            bits |= LayoutDef::place(f, v);
        }
    }
    (mask, bits)
}

/// `presence` fields belong to the control layout of a `bundle` item.
fn check_presence_fields(spec: &Spec, diags: &mut Diagnostics) {
    if spec.bundle_declared && spec.packed.is_none() {
        // The bundle failed to resolve (reported): its control layout is unknown.
        return;
    }
    let control = spec.packed.as_ref().map(|b| b.control);
    for (i, l) in spec.layouts.iter().enumerate() {
        if Some(i) == control {
            continue;
        }
        for f in l.fields.iter().filter(|f| f.ty == FieldTy::Presence) {
            diags.error(
                f.ty_span,
                format!(
                    "field `{}` of `{}` is `presence`, but `{}` is not a bundle's control layout: only the layout named by a `bundle`'s `control` line holds unit enables",
                    f.name.text, l.name.text, l.name.text
                ),
            );
        }
    }
}

/// A presence-mask bundle: the control word is the ISA's 32-bit word, each
/// presence bit enables exactly one unit, units come in enable-bit order,
/// each variant is as wide as its unit and later variants are told apart by
/// `fixed` fields, and derived fields have the right type and room.
fn check_packed(spec: &Spec, b: &BundleDef, diags: &mut Diagnostics) {
    let control = &spec.layouts[b.control];
    if spec.word_bits != 32 || control.bits != 32 {
        diags.error(
            b.control_span,
            format!(
                "bundle `{}`: the control layout `{}` ({}) and the ISA's word ({}) must both be 32 bits: instructions are runs of 32-bit words",
                b.name.text, control.name.text, count(control.bits, "bit"), count(spec.word_bits, "bit")
            ),
        );
        return;
    }
    let mut presence_bits: Vec<u32> = Vec::new();
    for f in control.fields.iter().filter(|f| f.ty == FieldTy::Presence) {
        for r in &f.ranges {
            presence_bits.extend(r.lo..r.lo + r.width);
        }
    }
    // A field of a type reported as unknown may be the `presence` one.
    let typed = control.fields.iter().all(|f| !f.ty_failed);
    if presence_bits.is_empty() && control.complete && typed {
        diags.error(
            b.control_span,
            format!(
                "control layout `{}` has no `presence` field: declare the unit-enable bits, such as `units 7..=18 presence`",
                control.name.text
            ),
        );
    }
    let mut names: HashMap<&str, &UnitDef> = HashMap::new();
    let mut enables: HashMap<u32, &UnitDef> = HashMap::new();
    let mut previous: Option<&UnitDef> = None;
    // After a misplaced or doubled unit, an unused presence bit is a follow-on.
    let mut enables_reported = false;
    for u in &b.units {
        if let Some(first) = names.insert(&u.name.text, u) {
            enables_reported = true;
            diags
                .error(u.name.span, format!("duplicate unit `{}`", u.name.text))
                .note(first.name.span, "first declared here");
        }
        if crate::expand::view::VIEW_METHODS.contains(&u.name.text.as_str()) {
            diags.error(
                u.name.span,
                format!(
                    "a unit cannot be called `{}`: the instruction view has a method of that name; choose a name other than {}",
                    u.name.text,
                    crate::expand::view::VIEW_METHODS
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        if let Some(first) = enables.insert(u.enable, u) {
            enables_reported = true;
            diags
                .error(
                    u.enable_span,
                    format!(
                        "units `{}` and `{}` both use enable bit {}",
                        first.name.text, u.name.text, u.enable
                    ),
                )
                .note(first.enable_span, "first used here");
        } else if !presence_bits.contains(&u.enable) && !presence_bits.is_empty() {
            enables_reported = true;
            diags.error(
                u.enable_span,
                format!(
                    "enable bit {} of unit `{}` is not a `presence` bit of control layout `{}` (those are {})",
                    u.enable,
                    u.name.text,
                    control.name.text,
                    bit_list(&presence_bits)
                ),
            );
        }
        if let Some(p) = previous {
            if u.enable < p.enable {
                diags
                    .error(
                        u.enable_span,
                        format!(
                            "unit `{}` (enable bit {}) is listed after `{}` (enable bit {}): units are packed in enable-bit order, so list them in that order",
                            u.name.text, u.enable, p.name.text, p.enable
                        ),
                    )
                    .note(p.enable_span, "the earlier unit's bit");
            }
        }
        previous = Some(u);
        if u.width == 0 || u.width > 128 {
            diags.error(
                u.width_span,
                format!(
                    "unit `{}` is {} wide: expected 1 to 128",
                    u.name.text,
                    count(u.width, "bit")
                ),
            );
            continue;
        }
        for (k, &(v, span)) in u.variants.iter().enumerate() {
            let l = &spec.layouts[v];
            if l.bits != u.width {
                diags.error(
                    span,
                    format!(
                        "layout `{}` is {} wide but unit `{}` is {}",
                        l.name.text,
                        count(l.bits, "bit"),
                        u.name.text,
                        count(u.width, "bit")
                    ),
                );
            }
            if k > 0 && l.complete && !l.fields.iter().any(|f| matches!(f.ty, FieldTy::Fixed(_))) {
                diags.error(
                    span,
                    format!(
                        "variant `{}` of unit `{}` has no `fixed` field: a later variant is chosen when its fixed fields hold, so it needs at least one",
                        l.name.text, u.name.text
                    ),
                );
            }
        }
        let variant_type = format!("{}Unit", camel_case(&u.name.text));
        if u.variants.len() > 1
            && (spec.layouts.iter().any(|l| l.name.text == variant_type)
                || spec.enums.iter().any(|e| e.name.text == variant_type)
                || spec.regs.iter().any(|r| r.name.text == variant_type))
        {
            diags.error(
                u.name.span,
                format!(
                    "unit `{}` has variants, so it gets the type `{variant_type}`, which the spec already defines",
                    u.name.text
                ),
            );
        }
    }
    for &bit in &presence_bits {
        if !enables.contains_key(&bit) && b.complete && !enables_reported {
            diags.error(
                b.name.span,
                format!(
                    "presence bit {bit} of control layout `{}` enables no unit: add a `unit … enable {bit}` line",
                    control.name.text
                ),
            );
        }
    }
    let max_words = 1 + u64::from(b.max_unit_bits().div_ceil(32));
    let mut rules: HashMap<DeriveRule, &DeriveDef> = HashMap::new();
    let mut fields: HashMap<usize, &DeriveDef> = HashMap::new();
    for d in &b.derives {
        if let Some(first) = rules.insert(d.rule, d) {
            diags
                .error(d.rule_span, format!("rule `{}` is derived twice", d.rule.spelling()))
                .note(first.rule_span, "first derived here");
        }
        if let Some(first) = fields.insert(d.field, d) {
            diags
                .error(
                    d.field_span,
                    format!("field `{}` is derived twice", control.fields[d.field].name.text),
                )
                .note(first.field_span, "first derived here");
        }
        let f = &control.fields[d.field];
        match d.rule {
            DeriveRule::Words | DeriveRule::NextWords => {
                if f.ty != FieldTy::Unsigned {
                    diags.error(
                        d.field_span,
                        format!(
                            "`derive {} = {}` needs a `u` field, but `{}` is not one",
                            f.name.text,
                            d.rule.spelling(),
                            f.name.text
                        ),
                    );
                } else if u128::from(max_words) > low_mask128(f.width) {
                    diags.error(
                        d.field_span,
                        format!(
                            "field `{}` ({}) cannot hold the longest instruction, {}",
                            f.name.text,
                            count(f.width, "bit"),
                            count(max_words, "word")
                        ),
                    );
                }
            }
            DeriveRule::NotLast => {
                if f.ty != FieldTy::Bool {
                    diags.error(
                        d.field_span,
                        format!("`derive {} = !last` needs a `bool` field", f.name.text),
                    );
                }
            }
        }
    }
}

/// Each opcode's `sem` parses as AGSL over its operands, and each enum
/// value's `sem` over its enum's declared operands (see `semantics`).
fn check_semantics(spec: &Spec, diags: &mut Diagnostics) {
    check_funcs(spec, diags);
    let mut funcs: Vec<(String, usize)> = spec.funcs.iter().map(|(n, a)| (n.text.clone(), *a)).collect();
    funcs.sort();
    funcs.dedup_by(|a, b| a.0 == b.0);
    let declared_funcs: Vec<Name> = spec.funcs.iter().map(|(n, _)| n.clone()).collect();
    for op in spec.opcodes.iter().filter(|o| !o.semantics.is_empty()) {
        let layout = &spec.layouts[op.format];
        let fields = &layout.fields;
        let operands: Vec<String> = fields
            .iter()
            .filter(|f| f.ty.is_operand())
            .map(|f| f.name.text.clone())
            .collect();
        // An operand whose enum declares operands is an operation: callable.
        let mut callable = funcs.clone();
        for f in fields {
            if let FieldTy::Enum(i) = f.ty {
                if let Some(names) = &spec.enums[i].operands {
                    callable.push((f.name.text.clone(), names.len()));
                }
            }
        }
        let scope = crate::semantics::Scope {
            owner: "this instruction",
            operands: &operands,
            format: Some(layout),
            declared_funcs: &declared_funcs,
            state: &spec.state,
            funcs: &callable,
            complete: layout.complete && layout.faulty_fields.is_empty() && !spec.isa_lines_lost,
        };
        let what = format!("`{}`", op.mnemonic.text);
        crate::semantics::check(&op.semantics, op.semantics_at, &what, &scope, diags);
    }
    for e in &spec.enums {
        check_enum_semantics(spec, e, &funcs, &declared_funcs, diags);
    }
}

/// `func` lines: unique names that AGSL does not already define, and an
/// argument count the checker supports.
fn check_funcs(spec: &Spec, diags: &mut Diagnostics) {
    for (i, (name, arity)) in spec.funcs.iter().enumerate() {
        let n = name.text.as_str();
        if agsl::builtin(n).is_some() || agsl::CONSTRUCTORS.contains(&n) {
            diags.error(
                name.span,
                format!("`func {n}` redefines an AGSL built-in; semantics can call `{n}` without declaring it"),
            );
        } else if spec.state.iter().any(|s| s.text == *n) {
            diags.error(name.span, format!("`{n}` is declared both as `state` and as a `func`"));
        } else if let Some((first, _)) = spec.funcs[..i].iter().find(|(f, _)| f.text == n) {
            diags
                .error(name.span, format!("duplicate `func {n}`"))
                .label("second declaration")
                .note(first.span, "first declared here");
        }
        if *arity > agsl::MAX_DECLARED_ARITY {
            diags.error(
                name.span,
                format!(
                    "`func {n}` takes {arity} arguments; at most {} are supported",
                    agsl::MAX_DECLARED_ARITY
                ),
            );
        }
    }
}

/// An enum's `operands(…)` and its values' `sem` strings.
fn check_enum_semantics(
    spec: &Spec,
    e: &EnumDef,
    funcs: &[(String, usize)],
    declared_funcs: &[Name],
    diags: &mut Diagnostics,
) {
    let Some(declared) = &e.operands else {
        for v in &e.variants {
            if let Some(span) = v.semantics_span {
                diags.error(
                    span,
                    format!(
                        "`{}::{}` has semantics, but enum `{}` declares no operands for them to use: write `enum {} : {} {}operands(a, b) {{`",
                        e.name.text,
                        v.name.text,
                        e.name.text,
                        e.name.text,
                        e.bits,
                        if e.open { "open " } else { "" }
                    ),
                );
            }
        }
        return;
    };
    for (i, n) in declared.iter().enumerate() {
        if let Some(first) = declared[..i].iter().find(|f| f.text == n.text) {
            diags
                .error(
                    n.span,
                    format!("operand `{}` of enum `{}` is declared twice", n.text, e.name.text),
                )
                .label("second declaration")
                .note(first.span, "first declared here");
        } else if n.text == RESULT || spec.state.iter().any(|s| s.text == n.text) {
            diags.error(
                n.span,
                format!(
                    "`{}` cannot be an operand of enum `{}`: it already names {}",
                    n.text,
                    e.name.text,
                    if n.text == RESULT {
                        "the value's result"
                    } else {
                        "ISA state"
                    }
                ),
            );
        }
    }
    if declared.len() > agsl::MAX_DECLARED_ARITY {
        diags.error(
            declared[agsl::MAX_DECLARED_ARITY].span,
            format!(
                "enum `{}` declares {} operands; at most {} are supported",
                e.name.text,
                declared.len(),
                agsl::MAX_DECLARED_ARITY
            ),
        );
    }
    let mut operands: Vec<String> = declared.iter().map(|n| n.text.clone()).collect();
    operands.push(RESULT.to_owned());
    let owner = format!("enum `{}`", e.name.text);
    let scope = crate::semantics::Scope {
        owner: &owner,
        operands: &operands,
        format: None,
        declared_funcs,
        state: &spec.state,
        funcs,
        complete: !spec.isa_lines_lost,
    };
    for v in &e.variants {
        if let Some(span) = v.semantics_span {
            let what = format!("`{}::{}`", e.name.text, v.name.text);
            crate::semantics::check(&v.semantics, span.start + 1, &what, &scope, diags);
        }
    }
}

/// The name an enum value's semantics assigns its result to.
pub const RESULT: &str = "dst";

fn check_isa(spec: &Spec, diags: &mut Diagnostics) {
    let wide_ok = spec.word_bits > 128 && spec.word_bits % 64 == 0 && spec.word_bits <= 512;
    if ![8, 16, 32, 64, 128].contains(&spec.word_bits) && !wide_ok {
        diags.error(
            spec.word_span,
            format!(
                "word width {} is not supported: expected 8, 16, 32, 64 or 128 (`u8` to `u128`), or a multiple of 64 up to 512 (`[u64; N]`)",
                spec.word_bits
            ),
        );
    }
    if spec.opcodes.is_empty() && spec.bundle().is_none() && !spec.bundle_declared && !spec.opcodes_lost {
        diags.error(
            spec.name.span,
            format!(
                "ISA `{}` has no opcodes: add an `opcodes {{ … }}` block, or make it a bundle ISA with exactly one format and no `opcode` field",
                spec.name.text
            ),
        );
    }
}

/// Names the generator makes Rust identifiers of, that Rust refuses
/// ([`crate::naming::unusable`]): the ISA's, its states', functions' and
/// dialects', types' and enum values', register prefixes', params',
/// mnemonics', text groups', the bundle's and its units'. (Fields and
/// attributes are checked with their other rules.)
fn check_names(spec: &Spec, diags: &mut Diagnostics) {
    let mut names: Vec<(&str, &Name)> = vec![("an ISA", &spec.name)];
    names.extend(spec.state.iter().map(|n| ("a state", n)));
    names.extend(spec.funcs.iter().map(|(n, _)| ("a function", n)));
    names.extend(spec.dialects.iter().map(|d| ("a dialect", &d.name)));
    for e in &spec.enums {
        names.push(("an enum", &e.name));
        names.extend(e.variants.iter().map(|v| ("an enum value", &v.name)));
    }
    for r in &spec.regs {
        names.push(("a register file", &r.name));
        names.extend(r.files.iter().map(|f| ("a register prefix", &f.prefix)));
    }
    let mut groups = HashSet::new();
    for l in &spec.layouts {
        names.push((if l.is_format { "a format" } else { "a layout" }, &l.name));
        names.extend(l.params.iter().map(|p| ("a param", &p.name)));
        // A derived format's inherited lines are its base's, at one place.
        let own = l.texts.iter().filter(|t| groups.insert(t.name.span));
        names.extend(own.map(|t| ("a text group", &t.name)));
    }
    names.extend(spec.unions.iter().map(|u| ("a union", &u.name)));
    let mut mnemonics = HashSet::new();
    let ops = spec.opcodes.iter().filter(|op| mnemonics.insert(op.mnemonic.span));
    names.extend(ops.map(|op| ("a mnemonic", &op.mnemonic)));
    if let Some(b) = &spec.packed {
        names.push(("a bundle", &b.name));
        names.extend(b.units.iter().map(|u| ("a unit", &u.name)));
    }
    for (kind, name) in names {
        if let Some(rust) = crate::naming::unusable(&name.text) {
            diags.error(
                name.span,
                format!(
                    "`{}` cannot be the name of {kind}{}",
                    name.text,
                    crate::naming::unusable_because(rust)
                ),
            );
        }
    }
}

/// `0..=max` for a width, as text.
fn range_text(bits: u32) -> String {
    format!("0..={:#x}", low_mask128(bits))
}

fn check_enum(e: &EnumDef, diags: &mut Diagnostics) {
    if e.bits == 0 || e.bits > 64 {
        diags.error(
            e.bits_span,
            format!(
                "enum `{}` is {} wide: expected 1 to 64",
                e.name.text,
                count(e.bits, "bit")
            ),
        );
        return;
    }
    let mut names: HashMap<String, &VariantDef> = HashMap::new();
    let mut values: HashMap<u64, &VariantDef> = HashMap::new();
    let mut spellings: HashMap<&str, &VariantDef> = HashMap::new();
    for v in &e.variants {
        if u128::from(v.value) > low_mask128(e.bits) {
            diags
                .error(
                    v.value_span,
                    format!(
                        "value {:#x} of `{}::{}` does not fit the enum's {} ({})",
                        v.value,
                        e.name.text,
                        v.name.text,
                        count(e.bits, "bit"),
                        range_text(e.bits)
                    ),
                )
                .label("too wide");
        }
        let rust = camel_case(&v.name.text);
        if let Some(first) = names.insert(rust.clone(), v) {
            let d = if first.name.text == v.name.text {
                diags.error(
                    v.name.span,
                    format!("duplicate variant `{}` in enum `{}`", v.name.text, e.name.text),
                )
            } else {
                diags.error(
                    v.name.span,
                    format!(
                        "variants `{}` and `{}` of enum `{}` both become the Rust variant `{rust}`",
                        first.name.text, v.name.text, e.name.text
                    ),
                )
            };
            d.note(first.name.span, "first one here");
        }
        if let Some(first) = values.insert(v.value, v) {
            diags
                .error(
                    v.value_span,
                    format!(
                        "`{}` and `{}` of enum `{}` have the same value {:#x}",
                        first.name.text, v.name.text, e.name.text, v.value
                    ),
                )
                .note(first.value_span, "first one here");
        }
        for s in &v.spellings {
            if let Some(first) = spellings.insert(s.as_str(), v) {
                if first.name.text != v.name.text {
                    diags
                        .error(
                            v.name.span,
                            format!(
                                "spelling \"{s}\" of `{}` is also a spelling of `{}`: the text form would be ambiguous",
                                v.name.text, first.name.text
                            ),
                        )
                        .note(first.name.span, "first one here");
                }
            }
        }
    }
}

fn check_regs(r: &RegsDef, diags: &mut Diagnostics) {
    if r.bits == 0 || r.bits > 64 {
        diags.error(
            r.bits_span,
            format!(
                "register field `{}` is {} wide: expected 1 to 64",
                r.name.text,
                count(r.bits, "bit")
            ),
        );
        return;
    }
    let max = low_mask128(r.bits);
    for (i, f) in r.files.iter().enumerate() {
        if f.count == 0 {
            diags.error(
                f.span,
                format!("register file `{}` has no registers (count 0)", f.prefix.text),
            );
            continue;
        }
        let last = u128::from(f.base) + u128::from(f.count) - 1;
        if last > max {
            diags.error(
                f.span,
                format!(
                    "register file `{}` spans {:#x}..={last:#x}, which does not fit `{}`'s {} ({})",
                    f.prefix.text,
                    f.base,
                    r.name.text,
                    count(r.bits, "bit"),
                    range_text(r.bits)
                ),
            );
        }
        for g in r.files[..i].iter().filter(|g| g.count > 0) {
            let g_last = u128::from(g.base) + u128::from(g.count) - 1;
            if u128::from(f.base) <= g_last && u128::from(g.base) <= last {
                diags
                    .error(
                        f.span,
                        format!(
                            "register files `{}` ({:#x}..={last:#x}) and `{}` ({:#x}..={g_last:#x}) overlap",
                            f.prefix.text, f.base, g.prefix.text, g.base
                        ),
                    )
                    .note(g.span, "the other one");
            }
            if g.prefix.text == f.prefix.text {
                diags
                    .error(f.prefix.span, format!("duplicate register prefix `{}`", f.prefix.text))
                    .note(g.prefix.span, "first one here");
            }
        }
    }
}

/// The width a field type demands, if it demands one.
fn type_width(spec: &Spec, ty: FieldTy) -> Option<(u32, String)> {
    match ty {
        FieldTy::Bool => Some((1, "`bool`".into())),
        FieldTy::Half => Some((16, "`f16`".into())),
        FieldTy::Float => Some((32, "`f32`".into())),
        FieldTy::Mask(_) => Some((4, "a mask".into())),
        FieldTy::Swizzle(_) => Some((8, "a swizzle".into())),
        FieldTy::Enum(i) => Some((spec.enums[i].bits, format!("enum `{}`", spec.enums[i].name.text))),
        FieldTy::Regs(i) => Some((
            spec.regs[i].bits,
            format!("register field `{}`", spec.regs[i].name.text),
        )),
        FieldTy::Layout(i) => Some((spec.layouts[i].bits, format!("layout `{}`", spec.layouts[i].name.text))),
        FieldTy::Union(i) => Some((spec.unions[i].bits, format!("union `{}`", spec.unions[i].name.text))),
        _ => None,
    }
}

fn bit_list(bits: &[u32]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < bits.len() {
        let start = bits[i];
        let mut end = start;
        while i + 1 < bits.len() && bits[i + 1] == end + 1 {
            i += 1;
            end = bits[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}..={end}")
        });
        i += 1;
    }
    parts.join(", ")
}

fn ranges_text(f: &FieldDef) -> String {
    f.ranges
        .iter()
        .map(|r| {
            if r.width == 1 {
                r.lo.to_string()
            } else {
                format!("{}..={}", r.lo, r.hi())
            }
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// `n` of `unit`, in the singular for one: `1 bit`, `12 bits`.
fn count(n: impl Into<u64>, unit: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}

/// `bit 3`, `bits 8..=9` or `bits 3, 16..=25`.
fn bits_text(bits: &[u32]) -> String {
    if bits.len() == 1 {
        format!("bit {}", bits[0])
    } else {
        format!("bits {}", bit_list(bits))
    }
}

/// A field's bits: `bit 18`, `bits 0..=18`, `bits 3 + 8..=9`.
fn field_bits(f: &FieldDef) -> String {
    if f.width == 1 {
        format!("bit {}", ranges_text(f))
    } else {
        format!("bits {}", ranges_text(f))
    }
}

/// One range's bits: `bit 31` or `bits 24..=39`.
fn range_bits(r: &BitRange) -> String {
    if r.width == 1 {
        format!("bit {}", r.lo)
    } else {
        format!("bits {}..={}", r.lo, r.hi())
    }
}

fn check_layout(spec: &Spec, l: &LayoutDef, diags: &mut Diagnostics) {
    let kind = if l.is_format { "format" } else { "layout" };
    // Without a `word` line (reported), there is no width to compare with.
    if l.is_format && spec.word_given && l.bits != spec.word_bits && l.complete {
        diags.error(
            l.bits_span,
            format!(
                "format `{}` is {} wide but the ISA's word is {}",
                l.name.text,
                count(l.bits, "bit"),
                count(spec.word_bits, "bit")
            ),
        );
    }
    if l.is_format && (l.bits == 0 || l.bits > 512) {
        // Its width is wrong for the word, or the word's width is not
        // supported: either is reported already, once.
        return;
    }
    if !l.is_format && (l.bits == 0 || l.bits > 128) {
        diags.error(
            l.bits_span,
            format!(
                "layout `{}` is {} wide: expected 1 to 128",
                l.name.text,
                count(l.bits, "bit")
            ),
        );
        return;
    }
    // A layout that lost lines to syntax errors may have lost its `syntax`.
    if !l.is_format && l.syntax.is_none() && l.complete {
        diags.error(
            l.name.span,
            format!("layout `{}` needs a `syntax \"…\"` line: its text form", l.name.text),
        );
    }
    let opcode_fields: Vec<&FieldDef> = l.fields.iter().filter(|f| f.ty == FieldTy::Opcode).collect();
    let bundle = spec.bundle().is_some_and(|b| std::ptr::eq(&spec.layouts[b], l));
    match (l.is_format, opcode_fields.len()) {
        (true, 0) if !l.complete => {}
        // A field whose type is unknown (`opcode 26..=31 opocde`) was
        // reported, and may be the opcode field.
        (true, 0) if l.fields.iter().any(|f| f.ty_failed) => {}
        (true, 0) if bundle => {
            if l.syntax.is_none() {
                diags.error(
                    l.name.span,
                    format!(
                        "bundle format `{}` needs a `syntax \"…\"` line: it is the instruction's text form",
                        l.name.text
                    ),
                );
            }
        }
        // A derived format without one lacks its base's: the base reports it.
        (true, 0) if l.base.is_some_and(|b| spec.layouts[b].opcode_field().is_none()) => {}
        (true, 0) => {
            diags.error(l.name.span, format!("format `{}` has no `opcode` field", l.name.text));
        }
        (true, 1) | (false, 0) => {}
        (true, _) => {
            let (first, second) = (opcode_fields[0], opcode_fields[1]);
            // One name twice is a duplicate field (reported below), and a
            // pair a derived format inherits is its base's to report.
            if second.name.text != first.name.text && written_in(l, second.name.span) {
                diags
                    .error(second.name.span, format!("format `{}` has a second `opcode` field; split opcodes are one field with several ranges (`A..=B + C..=D`)", l.name.text))
                    .note(first.name.span, "first `opcode` field here");
            }
        }
        (false, _) => {
            diags.error(
                opcode_fields[0].ty_span,
                format!(
                    "layout `{}` has an `opcode` field; declare it with `format` instead",
                    l.name.text
                ),
            );
        }
    }

    let mut owner: Vec<Option<usize>> = vec![None; l.bits as usize];
    let mut outside: Vec<(usize, &BitRange)> = Vec::new();
    let mut names: HashMap<&str, &FieldDef> = HashMap::new();
    for (fi, f) in l.fields.iter().enumerate() {
        // A derived format's inherited fields are its base's to report.
        if let Some(first) = names.insert(&f.name.text, f).filter(|_| written_in(l, f.name.span)) {
            diags
                .error(
                    f.name.span,
                    format!("duplicate field `{}` in {kind} `{}`", f.name.text, l.name.text),
                )
                .note(first.name.span, "first one here");
        }
        // A format other than the bundle without an `opcode` field is
        // reported above, and its patterns with it.
        if f.pattern && opcode_fields.is_empty() && (!l.is_format || bundle) {
            diags.error(
                f.ty_span,
                format!(
                    "`pattern` field `{}` in {kind} `{}`, which has no `opcode` field: a pattern is part of the opcode patterns of a format; use `fixed` here",
                    f.name.text, l.name.text
                ),
            );
        }
        // A derived format's inherited fields are its base's to report: once,
        // not once per derived format.
        if written_in(l, f.name.span) {
            check_field(spec, l, f, diags);
        }
        for r in &f.ranges {
            if r.lo + r.width > l.bits {
                // Reported once the in-range fields have claimed their bits.
                outside.push((fi, r));
                continue;
            }
            let mut clash: Option<(usize, Vec<u32>)> = None;
            // Bits an earlier range of this same field has.
            let mut own = Vec::new();
            for bit in r.lo..r.lo + r.width {
                match owner[bit as usize] {
                    Some(other) if other == fi => own.push(bit),
                    Some(other) => match &mut clash {
                        Some((o, bits)) if *o == other => bits.push(bit),
                        None => clash = Some((other, vec![bit])),
                        Some(_) => {}
                    },
                    None => owner[bit as usize] = Some(fi),
                }
            }
            if !written_in(l, r.span) {
                // Inherited unchanged: the base reports its overlaps.
                continue;
            }
            if !own.is_empty() {
                diags
                    .error(
                        r.span,
                        format!(
                            "the ranges of field `{}` ({}) overlap each other at {}: each bit of a field is in one range",
                            f.name.text,
                            field_bits(f),
                            bits_text(&own)
                        ),
                    )
                    .label("this range repeats bits")
                    .note(f.name.span, format!("`{}` declared here", f.name.text));
            }
            // Two fields of one name are a duplicate, reported as one.
            if let Some((other, bits)) = clash.filter(|&(other, _)| l.fields[other].name.text != f.name.text) {
                let o = &l.fields[other];
                diags
                    .error(
                        r.span,
                        format!(
                            "fields `{}` ({}) and `{}` ({}) overlap at {}",
                            o.name.text,
                            field_bits(o),
                            f.name.text,
                            field_bits(f),
                            bits_text(&bits)
                        ),
                    )
                    .label(format!("`{}` here", f.name.text))
                    .note(o.name.span, format!("`{}` declared here", o.name.text));
            }
        }
    }
    for (fi, r) in outside {
        check_range_past_end(l, fi, r, &mut owner, diags);
    }
    if l.complete {
        let base = l.base.map(|b| &spec.layouts[b]);
        check_coverage(l, base, &owner, diags);
    }
}

/// The checks of one field written in `l` that need none of `l`'s other
/// fields: its name, its width against its type's, its fixed value, and
/// what a nested layout or union field may be.
fn check_field(spec: &Spec, l: &LayoutDef, f: &FieldDef, diags: &mut Diagnostics) {
    if let Some(rust) = crate::naming::unusable(&f.name.text) {
        diags.error(
            f.name.span,
            format!(
                "`{}` cannot be a field name{}",
                f.name.text,
                crate::naming::unusable_because(rust)
            ),
        );
    }
    if f.width > 64 {
        // Nested layouts too: their bits travel through a u64.
        diags.error(
            f.name.span,
            format!(
                "field `{}` is {} wide: fields (nested layouts included) hold at most 64 bits",
                f.name.text,
                count(f.width, "bit")
            ),
        );
    }
    if let Some((want, what)) = type_width(spec, f.ty) {
        if want != f.width {
            diags
                .error(
                    f.ty_span,
                    format!(
                        "field `{}` is {} wide ({}) but {what} is {}",
                        f.name.text,
                        count(f.width, "bit"),
                        ranges_text(f),
                        count(want, "bit")
                    ),
                )
                .label("width mismatch");
        }
    }
    if let FieldTy::Fixed(v) = f.ty {
        if u128::from(v) > low_mask128(f.width) {
            let what = if f.pattern { "pattern" } else { "fixed" };
            diags.error(
                f.ty_span,
                format!(
                    "{what} value {v:#x} does not fit field `{}`'s {} ({})",
                    f.name.text,
                    count(f.width, "bit"),
                    range_text(f.width)
                ),
            );
        }
    }
    if let FieldTy::Layout(inner) = f.ty {
        let inner = &spec.layouts[inner];
        if inner.is_format {
            diags.error(
                f.ty_span,
                format!("`{}` is a format; a field can only hold a `layout`", inner.name.text),
            );
        }
        if inner.name.text == l.name.text {
            diags.error(f.ty_span, format!("layout `{}` contains itself", l.name.text));
        }
        if f.ranges.len() != 1 {
            // The caret on the second range, where the field splits.
            diags.error(
                f.ranges.get(1).map_or(f.ty_span, |r| r.span),
                format!("nested layout field `{}` must be one contiguous range", f.name.text),
            );
        }
    }
    if let (FieldTy::Union(u), [_, second, ..]) = (f.ty, f.ranges.as_slice()) {
        diags.error(
            second.span,
            format!(
                "union field `{}` (union `{}`) must be one contiguous range",
                f.name.text, spec.unions[u].name.text
            ),
        );
    }
}

/// Whether `span` is written inside `l`'s own block: a derived format's
/// inherited fields are written in its base, above it, whose checks report
/// their mistakes.
fn written_in(l: &LayoutDef, span: Span) -> bool {
    span.start > l.name.span.start
}

/// A range of field `fi` that runs past the end of `l`: one error at the
/// range and, when the same number of bits ending at `l`'s last bit are
/// free (of other fields, and of this field's other ranges), that range as
/// the fix. The field's bits inside `l` (or those of the fix) then count as
/// declared, so the coverage check does not report them again.
fn check_range_past_end(l: &LayoutDef, fi: usize, r: &BitRange, owner: &mut [Option<usize>], diags: &mut Diagnostics) {
    let f = &l.fields[fi];
    let last = l.bits - 1;
    let fix = (r.width <= l.bits)
        .then(|| l.bits - r.width..l.bits)
        .filter(|fix| fix.clone().all(|b| owner[b as usize].is_none()));
    if written_in(l, r.span) {
        let what = if f.ranges.len() == 1 {
            format!("field `{}` ({})", f.name.text, range_bits(r))
        } else {
            format!("{} of field `{}`", range_bits(r), f.name.text)
        };
        let within = if l.is_format {
            format!("format `{}`, whose word is {}", l.name.text, count(l.bits, "bit"))
        } else {
            format!("layout `{}`, which is {} wide", l.name.text, count(l.bits, "bit"))
        };
        let hint = match &fix {
            Some(fix) if r.width == 1 => format!("; did you mean `{}`, the last bit?", fix.start),
            Some(fix) => format!(
                "; did you mean `{}..={last}`, the same {} ending at bit {last}?",
                fix.start,
                count(r.width, "bit")
            ),
            None => String::new(),
        };
        diags
            .error(
                r.span,
                format!("{what} runs past the end of {within} (0..={last}){hint}"),
            )
            .label(format!("past bit {last}"));
    }
    for b in fix.unwrap_or(r.lo.min(l.bits)..l.bits) {
        owner[b as usize].get_or_insert(fi);
    }
}

/// Every bit of `l` belongs to a field: one error per run of missing bits,
/// with the caret on the field just below it (else the one just above),
/// next to which a line for the missing bits would go. A derived format
/// leaves the runs its base already misses to the base's error.
fn check_coverage(l: &LayoutDef, base: Option<&LayoutDef>, owner: &[Option<usize>], diags: &mut Diagnostics) {
    let kind = if l.is_format { "format" } else { "layout" };
    // The field that owns `bit`, and its range holding it (or, for the fix
    // of a range past the end, that range).
    let at = |bit: u32| -> Option<(&FieldDef, &BitRange)> {
        let f = &l.fields[(*owner.get(bit as usize)?)?];
        let r = f.ranges.iter().find(|r| (r.lo..r.lo + r.width).contains(&bit));
        Some((f, r.or_else(|| f.ranges.iter().find(|r| r.lo + r.width > l.bits))?))
    };
    let in_base = |bit: u32| {
        base.is_some_and(|b| {
            b.fields
                .iter()
                .any(|f| f.ranges.iter().any(|r| (r.lo..r.lo + r.width).contains(&bit)))
        })
    };
    let mut lo = 0;
    while lo < l.bits {
        if owner[lo as usize].is_some() {
            lo += 1;
            continue;
        }
        let mut hi = lo;
        while hi + 1 < l.bits && owner[hi as usize + 1].is_none() {
            hi += 1;
        }
        let gap = lo..hi + 1;
        lo = hi + 1;
        if base.is_some() && !gap.clone().any(in_base) {
            continue;
        }
        let missing: Vec<u32> = gap.clone().collect();
        let n = count(gap.len() as u32, "bit");
        let (verb, them) = if gap.len() == 1 { ("is", "it") } else { ("are", "them") };
        let below = gap.start.checked_sub(1).and_then(at);
        let above = at(gap.end);
        let place = match (below, above) {
            (Some((b, _)), Some((a, _))) if std::ptr::eq(a, b) => {
                format!(", between two ranges of field `{}` ({}),", b.name.text, field_bits(b))
            }
            (Some((b, _)), Some((a, _))) => format!(
                ", between fields `{}` ({}) and `{}` ({}),",
                b.name.text,
                field_bits(b),
                a.name.text,
                field_bits(a)
            ),
            (Some((b, _)), None) => format!(", above its highest field `{}` ({}),", b.name.text, field_bits(b)),
            (None, Some((a, _))) => format!(", below its lowest field `{}` ({}),", a.name.text, field_bits(a)),
            (None, None) => String::new(),
        };
        let message = format!(
            "{} of {kind} `{}`{place} {verb} not accounted for: declare {them} as a field, `fixed V`, `reserved` or `unknown`",
            bits_text(&missing),
            l.name.text
        );
        let own = |x: &(&FieldDef, &BitRange)| written_in(l, x.1.span);
        match (below.filter(own), above.filter(own)) {
            (Some((b, r)), above) => {
                let d = diags
                    .error(r.span, message)
                    .label(format!("{n} missing after bit {}", gap.start - 1));
                if let Some((a, ar)) = above {
                    let goes_on = if std::ptr::eq(a, b) { "continues" } else { "starts" };
                    d.note(ar.span, format!("`{}` {goes_on} at bit {}", a.name.text, ar.lo));
                }
            }
            (None, Some((_, r))) => {
                diags
                    .error(r.span, message)
                    .label(format!("{n} missing before bit {}", gap.end));
            }
            (None, None) => {
                diags.error(l.name.span, message).label(format!("{n} missing"));
            }
        }
    }
}

fn check_templates(spec: &Spec, diags: &mut Diagnostics) {
    for l in &spec.layouts {
        if let Some(t) = &l.syntax {
            check_template(spec, l, t, &format!("the syntax of `{}`", l.name.text), diags);
        }
    }
    for op in &spec.opcodes {
        if !op.template_source.is_empty() {
            let l = &spec.layouts[op.format];
            check_template(
                spec,
                l,
                &op.template,
                &format!("the template of `{}`", op.mnemonic.text),
                diags,
            );
        }
    }
}

fn check_template(spec: &Spec, l: &LayoutDef, t: &Template, what: &str, diags: &mut Diagnostics) {
    for (i, f) in l.fields.iter().enumerate() {
        let named = t
            .pieces
            .iter()
            .any(|p| matches!(p, TPiece::Field { index, .. } if *index == i));
        // A second field of the same name is a duplicate, reported as one;
        // the template's `{name}` is the first.
        let repeated = l.fields[..i].iter().any(|g| g.name.text == f.name.text);
        // A layout that lost a line (reported) may have lost the one that
        // made the field no operand, or that the template was written for.
        if f.ty.is_operand() && !named && !t.has_errors && !repeated && l.complete {
            diags
                .error(
                    t.span,
                    format!(
                        "{what} does not name operand `{}`: its value would be lost in the text form",
                        f.name.text
                    ),
                )
                .note(f.name.span, format!("`{}` declared here", f.name.text));
        }
    }
    // Two fields with nothing between them must be separable when parsing.
    for pair in t.pieces.windows(2) {
        if let [TPiece::Field {
            index: a,
            span,
            style: sa,
        }, TPiece::Field {
            index: b, style: sb, ..
        }] = pair
        {
            let (fa, fb) = (&l.fields[*a], &l.fields[*b]);
            // Open enums and open register files print unnamed values as
            // bare numbers, so they count as numbers here too.
            let numeric = |ty: FieldTy, style: &TStyle| {
                !matches!(style, TStyle::Flag(_))
                    && match ty {
                        FieldTy::Unsigned
                        | FieldTy::Signed
                        | FieldTy::Unknown
                        | FieldTy::Half
                        | FieldTy::Float
                        | FieldTy::Bool => true,
                        FieldTy::Enum(i) => spec.enums[i].open,
                        FieldTy::Regs(i) => spec.regs[i].open,
                        _ => false,
                    }
            };
            // A field whose type is reported as wrong may not be a number.
            let failed = fa.ty_failed || fb.ty_failed;
            if !failed && numeric(fa.ty, sa) && numeric(fb.ty, sb) {
                diags.error(
                    *span,
                    format!(
                        "{what} puts numbers `{}` and `{}` side by side; separate them with text",
                        fa.name.text, fb.name.text
                    ),
                );
            }
        }
    }
}

/// A `text` line's mnemonic (`{opcode}`) must not run into what follows:
/// parsing reads a mnemonic only where no letter, digit or `_` follows it.
fn check_text_mnemonics(spec: &Spec, diags: &mut Diagnostics) {
    for l in &spec.layouts {
        for t in &l.texts {
            let pieces = &t.template.pieces;
            for (i, p) in pieces.iter().enumerate() {
                let TPiece::Field {
                    index,
                    style: TStyle::Mnemonic,
                    span,
                } = p
                else {
                    continue;
                };
                let Some(next) = runs_into(spec, l, &pieces[i + 1..]) else {
                    continue;
                };
                diags
                    .error(
                        *span,
                        format!(
                            "the mnemonic `{{{}}}` runs into {next}, which may start with a letter, digit or `_`: parsing reads a mnemonic only where none follows; put a space or punctuation between them",
                            l.fields[*index].name.text
                        ),
                    )
                    .label("no separator after the mnemonic");
            }
        }
    }
}

/// The piece that starts `rest` when it may print a letter, digit or `_`
/// first (`` `x` ``, `` `{dst}` ``); an optional group or a flag may print
/// nothing, so what follows it counts too.
fn runs_into(spec: &Spec, l: &LayoutDef, rest: &[TPiece]) -> Option<String> {
    let (first, after) = rest.split_first()?;
    match first {
        TPiece::Group { pieces, .. } => runs_into(spec, l, pieces).or_else(|| runs_into(spec, l, after)),
        TPiece::Text(text) => starts_word(text).then(|| format!("`{text}`")),
        TPiece::Field {
            style: TStyle::Flag(text),
            ..
        }
        | TPiece::Param { text, .. }
            if !starts_word(text) =>
        {
            runs_into(spec, l, after)
        }
        TPiece::Param { index, .. } => Some(format!("`{{{}}}`", l.params[*index].name.text)),
        TPiece::Field { index, style, .. } => {
            let field = &l.fields[*index];
            if field.ty_failed {
                // Of a type reported as unknown: what it prints is not known.
                return None;
            }
            let word = match style {
                TStyle::Hook(_) | TStyle::Sign => false,
                TStyle::Flag(text) => starts_word(text),
                TStyle::Hex | TStyle::Decimal | TStyle::Decimals(_) | TStyle::View { .. } | TStyle::Plus(_) => true,
                TStyle::Default | TStyle::Mnemonic | TStyle::Nested(_) => default_starts_word(spec, field.ty),
            };
            word.then(|| format!("`{{{}}}`", field.name.text))
        }
        TPiece::Space | TPiece::Hook { .. } => None,
    }
}

fn starts_word(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Whether a field of type `ty` may print a letter, digit or `_` first in
/// its default form (a nested layout's own syntax is not followed).
fn default_starts_word(spec: &Spec, ty: FieldTy) -> bool {
    match ty {
        FieldTy::Enum(e) => {
            let e = &spec.enums[e];
            (e.open && !e.is_total())
                || e.variants
                    .iter()
                    .any(|v| v.spellings.first().is_some_and(|s| starts_word(s)))
        }
        // A register prints its prefix first, and a prefix is an identifier
        // (the parser takes nothing else); an open file's unnamed values
        // print as numbers. Either way a word starts.
        FieldTy::Layout(_) | FieldTy::Union(_) => false,
        _ => true,
    }
}

/// One error per opcode line for the opcodes whose value and patterns an
/// earlier opcode has (`clashes`, in spec order): a `variant` line whose
/// format lost the pattern that tells it from its base's gives every
/// opcode the value of one there, which is one mistake.
fn report_clashes(spec: &Spec, clashes: &[(&OpDef, &OpDef)], faulty: &[bool], diags: &mut Diagnostics) {
    // Not reported: a clash in a format with an error of its own (a lost
    // `pattern` field makes its opcodes look like another format's), and
    // one between the copies that `variant` lines made of two opcodes
    // whose own values clash (that clash is the error).
    let base_clashes: HashSet<(&str, &str)> = clashes
        .iter()
        .filter(|(op, first)| op.text_name.is_none() && first.text_name.is_none())
        .map(|(op, first)| (op.mnemonic.text.as_str(), first.mnemonic.text.as_str()))
        .collect();
    let copied = |op: &OpDef, first: &OpDef| match (&op.text_name, &first.text_name) {
        (Some(a), Some(b)) => base_clashes.contains(&(a.as_str(), b.as_str())),
        _ => false,
    };
    let clashes: Vec<(&OpDef, &OpDef)> = clashes
        .iter()
        .copied()
        .filter(|&(op, first)| !faulty[op.format] && !faulty[first.format] && !copied(op, first))
        .collect();
    // The clashes of one line with one format are one error.
    for group in group_by_key(&clashes, |&(op, first)| Some((op.value_span, first.format))) {
        let (op, first) = clashes[group[0]];
        let also = match group.len() - 1 {
            0 => String::new(),
            n => format!(
                ", and so are the values of {} this line gives",
                count(n as u64, "more opcode")
            ),
        };
        diags
            .error(
                op.value_span,
                format!(
                    "opcode value {:#x} of `{}` is already used by `{}` (format `{}`){also}",
                    op.value, op.mnemonic.text, first.mnemonic.text, spec.layouts[first.format].name.text
                ),
            )
            .label("duplicate opcode")
            .note(first.value_span, format!("`{}` has it here", first.mnemonic.text));
    }
}

/// Mnemonics, values and patterns: each once, and patterns that can match
/// the same word told apart by `prio` (not checked for the opcodes of a
/// `faulty` format).
fn check_opcodes(spec: &Spec, faulty: &[bool], diags: &mut Diagnostics) {
    // The mnemonics of opcode lines written more than once.
    let mut lines: HashMap<&str, usize> = HashMap::new();
    for op in spec.opcodes.iter().filter(|op| op.text_name.is_none()) {
        *lines.entry(op.mnemonic.text.as_str()).or_default() += 1;
    }
    let lines_twice: HashSet<&str> = lines.into_iter().filter(|&(_, n)| n > 1).map(|(m, _)| m).collect();
    let mut mnemonics: HashMap<&str, &OpDef> = HashMap::new();
    let mut variants: HashMap<String, &OpDef> = HashMap::new();
    let mut patterns: HashMap<(u128, u128), Vec<&OpDef>> = HashMap::new();
    // Each opcode whose value and patterns an earlier one has, with it.
    let mut clashes: Vec<(&OpDef, &OpDef)> = Vec::new();
    for op in &spec.opcodes {
        check_gens(spec, op, diags);
        let l = &spec.layouts[op.format];
        let Some(of) = l.opcode_field() else { continue };
        if of.ranges.iter().any(|r| r.lo + r.width > 128) {
            diags.error(
                of.ty_span,
                format!("the opcode field of format `{}` must lie in bits 0..=127", l.name.text),
            );
            continue;
        }
        if u128::from(op.value) > low_mask128(of.width) {
            diags
                .error(
                    op.value_span,
                    format!(
                        "opcode value {:#x} of `{}` does not fit the {}-bit opcode field of format `{}` ({})",
                        op.value,
                        op.mnemonic.text,
                        of.width,
                        l.name.text,
                        range_text(of.width)
                    ),
                )
                .label("too wide");
            continue;
        }
        if let Some(first) = mnemonics.insert(&op.mnemonic.text, op) {
            // A variant of a mnemonic whose opcode line is written twice:
            // that line's duplicate is the error.
            if op.text_name.as_deref().is_some_and(|base| lines_twice.contains(base)) {
                continue;
            }
            diags
                .error(op.mnemonic.span, format!("duplicate mnemonic `{}`", op.mnemonic.text))
                .label("second definition")
                .note(first.mnemonic.span, "first defined here");
            continue;
        }
        let variant = camel_case(&op.mnemonic.text);
        if spec.fallback.is_some() && variant == "Unknown" {
            diags.error(
                op.mnemonic.span,
                format!(
                    "mnemonic `{}` clashes with the `Unknown` variant that `fallback` adds",
                    op.mnemonic.text
                ),
            );
        }
        if let Some(first) = variants.insert(variant.clone(), op) {
            diags
                .error(
                    op.mnemonic.span,
                    format!(
                        "mnemonics `{}` and `{}` both become the Rust variant `{variant}`",
                        first.mnemonic.text, op.mnemonic.text
                    ),
                )
                .note(first.mnemonic.span, "first one here");
        }
        let same = patterns.entry((op.mask, op.bits)).or_default();
        let first = same.iter().find(|o| o.shares_a_gen(op)).copied();
        same.push(op);
        if let Some(first) = first {
            clashes.push((op, first));
        }
    }
    report_clashes(spec, &clashes, faulty, diags);
    let ops = &spec.opcodes;
    // The opcodes that take part in the pattern checks, worked out once:
    // the checks below compare them in pairs.
    let duplicates: HashSet<*const OpDef> = clashes.iter().map(|&(op, _)| op as *const OpDef).collect();
    let checked: HashSet<*const OpDef> = patterns.values().flatten().map(|op| *op as *const OpDef).collect();
    let live: Vec<usize> = (0..ops.len())
        .filter(|&i| {
            let op: *const OpDef = &ops[i];
            ops[i].mask != 0 && !faulty[ops[i].format] && checked.contains(&op) && !duplicates.contains(&op)
        })
        .collect();
    // Same-priority patterns that can match the same word: one error per
    // opcode, at the one that overlaps the most others (the later one on a
    // tie), naming all of them; then the next, until every pair is told.
    let patterns: Vec<Pattern> = live
        .iter()
        .map(|&i| (ops[i].priority(), ops[i].mask, ops[i].bits))
        .collect();
    let mut pairs: Vec<(usize, usize)> = overlapping_pairs(&patterns, |x, y| ops[live[x]].shares_a_gen(&ops[live[y]]))
        .into_iter()
        .map(|(x, y)| (live[x], live[y]))
        .collect();
    let mut overlaps: Vec<(usize, Vec<usize>)> = Vec::new();
    while !pairs.is_empty() {
        let mut degree = vec![0usize; ops.len()];
        for &(i, j) in &pairs {
            degree[i] += 1;
            degree[j] += 1;
        }
        let at = (0..ops.len()).max_by_key(|&k| degree[k]).expect("a pair");
        let others: Vec<usize> = pairs
            .iter()
            .filter_map(|&(i, j)| (i == at).then_some(j).or((j == at).then_some(i)))
            .collect();
        pairs.retain(|&(i, j)| i != at && j != at);
        overlaps.push((at, others));
    }
    report_overlaps(ops, &overlaps, diags);
    // Whether the higher-priority patterns cover every word of an opcode
    // depends only on the bits they test beyond its own mask (`free`), so
    // opcodes that share those are enumerated once. The enumeration is
    // bounded: at most 2^20 words per opcode, and SHADOW_BUDGET word-pattern
    // comparisons per spec (a 4 KB spec could otherwise ask for minutes of
    // them); past either, the opcode is not checked.
    let mut budget = SHADOW_BUDGET;
    let mut known: HashMap<(u128, Vec<(u128, u128)>), bool> = HashMap::new();
    let mut by_priority: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
    for &i in &live {
        by_priority.entry(ops[i].priority()).or_default().push(i);
    }
    for op in live.iter().map(|&i| &ops[i]) {
        // In spec order, as the notes name them.
        let mut raised: Vec<usize> = by_priority
            .range((Bound::Excluded(op.priority()), Bound::Unbounded))
            .flat_map(|(_, group)| group.iter().copied())
            .filter(|&k| intersects(&ops[k], op) && op.gens_within(&ops[k]))
            .collect();
        raised.sort_unstable();
        let higher: Vec<&OpDef> = raised.iter().map(|&k| &ops[k]).collect();
        if higher.is_empty() {
            continue;
        }
        let free = higher.iter().fold(0u128, |m, o| m | o.mask) & !op.mask;
        if free.count_ones() > 20 {
            continue;
        }
        let key = (free, higher.iter().map(|h| (h.mask & free, h.bits & free)).collect());
        let covered = match known.get(&key) {
            Some(&covered) => covered,
            None => {
                let cost = (1u64 << free.count_ones()) * higher.len() as u64;
                if cost > budget {
                    continue;
                }
                budget -= cost;
                let free_bits: Vec<u32> = (0..128).filter(|b| free >> b & 1 == 1).collect();
                let covered = (0u64..1 << free_bits.len()).all(|combo| {
                    let word = free_bits
                        .iter()
                        .enumerate()
                        .fold(op.bits, |w, (k, b)| w | (u128::from(combo >> k & 1) << b));
                    higher.iter().any(|h| word & h.mask == h.bits)
                });
                known.insert(key, covered);
                covered
            }
        };
        if covered {
            let names: Vec<String> = higher.iter().map(|h| format!("`{}`", h.mnemonic.text)).collect();
            let d = diags.error(op.mnemonic.span, format!(
                "opcode `{}` is shadowed: every word it matches is decoded as {} (higher priority), so it can never be decoded",
                op.mnemonic.text,
                names.join(", ")
            ));
            d.label("unreachable");
            for h in higher {
                d.note(
                    h.mnemonic.span,
                    format!("`{}` (prio {}) takes its words", h.mnemonic.text, h.priority()),
                );
            }
        }
    }
}

/// An opcode's `gen` range needs the ISA's `gens`, and must lie inside it.
fn check_gens(spec: &Spec, op: &OpDef, diags: &mut Diagnostics) {
    let Some(g) = op.gens else { return };
    match spec.gens {
        // A lost line of the `isa` item may have been its `gens`.
        None if spec.isa_lines_lost => {}
        None => {
            diags.error(
                g.span,
                format!(
                    "`gen {}` needs the ISA's generations, but it declares none: add `gens LO..=HI` to the `isa` item",
                    gens_text(g)
                ),
            );
        }
        Some(all) if g.lo < all.lo || g.hi > all.hi => {
            diags
                .error(
                    g.span,
                    format!(
                        "`gen {}` of opcode `{}` is outside the ISA's generations {}",
                        gens_text(g),
                        op.mnemonic.text,
                        gens_text(all)
                    ),
                )
                .note(all.span, "the ISA's `gens` here");
        }
        Some(_) => {}
    }
}

/// `6` or `3..=5`.
fn gens_text(g: Gens) -> String {
    if g.lo == g.hi {
        g.lo.to_string()
    } else {
        format!("{}..={}", g.lo, g.hi)
    }
}

/// Each opcode of `overlaps` can match some word of each of its others:
/// one error per opcode ([`report_overlap`]), except that opcodes whose
/// others are all copies of their own line (made by `variant` lines) in the
/// same formats are one error together: a `variant` format that lost the
/// `pattern` telling it from its base overlaps every opcode it copies,
/// which is one mistake.
fn report_overlaps(ops: &[OpDef], overlaps: &[(usize, Vec<usize>)], diags: &mut Diagnostics) {
    // The opcode line an opcode comes from: a `variant` copy prints its
    // line's mnemonic.
    let line = |k: usize| ops[k].text_mnemonic();
    let copies_only = |(at, others): &(usize, Vec<usize>)| others.iter().all(|&k| line(k) == line(*at));
    let formats = |(at, others): &(usize, Vec<usize>)| {
        let mut of: Vec<usize> = others.iter().map(|&k| ops[k].format).collect();
        of.sort_unstable();
        of.dedup();
        (ops[*at].format, of)
    };
    for group in group_by_key(overlaps, |overlap| copies_only(overlap).then(|| formats(overlap))) {
        // The group's error at its first opcode line in the spec, at the
        // line's own opcode when it takes part (not at one of its copies).
        let first = group.iter().copied().min_by_key(|&g| overlaps[g].0).expect("a member");
        let (at, others) = &overlaps[first];
        let mut all: Vec<usize> = others.clone();
        all.push(*at);
        let own = match all.iter().position(|&k| ops[k].text_name.is_none()) {
            Some(p) if group.len() > 1 => all.remove(p),
            _ => all.pop().expect("`at` is last"),
        };
        report_overlap(
            &ops[own],
            all.iter().map(|&k| &ops[k]).collect(),
            group.len() - 1,
            diags,
        );
    }
}

/// The indices of `items` in groups of equal keys: each group in order,
/// the groups in the order of their first items; an item without a key is
/// a group of its own.
fn group_by_key<T, K: PartialEq>(items: &[T], key: impl Fn(&T) -> Option<K>) -> Vec<Vec<usize>> {
    let keys: Vec<Option<K>> = items.iter().map(key).collect();
    let mut grouped = vec![false; items.len()];
    let mut groups = Vec::new();
    for (i, k) in keys.iter().enumerate() {
        if grouped[i] {
            continue;
        }
        let mut group = vec![i];
        if let Some(k) = k {
            for j in i + 1..items.len() {
                if !grouped[j] && keys[j].as_ref() == Some(k) {
                    grouped[j] = true;
                    group.push(j);
                }
            }
        }
        groups.push(group);
    }
    groups
}

/// `op` can match some word that each of `others` (same priority, in spec
/// order) matches too: one error at `op`'s value, a note with an example
/// word at each other opcode (the first [`NAMED`] of them). `more` opcodes
/// overlap their own copies in the same formats ([`report_overlaps`]).
fn report_overlap(op: &OpDef, others: Vec<&OpDef>, more: usize, diags: &mut Diagnostics) {
    const NAMED: usize = 6;
    let fix = if more == 0 {
        String::from("declare which wins with `prio N` (higher wins)")
    } else {
        format!(
            "{} overlap their copies the same way: is the `pattern` field that tells the `variant` format from its base missing?",
            count(more as u64, "more opcode line")
        )
    };
    let example = |o: &OpDef| op.bits | o.bits;
    if let [other] = others[..] {
        let (a, b) = if other.value_span.start < op.value_span.start {
            (other, op)
        } else {
            (op, other)
        };
        diags
            .error(
                op.value_span,
                format!(
                    "opcodes `{}` and `{}` can both match the same word (for example {:#x}); {fix}",
                    a.mnemonic.text,
                    b.mnemonic.text,
                    example(other)
                ),
            )
            .label("overlapping pattern")
            .note(other.value_span, format!("`{}` declared here", other.mnemonic.text));
        return;
    }
    let mut names: Vec<String> = others
        .iter()
        .take(NAMED)
        .map(|o| format!("`{}`", o.mnemonic.text))
        .collect();
    if others.len() > NAMED {
        names.push(format!("{} others", others.len() - NAMED));
    }
    let last = names.pop().expect("two or more");
    let d = diags
        .error(
            op.value_span,
            format!(
                "opcode `{}` can match the same words as {} and {last}; {fix}",
                op.mnemonic.text,
                names.join(", ")
            ),
        )
        .label("overlapping pattern");
    for o in others.iter().take(NAMED) {
        d.note(
            o.value_span,
            format!("`{}` also matches {:#x}", o.mnemonic.text, example(o)),
        );
    }
}

/// How many word-pattern comparisons the shadowing check may make in one
/// spec (a few hundred milliseconds in the worst case).
const SHADOW_BUDGET: u64 = 1 << 25;

/// An opcode's pattern as the overlap check compares it: its priority,
/// and the mask and bits a word must match.
type Pattern = (i32, u128, u128);

/// The pairs `(x, y)`, `x < y`, in order, of `patterns` of one priority
/// that can match the same word and for which `also(x, y)` holds.
/// Patterns are compared only within a group of one priority and of the
/// same bits under the mask every pattern of the group tests: two that
/// differ there never match one word. Distinct opcodes thus cost no
/// comparison per pair, where comparing every pair made this check
/// quadratic in the opcodes (8.4 million pairs at the 4,096 that
/// `variant` lines allow).
fn overlapping_pairs(patterns: &[Pattern], also: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut by_priority: HashMap<i32, Vec<usize>> = HashMap::new();
    for (x, &(priority, ..)) in patterns.iter().enumerate() {
        by_priority.entry(priority).or_default().push(x);
    }
    let mut pairs = Vec::new();
    for group in by_priority.values() {
        let common = group.iter().fold(u128::MAX, |m, &x| m & patterns[x].1);
        let mut buckets: HashMap<u128, Vec<usize>> = HashMap::new();
        for &x in group {
            buckets.entry(patterns[x].2 & common).or_default().push(x);
        }
        for bucket in buckets.values() {
            for (n, &x) in bucket.iter().enumerate() {
                let (_, mask, bits) = patterns[x];
                for &y in &bucket[n + 1..] {
                    let (_, other_mask, other_bits) = patterns[y];
                    if (bits ^ other_bits) & mask & other_mask == 0 && also(x, y) {
                        pairs.push((x, y));
                    }
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// Whether some word matches both `a`'s and `b`'s pattern.
fn intersects(a: &OpDef, b: &OpDef) -> bool {
    (a.bits ^ b.bits) & a.mask & b.mask == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grouped comparison finds exactly the pairs that comparing every
    /// pair finds, in the same order: random patterns over a few
    /// priorities, masks that share some bits or none, and an `also` that
    /// refuses some pairs.
    #[test]
    fn overlapping_pairs_are_those_of_every_pair_compared() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..400 {
            let n = (next() % 40) as usize;
            let masks = [0xf0u128, 0xff, 0x0f, 0x1f0, 0x3, 1 << 100 | 0xc];
            let patterns: Vec<Pattern> = (0..n)
                .map(|_| {
                    let priority = (next() % 3) as i32 - 1;
                    let mask = if round % 2 == 0 {
                        masks[(next() % 2) as usize]
                    } else {
                        masks[(next() % masks.len() as u64) as usize]
                    };
                    let bits = (u128::from(next()) | 1 << 100) & mask & (u128::from(next() % 4 * 0x55 + 1) | 1 << 100);
                    (priority, mask, bits)
                })
                .collect();
            let also = |x: usize, y: usize| (x * 7 + y) % 5 != 0;
            let mut every = Vec::new();
            for x in 0..n {
                for y in x + 1..n {
                    let ((pa, ma, ba), (pb, mb, bb)) = (patterns[x], patterns[y]);
                    if pa == pb && (ba ^ bb) & ma & mb == 0 && also(x, y) {
                        every.push((x, y));
                    }
                }
            }
            assert_eq!(overlapping_pairs(&patterns, also), every, "{patterns:x?}");
        }
    }
}
