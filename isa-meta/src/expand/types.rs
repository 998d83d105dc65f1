//! The typed API: enums, register operands, layout/format structs and the
//! instruction enum.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{field_ident, field_type};
use crate::model::{EnumDef, LayoutDef, RegsDef, Spec};
use crate::naming::{camel_case, ident, is_keyword, method_ident, type_ident};

pub fn expand(spec: &Spec) -> TokenStream {
    let enums = spec.enums.iter().map(expand_enum);
    let regs = spec.regs.iter().map(expand_regs);
    let layouts = spec.layouts.iter().map(|l| expand_struct(spec, l));
    let instruction = expand_instruction(spec);
    quote! {
        #(#enums)*
        #(#regs)*
        #(#layouts)*
        #instruction
    }
}

fn doc_or(doc: &str, fallback: String) -> String {
    if doc.is_empty() {
        fallback
    } else {
        doc.to_string()
    }
}

fn expand_enum(e: &EnumDef) -> TokenStream {
    if e.open {
        return expand_open_enum(e);
    }
    let name = type_ident(&e.name.text);
    let bits = e.bits;
    let doc = doc_or(&e.doc, format!("The `{}` enum ({} bits).", e.name.text, e.bits));
    let variants: Vec<_> = e.variants.iter().map(|v| ident(&camel_case(&v.name.text))).collect();
    let values: Vec<_> = e.variants.iter().map(|v| Literal::u64_unsuffixed(v.value)).collect();
    let docs = variant_docs(e);
    let spellings = first_spellings(e);
    let zero = e.variants.iter().position(|v| v.value == 0);
    let defaults: Vec<TokenStream> = (0..e.variants.len())
        .map(|i| {
            if Some(i) == zero {
                quote!(#[default])
            } else {
                TokenStream::new()
            }
        })
        .collect();
    let derive_default = zero.map(|_| quote!(Default,));
    let doc = match zero {
        Some(i) => format!("{doc}\n\n`Default` is the value 0, `{}`.", e.variants[i].name.text),
        None => format!("{doc}\n\nNo `Default`: no value is 0."),
    };
    let from_int = from_int_impl(&name, &e.name.text, false, bits);
    let from_bits = e.is_total().then(|| {
        let last = variants.last();
        quote! {
            /// The variant for the field's bits (every value is named).
            #[inline]
            pub const fn from_bits(raw: u64) -> Self {
                match #name::from_raw(raw & ::isa_runtime::bits::low_mask(#bits)) {
                    ::core::option::Option::Some(v) => v,
                    ::core::option::Option::None => #name::#last,
                }
            }
        }
    });
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, #derive_default)]
        pub enum #name {
            #( #[doc = #docs] #defaults #variants, )*
        }

        #from_int

        impl #name {
            /// Every variant, in the spec's order.
            pub const ALL: &'static [#name] = &[#( #name::#variants ),*];
            /// The variant with this value, if any.
            #[inline]
            pub const fn from_raw(raw: u64) -> ::core::option::Option<Self> {
                match raw {
                    #( #values => ::core::option::Option::Some(#name::#variants), )*
                    _ => ::core::option::Option::None,
                }
            }
            #from_bits
            /// The value's bits.
            #[inline]
            pub const fn raw(self) -> u64 {
                match self {
                    #( #name::#variants => #values, )*
                }
            }
            /// The value's first spelling in the spec (the one that prints).
            pub const fn spelling(self) -> &'static str {
                match self {
                    #( #name::#variants => #spellings, )*
                }
            }
        }
    }
}

/// `impl FromInt` for a generated enum or register type: an open one takes
/// any value of its bits, a closed one the values it names.
fn from_int_impl(name: &proc_macro2::Ident, spec_name: &str, open: bool, bits: u32) -> TokenStream {
    let (expected, body) = if open {
        (
            quote!(::isa_runtime::Expected::Unsigned(#bits)),
            quote!((value <= ::isa_runtime::bits::low_mask(#bits)).then(|| Self::from_bits(value))),
        )
    } else {
        (
            quote!(::isa_runtime::Expected::Named(#spec_name)),
            quote!(Self::from_raw(value)),
        )
    };
    quote! {
        #[automatically_derived]
        impl ::isa_runtime::FromInt for #name {
            type Int = u64;
            const EXPECTED: ::isa_runtime::Expected = #expected;
            #[inline]
            fn from_int(value: u64) -> ::core::option::Option<Self> {
                #body
            }
        }
    }
}

/// The first spelling of each variant.
fn first_spellings(e: &EnumDef) -> Vec<String> {
    e.variants
        .iter()
        .map(|v| v.spellings.first().cloned().unwrap_or_default())
        .collect()
}

/// The doc line of each variant: its own doc, or its spelling and value.
fn variant_docs(e: &EnumDef) -> Vec<String> {
    e.variants
        .iter()
        .map(|v| {
            doc_or(
                &v.doc,
                format!("`{}` = {:#x}", v.spellings.first().map_or("", String::as_str), v.value),
            )
        })
        .collect()
}

/// An open enum is a newtype over its bits, with the named values as
/// associated constants: every bit pattern is a value, decoding is a mask and
/// encoding a read, and the type is as small as the field. The constants have
/// the variant names a closed enum would have, so `match op { MulOp::Add => …,
/// other => … }` reads the same.
fn expand_open_enum(e: &EnumDef) -> TokenStream {
    let name = type_ident(&e.name.text);
    let bits = e.bits;
    let store = super::store_type(bits);
    let doc = doc_or(&e.doc, format!("The `{}` enum ({} bits).", e.name.text, e.bits));
    let doc = format!(
        "{doc}\n\nAn open enum: every {bits}-bit value is a `{}`; the named ones are its \
         associated constants, the rest are kept verbatim. `Default` is the value 0.",
        e.name.text
    );
    let from_int = from_int_impl(&name, &e.name.text, true, bits);
    let consts: Vec<_> = e.variants.iter().map(|v| ident(&camel_case(&v.name.text))).collect();
    let const_names: Vec<String> = consts.iter().map(|c| c.to_string()).collect();
    let values: Vec<_> = e.variants.iter().map(|v| Literal::u64_unsuffixed(v.value)).collect();
    let docs = variant_docs(e);
    let spellings = first_spellings(e);
    let named_arm =
        (!values.is_empty()).then(|| quote!(#( #values )|* => ::core::option::Option::Some(#name(raw as #store)),));
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[repr(transparent)]
        pub struct #name(#store);

        #from_int

        #[allow(non_upper_case_globals)]
        impl #name {
            #( #[doc = #docs] pub const #consts: #name = #name(#values); )*

            /// The named values, in spec order.
            pub const NAMED: &'static [#name] = &[#( #name::#consts ),*];

            /// The value with these bits, if the spec names it.
            #[inline]
            pub const fn from_raw(raw: u64) -> ::core::option::Option<Self> {
                match raw {
                    #named_arm
                    _ => ::core::option::Option::None,
                }
            }
            /// The value for the field's bits (every value is kept).
            #[inline(always)]
            pub const fn from_bits(raw: u64) -> Self {
                #name((raw & ::isa_runtime::bits::low_mask(#bits)) as #store)
            }
            /// The value's bits.
            #[inline(always)]
            pub const fn raw(self) -> u64 {
                self.0 as u64
            }
            /// Whether the spec names this value.
            #[inline]
            pub const fn is_named(self) -> bool {
                #name::from_raw(self.0 as u64).is_some()
            }
            /// The Rust name of the constant for this value, if the spec names it.
            pub const fn name(self) -> ::core::option::Option<&'static str> {
                match self.0 as u64 {
                    #( #values => ::core::option::Option::Some(#const_names), )*
                    _ => ::core::option::Option::None,
                }
            }
            /// The value's first spelling in the spec (the one that prints), if
            /// the spec names it.
            pub const fn spelling(self) -> ::core::option::Option<&'static str> {
                match self.0 as u64 {
                    #( #values => ::core::option::Option::Some(#spellings), )*
                    _ => ::core::option::Option::None,
                }
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for #name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self.name() {
                    ::core::option::Option::Some(n) => f.write_str(n),
                    ::core::option::Option::None => {
                        ::core::write!(f, "{}({:#x})", ::core::stringify!(#name), self.0)
                    }
                }
            }
        }
    }
}

fn expand_regs(r: &RegsDef) -> TokenStream {
    let name = type_ident(&r.name.text);
    let bits = r.bits;
    let store = super::store_type(bits);
    let doc = doc_or(
        &r.doc,
        format!("The `{}` register operand ({} bits).", r.name.text, r.bits),
    );
    let has_zero = super::values::regs_have_zero(r);
    let doc = if has_zero {
        format!("{doc}\n\n`Default` is the encoding 0.")
    } else {
        format!("{doc}\n\nNo `Default`: no register is encoded as 0.")
    };
    let derive_default = has_zero.then(|| quote!(Default,));
    let from_int = from_int_impl(&name, &r.name.text, r.open, bits);
    let ctors = r.files.iter().map(|f| {
        let ctor = method_ident(&f.prefix.text.to_lowercase());
        let (base, count) = (f.base, f.count);
        let doc = format!(
            "Register `{}N` (N < {count}), encoded as {base:#x} + N. {}",
            f.prefix.text, f.doc
        );
        quote! {
            #[doc = #doc]
            #[inline]
            pub const fn #ctor(index: u64) -> ::core::option::Option<Self> {
                if index < #count {
                    ::core::option::Option::Some(#name((#base + index) as #store))
                } else {
                    ::core::option::Option::None
                }
            }
        }
    });
    let checks = r.files.iter().map(|f| {
        let (base, count) = (f.base, f.count);
        if base == 0 {
            quote!((raw < #count))
        } else {
            quote!((raw >= #base && raw - #base < #count))
        }
    });
    let from_bits = (r.open || r.is_total()).then(|| {
        quote! {
            /// From the field's bits (every value is kept).
            #[inline]
            pub const fn from_bits(raw: u64) -> Self {
                #name((raw & ::isa_runtime::bits::low_mask(#bits)) as #store)
            }
        }
    });
    let layout_ident = crate::naming::upper_ident("REGS", &r.name.text);
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, #derive_default)]
        pub struct #name(#store);

        #from_int

        impl #name {
            #(#ctors)*
            /// From the raw encoding, if it names a register.
            #[inline]
            pub const fn from_raw(raw: u64) -> ::core::option::Option<Self> {
                if false #( || #checks )* {
                    ::core::option::Option::Some(#name(raw as #store))
                } else {
                    ::core::option::Option::None
                }
            }
            #from_bits
            /// The raw encoding.
            #[inline]
            pub const fn raw(self) -> u64 {
                self.0 as u64
            }
            /// The register file's prefix and the index within it.
            pub fn file_and_index(self) -> ::core::option::Option<(&'static str, u64)> {
                __layout::#layout_ident.lookup(self.0 as u64).map(|(f, i)| (f.prefix, i))
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for #name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self.file_and_index() {
                    ::core::option::Option::Some((p, i)) => ::core::write!(f, "{}{}", p, i),
                    ::core::option::Option::None => ::core::write!(f, "{:#x}", self.0),
                }
            }
        }
    }
}

/// The layout's bit table as Markdown, for rustdoc: every field from the
/// most significant bit down, so `cargo doc` shows the layout with the API.
fn bit_table(spec: &Spec, l: &LayoutDef) -> String {
    use crate::model::FieldTy;
    let mut rows: Vec<(u32, String)> = Vec::new();
    for f in &l.fields {
        let bits = f
            .ranges
            .iter()
            .rev()
            .map(|r| {
                if r.width == 1 {
                    r.lo.to_string()
                } else {
                    format!("{}..={}", r.hi(), r.lo)
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        let kind = match f.ty {
            FieldTy::Unsigned => "u".to_string(),
            FieldTy::Signed => "s".to_string(),
            FieldTy::Bool => "bool".to_string(),
            FieldTy::Half => "f16".to_string(),
            FieldTy::Float => "f32".to_string(),
            FieldTy::Enum(i) => format!("[`{}`]", spec.enums[i].name.text),
            FieldTy::Regs(i) => format!("[`{}`]", spec.regs[i].name.text),
            FieldTy::Layout(i) => format!("[`{}`]", spec.layouts[i].name.text),
            FieldTy::Union(i) => format!("[`{}`]", spec.unions[i].name.text),
            FieldTy::Mask(h) => format!("mask (x {})", if h { "high" } else { "low" }),
            FieldTy::Swizzle(h) => format!("swizzle (x {})", if h { "high" } else { "low" }),
            FieldTy::Opcode => "opcode".to_string(),
            FieldTy::Fixed(v) => format!("fixed `{v:#x}`"),
            FieldTy::Reserved => "reserved (0)".to_string(),
            FieldTy::Unknown => "unknown (kept)".to_string(),
            FieldTy::Presence => "presence (unit enables)".to_string(),
        };
        let top = f.ranges.iter().map(|r| r.hi()).max().unwrap_or(0);
        let doc = f.doc.replace('\n', " ").replace('|', "\\|");
        rows.push((
            top,
            format!("| {bits} | `{}` | {} | {kind} | {doc} |", f.name.text, f.width),
        ));
    }
    rows.sort_by_key(|(top, _)| std::cmp::Reverse(*top));
    let mut table = String::from("| bits | field | width | kind | doc |\n| --- | --- | --- | --- | --- |\n");
    for (_, row) in rows {
        table.push_str(&row);
        table.push('\n');
    }
    table
}

fn expand_struct(spec: &Spec, l: &LayoutDef) -> TokenStream {
    let name = type_ident(&l.name.text);
    let kind = if l.is_format { "Format" } else { "Layout" };
    let doc = doc_or(&l.doc, format!("{kind} `{}` ({} bits).", l.name.text, l.bits));
    let doc = format!(
        "{doc}\n\n{}\n{}",
        bit_table(spec, l),
        super::values::default_doc(spec, l)
    );
    let fields = l.fields.iter().filter(|f| f.ty.is_stored()).map(|f| {
        let id = field_ident(f);
        let ty = field_type(spec, f);
        let ranges: Vec<String> = f
            .ranges
            .iter()
            .map(|r| {
                if r.width == 1 {
                    format!("{}", r.lo)
                } else {
                    format!("{}..={}", r.lo, r.hi())
                }
            })
            .collect();
        let what = if f.doc.is_empty() {
            String::new()
        } else {
            format!("{} ", f.doc)
        };
        let mut doc = format!("{what}(bits {}).", ranges.join(" + "));
        if is_keyword(&f.name.text) {
            let name = &f.name.text;
            doc.push_str(&format!(
                " `{name}` is a Rust keyword: write `r#{name}`, or use `{name}_()`, `with_{name}` and `set_{name}`."
            ));
        }
        quote!(#[doc = #doc] pub #id: #ty,)
    });
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct #name {
            #(#fields)*
        }
    }
}

fn expand_instruction(spec: &Spec) -> TokenStream {
    if let Some(b) = &spec.packed {
        return super::packed::expand(spec, b);
    }
    if let Some(b) = spec.bundle() {
        let format = type_ident(&spec.layouts[b].name.text);
        let doc = format!(
            "One `{}` instruction: a bundle, the whole word is one format.",
            spec.name.text
        );
        return quote! {
            #[doc = #doc]
            pub type Instruction = #format;
        };
    }
    let word = super::word_type(spec.word_bits);
    let variants = spec.opcodes.iter().map(|op| {
        let v = ident(&camel_case(&op.mnemonic.text));
        let format = type_ident(&spec.layouts[op.format].name.text);
        let doc = doc_or(&op.doc, format!("`{}`", op.mnemonic.text));
        quote!(#[doc = #doc] #v(#format),)
    });
    let fallback = spec.fallback.as_ref().map(|f| {
        let doc = format!(
            "A word that matches no opcode, kept verbatim (printed as `{f} 0x…`), as `decode` gives it. One built by hand with a word an opcode does match encodes to that word all the same, and decodes back as that opcode's variant."
        );
        quote!(#[doc = #doc] Unknown(#word),)
    });
    let doc = format!("One `{}` instruction.", spec.name.text);
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Instruction {
            #(#variants)*
            #fallback
        }
    }
}
