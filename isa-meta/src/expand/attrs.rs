//! The typed attributes. Per opcode: `OpcodeAttrs`, one struct field per
//! `attr` line of the `isa` item, a table parallel to `LAYOUT.opcodes`, and
//! `Instruction::attrs()`. Per enum value: a `const fn` on the enum for each
//! `attr` line of the enum. Generated only where attributes are declared.

use proc_macro2::TokenStream;
use quote::quote;

use crate::model::{AttrDef, AttrKind, EnumDef, Spec};
use crate::naming::{ident, method_ident, type_ident};

pub fn expand(spec: &Spec) -> TokenStream {
    let enum_attrs = spec.enums.iter().map(|e| enum_methods(spec, e));
    let opcode_attrs = opcode_attrs(spec);
    quote! {
        #(#enum_attrs)*
        #opcode_attrs
    }
}

/// An enum's attributes, as `const fn`s of its values.
fn enum_methods(spec: &Spec, e: &EnumDef) -> TokenStream {
    if e.attrs.is_empty() {
        return TokenStream::new();
    }
    let ty = type_ident(&e.name.text);
    let methods = e.attrs.iter().enumerate().map(|(i, a)| {
        let (name, rust) = (method_ident(&a.name.text), rust_type(spec, a.kind));
        let arms = e.variants.iter().filter(|v| v.attrs[i] != a.default).map(|v| {
            let (raw, value) = (v.value, value(spec, a.kind, v.attrs[i]));
            quote!(#raw => #value,)
        });
        let default = value(spec, a.kind, a.default);
        let doc = attr_doc(a);
        quote! {
            #[doc = #doc]
            #[inline]
            pub const fn #name(self) -> #rust {
                match self.raw() {
                    #(#arms)*
                    _ => #default,
                }
            }
        }
    });
    quote! {
        impl #ty {
            #(#methods)*
        }
    }
}

/// `OpcodeAttrs` and `Instruction::attrs`.
fn opcode_attrs(spec: &Spec) -> TokenStream {
    if spec.attrs.is_empty() || spec.opcodes.is_empty() {
        return TokenStream::new();
    }
    let isa = &spec.name.text;
    let fields = spec.attrs.iter().map(|a| {
        let (name, ty) = (ident(&a.name.text), rust_type(spec, a.kind));
        let doc = attr_doc(a);
        quote!(#[doc = #doc] pub #name: #ty,)
    });
    let rows = spec.opcodes.iter().map(|op| {
        let values = spec.attrs.iter().zip(&op.attrs).map(|(a, &v)| {
            let (name, value) = (ident(&a.name.text), value(spec, a.kind, v));
            quote!(#name: #value)
        });
        quote!(OpcodeAttrs { #(#values),* })
    });
    let n = spec.opcodes.len();
    let doc = format!(
        "The attributes of a `{isa}` opcode, as its spec line sets them (`attr` lines of `isa {isa}` declare them and their defaults)."
    );
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct OpcodeAttrs {
            #(#fields)*
        }

        impl OpcodeAttrs {
            /// Every opcode's attributes, in the order of `LAYOUT.opcodes`.
            pub const ALL: [OpcodeAttrs; #n] = [#(#rows),*];

            /// The attributes of an opcode of `LAYOUT` (`None` for another ISA's opcode).
            pub fn of(op: &::isa_runtime::layout::Opcode) -> ::core::option::Option<&'static OpcodeAttrs> {
                LAYOUT.opcode_index(op).map(|i| &Self::ALL[i])
            }
        }

        impl Instruction {
            /// The opcode's attributes (`None` for unknown words).
            #[inline]
            pub fn attrs(&self) -> ::core::option::Option<&'static OpcodeAttrs> {
                self.opcode_index().map(|i| &OpcodeAttrs::ALL[i])
            }
        }
    }
}

/// The rustdoc of an attribute's accessor: its spec doc, or its name.
fn attr_doc(a: &AttrDef) -> String {
    if a.doc.is_empty() {
        format!("`{}`", a.name.text)
    } else {
        a.doc.clone()
    }
}

/// An attribute's value as a Rust constant of its type.
fn value(spec: &Spec, kind: AttrKind, v: u64) -> TokenStream {
    match kind {
        AttrKind::Flag => {
            let b = v != 0;
            quote!(#b)
        }
        AttrKind::Unsigned => quote!(#v),
        AttrKind::Enum(e) => {
            let e = &spec.enums[e];
            let ty = type_ident(&e.name.text);
            match e.variants.iter().find(|x| x.value == v) {
                Some(x) => {
                    let variant = type_ident(&x.name.text);
                    quote!(#ty::#variant)
                }
                // Values come from variant names (resolve checked them).
                None => quote!(#ty::from_bits(#v)),
            }
        }
        AttrKind::Opcode => match v.checked_sub(1) {
            Some(i) => {
                let m = &spec.opcodes[i as usize].mnemonic.text;
                quote!(::core::option::Option::Some(#m))
            }
            None => quote!(::core::option::Option::None),
        },
    }
}

fn rust_type(spec: &Spec, kind: AttrKind) -> TokenStream {
    match kind {
        AttrKind::Flag => quote!(bool),
        AttrKind::Unsigned => quote!(u64),
        AttrKind::Opcode => quote!(::core::option::Option<&'static str>),
        AttrKind::Enum(e) => {
            let ty = type_ident(&spec.enums[e].name.text);
            quote!(#ty)
        }
    }
}
