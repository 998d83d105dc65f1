//! `docs/isa/<isa>.json`: the resolved spec as JSON, for other tools.
//!
//! Objects keep a fixed key order (xtask turns on serde_json's
//! `preserve_order`, and every object is built key by key below); arrays keep
//! spec order. Values wider than 53 bits that a JSON reader could round
//! (opcode masks and patterns, which cover up to 128 bits) are hex strings.

use serde_json::{json, Map, Value};

use isa_runtime::layout::{Attr, AttrKind, ComponentOrder, Field, FieldKind, Format, IsaLayout, Opcode};

use crate::diagram_file;
use crate::markdown::{conditions, defaults, template};

/// Version of this file's shape; bump it when a key changes meaning or goes away.
pub const SCHEMA_VERSION: u32 = 1;

fn object(pairs: Vec<(&str, Value)>) -> Value {
    let mut map = Map::new();
    for (key, value) in pairs {
        map.insert(key.to_string(), value);
    }
    Value::Object(map)
}

fn text_or_null(text: &str) -> Value {
    if text.is_empty() {
        Value::Null
    } else {
        json!(text)
    }
}

fn order(order: ComponentOrder) -> &'static str {
    match order {
        ComponentOrder::XHigh => "x_high",
        ComponentOrder::XLow => "x_low",
    }
}

/// The kind of a field: `{"kind": ...}` plus what the kind refers to.
fn kind(kind: FieldKind) -> Vec<(&'static str, Value)> {
    match kind {
        FieldKind::Unsigned => vec![("kind", json!("unsigned"))],
        FieldKind::Signed => vec![("kind", json!("signed"))],
        FieldKind::Bool => vec![("kind", json!("bool"))],
        FieldKind::Half => vec![("kind", json!("half"))],
        FieldKind::Float => vec![("kind", json!("float"))],
        FieldKind::Enum(e) => vec![("kind", json!("enum")), ("enum", json!(e.name))],
        FieldKind::Regs(r) => vec![("kind", json!("regs")), ("regs", json!(r.name))],
        FieldKind::Layout(l) => vec![("kind", json!("layout")), ("layout", json!(l.name))],
        FieldKind::Union(u) => vec![
            ("kind", json!("union")),
            ("union", json!(u.name)),
            ("layouts", json!(u.variants.iter().map(|l| l.name).collect::<Vec<_>>())),
        ],
        FieldKind::Mask(o) => vec![("kind", json!("mask")), ("order", json!(order(o)))],
        FieldKind::Swizzle(o) => vec![("kind", json!("swizzle")), ("order", json!(order(o)))],
        FieldKind::Opcode => vec![("kind", json!("opcode"))],
        FieldKind::Fixed(v) => vec![("kind", json!("fixed")), ("value", json!(v))],
        FieldKind::Reserved => vec![("kind", json!("reserved"))],
        FieldKind::Unknown => vec![("kind", json!("unknown"))],
        FieldKind::Presence => vec![("kind", json!("presence"))],
    }
}

fn field(f: &Field) -> Value {
    let ranges: Vec<Value> = f
        .ranges
        .iter()
        .map(|r| {
            object(vec![
                ("lo", json!(r.lo)),
                ("hi", json!(r.hi())),
                ("width", json!(r.width)),
            ])
        })
        .collect();
    let mut pairs = vec![
        ("name", json!(f.name)),
        ("width", json!(f.width)),
        ("ranges", Value::Array(ranges)),
    ];
    pairs.extend(kind(f.kind));
    pairs.push(("doc", text_or_null(f.doc)));
    object(pairs)
}

fn format(stem: &str, f: &Format) -> Value {
    object(vec![
        ("name", json!(f.name)),
        ("bits", json!(f.bits)),
        ("instruction", json!(f.is_instruction)),
        (
            "syntax",
            if f.syntax.is_empty() {
                Value::Null
            } else {
                json!(template(f, f.syntax))
            },
        ),
        ("diagram", json!(diagram_file(stem, f))),
        ("doc", text_or_null(f.doc)),
        ("fields", Value::Array(f.fields.iter().map(field).collect())),
        (
            "params",
            Value::Array(
                f.params
                    .iter()
                    .map(|p| object(vec![("name", json!(p.name)), ("doc", text_or_null(p.doc))]))
                    .collect(),
            ),
        ),
        (
            "texts",
            Value::Array(
                f.texts
                    .iter()
                    .map(|t| {
                        object(vec![
                            ("dialect", json!(t.dialect)),
                            ("group", json!(t.name)),
                            ("when", json!(conditions(f, t))),
                            ("defaults", json!(defaults(f, t))),
                            ("template", json!(template(f, t.pieces))),
                            ("doc", text_or_null(t.doc)),
                        ])
                    })
                    .collect(),
            ),
        ),
    ])
}

/// `0x…` with at least `digits` hex digits.
fn hex(value: u128, digits: usize) -> String {
    format!("{value:#0w$x}", w = digits + 2)
}

/// `{"lo": 3, "hi": 7}`, or `null` (every generation).
fn gens(g: Option<isa_runtime::layout::Gens>) -> Value {
    g.map_or(Value::Null, |g| object(vec![("lo", json!(g.lo)), ("hi", json!(g.hi))]))
}

fn opcode(isa: &IsaLayout, op: &Opcode) -> Value {
    let digits = (isa.word_bits.min(128) as usize).div_ceil(4);
    object(vec![
        ("mnemonic", json!(op.mnemonic)),
        ("format", json!(op.format.name)),
        ("value", json!(op.value)),
        ("mask", json!(hex(op.mask, digits))),
        ("bits", json!(hex(op.bits, digits))),
        ("priority", json!(op.priority)),
        ("gens", gens(op.gens)),
        ("template", json!(template(op.format, op.template))),
        ("template_source", json!(op.template_source)),
        ("semantics", text_or_null(op.semantics)),
        ("attrs", attr_values(isa, isa.attrs, op.attrs)),
        ("doc", text_or_null(op.doc)),
    ])
}

/// An opcode's or enum value's attributes: `{"name": value}`, enum values
/// as variant names, opcodes as mnemonics.
fn attr_values(isa: &IsaLayout, attrs: &[Attr], values: &[u64]) -> Value {
    let mut map = Map::new();
    for (a, &v) in attrs.iter().zip(values) {
        let value = match a.kind {
            AttrKind::Flag => json!(v != 0),
            AttrKind::Unsigned => json!(v),
            AttrKind::Enum(e) => e.value(v).map_or(json!(v), |x| json!(x.name)),
            AttrKind::Opcode => v
                .checked_sub(1)
                .and_then(|i| isa.opcodes.get(i as usize))
                .map_or(Value::Null, |o| json!(o.mnemonic)),
        };
        map.insert(a.name.to_string(), value);
    }
    Value::Object(map)
}

/// The declared attributes: name, kind (`flag`, `u` or the enum's name),
/// default, doc.
fn attr_decls(attrs: &[Attr]) -> Value {
    let decls = attrs.iter().map(|a| {
        let (kind, default) = match a.kind {
            AttrKind::Flag => ("flag", json!(a.default != 0)),
            AttrKind::Unsigned => ("u", json!(a.default)),
            AttrKind::Opcode => ("opcode", Value::Null),
            AttrKind::Enum(e) => (e.name, e.value(a.default).map_or(json!(a.default), |x| json!(x.name))),
        };
        object(vec![
            ("name", json!(a.name)),
            ("kind", json!(kind)),
            ("default", default),
            ("doc", text_or_null(a.doc)),
        ])
    });
    Value::Array(decls.collect())
}

/// A presence-mask bundle: control layout, units in packing order, derived fields.
fn packed(p: &isa_runtime::layout::Packed) -> Value {
    let units: Vec<Value> = p
        .units
        .iter()
        .map(|u| {
            object(vec![
                ("name", json!(u.name)),
                ("enable", json!(u.enable)),
                ("width", json!(u.width)),
                ("variants", json!(u.variants.iter().map(|v| v.name).collect::<Vec<_>>())),
                ("doc", text_or_null(u.doc)),
            ])
        })
        .collect();
    let derives: Vec<Value> = p
        .derives
        .iter()
        .map(|d| {
            object(vec![
                ("field", json!(p.control.fields[d.field].name)),
                ("rule", json!(d.rule.spelling())),
            ])
        })
        .collect();
    object(vec![
        ("name", json!(p.name)),
        ("doc", text_or_null(p.doc)),
        ("control", json!(p.control.name)),
        ("units", Value::Array(units)),
        ("derives", Value::Array(derives)),
    ])
}

/// The whole file for one ISA.
pub fn isa_json(stem: &str, isa: &IsaLayout) -> String {
    let enums: Vec<Value> = isa
        .enums
        .iter()
        .map(|e| {
            let values: Vec<Value> = e
                .values
                .iter()
                .map(|v| {
                    object(vec![
                        ("name", json!(v.name)),
                        ("value", json!(v.value)),
                        ("spellings", json!(v.spellings)),
                        ("semantics", text_or_null(v.semantics)),
                        ("attrs", attr_values(isa, e.attrs, v.attrs)),
                        ("doc", text_or_null(v.doc)),
                    ])
                })
                .collect();
            object(vec![
                ("name", json!(e.name)),
                ("bits", json!(e.bits)),
                ("open", json!(e.open)),
                ("operands", json!(e.operands)),
                ("attrs", attr_decls(e.attrs)),
                ("doc", text_or_null(e.doc)),
                ("values", Value::Array(values)),
            ])
        })
        .collect();
    let regs: Vec<Value> = isa
        .regs
        .iter()
        .map(|r| {
            let files: Vec<Value> = r
                .files
                .iter()
                .map(|f| {
                    object(vec![
                        ("prefix", json!(f.prefix)),
                        ("base", json!(f.base)),
                        ("count", json!(f.count)),
                        ("doc", text_or_null(f.doc)),
                    ])
                })
                .collect();
            object(vec![
                ("name", json!(r.name)),
                ("bits", json!(r.bits)),
                ("open", json!(r.open)),
                ("doc", text_or_null(r.doc)),
                ("files", Value::Array(files)),
            ])
        })
        .collect();
    let decode_order: Vec<Value> = isa
        .decode_order
        .iter()
        .map(|&i| json!(isa.opcodes[i].mnemonic))
        .collect();
    let root = object(vec![
        ("schema_version", json!(SCHEMA_VERSION)),
        ("generator", json!("cargo xtask docs")),
        ("isa", json!(isa.name)),
        ("doc", text_or_null(isa.doc)),
        ("word_bits", json!(isa.word_bits)),
        ("fallback", isa.fallback.map_or(Value::Null, |f| json!(f))),
        ("gens", gens(isa.gens)),
        (
            "formats",
            Value::Array(isa.formats.iter().map(|f| format(stem, f)).collect()),
        ),
        ("enums", Value::Array(enums)),
        ("regs", Value::Array(regs)),
        ("attrs", attr_decls(isa.attrs)),
        (
            "dialects",
            Value::Array(
                isa.dialects
                    .iter()
                    .map(|d| object(vec![("name", json!(d.name)), ("doc", text_or_null(d.doc))]))
                    .collect(),
            ),
        ),
        (
            "opcodes",
            Value::Array(isa.opcodes.iter().map(|o| opcode(isa, o)).collect()),
        ),
        ("decode_order", Value::Array(decode_order)),
        ("packed", isa.packed.map_or(Value::Null, packed)),
    ]);
    let mut out = serde_json::to_string_pretty(&root).expect("a JSON value always serialises");
    out.push('\n');
    out
}
