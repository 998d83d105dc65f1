//! `union` items: a Rust enum with one variant per layout, its codec (the
//! first layout whose `fixed` fields hold), `Display` and `FromStr` through
//! the layouts' own, and `Default` when its first layout has one.

use proc_macro2::TokenStream;
use quote::quote;

use super::packed::fixed_pattern;
use super::values::has_zero;
use super::word_type;
use crate::model::{Spec, UnionDef};
use crate::naming::type_ident;

/// Every union of the spec.
pub fn expand(spec: &Spec) -> TokenStream {
    let unions = spec.unions.iter().map(|u| expand_union(spec, u));
    quote!(#(#unions)*)
}

fn expand_union(spec: &Spec, u: &UnionDef) -> TokenStream {
    let name = type_ident(&u.name.text);
    let spec_name = &u.name.text;
    let expected = format!("a `{spec_name}` whose bits choose the layout its text is in");
    let word = word_type(u.bits);
    let layouts: Vec<_> = u
        .variants
        .iter()
        .map(|&(l, _, _)| type_ident(&spec.layouts[l].name.text))
        .collect();
    let mut doc = if u.doc.is_empty() {
        format!("The `{spec_name}` union: one of several {}-bit layouts.", u.bits)
    } else {
        u.doc.clone()
    };
    doc.push_str("\n\nIts bits hold the first of these layouts whose `fixed` fields hold:\n");
    for (l, _, d) in &u.variants {
        let layout = &spec.layouts[*l].name.text;
        doc.push_str(&format!(
            "\n- [`{layout}`]{}",
            if d.is_empty() { String::new() } else { format!(": {d}") }
        ));
    }
    let variant_docs = u.variants.iter().map(|(l, _, d)| {
        if d.is_empty() {
            format!("A [`{}`].", spec.layouts[*l].name.text)
        } else {
            d.clone()
        }
    });
    let tests = u.variants.iter().zip(&layouts).map(|(&(l, _, _), v)| {
        let (mask, bits) = fixed_pattern(spec, l);
        quote! {
            if (raw as u128) & #mask == #bits {
                return ::core::result::Result::Ok(Self::#v(#v::decode(raw)?));
            }
        }
    });
    let default = u
        .variants
        .first()
        .filter(|&&(l, _, _)| has_zero(spec, &spec.layouts[l]))
        .map(|_| {
            let first = &layouts[0];
            quote! {
                impl ::core::default::Default for #name {
                    /// The first layout's `Default`.
                    fn default() -> Self {
                        Self::#first(#first::new())
                    }
                }
            }
        });
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum #name {
            #(#[doc = #variant_docs] #layouts(#layouts),)*
        }

        impl #name {
            /// Decodes the union's bits: the first layout whose fixed
            /// fields hold, or an error when none does.
            pub fn decode(raw: #word) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                #(#tests)*
                ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                    #spec_name,
                    ::isa_runtime::DecodeErrorKind::NoVariant { union: #spec_name, value: raw as u64 },
                ))
            }

            /// Encodes the layout it holds.
            pub fn encode(&self) -> #word {
                match self {
                    #(Self::#layouts(v) => v.encode(),)*
                }
            }
        }

        #default

        impl ::core::fmt::Display for #name {
            /// The layout's syntax.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self {
                    #(Self::#layouts(v) => ::core::fmt::Display::fmt(v, f),)*
                }
            }
        }

        impl ::core::str::FromStr for #name {
            type Err = ::isa_runtime::ParseError;

            /// The first layout whose syntax reads the text and whose bits
            /// then choose it.
            fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                let mut first = ::core::option::Option::None;
                #(
                    match s.parse::<#layouts>() {
                        ::core::result::Result::Ok(v) => {
                            if let ::core::result::Result::Ok(u @ Self::#layouts(_)) = Self::decode(v.encode()) {
                                return ::core::result::Result::Ok(u);
                            }
                        }
                        ::core::result::Result::Err(e) => {
                            first.get_or_insert(e);
                        }
                    }
                )*
                ::core::result::Result::Err(first.unwrap_or_else(|| ::isa_runtime::lexer::Cursor::new(s).expected(#expected)))
            }
        }
    }
}
