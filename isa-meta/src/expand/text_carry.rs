//! The `text_carry` module: for every `text` line, what reading the line
//! back gives, as straight-line code, so that a printer can say which bits
//! its text leaves out (the Lima layers' `{raw …}` notes) without parsing
//! what it printed.
//!
//! Parsing a line (`isa_runtime::text::parse_text`) writes the line's
//! `default`s, pins the fields its conditions name to a value when they do
//! not hold yet, then reads each piece. The generated code does the same to
//! the bits it is given: defaults and pins as constant writes, each field
//! the text prints as a copy of the word's bits (runs of fields at once,
//! with a constant mask), optional groups as `if`, and the hooks through
//! the layer's `isa_runtime::carry::CarryHooks`. Each layer checks the
//! result against reading its printed text back.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::text_writers::{condition, num};
use crate::model::{CondDef, FieldDef, FieldTy, LayoutDef, Spec, TPiece, TStyle};
use crate::naming::upper_ident;

/// The widest layout whose lines get a carry: the bits are a `u128`.
const MAX_BITS: u32 = 128;

pub fn expand(spec: &Spec) -> TokenStream {
    let mut arms = Vec::new();
    for (fi, l) in spec.layouts.iter().enumerate() {
        if l.bits > MAX_BITS {
            continue;
        }
        let meta = upper_ident("LAYOUT", &l.name.text);
        for (i, t) in l.texts.iter().enumerate() {
            if super::text_writers::has_nested(&t.template.pieces) {
                // A line that prints a layout through its own lines: its
                // text, printed and read back.
                let (fi, i) = (num(fi as u64), num(i as u64));
                arms.push(quote!((#fi, #i) => {
                    let format = &super::__layout::#meta;
                    ::isa_runtime::carry::read_back_text(format, &format.texts[#i], bits, implied, hooks);
                }));
                continue;
            }
            let mut uses_fields = false;
            let mut body = Vec::new();
            for &(f, v) in &t.defaults {
                body.push(write(&l.fields[f], &num(v)));
            }
            for c in &t.when {
                body.extend(pin(spec, l, c));
            }
            let mut decided = Vec::new();
            body.push(pieces(l, &t.template.pieces, &mut decided, &mut uses_fields));
            let fields = uses_fields.then(|| quote!(let fields = super::__layout::#meta.fields;));
            let (fi, i) = (num(fi as u64), num(i as u64));
            arms.push(quote!((#fi, #i) => { #fields #(#body)* }));
        }
    }
    let body = if arms.is_empty() {
        quote! {
            let _ = (format, text, bits, implied, hooks);
            false
        }
    } else {
        quote! {
            match (format, text) {
                #(#arms)*
                _ => return false,
            }
            true
        }
    };
    quote! {
        /// What reading each `text` line back gives, by generated code
        /// (see `isa_runtime::carry`).
        pub mod text_carry {
            #[allow(unused_imports)]
            use ::isa_runtime::BitWord;

            /// Applies to `implied` what parsing line `text` (an index in
            /// the format's `texts`) of format `format` (indexed as in
            /// `LAYOUT.formats`), as printed for `bits`, writes: the
            /// line's defaults and pinned fields, the bits its fields'
            /// text carries, and its hooks through `hooks`. `false` (and
            /// nothing written) for an index without a line or a format
            /// wider than 128 bits.
            #[inline(never)]
            #[allow(unused_variables, clippy::needless_return)]
            pub fn carry<H: ::isa_runtime::carry::CarryHooks + ?Sized>(
                format: usize,
                text: usize,
                bits: u128,
                implied: &mut u128,
                hooks: &mut H,
            ) -> bool {
                #body
            }
        }
    }
}

/// A `u128` literal.
fn mask(m: u128) -> Literal {
    Literal::u128_unsuffixed(m)
}

/// Writes `value` (a `u64` expression) into `field` of `implied`.
fn write(field: &FieldDef, value: &dyn quote::ToTokens) -> TokenStream {
    if let [r] = field.ranges.as_slice() {
        let (lo, w) = (num(r.lo.into()), num(r.width.into()));
        return quote!(implied.set(#lo, #w, #value););
    }
    let mut sets = Vec::new();
    let mut shift = 0u32;
    for r in &field.ranges {
        let (lo, w, by) = (num(r.lo.into()), num(r.width.into()), num(shift.into()));
        sets.push(quote!(implied.set(#lo, #w, v >> #by);));
        shift += r.width;
    }
    quote!({
        let v: u64 = #value;
        #(#sets)*
    })
}

/// The write of condition `c` when parsing pins its value (see
/// `isa_runtime::text::pin`): `f == v` writes the first value listed and
/// `!flag` clears the flag, when the condition does not hold yet.
fn pin(spec: &Spec, l: &LayoutDef, c: &CondDef) -> Option<TokenStream> {
    let field = &l.fields[c.field];
    let is_bool = matches!(field.ty, FieldTy::Bool);
    // A comparison of two fields, or with a number, is checked, never pinned.
    if c.named.is_some()
        || c.attr.is_some()
        || c.other.is_some()
        || c.range.is_some()
        || matches!(field.ty, FieldTy::Opcode)
        || !(c.equal || is_bool)
    {
        return None;
    }
    // A condition that never or always holds pins nothing it could write.
    let test = condition(spec, l, c).ok()?;
    let value = if c.equal {
        num(*c.values.first()?)
    } else {
        num(u64::from(!c.values.contains(&1)))
    };
    if let [r] = field.ranges.as_slice() {
        let (lo, w, equal) = (num(r.lo.into()), num(r.width.into()), c.equal);
        let values = c.values.iter().map(|&v| num(v));
        return Some(quote!(::isa_runtime::carry::pin(implied, #lo, #w, &[#(#values),*], #equal, #value);));
    }
    let write = write(field, &value);
    Some(quote!({
        let word: &u128 = implied;
        if !(#test) #write
    }))
}

/// What parsing `pieces` writes: copies of the printed fields' bits (runs
/// merged into one mask), groups as `if`, hooks through `hooks`. `decided`
/// holds the fields printed so far (a group's field printed before is not
/// written when the group is absent).
fn pieces(l: &LayoutDef, pieces: &[TPiece], decided: &mut Vec<usize>, uses_fields: &mut bool) -> TokenStream {
    let mut out = Vec::new();
    let mut run = 0u128;
    let flush = |run: &mut u128, out: &mut Vec<TokenStream>| {
        if *run != 0 {
            let m = mask(core::mem::take(run));
            out.push(quote!(*implied = *implied & !#m | bits & #m;));
        }
    };
    for p in pieces {
        match p {
            // A line read on its own has its params clear.
            TPiece::Text(_) | TPiece::Space | TPiece::Param { .. } => {}
            TPiece::Hook { name, .. } => {
                flush(&mut run, &mut out);
                out.push(quote!(hooks.carry_hook(#name, None, bits, implied);));
            }
            TPiece::Field {
                index,
                style: TStyle::Hook(h),
                ..
            } => {
                flush(&mut run, &mut out);
                *uses_fields = true;
                let i = num(*index as u64);
                out.push(quote!(hooks.carry_hook(#h, Some((#i, &fields[#i])), bits, implied);));
            }
            TPiece::Field {
                index,
                style: TStyle::Decimals(n),
                ..
            } => {
                // The text rounds the value: what reading it back gives.
                flush(&mut run, &mut out);
                decided.push(*index);
                *uses_fields = true;
                let i = num(*index as u64);
                out.push(quote!(::isa_runtime::carry::round_decimals(&fields[#i], #n, bits, implied);));
            }
            TPiece::Field {
                index,
                style: TStyle::View { view, decimals },
                ..
            } => {
                // The text gives the view's bits back (rounded), 0 above.
                flush(&mut run, &mut out);
                decided.push(*index);
                *uses_fields = true;
                let i = num(*index as u64);
                let view = super::metadata::view_path(view);
                let decimals = match decimals {
                    Some(n) => quote!(::core::option::Option::Some(#n)),
                    None => quote!(::core::option::Option::None),
                };
                out.push(quote!(::isa_runtime::carry::view(&fields[#i], #view, #decimals, bits, implied);));
            }
            TPiece::Field { index, .. } => {
                decided.push(*index);
                run |= LayoutDef::field_mask(&l.fields[*index]);
            }
            TPiece::Group {
                index,
                when_set,
                pieces: inner,
                ..
            } => {
                flush(&mut run, &mut out);
                let field = &l.fields[*index];
                let known = decided.contains(index);
                decided.push(*index);
                let m = mask(LayoutDef::field_mask(field));
                let present = if *when_set {
                    quote!(bits & #m != 0)
                } else {
                    quote!(bits & #m == 0)
                };
                let inner = self::pieces(l, inner, decided, uses_fields);
                // What the parser writes when a multi-bit `{!f?…}` is
                // absent and no earlier piece gave the field.
                let absent = (!known && !matches!(field.ty, FieldTy::Bool) && !*when_set).then(|| {
                    let w = write(field, &num(1));
                    quote!(else #w)
                });
                out.push(quote! {
                    *implied = *implied & !#m | bits & #m;
                    if #present { #inner } #absent
                });
            }
        }
    }
    flush(&mut run, &mut out);
    quote!(#(#out)*)
}
