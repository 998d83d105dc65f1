//! Code generation from a validated [`Spec`].
//!
//! `types` emits the typed API (enums, register operands, layout and format
//! structs, the instruction enum), `unions` the `union` enums, `codec` the
//! decoders and encoders,
//! `metadata` the `LAYOUT` statics, `attrs` the typed opcode attributes,
//! `formats` the per-format API, `values` the constructors and setters of
//! every layout and format struct, `text_writers` the printers of the
//! `text` lines, `text_carry` what reading each line back gives, and
//! `tests` the round-trip test suite. Opcode templates and syntax lines
//! are printed, and all text parsed, by the runtime walking the templates
//! in `LAYOUT`.

mod attrs;
mod codec;
mod formats;
mod metadata;
mod packed;
pub mod tests;
mod text_carry;
mod text_writers;
mod types;
mod unions;
pub(crate) mod values;
pub mod view;

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::model::{FieldDef, FieldTy, Spec};
use crate::naming::{ident, type_ident};

pub fn expand(spec: &Spec) -> TokenStream {
    let types = types::expand(spec);
    let unions = unions::expand(spec);
    let codec = codec::expand(spec);
    let metadata = metadata::expand(spec);
    let attrs = attrs::expand(spec);
    let formats = formats::expand(spec);
    let values = values::expand(spec);
    let text_writers = text_writers::expand(spec);
    let text_carry = text_carry::expand(spec);
    let marker = type_ident(&spec.name.text);
    let word = word_type(spec.word_bits);
    let doc = format!(
        "The `{}` instruction set, as a type (for generic code over [`::isa_runtime::Isa`]).",
        spec.name.text
    );
    let isa_impl = if spec.packed.is_some() {
        // `PackedIsa` comes with the bundle's codec.
        TokenStream::new()
    } else {
        isa_impl(&marker, &word, spec.gens.is_some() && spec.bundle().is_none())
    };
    quote! {
        #types
        #unions
        #codec
        #metadata
        #attrs
        #formats
        #values
        #text_writers
        #text_carry

        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum #marker {}

        #isa_impl
    }
}

/// `impl Isa` for the marker type of a fixed-width ISA.
fn isa_impl(marker: &proc_macro2::Ident, word: &TokenStream, gens: bool) -> TokenStream {
    let decode_gen = gens.then(|| {
        quote! {
            #[inline]
            fn decode_gen(word: #word, gen: u32) -> ::core::result::Result<Instruction, ::isa_runtime::DecodeError> {
                Instruction::decode_gen(word, gen)
            }
        }
    });
    quote! {
        #[automatically_derived]
        impl ::isa_runtime::Isa for #marker {
            type Word = #word;
            type Instruction = Instruction;
            const LAYOUT: &'static ::isa_runtime::IsaLayout = &LAYOUT;
            #[inline]
            fn decode(word: #word) -> ::core::result::Result<Instruction, ::isa_runtime::DecodeError> {
                Instruction::decode(word)
            }
            #decode_gen
            #[inline]
            fn encode(insn: &Instruction) -> ::core::result::Result<#word, ::isa_runtime::EncodeError> {
                ::core::result::Result::Ok(insn.encode())
            }
        }
    }
}

/// The Rust word type for a layout of `bits` bits: the smallest of `u8` …
/// `u128` that holds them, or `[u64; N]` above 128 bits.
pub fn word_type(bits: u32) -> TokenStream {
    match bits {
        0..=8 => quote!(u8),
        9..=16 => quote!(u16),
        17..=32 => quote!(u32),
        33..=64 => quote!(u64),
        65..=128 => quote!(u128),
        _ => {
            let n = bits.div_ceil(64) as usize;
            quote!([u64; #n])
        }
    }
}

/// Whether the word type is a `u64` array (wider than 128 bits).
pub fn is_wide(bits: u32) -> bool {
    bits > 128
}

/// A literal of the word type for `bits`.
pub fn word_literal(bits: u32, value: u128) -> TokenStream {
    match bits {
        0..=8 => Literal::u8_suffixed(value as u8).into_token_stream(),
        9..=16 => Literal::u16_suffixed(value as u16).into_token_stream(),
        17..=32 => Literal::u32_suffixed(value as u32).into_token_stream(),
        33..=64 => Literal::u64_suffixed(value as u64).into_token_stream(),
        65..=128 => Literal::u128_suffixed(value).into_token_stream(),
        _ => {
            let n = bits.div_ceil(64) as usize;
            let limbs = (0..n).map(|i| {
                let limb = if i < 2 { (value >> (64 * i)) as u64 } else { 0 };
                Literal::u64_suffixed(limb)
            });
            quote!([#(#limbs),*])
        }
    }
}

/// The Rust type of a stored field.
pub fn field_type(spec: &Spec, f: &FieldDef) -> TokenStream {
    let w = f.width;
    match f.ty {
        FieldTy::Unsigned | FieldTy::Unknown => {
            let t = uint_type(w);
            quote!(#t<#w>)
        }
        FieldTy::Signed => {
            let t = sint_type(w);
            quote!(#t<#w>)
        }
        FieldTy::Bool => quote!(bool),
        FieldTy::Half => quote!(::isa_runtime::Float16),
        FieldTy::Float => quote!(::isa_runtime::Float32),
        FieldTy::Enum(i) => type_ident(&spec.enums[i].name.text).into_token_stream(),
        FieldTy::Regs(i) => type_ident(&spec.regs[i].name.text).into_token_stream(),
        FieldTy::Layout(i) => type_ident(&spec.layouts[i].name.text).into_token_stream(),
        FieldTy::Union(i) => type_ident(&spec.unions[i].name.text).into_token_stream(),
        FieldTy::Mask(x_high) => quote!(::isa_runtime::Mask<#x_high>),
        FieldTy::Swizzle(x_high) => quote!(::isa_runtime::Swizzle<#x_high>),
        FieldTy::Opcode | FieldTy::Fixed(_) | FieldTy::Reserved | FieldTy::Presence => quote!(()),
    }
}

/// The runtime unsigned type (`UInt<N>` stores the smallest primitive that
/// holds `N` bits).
pub fn uint_type(_width: u32) -> TokenStream {
    quote!(::isa_runtime::UInt)
}

/// The runtime signed type for a width.
pub fn sint_type(_width: u32) -> TokenStream {
    quote!(::isa_runtime::SInt)
}

/// The smallest primitive that holds `bits` bits (register newtypes).
pub fn store_type(bits: u32) -> TokenStream {
    match bits {
        0..=8 => quote!(u8),
        9..=16 => quote!(u16),
        17..=32 => quote!(u32),
        _ => quote!(u64),
    }
}

/// The struct field name of a spec field.
pub fn field_ident(f: &FieldDef) -> proc_macro2::Ident {
    ident(&f.name.text)
}

use quote::ToTokens;
