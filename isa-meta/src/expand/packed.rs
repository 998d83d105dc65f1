//! Presence-mask bundles (the `bundle` item): the instruction struct (the
//! control word's fields plus one `Option` per unit), an enum per unit with
//! variants, straight-line decode/encode over a run of 32-bit words, program
//! decoding, the derived-field computation and the text impls (which walk
//! the `PACKED` metadata).

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::word_type;
use crate::model::{BundleDef, DeriveRule, FieldTy, Spec, UnitDef};
use crate::naming::{camel_case, ident, type_ident};

pub fn expand(spec: &Spec, b: &BundleDef) -> TokenStream {
    let unit_types = b
        .units
        .iter()
        .filter(|u| u.variants.len() > 1)
        .map(|u| unit_enum(spec, u));
    let instr = instr_struct(spec, b);
    let codec = instr_codec(spec, b);
    let view = super::view::expand(spec, b);
    quote! {
        #(#unit_types)*
        #instr
        #codec
        #view
    }
}

/// The Rust type of a unit's value: its layout, or its variant enum.
pub(super) fn unit_type(spec: &Spec, u: &UnitDef) -> Ident {
    if u.variants.len() > 1 {
        ident(&format!("{}Unit", camel_case(&u.name.text)))
    } else {
        type_ident(&spec.layouts[u.variants[0].0].name.text)
    }
}

/// `decode(bits: u128)` of a unit's layout or variant enum.
pub(super) fn unit_decode(spec: &Spec, u: &UnitDef) -> TokenStream {
    let ty = unit_type(spec, u);
    if u.variants.len() > 1 {
        quote!(#ty::decode(raw))
    } else {
        let word = word_type(u.width);
        quote!(#ty::decode(raw as #word))
    }
}

/// One enum per unit with several layouts: later variants are chosen when
/// all their fixed fields hold, in order; the first is the default.
fn unit_enum(spec: &Spec, u: &UnitDef) -> TokenStream {
    let name = unit_type(spec, u);
    let word = word_type(u.width);
    let doc = format!(
        "The `{}` unit ({} bits): one of its layouts, told apart by their fixed fields.",
        u.name.text, u.width
    );
    let variant = |v: usize| type_ident(&spec.layouts[v].name.text);
    let variants = u.variants.iter().map(|&(v, _)| {
        let ty = variant(v);
        let vdoc = format!("Layout [`{}`].", spec.layouts[v].name.text);
        quote!(#[doc = #vdoc] #ty(#ty),)
    });
    let alternates = u.variants.iter().skip(1).map(|&(v, _)| {
        let (mask, bits) = fixed_pattern(spec, v);
        let ty = variant(v);
        quote! {
            if raw & #mask == #bits {
                return ::core::result::Result::Ok(Self::#ty(#ty::decode(raw as #word)?));
            }
        }
    });
    let default = variant(u.variants[0].0);
    let encoders = u.variants.iter().map(|&(v, _)| {
        let ty = variant(v);
        quote!(Self::#ty(unit) => unit.encode() as u128,)
    });
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum #name {
            #(#variants)*
        }

        impl #name {
            /// Decodes the unit's bits (the low `width` bits of `raw`).
            #[inline(always)]
            pub fn decode(raw: u128) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                #(#alternates)*
                ::core::result::Result::Ok(Self::#default(#default::decode(raw as #word)?))
            }

            /// Encodes the unit's bits.
            #[inline(always)]
            pub fn encode(&self) -> u128 {
                match self {
                    #(#encoders)*
                }
            }
        }
    }
}

/// The mask and value of a layout's fixed fields.
pub(super) fn fixed_pattern(spec: &Spec, layout: usize) -> (TokenStream, TokenStream) {
    let mut mask = 0u128;
    let mut bits = 0u128;
    for f in &spec.layouts[layout].fields {
        if let FieldTy::Fixed(v) = f.ty {
            let mut shift = 0;
            for r in &f.ranges {
                let part = (u128::from(v) >> shift) & crate::model::low_mask128(r.width);
                mask |= crate::model::low_mask128(r.width) << r.lo;
                bits |= part << r.lo;
                shift += r.width;
            }
        }
    }
    let (m, b) = (
        proc_macro2::Literal::u128_suffixed(mask),
        proc_macro2::Literal::u128_suffixed(bits),
    );
    (quote!(#m), quote!(#b))
}

fn instr_struct(spec: &Spec, b: &BundleDef) -> TokenStream {
    let name = type_ident(&b.name.text);
    let control = type_ident(&spec.layouts[b.control].name.text);
    let mut table = String::from("| enable bit | unit | width | layouts |\n|---|---|---|---|\n");
    for u in &b.units {
        let layouts: Vec<String> = u
            .variants
            .iter()
            .map(|&(v, _)| format!("[`{}`]", spec.layouts[v].name.text))
            .collect();
        table.push_str(&format!(
            "| {} | `{}` | {} | {} |\n",
            u.enable,
            u.name.text,
            u.width,
            layouts.join(", ")
        ));
    }
    let lead = if b.doc.is_empty() {
        format!(
            "One `{}` instruction: a control word and the units it enables.",
            spec.name.text
        )
    } else {
        b.doc.clone()
    };
    let doc = format!(
        "{lead}\n\nThe enabled units follow the control word back to back, in enable-bit order, from bit 0 of the second word:\n\n{table}"
    );
    let fields = b.units.iter().map(|u| {
        let id = ident(&u.name.text);
        let ty = unit_type(spec, u);
        let what = if u.doc.is_empty() {
            format!("The `{}` unit", u.name.text)
        } else {
            u.doc.clone()
        };
        let fdoc = format!("{what} (enable bit {}, {} bits), when present.", u.enable, u.width);
        quote!(#[doc = #fdoc] pub #id: ::core::option::Option<#ty>,)
    });
    let idoc = format!("One `{}` instruction.", spec.name.text);
    quote! {
        #[doc = #doc]
        #[derive(Clone, Debug, PartialEq)]
        pub struct #name {
            /// The control word's fields; the unit enables follow from the units present.
            pub control: #control,
            #(#fields)*
        }

        #[doc = #idoc]
        pub type Instruction = #name;
    }
}

/// Reads a control field's raw value from the control word `word` (an
/// expression of type `u32`).
fn control_raw(spec: &Spec, b: &BundleDef, rule: DeriveRule, word: TokenStream) -> Option<TokenStream> {
    let d = b.derives.iter().find(|d| d.rule == rule)?;
    let f = &spec.layouts[b.control].fields[d.field];
    let parts = f.ranges.iter().scan(0u32, |shift, r| {
        let (lo, mask, at) = (r.lo, crate::model::low_mask128(r.width) as u64, *shift);
        *shift += r.width;
        Some(quote!(((u64::from(#word) >> #lo) & #mask) << #at))
    });
    Some(quote!(0u64 #(| #parts)*))
}

/// Decodes one unit of an instruction whose control word is `first`, from
/// bit `bit` of `input`, into `insn` (whose units start as `None`),
/// advancing `bit` past it when it is present.
fn unit_read(spec: &Spec, u: &UnitDef) -> TokenStream {
    let id = ident(&u.name.text);
    let (enable, width) = (u.enable, u.width);
    let decode = unit_decode(spec, u);
    let read = read_unit_bits(u, &quote!(input));
    quote! {
        if first >> #enable & 1 != 0 {
            let raw = #read;
            match #decode {
                ::core::result::Result::Ok(unit) => insn.#id = ::core::option::Option::Some(unit),
                ::core::result::Result::Err(e) => return ::core::result::Result::Err(e.at(bit as usize / 8)),
            }
            bit += #width;
        }
    }
}

/// Reads unit `u`'s raw bits (a `u128`) at bit `bit` of the `u32` slice
/// `words`; units of up to 64 bits are read in 64-bit arithmetic.
pub(super) fn read_unit_bits(u: &UnitDef, words: &TokenStream) -> TokenStream {
    let width = u.width;
    if width <= 64 {
        quote!(u128::from(::isa_runtime::packed::read_bits_u64(#words, bit, #width)))
    } else {
        quote!(::isa_runtime::packed::read_bits(#words, bit, #width))
    }
}

/// Returns the padding error if a bit of the slice `words` at or after
/// `bit` (the end of the last unit) is set.
pub(super) fn padding_check(words: &TokenStream) -> TokenStream {
    quote! {
        if let ::core::option::Option::Some(set) = ::isa_runtime::packed::first_set_bit(#words, bit) {
            return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                "",
                ::isa_runtime::DecodeErrorKind::PaddingNotZero { bit: set },
            ).at(set as usize / 8));
        }
    }
}

/// The end of one step of a program decoder, after the instruction at
/// `words[at..]` (`len` words) was decoded into `program`: returns the
/// program after the last instruction (checking that only zero words
/// follow), or an error if the next one is missing; else advances `at`.
pub(super) fn program_end(spec: &Spec, b: &BundleDef) -> TokenStream {
    let next_name = b
        .derives
        .iter()
        .find(|d| d.rule == DeriveRule::NextWords)
        .map_or(String::new(), |d| {
            spec.layouts[b.control].fields[d.field].name.text.clone()
        });
    match control_raw(spec, b, DeriveRule::NextWords, quote!(words[at])) {
        Some(raw) => quote! {
            let next = #raw;
            at += len;
            if next == 0 {
                if let ::core::option::Option::Some(i) = words[at..].iter().position(|&w| w != 0) {
                    return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                        "",
                        ::isa_runtime::DecodeErrorKind::TrailingData { word: words[at + i] },
                    ).at((at + i) * 4));
                }
                return ::core::result::Result::Ok(program);
            }
            if at >= words.len() {
                return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                    #next_name,
                    ::isa_runtime::DecodeErrorKind::MissingNext { announced: next },
                ).at(at * 4));
            }
        },
        None => quote! {
            at += len;
            if at >= words.len() {
                return ::core::result::Result::Ok(program);
            }
        },
    }
}

fn instr_codec(spec: &Spec, b: &BundleDef) -> TokenStream {
    let name = type_ident(&b.name.text);
    let control_ty = type_ident(&spec.layouts[b.control].name.text);
    let marker = type_ident(&spec.name.text);
    let view = super::view::view_ident(b);
    let presence: u32 = b
        .units
        .iter()
        .fold(0, |m, u| m | 1u32.checked_shl(u.enable).unwrap_or(0));
    let units: Vec<Ident> = b.units.iter().map(|u| ident(&u.name.text)).collect();
    let enables: Vec<u32> = b.units.iter().map(|u| u.enable).collect();
    let widths: Vec<u32> = b.units.iter().map(|u| u.width).collect();
    let unit_reads: Vec<TokenStream> = b.units.iter().map(|u| unit_read(spec, u)).collect();
    let words_field = b.derives.iter().find(|d| d.rule == DeriveRule::Words);
    let words_name = words_field.map_or(String::new(), |d| {
        spec.layouts[b.control].fields[d.field].name.text.clone()
    });
    let declared_len = match control_raw(spec, b, DeriveRule::Words, quote!(first)) {
        Some(raw) => quote! {
            let len = (#raw) as usize;
            if len == 0 {
                return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                    #words_name,
                    ::isa_runtime::DecodeErrorKind::ZeroLength,
                ).at(0));
            }
            if len < needed {
                return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                    #words_name,
                    ::isa_runtime::DecodeErrorKind::LengthTooShort { declared: len as u64, needed: needed as u64 },
                ).at(0));
            }
        },
        None => quote!(let len = needed;),
    };
    let encoded_len = match words_field {
        Some(d) => {
            let id = ident(&spec.layouts[b.control].fields[d.field].name.text);
            quote!((self.control.#id.get() as usize).max(needed))
        }
        None => quote!(needed),
    };
    let derive_sets = b.derives.iter().map(|d| {
        let f = &spec.layouts[b.control].fields[d.field];
        let id = ident(&f.name.text);
        let w = f.width;
        let t = super::uint_type(w);
        match d.rule {
            DeriveRule::Words => quote!(insn.control.#id = #t::<#w>::from_bits(words as u64);),
            DeriveRule::NextWords => quote!(insn.control.#id = #t::<#w>::from_bits(next as u64);),
            DeriveRule::NotLast => quote!(insn.control.#id = !last;),
        }
    });
    let program_end = program_end(spec, b);
    let padding = padding_check(&quote!(&input[..len.min(input.len())]));
    quote! {
        impl #name {
            /// The control-word bits that enable units.
            pub const PRESENCE: u32 = #presence;

            /// The bits the present units take.
            #[inline]
            pub fn unit_bits(&self) -> u32 {
                let mut bits = 0;
                #( if self.#units.is_some() { bits += #widths; } )*
                bits
            }

            /// The instruction's length in words for its units: the control
            /// word plus the units rounded up to whole words.
            #[inline]
            pub fn words_needed(&self) -> usize {
                ::isa_runtime::packed::words_for(self.unit_bits()) as usize
            }

            /// An instruction with these control fields and no units: where
            /// the decoders start before they fill in the present units.
            #[inline(always)]
            fn without_units(control: #control_ty) -> Self {
                #name {
                    control,
                    #( #units: ::core::option::Option::None, )*
                }
            }

            /// Reads the control word at the start of `words` and checks the
            /// instruction's length: returns the control fields, the raw
            /// control word and the length in words.
            #[inline(always)]
            fn decode_header(words: &[u32]) -> ::core::result::Result<(#control_ty, u32, usize), ::isa_runtime::DecodeError> {
                let ::core::option::Option::Some(&first) = words.first() else {
                    return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                        "",
                        ::isa_runtime::DecodeErrorKind::Truncated { needed: 4, available: 0 },
                    ).at(0));
                };
                let control = #control_ty::decode(first & !Self::PRESENCE).map_err(|e| e.at(0))?;
                let mut unit_bits = 0u32;
                #( if first >> #enables & 1 != 0 { unit_bits += #widths; } )*
                let needed = ::isa_runtime::packed::words_for(unit_bits) as usize;
                #declared_len
                if len > words.len() {
                    return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                        "",
                        ::isa_runtime::DecodeErrorKind::Truncated { needed: len * 4, available: words.len() * 4 },
                    ).at(0));
                }
                ::core::result::Result::Ok((control, first, len))
            }

            /// Decodes the units that control word `first` enables into
            /// `insn` (whose units are `None`), from the instruction at the
            /// start of `input`, `len` words long; checks the padding.
            #[inline(always)]
            fn decode_units(input: &[u32], first: u32, len: usize, insn: &mut Self) -> ::core::result::Result<(), ::isa_runtime::DecodeError> {
                // Unit windows may read past `len` into the next instruction's
                // words (masked off): reading the whole input keeps the window's
                // bounds checks predictable.
                let mut bit = 32u32;
                #(#unit_reads)*
                #padding
                ::core::result::Result::Ok(())
            }

            /// Decodes the instruction at the start of `words`; returns it and
            /// its length in words. Errors carry the byte offset from `words[0]`.
            /// Never panics.
            #[inline]
            pub fn decode(words: &[u32]) -> ::core::result::Result<(Self, usize), ::isa_runtime::DecodeError> {
                let (control, first, len) = Self::decode_header(words)?;
                let mut insn = Self::without_units(control);
                Self::decode_units(words, first, len, &mut insn)?;
                ::core::result::Result::Ok((insn, len))
            }

            /// Decodes the instruction at the start of little-endian `bytes`
            /// (bytes after it are not read); returns it and its length in
            /// bytes. Errors carry the byte offset. Never panics.
            pub fn from_bytes(bytes: &[u8]) -> ::core::result::Result<(Self, usize), ::isa_runtime::DecodeError> {
                // Whole words only: a cut-off last word the instruction needs
                // is reported by `decode` as the instruction running short.
                let whole = bytes.len() - bytes.len() % 4;
                let (insn, len) = Self::decode(&::isa_runtime::packed::words_of(&bytes[..whole])?)?;
                ::core::result::Result::Ok((insn, len * 4))
            }

            /// The instruction's little-endian bytes (its words, derived fields
            /// as stored): what `from_bytes` reads back.
            pub fn to_bytes(&self) -> ::isa_runtime::__private::Vec<u8> {
                Self::program_to_bytes(::core::slice::from_ref(self))
            }

            /// Appends the instruction's words, derived fields as stored (a
            /// length field larger than the units need adds zero words).
            #[inline]
            pub fn encode_into(&self, out: &mut ::isa_runtime::__private::Vec<u32>) {
                let needed = self.words_needed();
                let len = #encoded_len;
                let start = out.len();
                out.resize(start + len, 0);
                let words = &mut out[start..];
                let mut first = self.control.encode();
                let mut bit = 32u32;
                #(
                    if let ::core::option::Option::Some(unit) = &self.#units {
                        first |= 1 << #enables;
                        ::isa_runtime::packed::write_bits(words, bit, #widths, unit.encode() as u128);
                        bit += #widths;
                    }
                )*
                let _ = bit;
                words[0] = first;
            }

            /// The instruction's words, derived fields as stored.
            pub fn encode(&self) -> ::isa_runtime::__private::Vec<u32> {
                let mut out = ::isa_runtime::__private::Vec::new();
                self.encode_into(&mut out);
                out
            }

            /// Decodes a program: instructions up to the one that announces no
            /// next instruction; zero words after it are padding. Errors carry
            /// the byte offset from `words[0]`. Never panics.
            pub fn decode_program(words: &[u32]) -> ::core::result::Result<::isa_runtime::__private::Vec<Self>, ::isa_runtime::DecodeError> {
                let mut program = ::isa_runtime::__private::Vec::new();
                let mut at = 0usize;
                loop {
                    // Decoded in place, into the program's memory: an absent
                    // unit costs one store, a present one each field once.
                    let rest = &words[at..];
                    let (control, first, len) = Self::decode_header(rest).map_err(|e| e.shifted(at * 4))?;
                    program.push(Self::without_units(control));
                    if let ::core::option::Option::Some(insn) = program.last_mut() {
                        Self::decode_units(rest, first, len, insn).map_err(|e| e.shifted(at * 4))?;
                    }
                    #program_end
                }
            }

            /// Decodes a whole program from little-endian bytes (32-bit words);
            /// errors carry the byte offset. Never panics.
            pub fn program_from_bytes(bytes: &[u8]) -> ::core::result::Result<::isa_runtime::__private::Vec<Self>, ::isa_runtime::DecodeError> {
                Self::decode_program(&::isa_runtime::packed::words_of(bytes)?)
            }

            /// A whole program's little-endian bytes, derived fields as
            /// stored: what `program_from_bytes` reads back.
            pub fn program_to_bytes(program: &[Self]) -> ::isa_runtime::__private::Vec<u8> {
                let words = Self::encode_program(program);
                let mut out = ::isa_runtime::__private::Vec::with_capacity(words.len() * 4);
                for word in words {
                    out.extend_from_slice(&word.to_le_bytes());
                }
                out
            }

            /// A program's words, derived fields as stored.
            pub fn encode_program(program: &[Self]) -> ::isa_runtime::__private::Vec<u32> {
                let mut out = ::isa_runtime::__private::Vec::new();
                for insn in program {
                    insn.encode_into(&mut out);
                }
                out
            }

            /// Sets every derived control field from the program, as the
            /// spec's `derive` lines say.
            pub fn derive(program: &mut [Self]) {
                let n = program.len();
                for i in 0..n {
                    let next = if i + 1 < n { program[i + 1].words_needed() } else { 0 };
                    let last = i + 1 == n;
                    let insn = &mut program[i];
                    let words = insn.words_needed();
                    let _ = (next, last, words);
                    #(#derive_sets)*
                }
            }

            /// Parses one instruction's field-explicit text at a cursor.
            pub fn parse_at(cursor: &mut ::isa_runtime::lexer::Cursor<'_>) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
                let at = cursor.clone();
                let words = ::isa_runtime::packed::parse_instr(&__layout::PACKED, cursor)?;
                Self::decode(&words)
                    .map(|(insn, _)| insn)
                    .map_err(|e| at.error(::isa_runtime::__private::to_string(&e)))
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Display for #name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::isa_runtime::packed::write_instr(f, &__layout::PACKED, &self.encode())
            }
        }

        #[automatically_derived]
        impl ::core::str::FromStr for #name {
            type Err = ::isa_runtime::ParseError;
            fn from_str(s: &str) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
                let mut cursor = ::isa_runtime::lexer::Cursor::new(s);
                let insn = Self::parse_at(&mut cursor)?;
                cursor.expect_end_of_text("instruction")?;
                ::core::result::Result::Ok(insn)
            }
        }

        #[automatically_derived]
        impl ::isa_runtime::PackedIsa for #marker {
            type Instruction = #name;
            const LAYOUT: &'static ::isa_runtime::IsaLayout = &LAYOUT;
            fn decode(words: &[u32]) -> ::core::result::Result<(#name, usize), ::isa_runtime::DecodeError> {
                #name::decode(words)
            }
            fn encode_into(insn: &#name, out: &mut ::isa_runtime::__private::Vec<u32>) {
                insn.encode_into(out)
            }
            fn decode_program(words: &[u32]) -> ::core::result::Result<::isa_runtime::__private::Vec<#name>, ::isa_runtime::DecodeError> {
                #name::decode_program(words)
            }
            fn derive(program: &mut [#name]) {
                #name::derive(program)
            }
            type View<'a> = #view<'a>;
            fn decode_view(words: &[u32]) -> ::core::result::Result<(#view<'_>, usize), ::isa_runtime::DecodeError> {
                #view::decode(words)
            }
            fn decode_program_views(words: &[u32]) -> ::core::result::Result<::isa_runtime::__private::Vec<#view<'_>>, ::isa_runtime::DecodeError> {
                #view::decode_program(words)
            }
            fn view_to_instr(view: &#view<'_>) -> #name {
                view.to_instr()
            }
        }
    }
}
