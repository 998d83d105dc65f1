//! Markdown reference pages built from layout metadata.

use std::fmt::Write;

use isa_runtime::layout::{
    Attr, AttrKind, Bind, DeriveRule, Field, FieldKind, Format, IsaLayout, NamedText, Opcode, Packed, Piece, Style,
    Term,
};

use crate::diagram_file;

/// Escapes text for a table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn bits(field: &Field) -> String {
    field
        .ranges
        .iter()
        .rev()
        .map(|r| {
            if r.width == 1 {
                format!("{}", r.lo)
            } else {
                format!("{}..={}", r.hi(), r.lo)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn kind(field: &Field) -> String {
    match field.kind {
        FieldKind::Fixed(v) => format!("fixed `{v:#x}`"),
        FieldKind::Enum(e) => format!("enum [`{}`](#enum-{})", e.name, e.name.to_lowercase()),
        FieldKind::Regs(r) => format!("registers [`{}`](#registers-{})", r.name, r.name.to_lowercase()),
        FieldKind::Layout(l) => format!("layout [`{}`](#{})", l.name, l.name.to_lowercase()),
        FieldKind::Union(u) => {
            let layouts: Vec<String> = u
                .variants
                .iter()
                .map(|l| format!("[`{}`](#{})", l.name, l.name.to_lowercase()))
                .collect();
            format!("union `{}`: {}", u.name, layouts.join(" or "))
        }
        other => format!("`{}`", other.type_name()),
    }
}

/// The template as the spec writes it.
pub fn template(format: &Format, pieces: &[Piece]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => (*t).to_string(),
            Piece::Space => " ".to_string(),
            Piece::Field { index, style } => {
                let name = format.fields[*index].name;
                match style {
                    Style::Default => format!("{{{name}}}"),
                    Style::Hex => format!("{{{name}:x}}"),
                    Style::Decimal => format!("{{{name}:d}}"),
                    Style::Flag(t) => format!("{{{name}:'{t}'}}"),
                    Style::Hook(h) => format!("{{{name}:@{h}}}"),
                    Style::Mnemonic(_) => format!("{{{name}}}"),
                    Style::Decimals(n) => format!("{{{name}:.{n}}}"),
                    Style::Sign => format!("{{{name}:+}}"),
                    Style::Plus(n) => format!("{{{name} + {n}}}"),
                    Style::View { view, decimals: None } => format!("{{{name} as {}}}", view.name()),
                    Style::View {
                        view,
                        decimals: Some(n),
                    } => format!("{{{name} as {}:.{n}}}", view.name()),
                    Style::Nested([]) => format!("{{{name}}}"),
                    Style::Nested(bindings) => {
                        let b: Vec<String> = bindings
                            .iter()
                            .map(|b| format!("{} = {}", b.param, bind_text(format, &b.value)))
                            .collect();
                        format!("{{{name}({})}}", b.join(", "))
                    }
                }
            }
            Piece::Param { index, text } => format!("{{{}:'{text}'}}", format.params[*index].name),
            Piece::Hook(h) => format!("{{@{h}}}"),
            Piece::Group {
                index,
                when_set,
                pieces,
            } => format!(
                "{{{}{}?{}}}",
                if *when_set { "" } else { "!" },
                format.fields[*index].name,
                template(format, pieces)
            ),
        })
        .collect()
}

/// A binding's value as the spec writes it (`opcode.ATTR` as the set of
/// mnemonics it stands for is not kept: `opcode in {…}` lists values).
fn bind_text(format: &Format, v: &Bind) -> String {
    let field = |i: usize| format.fields[i].name;
    let not = |invert: bool| if invert { "!" } else { "" };
    let term = |t: &Term| match *t {
        Term::Field(i) => field(i).to_string(),
        Term::OneOf { field: f, values } => {
            let names: Vec<String> = format
                .mnemonics()
                .iter()
                .filter(|m| values.contains(&m.value))
                .map(|m| m.text.to_string())
                .collect();
            format!("{} in {{{}}}", field(f), names.join(", "))
        }
    };
    match *v {
        Bind::Const(c) => u8::from(c).to_string(),
        Bind::Field { index, invert } => format!("{}{}", not(invert), field(index)),
        Bind::Param { index, invert } => format!("{}{}", not(invert), format.params[index].name),
        Bind::OneOf(t, invert) => format!("{}({})", not(invert), term(&t)),
        Bind::Equal { a, b, differ } => format!("{} {} {}", term(&a), if differ { "!=" } else { "==" }, field(b)),
    }
}

fn encoding(op: &Opcode) -> String {
    let field = op.format.fields.iter().find(|f| matches!(f.kind, FieldKind::Opcode));
    match field {
        Some(f) => format!(
            "`{}` = `{:#04x}` (`{:0w$b}`)",
            bits(f),
            op.value,
            op.value,
            w = f.width as usize
        ),
        None => String::new(),
    }
}

fn format_section(out: &mut String, stem: &str, format: &Format) {
    let kind_word = if format.is_instruction { "format" } else { "layout" };
    let _ = writeln!(out, "### {}\n", format.name);
    let _ = writeln!(out, "{} {kind_word}, {} bits.\n", cell(format.doc), format.bits);
    let _ = writeln!(out, "![{} bit layout]({})\n", format.name, diagram_file(stem, format));
    if !format.syntax.is_empty() || !format.is_instruction {
        let _ = writeln!(out, "Syntax: `{}`\n", template(format, format.syntax));
    }
    let _ = writeln!(
        out,
        "| bits | field | width | kind | doc |\n| --- | --- | --- | --- | --- |"
    );
    let mut fields: Vec<&Field> = format.fields.iter().collect();
    fields.sort_by_key(|f| std::cmp::Reverse(f.ranges.iter().map(|r| r.hi()).max().unwrap_or(0)));
    for f in fields {
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {} | {} |",
            bits(f),
            f.name,
            f.width,
            kind(f),
            cell(f.doc)
        );
    }
    out.push('\n');
    if !format.params.is_empty() {
        let _ = writeln!(
            out,
            "Params (`param NAME`: bools that the text lines print and test, given by the line that prints the layout):\n"
        );
        let _ = writeln!(out, "| param | doc |\n| --- | --- |");
        for p in format.params {
            let _ = writeln!(out, "| `{}` | {} |", p.name, cell(p.doc));
        }
        out.push('\n');
    }
    if !format.texts.is_empty() {
        let _ = writeln!(
            out,
            "Text lines (`text DIALECT.GROUP`: each group prints its first alternative whose conditions hold; `@` marks a context hook):\n"
        );
        let _ = writeln!(
            out,
            "| dialect.group | when | template | doc |\n| --- | --- | --- | --- |"
        );
        for t in format.texts {
            let _ = writeln!(
                out,
                "| `{}.{}` | {} | `{}` | {} |",
                t.dialect,
                t.name,
                cell(&when_cell(format, t)),
                cell(&template(format, t.pieces)),
                cell(t.doc)
            );
        }
        out.push('\n');
    }
}

/// The "when" cell of a text line: its conditions, then its `default`
/// values (what parsing that form writes where the text says nothing).
fn when_cell(format: &Format, t: &NamedText) -> String {
    let quoted = |v: Vec<String>| v.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ");
    let mut cell = quoted(conditions(format, t));
    if !t.defaults.is_empty() {
        if !cell.is_empty() {
            cell.push_str("; ");
        }
        cell.push_str("parsing writes ");
        cell.push_str(&quoted(defaults(format, t)));
    }
    cell
}

/// A `text` line's `default` values as the spec writes them (`field = v`,
/// enum values by variant name).
pub fn defaults(format: &Format, t: &NamedText) -> Vec<String> {
    t.defaults
        .iter()
        .map(|&(f, v)| {
            let field = &format.fields[f];
            let value = match field.kind {
                FieldKind::Enum(e) => e.value(v).map_or(v.to_string(), |x| x.name.to_string()),
                _ if v > 255 => format!("{v:#x}"),
                _ => v.to_string(),
            };
            format!("{} = {value}", field.name)
        })
        .collect()
}

/// A `text` line's conditions as the spec writes them, one string each.
pub fn conditions(format: &Format, t: &NamedText) -> Vec<String> {
    let params = t.when_params.iter().map(|c| {
        let name = format.params[c.param].name;
        if c.set {
            name.to_owned()
        } else {
            format!("!{name}")
        }
    });
    t.when.iter().map(|c| c.text.to_owned()).chain(params).collect()
}

/// The text dialects an ISA declares (nothing when none).
fn dialect_table(out: &mut String, isa: &IsaLayout) {
    if isa.dialects.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Text dialects\n");
    let _ = writeln!(
        out,
        "Declared in the `isa` item (`dialect NAME`); each is made of the `text NAME.GROUP` lines \
         of the formats and layouts below, beside the field-explicit `Syntax` lines.\n"
    );
    let _ = writeln!(out, "| dialect | text lines | doc |\n| --- | --- | --- |");
    for d in isa.dialects {
        let lines: usize = isa
            .formats
            .iter()
            .map(|f| f.texts.iter().filter(|t| t.dialect == d.name).count())
            .sum();
        let _ = writeln!(out, "| `{}` | {lines} | {} |", d.name, cell(d.doc));
    }
    out.push('\n');
}

/// The attributes an ISA declares for its opcodes (nothing when none).
fn attr_table(out: &mut String, isa: &IsaLayout) {
    if isa.attrs.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Opcode attributes\n");
    let _ = writeln!(
        out,
        "Declared in the `isa` item (`attr NAME [TYPE = DEFAULT]`) and set on opcode lines; \
         the opcode table's attributes column lists those that differ from the default.\n"
    );
    attr_decls(out, isa.attrs);
}

/// A table of attribute declarations.
fn attr_decls(out: &mut String, attrs: &[Attr]) {
    let _ = writeln!(out, "| attribute | values | default | doc |\n| --- | --- | --- | --- |");
    for a in attrs {
        let (values, default) = match a.kind {
            AttrKind::Flag => ("flag".to_string(), "not set".to_string()),
            AttrKind::Unsigned => ("number".to_string(), a.default.to_string()),
            AttrKind::Opcode => ("an opcode".to_string(), "none".to_string()),
            AttrKind::Enum(e) => (
                format!("enum [`{}`](#enum-{})", e.name, e.name.to_lowercase()),
                e.value(a.default)
                    .map_or(a.default.to_string(), |v| format!("`{}`", v.name)),
            ),
        };
        let _ = writeln!(out, "| `{}` | {values} | {default} | {} |", a.name, cell(a.doc));
    }
    out.push('\n');
}

/// The attributes of one opcode or value that differ from their defaults,
/// as the spec writes them (`fragment_only since=v2`).
fn attr_settings(isa: &IsaLayout, attrs: &[Attr], values: &[u64]) -> String {
    let set: Vec<String> = attrs
        .iter()
        .zip(values)
        .filter(|(a, &v)| v != a.default)
        .filter_map(|(a, &v)| a.setting(isa, v))
        .map(|s| format!("`{s}`"))
        .collect();
    set.join(" ")
}

/// The opcode table: mnemonic, encoding, format, syntax, semantics,
/// attributes (when the ISA declares any), doc.
fn opcode_table(out: &mut String, isa: &IsaLayout) {
    let _ = writeln!(out, "## Opcodes\n");
    let with_attrs = !isa.attrs.is_empty();
    let (mut attr_head, mut attr_rule) = if with_attrs {
        (" attributes |".to_string(), " --- |".to_string())
    } else {
        (String::new(), String::new())
    };
    if isa.gens.is_some() {
        attr_head.push_str(" generations |");
        attr_rule.push_str(" --- |");
    }
    let _ = writeln!(
        out,
        "| mnemonic | encoding | format | syntax | semantics (AGSL) |{attr_head} doc |\n| --- | --- | --- | --- | --- |{attr_rule} --- |"
    );
    for op in isa.opcodes {
        let mut attrs = if with_attrs {
            format!(" {} |", attr_settings(isa, isa.attrs, op.attrs))
        } else {
            String::new()
        };
        if let Some(all) = isa.gens {
            let _ = write!(attrs, " {} |", gens_text(op.gens.unwrap_or(all)));
        }
        let syntax = format!("{} {}", op.mnemonic, template(op.format, op.template));
        let sem = if op.semantics.is_empty() {
            String::new()
        } else {
            format!("`{}`", cell(op.semantics))
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | [`{}`](#{}) | `{}` | {} |{attrs} {} |",
            op.mnemonic,
            encoding(op),
            op.format.name,
            op.format.name.to_lowercase(),
            cell(syntax.trim_end()),
            sem,
            cell(op.doc)
        );
    }
    out.push('\n');
}

/// `6` or `3..=5`, as the spec writes a generation range.
fn gens_text(g: isa_runtime::layout::Gens) -> String {
    if g.lo == g.hi {
        g.lo.to_string()
    } else {
        format!("{}..={}", g.lo, g.hi)
    }
}

/// A presence-mask bundle: the control word, the units in packing order
/// with their widths, and the derived fields.
fn packed_section(out: &mut String, p: &Packed) {
    let _ = writeln!(out, "## Instruction: control word and units\n");
    if !p.doc.is_empty() {
        let _ = writeln!(out, "{}\n", p.doc);
    }
    let _ = writeln!(
        out,
        "Every instruction starts with a [`{0}`](#{1}) control word. Each set bit of its `presence` field enables one unit; \
         the enabled units follow back to back, in enable-bit order, from bit 0 of the second word, and may straddle word \
         boundaries. A unit with several layouts is decoded as the first later layout whose `fixed` fields all hold, else as \
         its first layout.\n",
        p.control.name,
        p.control.name.to_lowercase()
    );
    let _ = writeln!(
        out,
        "| enable bit | unit | width | layouts | doc |\n| --- | --- | --- | --- | --- |"
    );
    for u in p.units {
        let layouts: Vec<String> = u
            .variants
            .iter()
            .map(|v| format!("[`{}`](#{})", v.name, v.name.to_lowercase()))
            .collect();
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {} | {} |",
            u.enable,
            u.name,
            u.width,
            layouts.join(", "),
            cell(u.doc)
        );
    }
    out.push('\n');
    if !p.derives.is_empty() {
        let _ = writeln!(
            out,
            "Derived control fields: the encoder's `derive` computes them; the decoder keeps what the file holds.\n"
        );
        let _ = writeln!(out, "| field | rule | meaning |\n| --- | --- | --- |");
        for d in p.derives {
            let meaning = match d.rule {
                DeriveRule::Words => {
                    "this instruction's length in words: 1 + the enabled units' bits rounded up to words"
                }
                DeriveRule::NextWords => "the next instruction's length in words; 0 on the last instruction",
                DeriveRule::NotLast => "set on every instruction but the last",
            };
            let _ = writeln!(
                out,
                "| `{}` | `{}` | {meaning} |",
                p.control.fields[d.field].name,
                d.rule.spelling()
            );
        }
        out.push('\n');
    }
}

/// One ISA's reference page; `stem` names its files (`docs/isa/<stem>…`).
pub fn isa_page(stem: &str, isa: &IsaLayout) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!-- Generated by `cargo xtask docs` from the `{}` LAYOUT metadata. Do not edit. -->\n",
        isa.name
    );
    let _ = writeln!(out, "# `{}` instruction set\n", isa.name);
    if !isa.doc.is_empty() {
        let _ = writeln!(out, "{}\n", isa.doc);
    }
    if isa.packed.is_some() {
        let _ = writeln!(
            out,
            "Instructions are runs of {}-bit little-endian words: a control word, then the units it enables.",
            isa.word_bits
        );
    } else {
        let _ = writeln!(out, "Instruction words are {} bits, little endian.", isa.word_bits);
    }
    if let Some(f) = isa.fallback {
        let _ = writeln!(
            out,
            "Words that match no opcode are kept verbatim and print as `{f} 0x…`."
        );
    }
    if let Some(g) = isa.gens {
        let _ = writeln!(
            out,
            "The spec describes generations {}: an opcode with a `gen` range below exists in those generations only, \
             and one opcode value may mean another opcode in another generation.",
            gens_text(g)
        );
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "Also generated from the same metadata: one [bit-layout diagram](#formats-and-layouts) per format, \
         the layouts in WaveDrom `reg` JSON ([`{stem}.wavedrom.json`]({stem}.wavedrom.json)) and the whole \
         resolved spec as JSON ([`{stem}.json`]({stem}.json)). [All generated docs](../index.md).\n"
    );

    if let Some(p) = isa.packed {
        packed_section(&mut out, p);
    } else {
        attr_table(&mut out, isa);
        dialect_table(&mut out, isa);
        opcode_table(&mut out, isa);
    }

    let _ = writeln!(out, "## Formats and layouts\n");
    for format in isa.formats {
        format_section(&mut out, stem, format);
    }

    if !isa.enums.is_empty() {
        let _ = writeln!(out, "## Enums\n");
    }
    for e in isa.enums {
        let open = if e.open {
            "open: unnamed values are kept and print as numbers"
        } else {
            "closed: unnamed values do not decode"
        };
        let _ = writeln!(out, "### enum {}\n", e.name);
        let _ = writeln!(out, "{} {} bits, {open}.\n", cell(e.doc), e.bits);
        let operation = !e.operands.is_empty();
        let with_attrs = !e.attrs.is_empty();
        if with_attrs {
            let _ = writeln!(
                out,
                "Its values' attributes (`attr` lines in the enum; the attributes column lists those that differ from the default, and unnamed values have the defaults):\n"
            );
            attr_decls(&mut out, e.attrs);
        }
        let (attr_head, attr_rule) = if with_attrs {
            (" attributes |", " --- |")
        } else {
            ("", "")
        };
        if operation {
            let names: Vec<String> = e.operands.iter().map(|n| format!("`{n}`")).collect();
            let _ = writeln!(
                out,
                "An operation: each value's semantics is AGSL over its operands {} and assigns its result to `dst`.\n",
                names.join(", ")
            );
            let _ = writeln!(
                out,
                "| value | name | spellings | semantics (AGSL) |{attr_head} doc |\n| --- | --- | --- | --- |{attr_rule} --- |"
            );
        } else {
            let _ = writeln!(
                out,
                "| value | name | spellings |{attr_head} doc |\n| --- | --- | --- |{attr_rule} --- |"
            );
        }
        for v in e.values {
            let spellings: Vec<String> = v
                .spellings
                .iter()
                .map(|s| {
                    if s.is_empty() {
                        "(empty)".into()
                    } else {
                        format!("`{s}`")
                    }
                })
                .collect();
            let sem = match (operation, v.semantics) {
                (false, _) => String::new(),
                (true, "") => "| ".into(),
                (true, s) => format!("| `{}` ", cell(s)),
            };
            let attrs = if with_attrs {
                format!("| {} ", attr_settings(isa, e.attrs, v.attrs))
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "| `{:#x}` | `{}` | {} {sem}{attrs}| {} |",
                v.value,
                v.name,
                spellings.join(", "),
                cell(v.doc)
            );
        }
        out.push('\n');
    }

    if !isa.regs.is_empty() {
        let _ = writeln!(out, "## Register files\n");
    }
    for r in isa.regs {
        let _ = writeln!(out, "### registers {}\n", r.name);
        let _ = writeln!(out, "{} {} bits.\n", cell(r.doc), r.bits);
        let _ = writeln!(out, "| registers | encoding | doc |\n| --- | --- | --- |");
        for f in r.files {
            let _ = writeln!(
                out,
                "| `{p}0`..`{p}{}` | `{:#x}`..=`{:#x}` | {} |",
                f.count - 1,
                f.base,
                f.base + f.count - 1,
                cell(f.doc),
                p = f.prefix
            );
        }
        out.push('\n');
    }
    out
}
