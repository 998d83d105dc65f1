//! Attributes: `attr NAME [TYPE = DEFAULT]` lines of the `isa` item (for
//! opcodes) or of an enum (for its values), and the `NAME` / `NAME=VALUE`
//! settings on opcode and value lines, resolved to one value per declared
//! attribute for every opcode or value.

use crate::ast::{AttrAst, AttrDeclAst, CondValue, Name};
use crate::diag::Diagnostics;
use crate::model::{AttrDef, AttrKind, EnumDef};
use crate::suggest::{did_you_mean, hint, nearest};

/// Words opcode and enum-value lines read as keywords, so an attribute
/// cannot be one.
const OPCODE_KEYWORDS: &[&str] = &["sem", "prio"];

/// What a list of attribute declarations describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The `isa` item's: the spec's opcodes (`any`: whether it has some).
    Opcodes {
        /// Whether the spec has an `opcodes` block with lines.
        any: bool,
    },
    /// An enum's: its values.
    Values,
}

impl Owner {
    /// The kind of line that sets the attributes, for messages (`opcode`).
    fn lines(self) -> &'static str {
        match self {
            Owner::Opcodes { .. } => "opcode",
            Owner::Values => "value",
        }
    }

    /// One such line, with its article (`an opcode line`).
    fn a_line(self) -> &'static str {
        match self {
            Owner::Opcodes { .. } => "an opcode line",
            Owner::Values => "a value line",
        }
    }
}

/// Resolves the declarations (of the `isa` item or of an enum, whose
/// generated methods' names are `reserved`); a declaration that fails is
/// reported and left out (settings of it then report nothing more).
pub fn resolve_decls(
    decls: Vec<AttrDeclAst>,
    owner: Owner,
    reserved: &[&str],
    enums: &[EnumDef],
    diags: &mut Diagnostics,
) -> Vec<AttrDef> {
    let (lines, a_line) = (owner.lines(), owner.a_line());
    if owner == (Owner::Opcodes { any: false }) {
        for d in &decls {
            diags.error(
                d.name.span,
                format!(
                    "attribute `{}` has nothing to describe: attributes are set on opcode lines, and this spec has none",
                    d.name.text
                ),
            );
        }
        return Vec::new();
    }
    let mut out: Vec<AttrDef> = Vec::new();
    let mut seen: Vec<Name> = Vec::new();
    for d in decls {
        if OPCODE_KEYWORDS.contains(&d.name.text.as_str()) {
            diags.error(
                d.name.span,
                format!(
                    "an attribute cannot be called `{}`: {lines} lines read it as a keyword",
                    d.name.text
                ),
            );
            continue;
        }
        if let Some(rust) = crate::naming::unusable(&d.name.text) {
            diags.error(
                d.name.span,
                format!(
                    "`{}` cannot be an attribute name{}",
                    d.name.text,
                    crate::naming::unusable_because(rust)
                ),
            );
            continue;
        }
        if reserved.contains(&d.name.text.as_str()) {
            diags.error(
                d.name.span,
                format!(
                    "an enum attribute cannot be called `{}`: the generated enum has a method of that name",
                    d.name.text
                ),
            );
            continue;
        }
        if let Some(first) = seen.iter().find(|n| n.text == d.name.text) {
            diags
                .error(d.name.span, format!("attribute `{}` is declared twice", d.name.text))
                .label("second declaration")
                .note(first.span, "first declared here");
            continue;
        }
        seen.push(d.name.clone());
        let kind = match &d.ty {
            None => AttrKind::Flag,
            Some(ty) if ty.text == "u" => AttrKind::Unsigned,
            Some(ty) if ty.text == "opcode" => AttrKind::Opcode,
            Some(ty) => match enums.iter().position(|e| e.name.text == ty.text) {
                Some(i) => AttrKind::Enum(i),
                None => {
                    let names = enums.iter().map(|e| e.name.text.as_str()).chain(["u", "opcode"]);
                    let near = nearest(&ty.text, names);
                    let error = diags.error(
                        ty.span,
                        format!(
                            "unknown attribute type `{}`; expected `u`, `opcode` or an enum's name (a flag has no type){}",
                            ty.text,
                            hint(near)
                        ),
                    );
                    crate::misspelt::mark(error, "type", &ty.text, near, enums.iter().map(|e| &e.name));
                    continue;
                }
            },
        };
        let default = match (&d.default, kind) {
            (Some(v), AttrKind::Opcode) => {
                diags.error(
                    v.span(),
                    format!(
                        "attribute `{}` names an opcode and has no default: {a_line} that does not set it names none",
                        d.name.text
                    ),
                );
                continue;
            }
            (Some(v), _) => match value(&d.name, kind, v, enums, &Mnemonics::default(), diags) {
                Some(v) => v,
                None => continue,
            },
            (None, AttrKind::Unsigned | AttrKind::Enum(_)) => {
                let ty = d.ty.as_ref().map_or(d.name.span, |t| t.span);
                diags.error(
                    ty,
                    format!(
                        "attribute `{}` needs a default, the value of {a_line} that does not set it: `= …` ({})",
                        d.name.text,
                        expected(kind, enums)
                    ),
                );
                continue;
            }
            (None, _) => 0,
        };
        out.push(AttrDef {
            name: d.name,
            kind,
            default,
            doc: d.doc,
        });
    }
    out
}

/// The mnemonics an attribute's value may name.
#[derive(Default)]
pub struct Mnemonics<'a> {
    /// The opcodes', in order: the one at `i` is the value `i + 1`.
    pub read: Vec<&'a str>,
    /// Those of opcode lines lost to syntax errors: naming one is no
    /// second error.
    pub lost: Vec<&'a str>,
}

/// The names of the attribute declarations `decls`, before
/// [`resolve_decls`] leaves out those that fail: their settings are then no
/// second error ([`resolve_settings`]).
pub fn declared_names(decls: &[AttrDeclAst]) -> Vec<String> {
    decls.iter().map(|d| d.name.text.clone()).collect()
}

/// The value of every declared attribute for one opcode or enum value: its
/// settings, the defaults elsewhere. `owner` names where they are declared;
/// `declared` names every declaration written, those that failed (reported
/// already, left out of `decls`) included.
#[allow(clippy::too_many_arguments)]
pub fn resolve_settings(
    owner: &str,
    mnemonic: &Name,
    settings: &[AttrAst],
    decls: &[AttrDef],
    declared: &[String],
    enums: &[EnumDef],
    mnemonics: &Mnemonics,
    diags: &mut Diagnostics,
) -> Vec<u64> {
    let mut values: Vec<u64> = decls.iter().map(|d| d.default).collect();
    let mut set: Vec<Option<&Name>> = vec![None; decls.len()];
    for s in settings {
        let Some(i) = decls.iter().position(|d| d.name.text == s.name.text) else {
            if declared.contains(&s.name.text) {
                // Its declaration failed, with an error of its own.
                continue;
            }
            let names = decls
                .iter()
                .map(|d| d.name.text.as_str())
                .chain(OPCODE_KEYWORDS.iter().copied());
            let near = nearest(&s.name.text, names);
            let declared = if decls.is_empty() {
                format!(" ({owner} declares none: `attr NAME`)")
            } else {
                String::new()
            };
            // The message does not name the line's opcode or value, so
            // that one missing declaration, set on many lines, is one
            // error with the others' lines in a note.
            let error = diags
                .error(
                    s.name.span,
                    format!("unknown attribute `{}`{declared}{}", s.name.text, hint(near)),
                )
                .label(format!("set on `{}`", mnemonic.text));
            crate::misspelt::mark(error, "attribute", &s.name.text, near, decls.iter().map(|d| &d.name));
            continue;
        };
        if let Some(first) = set[i] {
            diags
                .error(
                    s.name.span,
                    format!("attribute `{}` is set twice on `{}`", s.name.text, mnemonic.text),
                )
                .label("second setting")
                .note(first.span, "first set here");
            continue;
        }
        set[i] = Some(&s.name);
        let decl = &decls[i];
        match (&s.value, decl.kind) {
            (None, AttrKind::Flag) => values[i] = 1,
            (Some(v), AttrKind::Flag) => {
                diags.error(
                    s.name.span.to(v.span()),
                    format!("`{}` is a flag: write it alone, without `=`", s.name.text),
                );
            }
            (None, kind) => {
                diags.error(
                    s.name.span,
                    format!(
                        "attribute `{}` needs a value: `{}=…` ({})",
                        s.name.text,
                        s.name.text,
                        expected(kind, enums)
                    ),
                );
            }
            (Some(v), kind) => {
                if let Some(v) = value(&s.name, kind, v, enums, mnemonics, diags) {
                    values[i] = v;
                }
            }
        }
    }
    values
}

/// What a value of `kind` is, in messages.
fn expected(kind: AttrKind, enums: &[EnumDef]) -> String {
    match kind {
        AttrKind::Flag => "a flag".into(),
        AttrKind::Unsigned => "a number".into(),
        AttrKind::Enum(e) => format!("a `{}` variant", enums[e].name.text),
        AttrKind::Opcode => "an opcode's mnemonic".into(),
    }
}

/// A value of attribute `name`, checked against its kind.
fn value(
    name: &Name,
    kind: AttrKind,
    v: &CondValue,
    enums: &[EnumDef],
    mnemonics: &Mnemonics,
    diags: &mut Diagnostics,
) -> Option<u64> {
    match (kind, v) {
        (AttrKind::Opcode, CondValue::Name(n)) => match mnemonics.read.iter().position(|m| *m == n.text) {
            Some(i) => Some(i as u64 + 1),
            None if mnemonics.lost.contains(&n.text.as_str()) => None,
            None => {
                diags.error(
                    n.span,
                    format!(
                        "`{}` is not an opcode of this spec (the value of `{}`){}",
                        n.text,
                        name.text,
                        did_you_mean(&n.text, mnemonics.read.iter().copied())
                    ),
                );
                None
            }
        },
        (AttrKind::Unsigned, CondValue::Int(n)) => match u64::try_from(n.value) {
            Ok(n) => Some(n),
            Err(_) => {
                diags.error(
                    n.span,
                    format!("value {:#x} of `{}` does not fit 64 bits", n.value, name.text),
                );
                None
            }
        },
        (AttrKind::Enum(e), CondValue::Name(n)) => {
            let e = &enums[e];
            match e.variants.iter().find(|v| v.name.text == n.text) {
                Some(variant) => Some(variant.value),
                None if !e.complete => None,
                None => {
                    let names = e.variants.iter().map(|v| v.name.text.as_str());
                    // Named in the label, not the message: one misspelt
                    // variant set on many lines is one error.
                    diags
                        .error(
                            n.span,
                            format!(
                                "`{}` is not a variant of `{}`{}",
                                n.text,
                                e.name.text,
                                did_you_mean(&n.text, names)
                            ),
                        )
                        .label(format!("no such variant (the type of `{}`)", name.text));
                    None
                }
            }
        }
        (kind, v) => {
            diags.error(
                v.span(),
                format!("attribute `{}` takes {}", name.text, expected(kind, enums)),
            );
            None
        }
    }
}
