//! Decoders and encoders: straight-line shifts and masks per format, and an
//! opcode dispatch that is a dense `match` on the opcode bits.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{field_ident, is_wide, word_literal, word_type};
use crate::model::{FieldDef, FieldTy, LayoutDef, Spec};
use crate::naming::{camel_case, ident, type_ident, upper_ident};

pub fn expand(spec: &Spec) -> TokenStream {
    let layouts = spec.layouts.iter().map(|l| expand_layout_codec(spec, l));
    let instruction = expand_instruction_codec(spec);
    quote! {
        #(#layouts)*
        #instruction
    }
}

/// Reads a field's raw bits from `word` as a `u64`.
fn read_bits(f: &FieldDef) -> TokenStream {
    if let [r] = f.ranges.as_slice() {
        let (lo, w) = (r.lo, r.width);
        quote!(::isa_runtime::BitWord::get(&word, #lo, #w))
    } else {
        let pairs = f.ranges.iter().map(|r| {
            let (lo, w) = (r.lo, r.width);
            quote!((#lo, #w))
        });
        quote!(::isa_runtime::bits::get_ranges(&word, &[#(#pairs),*]))
    }
}

/// ORs `value` (a `u64`) into a field's bits of a word that starts zeroed
/// (fields are disjoint, so this is a plain shift-mask-or).
fn write_bits(f: &FieldDef, value: TokenStream) -> TokenStream {
    if let [r] = f.ranges.as_slice() {
        let (lo, w) = (r.lo, r.width);
        quote!(::isa_runtime::BitWord::or_bits(&mut word, #lo, #w, #value);)
    } else {
        let pairs = f.ranges.iter().map(|r| {
            let (lo, w) = (r.lo, r.width);
            quote!((#lo, #w))
        });
        quote!(::isa_runtime::bits::set_ranges(&mut word, &[#(#pairs),*], #value);)
    }
}

/// Decodes one stored field from `word`, `?`-propagating failures.
fn decode_field(spec: &Spec, f: &FieldDef) -> TokenStream {
    let raw = read_bits(f);
    let w = f.width;
    let fname = &f.name.text;
    match f.ty {
        FieldTy::Unsigned | FieldTy::Unknown => {
            let t = super::uint_type(w);
            quote!(#t::<#w>::from_bits(#raw))
        }
        FieldTy::Signed => {
            let t = super::sint_type(w);
            quote!(#t::<#w>::from_bits(#raw))
        }
        FieldTy::Bool => quote!(#raw != 0),
        FieldTy::Half => quote!(::isa_runtime::Float16::from_bits(#raw as u16)),
        FieldTy::Float => quote!(::isa_runtime::Float32::from_bits(#raw as u32)),
        FieldTy::Mask(x) => quote!(::isa_runtime::Mask::<#x>::from_bits(#raw)),
        FieldTy::Swizzle(x) => quote!(::isa_runtime::Swizzle::<#x>::from_bits(#raw)),
        FieldTy::Enum(i) => {
            let e = &spec.enums[i];
            let ty = type_ident(&e.name.text);
            if e.open || e.is_total() {
                quote!(#ty::from_bits(#raw))
            } else {
                let ename = &e.name.text;
                quote! {{
                    let raw = #raw;
                    match #ty::from_raw(raw) {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                            #fname,
                            ::isa_runtime::DecodeErrorKind::BadEnumValue { value: raw, enum_name: #ename },
                        )),
                    }
                }}
            }
        }
        FieldTy::Regs(i) => {
            let r = &spec.regs[i];
            let ty = type_ident(&r.name.text);
            if r.open || r.is_total() {
                quote!(#ty::from_bits(#raw))
            } else {
                quote! {{
                    let raw = #raw;
                    match #ty::from_raw(raw) {
                        ::core::option::Option::Some(v) => v,
                        ::core::option::Option::None => return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                            #fname,
                            ::isa_runtime::DecodeErrorKind::BadRegister { value: raw },
                        )),
                    }
                }}
            }
        }
        FieldTy::Layout(i) => {
            let inner = &spec.layouts[i];
            let ty = type_ident(&inner.name.text);
            let inner_word = word_type(inner.bits);
            quote!(#ty::decode(#raw as #inner_word)?)
        }
        FieldTy::Union(i) => {
            let u = &spec.unions[i];
            let ty = type_ident(&u.name.text);
            let inner_word = word_type(u.bits);
            quote!(#ty::decode(#raw as #inner_word).map_err(|e| e.in_field(#fname))?)
        }
        FieldTy::Opcode | FieldTy::Fixed(_) | FieldTy::Reserved | FieldTy::Presence => quote!(()),
    }
}

/// The field's value as a `u64`, from `self.<field>`.
fn encode_field(spec: &Spec, f: &FieldDef) -> TokenStream {
    let id = field_ident(f);
    match f.ty {
        FieldTy::Unsigned | FieldTy::Unknown => quote!(self.#id.get()),
        FieldTy::Signed | FieldTy::Mask(_) | FieldTy::Swizzle(_) => quote!(self.#id.bits()),
        FieldTy::Bool => quote!(self.#id as u64),
        FieldTy::Half => quote!(self.#id.to_bits() as u64),
        FieldTy::Float => quote!(self.#id.to_bits() as u64),
        FieldTy::Enum(_) | FieldTy::Regs(_) => quote!(self.#id.raw()),
        FieldTy::Layout(i) => {
            let _ = &spec.layouts[i];
            quote!(self.#id.encode() as u64)
        }
        FieldTy::Union(_) => quote!(self.#id.encode() as u64),
        FieldTy::Opcode | FieldTy::Fixed(_) | FieldTy::Reserved | FieldTy::Presence => quote!(0u64),
    }
}

/// `decode_fields`/`encode_fields` (formats) or `decode`/`encode` (layouts).
fn expand_layout_codec(spec: &Spec, l: &LayoutDef) -> TokenStream {
    let name = type_ident(&l.name.text);
    let word = word_type(l.bits);
    let checks = l.fields.iter().filter_map(|f| {
        let fname = &f.name.text;
        let raw = read_bits(f);
        match f.ty {
            FieldTy::Fixed(v) => Some(quote! {
                let found = #raw;
                if found != #v {
                    return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                        #fname,
                        ::isa_runtime::DecodeErrorKind::FixedMismatch { expected: #v, found },
                    ));
                }
            }),
            // A bundle's decoder masks the enables out before this check.
            FieldTy::Reserved | FieldTy::Presence => Some(quote! {
                let found = #raw;
                if found != 0 {
                    return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                        #fname,
                        ::isa_runtime::DecodeErrorKind::ReservedNotZero { found },
                    ));
                }
            }),
            _ => None,
        }
    });
    let stored: Vec<&FieldDef> = l.fields.iter().filter(|f| f.ty.is_stored()).collect();
    let idents: Vec<_> = stored.iter().map(|f| field_ident(f)).collect();
    let decoders: Vec<_> = stored.iter().map(|f| decode_field(spec, f)).collect();
    let encoders = stored.iter().map(|f| write_bits(f, encode_field(spec, f)));
    let fixed = l.fields.iter().filter_map(|f| match f.ty {
        FieldTy::Fixed(v) => Some(write_bits(f, quote!(#v))),
        _ => None,
    });
    let zero = word_literal(l.bits, 0);
    let body_decode = quote! {
        #(#checks)*
        ::core::result::Result::Ok(#name { #( #idents: #decoders, )* })
    };
    // A layout with nothing to write (every field decoded only) keeps `mut`.
    let body_encode = quote! {
        #[allow(unused_mut)]
        let mut word: #word = #zero;
        #(#fixed)*
        #(#encoders)*
        word
    };
    if l.is_format {
        quote! {
            impl #name {
                /// Decodes the operand fields of a word of this format (the opcode is not checked).
                #[inline(always)]
                pub fn decode_fields(word: #word) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                    #body_decode
                }
                /// Encodes the operand and fixed fields (the opcode bits are left zero).
                #[inline(always)]
                pub fn encode_fields(&self) -> #word {
                    #body_encode
                }
            }
        }
    } else {
        let meta = upper_ident("LAYOUT", &l.name.text);
        let text_impls = layout_text_impls(&name, &meta, &word);
        quote! {
            impl #name {
                /// Decodes the layout's bits.
                #[inline(always)]
                pub fn decode(word: #word) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                    #body_decode
                }
                /// Encodes the layout's bits.
                #[inline(always)]
                pub fn encode(&self) -> #word {
                    #body_encode
                }
            }

            #[automatically_derived]
            impl ::isa_runtime::LayoutCodec for #name {
                type Word = #word;
                const FORMAT: &'static ::isa_runtime::layout::Format = &__layout::#meta;
                fn decode(word: #word) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                    #name::decode(word)
                }
                fn encode(&self) -> ::core::result::Result<#word, ::isa_runtime::EncodeError> {
                    ::core::result::Result::Ok(#name::encode(self))
                }
            }

            #text_impls
        }
    }
}

/// Opcode indices in decode order: highest priority first, then spec order.
pub fn decode_order(spec: &Spec) -> Vec<usize> {
    let mut order: Vec<usize> = (0..spec.opcodes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(spec.opcodes[i].priority()));
    order
}

/// Opcode indices in mnemonic order (byte-wise), for the binary search of
/// `IsaLayout::opcode`.
pub fn mnemonic_order(spec: &Spec) -> Vec<usize> {
    let mut order: Vec<usize> = (0..spec.opcodes.len()).collect();
    order.sort_by(|&a, &b| spec.opcodes[a].mnemonic.text.cmp(&spec.opcodes[b].mnemonic.text));
    order
}

/// Text for a type printed and parsed by a layout's `syntax` (free-standing
/// layouts and bundle instructions): `parse_at`, `Display` and `FromStr`.
fn layout_text_impls(name: &proc_macro2::Ident, meta: &proc_macro2::Ident, word: &TokenStream) -> TokenStream {
    let what = format!("`{name}`");
    quote! {
        impl #name {
            /// Parses one value at a cursor (the rest of the line may hold a comment).
            pub fn parse_at(cursor: &mut ::isa_runtime::lexer::Cursor<'_>) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
                let at = cursor.clone();
                let word: #word = ::isa_runtime::text::parse_layout(&__layout::#meta, cursor)?;
                Self::decode(word).map_err(|e| at.error(::isa_runtime::__private::to_string(&e)))
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Display for #name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::isa_runtime::text::write_layout(f, &__layout::#meta, &self.encode())
            }
        }

        #[automatically_derived]
        impl ::core::str::FromStr for #name {
            type Err = ::isa_runtime::ParseError;
            fn from_str(s: &str) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
                let mut cursor = ::isa_runtime::lexer::Cursor::new(s);
                let value = Self::parse_at(&mut cursor)?;
                cursor.expect_end_of_text(#what)?;
                ::core::result::Result::Ok(value)
            }
        }
    }
}

/// `to_bytes`/`from_bytes`: one instruction as its little-endian bytes, as
/// many as the word has.
fn bytes_methods(spec: &Spec) -> TokenStream {
    let word = word_type(spec.word_bits);
    let n = (spec.word_bits / 8) as usize;
    let (to, from) = if is_wide(spec.word_bits) {
        (
            quote!(::isa_runtime::bits::wide_to_le_bytes(&self.encode())),
            quote!(<#word as ::isa_runtime::BitWord>::from_le_bytes(&bytes)),
        )
    } else {
        (quote!(self.encode().to_le_bytes()), quote!(#word::from_le_bytes(bytes)))
    };
    let to_doc = format!("The instruction's {n} little-endian bytes (its word, as `program_from_bytes` reads it).");
    let from_doc =
        format!("Decodes one instruction from its {n} little-endian bytes (`program_from_bytes` reads a whole program). Never panics.");
    quote! {
        #[doc = #to_doc]
        #[inline]
        pub fn to_bytes(&self) -> [u8; #n] {
            #to
        }

        #[doc = #from_doc]
        #[inline]
        pub fn from_bytes(bytes: [u8; #n]) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
            Self::decode(#from)
        }

        /// A whole program's little-endian bytes: what `program_from_bytes`
        /// reads back.
        pub fn program_to_bytes(program: &[Self]) -> ::isa_runtime::__private::Vec<u8> {
            let mut out = ::isa_runtime::__private::Vec::with_capacity(program.len() * #n);
            for insn in program {
                out.extend_from_slice(&insn.to_bytes());
            }
            out
        }
    }
}

/// A bundle ISA's instruction is its one format: decode and encode the
/// whole word, print and parse with the format's syntax.
fn expand_bundle_codec(spec: &Spec, bundle: usize) -> TokenStream {
    let word = word_type(spec.word_bits);
    let name = type_ident(&spec.layouts[bundle].name.text);
    let marker = type_ident(&spec.name.text);
    let meta = upper_ident("LAYOUT", &spec.layouts[bundle].name.text);
    let text_impls = layout_text_impls(&name, &meta, &word);
    let bytes = bytes_methods(spec);
    quote! {
        impl #name {
            /// Decodes one instruction word. Never panics.
            #[inline(always)]
            pub fn decode(word: #word) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                Self::decode_fields(word)
            }

            /// Encodes the instruction; decoding the result gives `self` back.
            #[inline(always)]
            pub fn encode(&self) -> #word {
                self.encode_fields()
            }

            /// Decodes a whole program of little-endian instruction words; errors
            /// carry the byte offset. Never panics.
            pub fn program_from_bytes(bytes: &[u8]) -> ::core::result::Result<::isa_runtime::__private::Vec<Self>, ::isa_runtime::DecodeError> {
                ::isa_runtime::decode_stream::<#marker>(bytes)
            }

            #bytes
        }

        #text_impls
    }
}

fn expand_instruction_codec(spec: &Spec) -> TokenStream {
    if spec.packed.is_some() {
        // The instruction and its codec come with the bundle (`packed`).
        return TokenStream::new();
    }
    if let Some(bundle) = spec.bundle() {
        return expand_bundle_codec(spec, bundle);
    }
    let word = word_type(spec.word_bits);
    let order = decode_order(spec);
    let variant = |i: usize| ident(&camel_case(&spec.opcodes[i].mnemonic.text));
    let format = |i: usize| type_ident(&spec.layouts[spec.opcodes[i].format].name.text);

    let arm_for = |i: usize| {
        let (v, f) = (variant(i), format(i));
        quote!(::core::result::Result::Ok(Instruction::#v(#f::decode_fields(word)?)))
    };
    let no_match = if spec.fallback.is_some() {
        quote!(::core::result::Result::Ok(Instruction::Unknown(word)))
    } else {
        quote!(::core::result::Result::Err(::isa_runtime::DecodeError::new(
            "opcode",
            ::isa_runtime::DecodeErrorKind::UnknownOpcode {
                word: ::isa_runtime::BitWord::to_u128(&word),
                bits: <#word as ::isa_runtime::BitWord>::BITS,
            },
        )))
    };

    let union = spec.opcodes.iter().fold(0u128, |m, o| m | o.mask);
    let lo = union.trailing_zeros();
    let span = 128 - union.leading_zeros() - lo;
    // With generations, an opcode that not every generation has is tried
    // only for the generations that have it (`gen` on its line).
    let guard = |i: usize| {
        spec.opcodes[i].gens.map(|g| {
            let (lo, hi) = (g.lo, g.hi);
            quote!((#lo..=#hi).contains(&gen))
        })
    };
    let dispatch = if union != 0 && span <= 12 {
        // Dense table: each value of the opcode bits resolves at compile
        // time, to one opcode, or to the opcodes of some generations and
        // then one of all of them (or none).
        let mut lists: Vec<(Vec<usize>, Vec<Literal>)> = Vec::new();
        for value in 0u128..1 << span {
            let bits = value << lo;
            let mut list = Vec::new();
            for &i in order
                .iter()
                .filter(|&&i| bits & spec.opcodes[i].mask == spec.opcodes[i].bits)
            {
                list.push(i);
                if guard(i).is_none() {
                    break;
                }
            }
            if list.is_empty() {
                continue;
            }
            let value = Literal::u64_unsuffixed(value as u64);
            match lists.iter_mut().find(|(l, _)| *l == list) {
                Some((_, values)) => values.push(value),
                None => lists.push((list, vec![value])),
            }
        }
        let rank = |i: usize| order.iter().position(|&o| o == i).unwrap_or(usize::MAX);
        lists.sort_by_key(|(list, _)| rank(list[0]));
        let arms = lists.iter().map(|(list, values)| {
            let mut body = no_match.clone();
            for &i in list.iter().rev() {
                let arm = arm_for(i);
                body = match guard(i) {
                    Some(g) => quote!(if #g { #arm } else { #body }),
                    None => arm,
                };
            }
            quote!(#(#values)|* => #body,)
        });
        quote! {
            match ::isa_runtime::BitWord::get(&word, #lo, #span) {
                #(#arms)*
                _ => #no_match,
            }
        }
    } else {
        let tests = order.iter().map(|&i| {
            let op = &spec.opcodes[i];
            let arm = arm_for(i);
            let guard = guard(i).map(|g| quote!(&& #g));
            if is_wide(spec.word_bits) {
                let (mask, bits) = (op.mask, op.bits);
                quote!(if ::isa_runtime::BitWord::to_u128(&word) & #mask == #bits #guard { return #arm; })
            } else {
                let (mask, bits) = (
                    word_literal(spec.word_bits, op.mask),
                    word_literal(spec.word_bits, op.bits),
                );
                quote!(if word & #mask == #bits #guard { return #arm; })
            }
        });
        quote! {
            #(#tests)*
            #no_match
        }
    };

    // One arm per format (opcodes sharing a format share the arm), with the
    // opcode bits chosen by a value-only `match` that compiles to a table:
    // far fewer indirect branches than one arm per opcode.
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, op) in spec.opcodes.iter().enumerate() {
        match groups.iter_mut().find(|(f, _)| *f == op.format) {
            Some((_, members)) => members.push(i),
            None => groups.push((op.format, vec![i])),
        }
    }
    let encode_arms = groups.iter().map(|(format, members)| {
        let variants: Vec<_> = members.iter().map(|&i| variant(i)).collect();
        let pattern = quote!(#(Instruction::#variants(f))|*);
        let field = spec.layouts[*format]
            .opcode_field()
            .expect("validated: formats have an opcode field");
        let values = members.iter().map(|&i| spec.opcodes[i].value);
        let choose = quote! {
            match self {
                #(Instruction::#variants(_) => #values,)*
                _ => 0,
            }
        };
        if is_wide(spec.word_bits) {
            // Arrays have no `|`: write the opcode field's ranges.
            let mut shift = 0u32;
            let sets = field.ranges.iter().map(|r| {
                let (lo, w) = (r.lo, r.width);
                let s = shift;
                shift += w;
                quote!(::isa_runtime::BitWord::or_bits(&mut word, #lo, #w, value >> #s);)
            });
            quote!(#pattern => { let value: u64 = #choose; let mut word = f.encode_fields(); #(#sets)* word })
        } else {
            let mut shift = 0u32;
            let ors = field.ranges.iter().map(|r| {
                let (lo, w) = (r.lo, r.width);
                let s = shift;
                shift += w;
                quote!(::isa_runtime::BitWord::or_bits(&mut word, #lo, #w, value >> #s);)
            });
            quote!(#pattern => { let value: u64 = #choose; let mut word = f.encode_fields(); #(#ors)* word })
        }
    });
    let index_arms = (0..spec.opcodes.len()).map(|i| {
        let v = variant(i);
        quote!(Instruction::#v(_) => ::core::option::Option::Some(#i),)
    });
    let unknown_encode = spec.fallback.as_ref().map(|_| quote!(Instruction::Unknown(w) => *w,));
    let unknown_index = spec
        .fallback
        .as_ref()
        .map(|_| quote!(Instruction::Unknown(_) => ::core::option::Option::None,));
    let marker = type_ident(&spec.name.text);
    let bytes = bytes_methods(spec);
    // A parsed mnemonic is decoded in the newest generation that has it.
    let decode_parsed = match spec.gens {
        None => quote!(Self::decode(word)),
        Some(g) => {
            let hi = g.hi;
            quote!(Self::decode_gen(word, {
                let mut c = at.clone();
                c.skip_blanks();
                c.word().and_then(|m| LAYOUT.opcode(m)).and_then(|o| o.gens).map_or(#hi, |g| g.hi)
            }))
        }
    };
    let decoders = match spec.gens {
        None => quote! {
            /// Decodes one instruction word. Never panics.
            #[inline(always)]
            pub fn decode(word: #word) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                #dispatch
            }
        },
        Some(g) => {
            let (lo, hi) = (g.lo, g.hi);
            let doc = format!(
                "Decodes one instruction word as generation `gen` ({lo} to {hi}) has it: an opcode whose line says `gen …` decodes only in those generations; a `gen` outside {lo} to {hi} is an error. Never panics."
            );
            let newest = format!("Decodes one instruction word as the newest generation ({hi}) has it ([`Self::decode_gen`]). Never panics.");
            quote! {
                #[doc = #newest]
                #[inline(always)]
                pub fn decode(word: #word) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                    Self::decode_gen(word, #hi)
                }

                #[doc = #doc]
                #[inline]
                pub fn decode_gen(word: #word, gen: u32) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
                    if !(#lo..=#hi).contains(&gen) {
                        return ::core::result::Result::Err(::isa_runtime::DecodeError::new(
                            "gen",
                            ::isa_runtime::DecodeErrorKind::NoSuchGeneration { gen, lo: #lo, hi: #hi },
                        ));
                    }
                    #dispatch
                }
            }
        }
    };
    let what = "instruction";

    quote! {
        impl Instruction {
            #decoders

            /// Encodes the instruction; decoding the result gives `self` back.
            #[inline(always)]
            pub fn encode(&self) -> #word {
                match self {
                    #(#encode_arms)*
                    #unknown_encode
                }
            }

            /// Index of the opcode in `LAYOUT.opcodes` (`None` for unknown words).
            #[inline]
            pub fn opcode_index(&self) -> ::core::option::Option<usize> {
                match self {
                    #(#index_arms)*
                    #unknown_index
                }
            }

            /// The opcode's metadata (`None` for unknown words).
            pub fn opcode(&self) -> ::core::option::Option<&'static ::isa_runtime::layout::Opcode> {
                self.opcode_index().map(|i| &LAYOUT.opcodes[i])
            }

            /// Decodes a whole program of little-endian instruction words; errors
            /// carry the byte offset. Never panics.
            pub fn program_from_bytes(bytes: &[u8]) -> ::core::result::Result<::isa_runtime::__private::Vec<Self>, ::isa_runtime::DecodeError> {
                ::isa_runtime::decode_stream::<#marker>(bytes)
            }

            #bytes

            /// Parses one instruction at a cursor (the rest of the line may hold a comment).
            pub fn parse_at(cursor: &mut ::isa_runtime::lexer::Cursor<'_>) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
                let at = cursor.clone();
                let word: #word = ::isa_runtime::text::parse_instruction(&LAYOUT, cursor)?;
                #decode_parsed.map_err(|e| at.error(::isa_runtime::__private::to_string(&e)))
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Display for Instruction {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let word = self.encode();
                match self.opcode() {
                    ::core::option::Option::Some(op) => ::isa_runtime::text::write_instruction(f, op, &word),
                    ::core::option::Option::None => ::isa_runtime::text::write_fallback(f, &LAYOUT, &word),
                }
            }
        }

        #[automatically_derived]
        impl ::core::str::FromStr for Instruction {
            type Err = ::isa_runtime::ParseError;
            fn from_str(s: &str) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
                let mut cursor = ::isa_runtime::lexer::Cursor::new(s);
                let value = Self::parse_at(&mut cursor)?;
                cursor.expect_end_of_text(#what)?;
                ::core::result::Result::Ok(value)
            }
        }
    }
}
