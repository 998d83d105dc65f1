//! Instruction views of a presence-mask bundle: `<Bundle>View<'a>`, an
//! instruction checked in place, whose units decode when they are read.
//!
//! Making a view does everything the eager decoder does that can fail (the
//! control word, the lengths, the units whose bits can be invalid, the
//! padding), in the same order and with the same errors, and records where
//! each unit starts. Units that cannot fail to decode are not read at all,
//! so a stream of views costs about as much as finding the instructions.

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::packed::{padding_check, program_end, read_unit_bits, unit_decode, unit_type};
use crate::model::{BundleDef, FieldTy, Spec, UnitDef};
use crate::naming::{ident, type_ident};

/// The methods of a view, which no unit may be named after.
pub const VIEW_METHODS: &[&str] = &["control", "words", "to_instr"];

/// The view type's name for a bundle.
pub(super) fn view_ident(b: &BundleDef) -> Ident {
    ident(&format!("{}View", type_ident(&b.name.text)))
}

/// Whether decoding layout `layout` can fail: it has a reserved bit, a
/// closed enum or register file with unnamed values, a nested layout that
/// can fail, or (unless `fixed_hold`, when the caller chose the layout
/// because its fixed fields hold) a fixed field.
fn layout_may_fail(spec: &Spec, layout: usize, fixed_hold: bool) -> bool {
    spec.layouts[layout].fields.iter().any(|f| match f.ty {
        FieldTy::Fixed(_) => !fixed_hold,
        FieldTy::Reserved | FieldTy::Presence => true,
        FieldTy::Enum(i) => !(spec.enums[i].open || spec.enums[i].is_total()),
        FieldTy::Regs(i) => !(spec.regs[i].open || spec.regs[i].is_total()),
        FieldTy::Layout(i) => layout_may_fail(spec, i, false),
        FieldTy::Union(_) => true,
        _ => false,
    })
}

/// Whether a unit's bits can fail to decode: its default layout can, or a
/// later variant can once its fixed fields hold.
fn unit_may_fail(spec: &Spec, u: &UnitDef) -> bool {
    u.variants
        .iter()
        .enumerate()
        .any(|(k, &(layout, _))| layout_may_fail(spec, layout, k > 0))
}

pub fn expand(spec: &Spec, b: &BundleDef) -> TokenStream {
    let name = type_ident(&b.name.text);
    let view = view_ident(b);
    let control_ty = type_ident(&spec.layouts[b.control].name.text);
    let unit_count = b.units.len();
    let doc = format!(
        "One `{name}` checked in place: what [`{name}::decode`] checks has been checked, with the same \
         errors, and each present unit decodes when it is read.\n\n\
         A program of views ([`{view}::decode_program`]) costs about as much as finding the \
         instructions, so tools that read a few units of each instruction need not decode them all; \
         [`{view}::to_instr`] gives the [`{name}`] that [`{name}::decode`] gives."
    );
    // Where each unit starts: enable bits are summed without branches.
    let offsets = b.units.iter().enumerate().map(|(k, u)| {
        let (enable, width) = (u.enable, u.width);
        quote! {
            offsets[#k] = bit as u16;
            bit += (first >> #enable & 1) * #width;
        }
    });
    // Only units whose bits can be invalid are read while checking.
    let checks = b
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| unit_may_fail(spec, u))
        .map(|(k, u)| {
            let enable = u.enable;
            let (read, decode) = (read_unit_bits(u, &quote!(words)), unit_decode(spec, u));
            quote! {
                if first >> #enable & 1 != 0 {
                    let bit = u32::from(offsets[#k]);
                    let raw = #read;
                    if let ::core::result::Result::Err(e) = #decode {
                        return ::core::result::Result::Err(e.at(bit as usize / 8));
                    }
                }
            }
        });
    let accessors = b.units.iter().enumerate().map(|(k, u)| {
        let id = crate::naming::method_ident(&u.name.text);
        let ty = unit_type(spec, u);
        let (enable, read, decode) = (u.enable, read_unit_bits(u, &quote!(words)), unit_decode(spec, u));
        let doc = format!(
            "The `{}` unit (enable bit {}, {} bits), decoded now, when present.",
            u.name.text, enable, u.width
        );
        quote! {
            #[doc = #doc]
            #[inline(always)]
            pub fn #id(&self) -> ::core::option::Option<#ty> {
                if self.words[0] >> #enable & 1 == 0 {
                    return ::core::option::Option::None;
                }
                let (words, bit) = (self.words, u32::from(self.offsets[#k]));
                let raw = #read;
                // Checked when the view was made (a unit that cannot fail is
                // always `Ok`).
                #decode.ok()
            }
        }
    });
    let decode_doc = format!(
        "Checks the instruction at the start of `words` as [`{name}::decode`] does, with the same \
         errors; returns its view and its length in words. Never panics."
    );
    let program_doc = format!(
        "Checks a program as [`{name}::decode_program`] does, with the same errors: the views of \
         its instructions. Never panics."
    );
    let to_instr_doc =
        format!("The instruction with every present unit decoded: what [`{name}::decode`] gives for the same words.");
    let units: Vec<Ident> = b.units.iter().map(|u| ident(&u.name.text)).collect();
    let methods: Vec<Ident> = b
        .units
        .iter()
        .map(|u| crate::naming::method_ident(&u.name.text))
        .collect();
    let program_end = program_end(spec, b);
    let padding = padding_check(&quote!(words));
    quote! {
        #[doc = #doc]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct #view<'a> {
            /// The instruction's words, control word first.
            words: &'a [u32],
            /// The control word's fields.
            control: #control_ty,
            /// The bit at which each unit starts (meaningful when present).
            offsets: [u16; #unit_count],
            /// The instruction's length in words for its units.
            needed: u8,
        }

        impl<'a> #view<'a> {
            #[doc = #decode_doc]
            #[inline]
            pub fn decode(words: &'a [u32]) -> ::core::result::Result<(Self, usize), ::isa_runtime::DecodeError> {
                let (control, first, len) = #name::decode_header(words)?;
                let words = &words[..len.min(words.len())];
                let mut offsets = [0u16; #unit_count];
                let mut bit = 32u32;
                #(#offsets)*
                // At most 32 words: the control word and the widest units.
                let needed = ::isa_runtime::packed::words_for(bit - 32) as u8;
                #(#checks)*
                #padding
                ::core::result::Result::Ok((#view { words, control, offsets, needed }, len))
            }

            #[doc = #program_doc]
            pub fn decode_program(words: &'a [u32]) -> ::core::result::Result<::isa_runtime::__private::Vec<Self>, ::isa_runtime::DecodeError> {
                let mut program = ::isa_runtime::__private::Vec::new();
                let mut at = 0usize;
                loop {
                    let (insn, len) = Self::decode(&words[at..]).map_err(|e| e.shifted(at * 4))?;
                    program.push(insn);
                    #program_end
                }
            }

            /// The instruction's words, control word first (its whole length).
            #[inline(always)]
            pub fn words(&self) -> &'a [u32] {
                self.words
            }

            /// The control word's fields.
            #[inline(always)]
            pub fn control(&self) -> #control_ty {
                self.control
            }

            /// The instruction's length in words for its units (as
            /// `words_needed` of the decoded instruction): the control word
            /// plus the units rounded up to whole words.
            #[inline(always)]
            pub fn words_needed(&self) -> usize {
                usize::from(self.needed)
            }

            #[doc = #to_instr_doc]
            #[inline]
            pub fn to_instr(&self) -> #name {
                #name {
                    control: self.control,
                    #( #units: self.#methods(), )*
                }
            }

            #(#accessors)*
        }
    }
}
