//! The per-format API of an opcode ISA: for each format, `Fmt::FORMAT` (its
//! metadata), `Fmt::into_instruction(self, op)` (the instruction of an opcode
//! of that format), `Instruction::as_fmt(&self)` (the format's fields, if
//! the instruction has that format) and `Instruction::as_fmt_mut(&mut self)`
//! (the same, to edit). Layers built on the codec use these
//! instead of matching on variants or format names, so that an opcode added
//! to the spec reaches them.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::model::Spec;
use crate::naming::{camel_case, ident, type_ident, upper_ident};

pub fn expand(spec: &Spec) -> TokenStream {
    let meta = spec.layouts.iter().map(|l| {
        let (ty, id) = (type_ident(&l.name.text), upper_ident("LAYOUT", &l.name.text));
        let doc = format!("The metadata of `{}` (the same static as in `LAYOUT`).", l.name.text);
        quote! {
            impl #ty {
                #[doc = #doc]
                pub const FORMAT: &'static ::isa_runtime::layout::Format = &__layout::#id;
            }
        }
    });
    if spec.opcodes.is_empty() || spec.packed.is_some() {
        return quote!(#(#meta)*);
    }
    let per_format = spec.layouts.iter().enumerate().filter_map(|(li, l)| {
        let ops: Vec<usize> = (0..spec.opcodes.len()).filter(|&i| spec.opcodes[i].format == li).collect();
        if ops.is_empty() {
            return None;
        }
        let ty = type_ident(&l.name.text);
        let variants: Vec<Ident> = ops.iter().map(|&i| ident(&camel_case(&spec.opcodes[i].mnemonic.text))).collect();
        let as_fn = Ident::new(&format!("as_{}", snake_case(&l.name.text)), Span::call_site());
        let as_mut = Ident::new(&format!("as_{}_mut", snake_case(&l.name.text)), Span::call_site());
        let into_doc = format!(
            "The instruction of `op`, an opcode of `LAYOUT` whose format is `{}`, with these fields (`None` for any other opcode).",
            l.name.text
        );
        let as_doc = format!("The `{}` fields, if the instruction has that format.", l.name.text);
        let as_mut_doc = format!(
            "The `{}` fields to edit in place, if the instruction has that format (the opcode stays).",
            l.name.text
        );
        Some(quote! {
            impl #ty {
                #[doc = #into_doc]
                pub fn into_instruction(self, op: &::isa_runtime::layout::Opcode) -> ::core::option::Option<Instruction> {
                    let index = LAYOUT.opcode_index(op)?;
                    match index {
                        #(#ops => ::core::option::Option::Some(Instruction::#variants(self)),)*
                        _ => ::core::option::Option::None,
                    }
                }
            }

            impl Instruction {
                #[doc = #as_doc]
                #[inline]
                pub fn #as_fn(&self) -> ::core::option::Option<&#ty> {
                    match self {
                        #(Instruction::#variants(f))|* => ::core::option::Option::Some(f),
                        #[allow(unreachable_patterns)]
                        _ => ::core::option::Option::None,
                    }
                }

                #[doc = #as_mut_doc]
                #[inline]
                pub fn #as_mut(&mut self) -> ::core::option::Option<&mut #ty> {
                    match self {
                        #(Instruction::#variants(f))|* => ::core::option::Option::Some(f),
                        #[allow(unreachable_patterns)]
                        _ => ::core::option::Option::None,
                    }
                }
            }
        })
    });
    quote! {
        #(#meta)*
        #(#per_format)*
    }
}

/// `Fmt1Mova` → `fmt1_mova`, `TokenTex` → `token_tex`.
pub fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let after_lower = i > 0 && (chars[i - 1].is_lowercase() || chars[i - 1].is_ascii_digit());
            if after_lower && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else if c == '.' || c == '-' {
            out.push('_');
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn format_names_become_method_names() {
        assert_eq!(snake_case("Fmt1"), "fmt1");
        assert_eq!(snake_case("Fmt1Mova"), "fmt1_mova");
        assert_eq!(snake_case("TokenTex"), "token_tex");
        assert_eq!(snake_case("Fmt5i"), "fmt5i");
        assert_eq!(snake_case("already_snake"), "already_snake");
    }
}
