//! The `LAYOUT` statics: the spec as data, for the printer, parser, CLI and docs.

use proc_macro2::TokenStream;
use quote::quote;

use super::codec::{decode_order, mnemonic_order};
use crate::model::{
    AttrDef, AttrKind, AttrTerm, BindValue, BundleDef, DeriveRule, FieldDef, FieldTy, LayoutDef, Spec, TPiece, TStyle,
    Template, Term,
};
use crate::naming::upper_ident;

pub fn expand(spec: &Spec) -> TokenStream {
    let enums = spec.enums.iter().map(|e| {
        let id = upper_ident("ENUM", &e.name.text);
        let (name, doc, bits, open) = (&e.name.text, &e.doc, e.bits, e.open);
        let values = e.variants.iter().map(|v| {
            let (vname, value, spellings, vsem, vdoc) = (&v.name.text, v.value, &v.spellings, &v.semantics, &v.doc);
            let attrs = &v.attrs;
            quote!(::isa_runtime::layout::EnumValue {
                name: #vname, value: #value, spellings: &[#(#spellings),*], semantics: #vsem, attrs: &[#(#attrs),*], doc: #vdoc
            })
        });
        let operands = e.operands.iter().flatten().map(|n| &n.text);
        let attrs = e.attrs.iter().map(|a| attr_decl(spec, a, quote!()));
        quote! {
            pub static #id: ::isa_runtime::layout::Enum = ::isa_runtime::layout::Enum {
                name: #name, doc: #doc, bits: #bits, open: #open, operands: &[#(#operands),*],
                attrs: &[#(#attrs),*], values: &[#(#values),*],
            };
        }
    });
    let regs = spec.regs.iter().map(|r| {
        let id = upper_ident("REGS", &r.name.text);
        let (name, doc, bits, open) = (&r.name.text, &r.doc, r.bits, r.open);
        let files = r.files.iter().map(|f| {
            let (prefix, base, count, fdoc) = (&f.prefix.text, f.base, f.count, &f.doc);
            quote!(::isa_runtime::layout::RegFile { prefix: #prefix, base: #base, count: #count, doc: #fdoc })
        });
        quote! {
            pub static #id: ::isa_runtime::layout::Regs = ::isa_runtime::layout::Regs {
                name: #name, doc: #doc, bits: #bits, open: #open, files: &[#(#files),*],
            };
        }
    });
    let mnemonics = spec
        .layouts
        .iter()
        .enumerate()
        .filter(|(_, l)| prints_mnemonic(l))
        .map(|(li, l)| {
            let id = upper_ident("MNEMONICS", &l.name.text);
            let entries: Vec<TokenStream> = spec
                .opcodes
                .iter()
                .filter(|op| op.format == li)
                .map(|op| {
                    let (value, text) = (op.value, op.text_mnemonic());
                    quote!(::isa_runtime::layout::Mnemonic { value: #value, text: #text })
                })
                .collect();
            let n = entries.len();
            quote! {
                pub static #id: [::isa_runtime::layout::Mnemonic; #n] = [#(#entries),*];
            }
        });
    let unions = spec.unions.iter().map(|u| {
        let id = upper_ident("UNION", &u.name.text);
        let (name, doc, bits) = (&u.name.text, &u.doc, u.bits);
        let variants = u
            .variants
            .iter()
            .map(|&(l, _, _)| upper_ident("LAYOUT", &spec.layouts[l].name.text));
        quote! {
            pub static #id: ::isa_runtime::layout::Union = ::isa_runtime::layout::Union {
                name: #name, doc: #doc, bits: #bits, variants: &[#(&#variants),*],
            };
        }
    });
    let layouts = spec.layouts.iter().map(|l| {
        let id = upper_ident("LAYOUT", &l.name.text);
        let table = upper_ident("MNEMONICS", &l.name.text);
        let table = quote!(&#table);
        let (name, doc, bits, is_instruction) = (&l.name.text, &l.doc, l.bits, l.is_format);
        let fields = l.fields.iter().map(|f| field(spec, f));
        let syntax = pieces(l.syntax.as_ref(), &table);
        let params = l.params.iter().map(|p| {
            let (name, doc) = (&p.name.text, &p.doc);
            quote!(::isa_runtime::layout::Param { name: #name, doc: #doc })
        });
        let texts = l.texts.iter().map(|t| {
            let (dialect, tname, tdoc) = (&spec.dialects[t.dialect].name.text, &t.name.text, &t.doc);
            let when = t.when.iter().map(|c| {
                let (field, text, equal, values) = (c.field, &c.text, c.equal, &c.values);
                let named = match c.named {
                    Some(n) => quote!(::core::option::Option::Some(#n)),
                    None => quote!(::core::option::Option::None),
                };
                let attr = match c.attr {
                    Some(a) => quote!(::core::option::Option::Some(#a)),
                    None => quote!(::core::option::Option::None),
                };
                let other = match c.other {
                    Some(o) => quote!(::core::option::Option::Some(#o)),
                    None => quote!(::core::option::Option::None),
                };
                let range = match c.range {
                    Some((lo, hi)) => quote!(::core::option::Option::Some((#lo, #hi))),
                    None => quote!(::core::option::Option::None),
                };
                quote!(::isa_runtime::layout::Cond { field: #field, text: #text, equal: #equal, values: &[#(#values),*], named: #named, attr: #attr, other: #other, range: #range })
            });
            let tpieces = pieces(Some(&t.template), &table);
            let defaults = t.defaults.iter().map(|&(f, v)| quote!((#f, #v)));
            let when_params = t
                .when_params
                .iter()
                .map(|&(param, set)| quote!(::isa_runtime::layout::ParamCond { param: #param, set: #set }));
            quote!(::isa_runtime::layout::NamedText { dialect: #dialect, name: #tname, doc: #tdoc, when: &[#(#when),*], when_params: &[#(#when_params),*], defaults: &[#(#defaults),*], pieces: #tpieces })
        });
        quote! {
            pub static #id: ::isa_runtime::layout::Format = ::isa_runtime::layout::Format {
                name: #name, doc: #doc, bits: #bits, is_instruction: #is_instruction,
                fields: &[#(#fields),*], syntax: #syntax, texts: &[#(#texts),*],
                params: &[#(#params),*],
            };
        }
    });
    let opcodes = spec.opcodes.iter().map(|op| {
        let format = upper_ident("LAYOUT", &spec.layouts[op.format].name.text);
        let (mnemonic, value, mask, bits) = (&op.mnemonic.text, op.value, op.mask, op.bits);
        let table = upper_ident("MNEMONICS", &spec.layouts[op.format].name.text);
        let template = pieces(Some(&op.template), &quote!(&#table));
        let source = if op.template_source.is_empty() {
            spec.layouts[op.format]
                .syntax
                .as_ref()
                .map(|_| source_text(spec, op.format))
                .unwrap_or_default()
        } else {
            op.template_source.clone()
        };
        let (sem, prio, doc, attrs) = (&op.semantics, op.priority(), &op.doc, &op.attrs);
        let gens = gens_tokens(op.gens);
        quote! {
            ::isa_runtime::layout::Opcode {
                mnemonic: #mnemonic, format: &#format, value: #value, mask: #mask, bits: #bits,
                template: #template, template_source: #source, semantics: #sem, priority: #prio,
                gens: #gens, attrs: &[#(#attrs),*], doc: #doc,
            }
        }
    });
    let attrs = spec.attrs.iter().map(|a| attr_decl(spec, a, quote!(__layout::)));
    let dialects = spec.dialects.iter().map(|d| {
        let (name, doc) = (&d.name.text, &d.doc);
        quote!(::isa_runtime::layout::Dialect { name: #name, doc: #doc })
    });
    let format_refs = spec.layouts.iter().map(|l| upper_ident("LAYOUT", &l.name.text));
    let enum_refs = spec.enums.iter().map(|e| upper_ident("ENUM", &e.name.text));
    let regs_refs = spec.regs.iter().map(|r| upper_ident("REGS", &r.name.text));
    let (name, doc, word_bits) = (&spec.name.text, &spec.doc, spec.word_bits);
    let fallback = match &spec.fallback {
        Some(f) => quote!(::core::option::Option::Some(#f)),
        None => quote!(::core::option::Option::None),
    };
    let order = decode_order(spec);
    let by_mnemonic = mnemonic_order(spec);
    let gens = gens_tokens(spec.gens);
    let bundle = match spec.bundle() {
        Some(b) => {
            let id = upper_ident("LAYOUT", &spec.layouts[b].name.text);
            quote!(::core::option::Option::Some(&__layout::#id))
        }
        None => quote!(::core::option::Option::None),
    };
    let (packed_static, packed) = match &spec.packed {
        Some(b) => (packed(spec, b), quote!(::core::option::Option::Some(&__layout::PACKED))),
        None => (quote!(), quote!(::core::option::Option::None)),
    };
    let n = spec.opcodes.len();
    let layout_doc = format!(
        "Layout metadata of `{name}`, generated from its spec: formats, fields, enums, register files and opcodes."
    );
    quote! {
        /// Layout statics generated from the spec; use [`LAYOUT`].
        #[doc(hidden)]
        pub mod __layout {
            #(#enums)*
            #(#regs)*
            #(#mnemonics)*
            #(#layouts)*
            #(#unions)*
            pub static OPCODES: [::isa_runtime::layout::Opcode; #n] = [#(#opcodes),*];
            #packed_static
        }

        #[doc = #layout_doc]
        pub static LAYOUT: ::isa_runtime::IsaLayout = ::isa_runtime::IsaLayout {
            name: #name,
            doc: #doc,
            word_bits: #word_bits,
            fallback: #fallback,
            gens: #gens,
            formats: &[#(&__layout::#format_refs),*],
            enums: &[#(&__layout::#enum_refs),*],
            regs: &[#(&__layout::#regs_refs),*],
            opcodes: &__layout::OPCODES,
            attrs: &[#(#attrs),*],
            dialects: &[#(#dialects),*],
            decode_order: &[#(#order),*],
            by_mnemonic: &[#(#by_mnemonic),*],
            bundle: #bundle,
            packed: #packed,
        };
    }
}

/// `Option<isa_runtime::layout::Gens>` for a generation range.
fn gens_tokens(gens: Option<crate::model::Gens>) -> TokenStream {
    match gens {
        Some(crate::model::Gens { lo, hi, .. }) => {
            quote!(::core::option::Option::Some(::isa_runtime::layout::Gens { lo: #lo, hi: #hi }))
        }
        None => quote!(::core::option::Option::None),
    }
}

/// An attribute declaration as an `isa_runtime::layout::Attr`; `path`
/// leads to the enum statics from where it is written.
fn attr_decl(spec: &Spec, a: &AttrDef, path: TokenStream) -> TokenStream {
    let (name, default, doc) = (&a.name.text, a.default, &a.doc);
    let kind = match a.kind {
        AttrKind::Flag => quote!(Flag),
        AttrKind::Unsigned => quote!(Unsigned),
        AttrKind::Opcode => quote!(Opcode),
        AttrKind::Enum(e) => {
            let id = upper_ident("ENUM", &spec.enums[e].name.text);
            quote!(Enum(&#path #id))
        }
    };
    quote!(::isa_runtime::layout::Attr { name: #name, kind: ::isa_runtime::layout::AttrKind::#kind, default: #default, doc: #doc })
}

/// The `PACKED` static of a presence-mask bundle.
fn packed(spec: &Spec, b: &BundleDef) -> TokenStream {
    let control = upper_ident("LAYOUT", &spec.layouts[b.control].name.text);
    let units = b.units.iter().map(|u| {
        let (name, doc, enable, width) = (&u.name.text, &u.doc, u.enable, u.width);
        let variants = u
            .variants
            .iter()
            .map(|&(v, _)| upper_ident("LAYOUT", &spec.layouts[v].name.text));
        quote! {
            ::isa_runtime::layout::Unit {
                name: #name, doc: #doc, enable: #enable, width: #width, variants: &[#(&#variants),*],
            }
        }
    });
    let derives = b.derives.iter().map(|d| {
        let field = d.field;
        let rule = match d.rule {
            DeriveRule::Words => quote!(Words),
            DeriveRule::NextWords => quote!(NextWords),
            DeriveRule::NotLast => quote!(NotLast),
        };
        quote!(::isa_runtime::layout::Derive { field: #field, rule: ::isa_runtime::layout::DeriveRule::#rule })
    });
    let (name, doc) = (&b.name.text, &b.doc);
    quote! {
        pub static PACKED: ::isa_runtime::layout::Packed = ::isa_runtime::layout::Packed {
            name: #name, doc: #doc, control: &#control, units: &[#(#units),*], derives: &[#(#derives),*],
        };
    }
}

/// The format's syntax line, re-rendered (the spec text is not kept).
fn source_text(spec: &Spec, format: usize) -> String {
    let l = &spec.layouts[format];
    l.syntax.as_ref().map_or_else(String::new, |t| render(l, &t.pieces))
}

/// Pieces as the spec writes them.
fn render(l: &LayoutDef, pieces: &[TPiece]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            TPiece::Text(s) => s.clone(),
            TPiece::Space => " ".into(),
            TPiece::Field { index, style, .. } => {
                let name = &l.fields[*index].name.text;
                match style {
                    TStyle::Default => format!("{{{name}}}"),
                    TStyle::Hex => format!("{{{name}:x}}"),
                    TStyle::Decimal => format!("{{{name}:d}}"),
                    TStyle::Flag(s) => format!("{{{name}:'{s}'}}"),
                    TStyle::Hook(h) => format!("{{{name}:@{h}}}"),
                    TStyle::Mnemonic => format!("{{{name}}}"),
                    TStyle::Decimals(n) => format!("{{{name}:.{n}}}"),
                    TStyle::Sign => format!("{{{name}:+}}"),
                    TStyle::Plus(n) => format!("{{{name} + {n}}}"),
                    TStyle::View { view, decimals: None } => format!("{{{name} as {view}}}"),
                    TStyle::View {
                        view,
                        decimals: Some(n),
                    } => format!("{{{name} as {view}:.{n}}}"),
                    TStyle::Nested(b) if b.is_empty() => format!("{{{name}}}"),
                    TStyle::Nested(b) => {
                        let b: Vec<String> = b
                            .iter()
                            .map(|b| format!("{} = {}", b.param.text, render_bind(l, &b.value)))
                            .collect();
                        format!("{{{name}({})}}", b.join(", "))
                    }
                }
            }
            TPiece::Param { index, text, .. } => format!("{{{}:'{text}'}}", l.params[*index].name.text),
            TPiece::Hook { name, .. } => format!("{{@{name}}}"),
            TPiece::Group {
                index,
                when_set,
                pieces,
                ..
            } => {
                let not = if *when_set { "" } else { "!" };
                format!("{{{not}{}?{}}}", l.fields[*index].name.text, render(l, pieces))
            }
        })
        .collect()
}

/// The runtime's `View` variant of a view name (`f16` → `View::F16`).
pub(super) fn view_path(view: &str) -> TokenStream {
    let variant = proc_macro2::Ident::new(&view.to_uppercase(), proc_macro2::Span::call_site());
    quote!(::isa_runtime::layout::View::#variant)
}

/// A binding's value as the spec writes it.
fn render_bind(l: &LayoutDef, v: &BindValue) -> String {
    let field = |i: usize| l.fields[i].name.text.as_str();
    let not = |invert: bool| if invert { "!" } else { "" };
    let opcode = |t: &AttrTerm| match t.variants.as_slice() {
        [] => format!("{}.{}", field(t.field), t.attr),
        v => format!("{} == {}", field(t.field), v.join("|")),
    };
    match v {
        BindValue::Const(c) => u8::from(*c).to_string(),
        BindValue::Field { index, invert } => format!("{}{}", not(*invert), field(*index)),
        BindValue::Param { index, invert } => format!("{}{}", not(*invert), l.params[*index].name.text),
        BindValue::OneOf { term, invert: true } if !term.variants.is_empty() => {
            format!("{} != {}", field(term.field), term.variants.join("|"))
        }
        BindValue::OneOf { term, invert } => format!("{}{}", not(*invert), opcode(term)),
        BindValue::Equal { a, b, differ } => {
            let a = match a {
                Term::Field(i) => field(*i).to_string(),
                Term::OneOf(t) => opcode(t),
            };
            format!("{a} {} {}", if *differ { "!=" } else { "==" }, field(*b))
        }
    }
}

/// Whether a `text` line of the layout prints the mnemonic (`{opcode}`):
/// the layout then gets a `MNEMONICS_…` table of its opcodes.
fn prints_mnemonic(l: &LayoutDef) -> bool {
    fn walk(pieces: &[TPiece]) -> bool {
        pieces.iter().any(|p| match p {
            TPiece::Field {
                style: TStyle::Mnemonic,
                ..
            } => true,
            TPiece::Group { pieces, .. } => walk(pieces),
            _ => false,
        })
    }
    l.texts.iter().any(|t| walk(&t.template.pieces))
}

/// The pieces of a template; `mnemonics` is the path of the layout's
/// mnemonic table, for its `{opcode}` pieces.
fn pieces(t: Option<&Template>, mnemonics: &TokenStream) -> TokenStream {
    let Some(t) = t else { return quote!(&[]) };
    piece_slice(&t.pieces, mnemonics)
}

fn piece_slice(pieces: &[TPiece], mnemonics: &TokenStream) -> TokenStream {
    let items = pieces.iter().map(|p| match p {
        TPiece::Text(s) => quote!(::isa_runtime::layout::Piece::Text(#s)),
        TPiece::Space => quote!(::isa_runtime::layout::Piece::Space),
        TPiece::Field { index, style, .. } => {
            let style = match style {
                TStyle::Default => quote!(::isa_runtime::layout::Style::Default),
                TStyle::Hex => quote!(::isa_runtime::layout::Style::Hex),
                TStyle::Decimal => quote!(::isa_runtime::layout::Style::Decimal),
                TStyle::Flag(s) => quote!(::isa_runtime::layout::Style::Flag(#s)),
                TStyle::Hook(h) => quote!(::isa_runtime::layout::Style::Hook(#h)),
                TStyle::Mnemonic => quote!(::isa_runtime::layout::Style::Mnemonic(#mnemonics)),
                TStyle::Decimals(n) => quote!(::isa_runtime::layout::Style::Decimals(#n)),
                TStyle::Sign => quote!(::isa_runtime::layout::Style::Sign),
                TStyle::Plus(n) => quote!(::isa_runtime::layout::Style::Plus(#n)),
                TStyle::View { view, decimals } => {
                    let view = view_path(view);
                    let decimals = match decimals {
                        Some(n) => quote!(::core::option::Option::Some(#n)),
                        None => quote!(::core::option::Option::None),
                    };
                    quote!(::isa_runtime::layout::Style::View { view: #view, decimals: #decimals })
                }
                TStyle::Nested(b) => {
                    let b = b.iter().map(|b| {
                        let param = &b.param.text;
                        let term = |t: &Term| match t {
                            Term::Field(i) => quote!(::isa_runtime::layout::Term::Field(#i)),
                            Term::OneOf(t) => {
                                let (field, values) = (t.field, &t.values);
                                quote!(::isa_runtime::layout::Term::OneOf { field: #field, values: &[#(#values),*] })
                            }
                        };
                        let value = match &b.value {
                            BindValue::Const(c) => quote!(::isa_runtime::layout::Bind::Const(#c)),
                            BindValue::Field { index, invert } => {
                                quote!(::isa_runtime::layout::Bind::Field { index: #index, invert: #invert })
                            }
                            BindValue::Param { index, invert } => {
                                quote!(::isa_runtime::layout::Bind::Param { index: #index, invert: #invert })
                            }
                            BindValue::OneOf { term: t, invert } => {
                                let t = term(&Term::OneOf(t.clone()));
                                quote!(::isa_runtime::layout::Bind::OneOf(#t, #invert))
                            }
                            BindValue::Equal { a, b, differ } => {
                                let a = term(a);
                                quote!(::isa_runtime::layout::Bind::Equal { a: #a, b: #b, differ: #differ })
                            }
                        };
                        quote!(::isa_runtime::layout::Binding { param: #param, value: #value })
                    });
                    quote!(::isa_runtime::layout::Style::Nested(&[#(#b),*]))
                }
            };
            quote!(::isa_runtime::layout::Piece::Field { index: #index, style: #style })
        }
        TPiece::Param { index, text, .. } => quote!(::isa_runtime::layout::Piece::Param { index: #index, text: #text }),
        TPiece::Hook { name, .. } => quote!(::isa_runtime::layout::Piece::Hook(#name)),
        TPiece::Group {
            index,
            when_set,
            pieces,
            ..
        } => {
            let inner = piece_slice(pieces, mnemonics);
            quote!(::isa_runtime::layout::Piece::Group { index: #index, when_set: #when_set, pieces: #inner })
        }
    });
    quote!(&[#(#items),*])
}

fn field(spec: &Spec, f: &FieldDef) -> TokenStream {
    let (name, doc, width) = (&f.name.text, &f.doc, f.width);
    let ranges = f.ranges.iter().map(|r| {
        let (lo, w) = (r.lo, r.width);
        quote!(::isa_runtime::layout::BitRange { lo: #lo, width: #w })
    });
    let order = |x_high: bool| {
        if x_high {
            quote!(::isa_runtime::layout::ComponentOrder::XHigh)
        } else {
            quote!(::isa_runtime::layout::ComponentOrder::XLow)
        }
    };
    let kind = match f.ty {
        FieldTy::Unsigned => quote!(Unsigned),
        FieldTy::Signed => quote!(Signed),
        FieldTy::Bool => quote!(Bool),
        FieldTy::Half => quote!(Half),
        FieldTy::Float => quote!(Float),
        FieldTy::Enum(i) => {
            let id = upper_ident("ENUM", &spec.enums[i].name.text);
            quote!(Enum(&#id))
        }
        FieldTy::Regs(i) => {
            let id = upper_ident("REGS", &spec.regs[i].name.text);
            quote!(Regs(&#id))
        }
        FieldTy::Layout(i) => {
            let id = upper_ident("LAYOUT", &spec.layouts[i].name.text);
            quote!(Layout(&#id))
        }
        FieldTy::Union(i) => {
            let id = upper_ident("UNION", &spec.unions[i].name.text);
            quote!(Union(&#id))
        }
        FieldTy::Mask(x) => {
            let o = order(x);
            quote!(Mask(#o))
        }
        FieldTy::Swizzle(x) => {
            let o = order(x);
            quote!(Swizzle(#o))
        }
        FieldTy::Opcode => quote!(Opcode),
        FieldTy::Fixed(v) => quote!(Fixed(#v)),
        FieldTy::Reserved => quote!(Reserved),
        FieldTy::Unknown => quote!(Unknown),
        FieldTy::Presence => quote!(Presence),
    };
    quote! {
        ::isa_runtime::layout::Field {
            name: #name, doc: #doc, ranges: &[#(#ranges),*], width: #width,
            kind: ::isa_runtime::layout::FieldKind::#kind,
        }
    }
}
