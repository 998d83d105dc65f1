//! The value API of every layout and format struct: `new` (every field 0,
//! except the fields with no value 0, which are its arguments), `Default`
//! where `new` takes none, and per field `with_<field>` (by value, `const`),
//! `set_<field>` (in place) and, for the fields a plain integer can stand
//! for, `try_with_<field>` (checked by `isa_runtime::checked`, never
//! truncated). A field whose name is a Rust keyword is the raw `r#type`
//! in the struct and gets a getter with a trailing underscore, `type_()`;
//! the prefixed methods need no escaping (`with_type`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use super::{field_ident, field_type};
use crate::model::{FieldDef, FieldTy, LayoutDef, RegsDef, Spec};
use crate::naming::{is_keyword, method_ident, type_ident};

pub fn expand(spec: &Spec) -> TokenStream {
    let blocks = spec.layouts.iter().map(|l| expand_layout(spec, l));
    quote!(#(#blocks)*)
}

/// The value 0 of a field's type as a `const` expression, or `None` when the
/// type has no value 0 (a closed enum or register file that does not name
/// it, or a nested layout with such a field).
pub fn zero_value(spec: &Spec, f: &FieldDef) -> Option<TokenStream> {
    zero_value_at(spec, f, 0)
}

fn zero_value_at(spec: &Spec, f: &FieldDef, depth: usize) -> Option<TokenStream> {
    let w = f.width;
    Some(match f.ty {
        FieldTy::Unsigned | FieldTy::Unknown => quote!(::isa_runtime::UInt::<#w>::ZERO),
        FieldTy::Signed => quote!(::isa_runtime::SInt::<#w>::ZERO),
        FieldTy::Bool => quote!(false),
        FieldTy::Half => quote!(::isa_runtime::Float16::ZERO),
        FieldTy::Float => quote!(::isa_runtime::Float32::ZERO),
        FieldTy::Mask(x) => quote!(::isa_runtime::Mask::<#x>::from_bits(0)),
        FieldTy::Swizzle(x) => quote!(::isa_runtime::Swizzle::<#x>::from_bits(0)),
        FieldTy::Enum(i) => {
            let e = &spec.enums[i];
            let ty = type_ident(&e.name.text);
            if e.open {
                quote!(#ty(0))
            } else {
                let v = e.variants.iter().find(|v| v.value == 0)?;
                let v = crate::naming::ident(&crate::naming::camel_case(&v.name.text));
                quote!(#ty::#v)
            }
        }
        FieldTy::Regs(i) => {
            let r = &spec.regs[i];
            if !regs_have_zero(r) {
                return None;
            }
            let ty = type_ident(&r.name.text);
            quote!(#ty(0))
        }
        FieldTy::Layout(i) => {
            // Validated specs do not nest a layout in itself; the depth
            // bound keeps an unvalidated one from recursing forever.
            if depth > spec.layouts.len() || !has_zero_at(spec, &spec.layouts[i], depth + 1) {
                return None;
            }
            let ty = type_ident(&spec.layouts[i].name.text);
            quote!(#ty::new())
        }
        FieldTy::Union(i) => {
            // The first variant, with its fixed fields set, is what zero
            // bits are not: a union's value 0 is its first variant's default.
            let &(first, _, _) = spec.unions[i].variants.first()?;
            if depth > spec.layouts.len() || !has_zero_at(spec, &spec.layouts[first], depth + 1) {
                return None;
            }
            let ty = type_ident(&spec.unions[i].name.text);
            let variant = type_ident(&spec.layouts[first].name.text);
            quote!(#ty::#variant(#variant::new()))
        }
        FieldTy::Opcode | FieldTy::Fixed(_) | FieldTy::Reserved | FieldTy::Presence => return None,
    })
}

/// Whether a register type has the value 0 (then it is `Default`): an open
/// one holds any bits, a closed one needs a register encoded as 0.
pub fn regs_have_zero(r: &RegsDef) -> bool {
    r.open || r.files.iter().any(|f| f.base == 0 && f.count > 0)
}

/// Whether every stored field of `l` has a value 0 (then `new()` takes no
/// argument and the struct implements `Default`).
pub fn has_zero(spec: &Spec, l: &LayoutDef) -> bool {
    has_zero_at(spec, l, 0)
}

fn has_zero_at(spec: &Spec, l: &LayoutDef, depth: usize) -> bool {
    l.fields
        .iter()
        .filter(|f| f.ty.is_stored())
        .all(|f| zero_value_at(spec, f, depth).is_some())
}

/// Why a field has no value 0, for the docs.
fn no_zero_reason(spec: &Spec, f: &FieldDef) -> String {
    match f.ty {
        FieldTy::Enum(i) => format!("closed enum `{}` names none", spec.enums[i].name.text),
        FieldTy::Regs(i) => format!("register file `{}` encodes no register as 0", spec.regs[i].name.text),
        FieldTy::Layout(i) => format!("layout `{}` has no `Default`", spec.layouts[i].name.text),
        FieldTy::Union(i) => format!(
            "the first layout of union `{}` has no `Default`",
            spec.unions[i].name.text
        ),
        _ => "its type has none".to_string(),
    }
}

/// The sentence the struct's doc gets about `new` and `Default`.
pub fn default_doc(spec: &Spec, l: &LayoutDef) -> String {
    let name = &l.name.text;
    let required: Vec<&FieldDef> = l
        .fields
        .iter()
        .filter(|f| f.ty.is_stored() && zero_value(spec, f).is_none())
        .collect();
    if required.is_empty() {
        format!(
            "`{name}::default()` (= `{name}::new()`) holds 0 in every field: it encodes to zeros, except \
             the fixed fields, which hold their values. Change fields with `with_<field>`."
        )
    } else {
        let why: Vec<String> = required
            .iter()
            .map(|f| format!("`{}`: {}", f.name.text, no_zero_reason(spec, f)))
            .collect();
        let args: Vec<&str> = required.iter().map(|f| f.name.text.as_str()).collect();
        format!(
            "No `Default`: no value of {} is 0 ({}). `{name}::new({})` takes {} and sets every other field to 0.",
            if required.len() == 1 {
                "this field"
            } else {
                "these fields"
            },
            why.join("; "),
            args.join(", "),
            if required.len() == 1 { "it" } else { "them" }
        )
    }
}

/// The plain integer a `try_with_<field>` takes, if the field has one.
fn plain_int(f: &FieldDef) -> Option<TokenStream> {
    match f.ty {
        FieldTy::Unsigned
        | FieldTy::Unknown
        | FieldTy::Enum(_)
        | FieldTy::Regs(_)
        | FieldTy::Mask(_)
        | FieldTy::Swizzle(_) => Some(quote!(u64)),
        FieldTy::Signed => Some(quote!(i64)),
        _ => None,
    }
}

/// `prefix` + the field's name (dots become `_`): never a keyword.
fn prefixed(prefix: &str, f: &FieldDef) -> Ident {
    Ident::new(&format!("{prefix}{}", f.name.text.replace('.', "_")), Span::call_site())
}

fn expand_layout(spec: &Spec, l: &LayoutDef) -> TokenStream {
    let name = type_ident(&l.name.text);
    let stored: Vec<&FieldDef> = l.fields.iter().filter(|f| f.ty.is_stored()).collect();
    let mut args = Vec::new();
    let mut inits = Vec::new();
    let mut required = Vec::new();
    for f in &stored {
        let id = field_ident(f);
        match zero_value(spec, f) {
            Some(zero) => inits.push(quote!(#id: #zero)),
            None => {
                let ty = field_type(spec, f);
                args.push(quote!(#id: #ty));
                inits.push(quote!(#id));
                required.push(format!("`{}`", f.name.text));
            }
        }
    }
    let new_doc = if required.is_empty() {
        format!("`{}` with every field 0 (also its `Default`).", l.name.text)
    } else {
        format!(
            "`{}` with {} as given and every other field 0 ({} no value 0, so there is no `Default`).",
            l.name.text,
            required.join(", "),
            if required.len() == 1 {
                "that field has"
            } else {
                "those fields have"
            }
        )
    };
    let lint = (args.len() > 7).then(|| quote!(#[allow(clippy::too_many_arguments)]));
    let default = required.is_empty().then(|| {
        quote! {
            #[automatically_derived]
            impl ::core::default::Default for #name {
                #[inline]
                fn default() -> Self {
                    Self::new()
                }
            }
        }
    });
    let methods = stored.iter().map(|f| {
        let id = field_ident(f);
        let ty = field_type(spec, f);
        let fname = &f.name.text;
        let (with, set) = (prefixed("with_", f), prefixed("set_", f));
        let with_doc = format!("`self` with `{fname}` set to `value`.");
        let set_doc = format!("Sets `{fname}` to `value`.");
        let try_with = plain_int(f).map(|int| {
            let try_with = prefixed("try_with_", f);
            let doc = format!(
                "`self` with `{fname}` set to the value whose bits are `value`, or an error if there is \
                 none (too wide, or not named by a closed type): never truncated."
            );
            quote! {
                #[doc = #doc]
                pub fn #try_with(self, value: #int) -> ::isa_runtime::ValueResult<Self> {
                    ::isa_runtime::checked(#fname, value).map(|v| self.#with(v))
                }
            }
        });
        let getter = is_keyword(fname).then(|| {
            let get = method_ident(fname);
            let doc = format!("`{fname}` (the field `r#{fname}`: `{fname}` is a Rust keyword).");
            quote! {
                #[doc = #doc]
                pub const fn #get(&self) -> #ty {
                    self.#id
                }
            }
        });
        quote! {
            #getter
            #[doc = #with_doc]
            #[must_use]
            pub const fn #with(mut self, value: #ty) -> Self {
                self.#id = value;
                self
            }
            #[doc = #set_doc]
            pub const fn #set(&mut self, value: #ty) {
                self.#id = value;
            }
            #try_with
        }
    });
    quote! {
        impl #name {
            #[doc = #new_doc]
            #lint
            #[inline]
            pub const fn new(#(#args),*) -> Self {
                #name { #(#inits),* }
            }
            #(#methods)*
        }

        #default
    }
}
