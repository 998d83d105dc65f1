//! `variant ".SUFFIX"` lines: a derived format that every opcode of its
//! base format also has (Mesa's isaspec writes such a form as an
//! `<override>` of the base's bitset). Each variant line becomes one opcode
//! line per base opcode, before the opcodes resolve, so that every later
//! stage (matching, the typed API, the text layers, the docs) sees ordinary
//! opcodes: `sam` of `Cat5` and `variant ".s2en"` in `Cat5S2en : Cat5` make
//! `sam.s2en`, with `sam`'s value, attributes and semantics, and its
//! generations unless the line names its own (the form of an older
//! generation: ir3's a4xx `stgb.a4` beside a5xx's `stgb`), whose `text`
//! lines print `sam`.

use std::collections::HashSet;

use crate::ast::{LayoutAst, Lit, Name, OpAst};
use crate::diag::Diagnostics;

/// The most opcodes `variant` lines may bring a spec to. Each line copies
/// its base's opcodes, so a few lines in a chain of formats multiply them;
/// the checks of patterns compare opcodes in pairs. (ir3, the largest
/// shipped spec, has 447.)
pub const MAX_OPCODES: usize = 4096;

/// Appends the opcodes of every `variant` line to `opcodes`, formats in
/// spec order (a variant of a variant format takes the opcodes made for it
/// above), and reports the lines that make none, unless opcode lines were
/// lost to syntax errors (`opcodes_lost`) or name a format that no item
/// declares (a misspelt format, an error of its own): the lost lines may
/// be the ones the variant would copy.
pub fn expand(layouts: &[LayoutAst], opcodes: &mut Vec<OpAst>, opcodes_lost: bool, diags: &mut Diagnostics) {
    let opcodes_lost = opcodes_lost
        || opcodes
            .iter()
            .any(|op| !layouts.iter().any(|l| l.name.text == op.format.text));
    let mut names: HashSet<&str> = HashSet::new();
    // The formats whose chain of bases is whole: each base defined above
    // its format, back to a format of a width. A base missing from a chain
    // is one error, where it is named (resolving reports it), not also one
    // at each `variant` line below it whose base then has no opcodes.
    let mut whole: HashSet<&str> = HashSet::new();
    for layout in layouts {
        if layout.base.as_ref().is_none_or(|b| whole.contains(b.text.as_str())) {
            whole.insert(&layout.name.text);
        }
        // A second item of a name, and a format whose base is itself, are
        // errors of their own (resolving reports them); their `variant`
        // lines make nothing. Each would copy the copies of the formats of
        // its name: the opcodes would double with every such item.
        let first_of_its_name = names.insert(&layout.name.text);
        if !first_of_its_name || layout.base.as_ref().is_some_and(|b| b.text == layout.name.text) {
            continue;
        }
        for (i, variant) in layout.variants.iter().enumerate() {
            let Some(base) = base_of(layout, variant, diags) else {
                continue;
            };
            let suffix = &variant.suffix;
            if let Some(first) = layout.variants[..i].iter().find(|v| v.suffix.value == suffix.value) {
                diags
                    .error(
                        suffix.span,
                        format!(
                            "a second `variant \"{}\"` line in format `{}`: its opcodes are the first line's",
                            suffix.value, layout.name.text
                        ),
                    )
                    .note(first.suffix.span, "first one here");
                continue;
            }
            if !suffix_is_a_mnemonic_tail(&variant.suffix.value) {
                diags.error(
                    variant.suffix.span,
                    format!(
                        "a variant's suffix continues a mnemonic: letters, digits, `_` and `.` (such as `\".s2en\"`), not `\"{}\"`",
                        variant.suffix.value
                    ),
                );
                continue;
            }
            let made: Vec<OpAst> = opcodes
                .iter()
                .filter(|op| op.format.text == base.text)
                .map(|op| variant_of(op, layout, variant))
                .collect();
            if opcodes.len() + made.len() > MAX_OPCODES {
                diags.error(
                    variant.suffix.span,
                    format!(
                        "`variant \"{}\"` makes {} more opcodes, {} in all: `variant` lines may bring a spec to at most {MAX_OPCODES}",
                        variant.suffix.value,
                        made.len(),
                        opcodes.len() + made.len()
                    ),
                );
                return;
            }
            if made.is_empty() && !opcodes_lost && whole.contains(base.text.as_str()) {
                diags.error(
                    variant.suffix.span,
                    format!(
                        "`variant` gives format `{}` the opcodes of its base `{}`, but it has none",
                        layout.name.text, base.text
                    ),
                );
            }
            opcodes.extend(made);
        }
    }
}

/// The base of the format a `variant` line is in; an error for a layout or
/// a format without one.
fn base_of<'a>(layout: &'a LayoutAst, variant: &crate::ast::OpVariantAst, diags: &mut Diagnostics) -> Option<&'a Name> {
    if !layout.is_format {
        diags.error(
            variant.suffix.span,
            format!(
                "`variant` is for a derived format (`format NAME : BASE`); `{}` is a layout, which has no opcodes",
                layout.name.text
            ),
        );
        return None;
    }
    if layout.base.is_none() {
        diags.error(
            variant.suffix.span,
            format!(
                "`variant` gives a format its base's opcodes, but `{}` has no base: write `format {} : BASE`",
                layout.name.text, layout.name.text
            ),
        );
    }
    layout.base.as_ref()
}

/// Whether `suffix` may follow a mnemonic: not empty, and only the
/// characters of one (letters, digits, `_`, `.`).
fn suffix_is_a_mnemonic_tail(suffix: &str) -> bool {
    !suffix.is_empty()
        && suffix
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// Opcode `op` of the base as `layout`'s variant: in the line's
/// generations if it names some, else in `op`'s.
fn variant_of(op: &OpAst, layout: &LayoutAst, variant: &crate::ast::OpVariantAst) -> OpAst {
    let at = variant.suffix.span;
    OpAst {
        mnemonic: Name {
            text: format!("{}{}", op.mnemonic.text, variant.suffix.value),
            span: at,
        },
        value: Lit {
            value: op.value.value,
            span: at,
        },
        format: Name {
            text: layout.name.text.clone(),
            span: at,
        },
        template: None,
        semantics: op.semantics.clone(),
        priority: variant.priority.clone().or_else(|| op.priority.clone()),
        gens: variant.gens.or(op.gens),
        attrs: op.attrs.clone(),
        doc: match (op.doc.is_empty(), variant.doc.is_empty()) {
            (_, true) => op.doc.clone(),
            (true, false) => variant.doc.clone(),
            (false, false) => format!("{}; {}", op.doc, variant.doc),
        },
        text_name: Some(op.text_name.clone().unwrap_or_else(|| op.mnemonic.text.clone())),
    }
}
