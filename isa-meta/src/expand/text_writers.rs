//! The `text_writers` module: every `text` line printed by straight-line
//! code, as an assembler generator emits its printer, instead of walking the
//! template's `LAYOUT` metadata per instruction.
//!
//! For each format with `text` lines, a selector per group (its
//! alternatives' conditions compiled to field reads with constant shifts
//! and masks, tested in spec order) and a writer per line (literal text
//! pushed at once, fields printed by their type's code, optional groups as
//! `if`, hooks called through `TextHooks` with their name). The metadata
//! stays for docs, `explain`, JSON and the parser; the generated test suite
//! checks that both print the same.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use crate::model::{BindValue, BindingDef, CondDef, FieldDef, FieldTy, LayoutDef, Spec, TPiece, TStyle, Term};
use crate::naming::upper_ident;

pub fn expand(spec: &Spec) -> TokenStream {
    let n = spec.layouts.len();
    let groups = spec.layouts.iter().map(|l| {
        let pairs = groups_of(spec, l).into_iter().map(|(d, g)| quote!((#d, #g)));
        quote!(&[#(#pairs),*])
    });
    let mut helpers = Helpers::default();
    let (mut select_arms, mut write_arms) = (Vec::new(), Vec::new());
    let (mut uses, mut select_uses_word) = (Uses::default(), false);
    for (fi, l) in spec.layouts.iter().enumerate() {
        select_arms.extend(layout_select(spec, fi, l, &mut select_uses_word));
        write_arms.extend(layout_write(spec, fi, l, &mut uses, &mut helpers));
    }
    // A nested layout's function may print further layouts.
    let mut nested_fns = Vec::new();
    let mut done = 0;
    while let Some(&(layout, dialect)) = helpers.nested.get(done) {
        nested_fns.push(nested_helper(spec, layout, dialect, &mut helpers));
        done += 1;
    }
    let helpers = helpers.expand(spec);
    // A spec without `text` lines: nothing to choose or print.
    let select_body = if select_arms.is_empty() {
        quote! {
            let _ = (format, group);
            None
        }
    } else {
        quote! {
            match (format, group) {
                #(#select_arms)*
                _ => None,
            }
        }
    };
    let write_body = if write_arms.is_empty() {
        quote! {
            let _ = (format, text);
            Err(fmt::Error)
        }
    } else {
        quote! {
            match (format, text) {
                #(#write_arms)*
                _ => return Err(fmt::Error),
            }
            Ok(())
        }
    };
    let select_word = if select_uses_word { quote!(word) } else { quote!(_word) };
    let (word, hooks, out) = (
        if uses.word { quote!(word) } else { quote!(_word) },
        if uses.hooks { quote!(hooks) } else { quote!(_hooks) },
        if uses.out { quote!(out) } else { quote!(_out) },
    );
    quote! {
        /// The `text` lines of the spec printed by generated code: for each
        /// format (indexed as in `LAYOUT.formats`), a selector per group of
        /// alternatives and a writer per line. They print what
        /// `isa_runtime::text::select_text` and `write_text` print from
        /// the metadata, without walking it.
        pub mod text_writers {
            use ::core::fmt::{self, Write};
            use ::isa_runtime::text as rt;
            use ::isa_runtime::BitWord;

            /// The `text` groups of each format (indexed as in
            /// `LAYOUT.formats`), as `(dialect, group)` in the order they
            /// first appear: a group's place here is what [`select`] takes.
            pub static GROUPS: [&[(&str, &str)]; #n] = [#(#groups),*];

            /// The index of group `dialect.name` of format `format` in
            /// [`GROUPS`], if the format has that group.
            pub fn group(format: usize, dialect: &str, name: &str) -> Option<usize> {
                GROUPS.get(format)?.iter().position(|&(d, g)| d == dialect && g == name)
            }

            /// The alternative of group `group` (see [`GROUPS`]) of format
            /// `format` that prints `word`: the index in the format's
            /// `texts` of the first line whose conditions hold, or `None`.
            #[inline]
            pub fn select<W: BitWord>(format: usize, group: usize, #select_word: &W) -> Option<usize> {
                #select_body
            }

            /// Prints line `text` (an index in the format's `texts`) of
            /// format `format` for `word`, hooks through `hooks`; an error
            /// for an index without a line, or from a hook.
            #[inline]
            pub fn write<W, O, H>(format: usize, text: usize, #out: &mut O, #word: &W, #hooks: &mut H) -> fmt::Result
            where
                W: BitWord,
                O: Write,
                H: rt::TextHooks<W> + ?Sized,
            {
                #write_body
            }

            #helpers
            #(#nested_fns)*
        }
    }
}

/// The groups of a layout, `(dialect, group)` in order of first appearance.
fn groups_of<'a>(spec: &'a Spec, l: &'a LayoutDef) -> Vec<(&'a str, &'a str)> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    for t in &l.texts {
        let key = (spec.dialects[t.dialect].name.text.as_str(), t.name.text.as_str());
        if !out.contains(&key) {
            out.push(key);
        }
    }
    out
}

/// A field's raw value read from `word` (bits at constant places).
/// A field's raw value read from `word` (bits at constant places).
fn read(f: &FieldDef) -> TokenStream {
    match read_parts(f).as_slice() {
        [one] => one.clone(),
        parts => quote!((#(#parts)|*)),
    }
}

/// [`read`] as a function argument or a `let` value: a split field's `|`
/// needs no parentheses there (rustc's `unused_parens` flags them in a
/// checked-in expansion).
fn read_arg(f: &FieldDef) -> TokenStream {
    let parts = read_parts(f);
    quote!(#(#parts)|*)
}

/// The reads of a field's ranges, each shifted to its place in the value.
fn read_parts(f: &FieldDef) -> Vec<TokenStream> {
    let mut parts = Vec::new();
    let mut shift = 0u32;
    for r in &f.ranges {
        let (lo, w) = (num(r.lo.into()), num(r.width.into()));
        let get = quote!(word.get(#lo, #w));
        let by = num(shift.into());
        parts.push(if shift == 0 { get } else { quote!((#get << #by)) });
        shift += r.width;
    }
    parts
}

/// `matches!` over a set of raw values (`false` for none).
fn one_of(v: &TokenStream, values: &[u64]) -> TokenStream {
    let mut values = values.to_vec();
    values.sort_unstable();
    values.dedup();
    match values.as_slice() {
        [] => quote!(false),
        [one] => {
            let one = num(*one);
            quote!(#v == #one)
        }
        _ => {
            let values = values.iter().map(|&x| num(x));
            quote!(matches!(#v, #(#values)|*))
        }
    }
}

/// An integer literal without a suffix (the type is the context's).
pub(super) fn num(v: u64) -> Literal {
    Literal::u64_unsuffixed(v)
}

/// A condition as code, or whether it always holds when that does not
/// depend on the word.
pub(super) fn condition(spec: &Spec, l: &LayoutDef, c: &CondDef) -> Result<TokenStream, bool> {
    let field = &l.fields[c.field];
    let v = read(field);
    if let Some(other) = c.other {
        let o = read(&l.fields[other]);
        return Ok(if c.equal { quote!(#v == #o) } else { quote!(#v != #o) });
    }
    if let Some((lo, hi)) = c.range {
        let (lo, hi) = (num(lo), num(hi));
        return Ok(quote!((#lo..=#hi).contains(&#v)));
    }
    let enum_def = match field.ty {
        FieldTy::Enum(e) => Some(&spec.enums[e]),
        _ => None,
    };
    let (set, holds_when_in) = match (c.named, c.attr) {
        (Some(named), _) => match enum_def {
            Some(e) => (e.variants.iter().map(|v| v.value).collect::<Vec<_>>(), named),
            // No enum names a value: `is named` never holds.
            None => return Err(!named),
        },
        // Held only by a value the enum names whose attribute is (or is
        // not) one of the values.
        (None, Some(a)) => {
            let set = enum_def.map_or_else(Vec::new, |e| {
                e.variants
                    .iter()
                    .filter(|v| v.attrs.get(a).is_some_and(|x| c.values.contains(x) == c.equal))
                    .map(|v| v.value)
                    .collect()
            });
            (set, true)
        }
        (None, None) => (c.values.clone(), c.equal),
    };
    if set.is_empty() {
        return Err(!holds_when_in);
    }
    let test = one_of(&v, &set);
    Ok(if holds_when_in { test } else { quote!(!(#test)) })
}

/// The arms of `select` for format `fi`: per group, the first line whose
/// conditions hold.
fn layout_select(spec: &Spec, fi: usize, l: &LayoutDef, uses_word: &mut bool) -> Vec<TokenStream> {
    let fi = num(fi as u64);
    let mut arms = Vec::new();
    for (g, (dialect, group)) in groups_of(spec, l).into_iter().enumerate() {
        let mut branches = Vec::new();
        let mut otherwise = quote!(None);
        for (i, t) in l.texts.iter().enumerate() {
            if spec.dialects[t.dialect].name.text != dialect || t.name.text != group {
                continue;
            }
            let mut tests = Vec::new();
            // Selected on its own, a line has its params clear: `p` never
            // holds (a line that prints the layout selects with them).
            let mut never = t.when_params.iter().any(|&(_, set)| set);
            for c in &t.when {
                match condition(spec, l, c) {
                    Ok(test) => tests.push(test),
                    Err(false) => never = true,
                    Err(true) => {}
                }
            }
            if never {
                continue;
            }
            let i = num(i as u64);
            if tests.is_empty() {
                // Always holds: the later lines never print.
                otherwise = quote!(Some(#i));
                break;
            }
            *uses_word = true;
            branches.push(quote!(if #(#tests)&&* { Some(#i) }));
        }
        let g = num(g as u64);
        arms.push(if branches.is_empty() {
            quote!((#fi, #g) => #otherwise,)
        } else {
            quote!((#fi, #g) => #(#branches)else* else { #otherwise },)
        });
    }
    arms
}

/// What a writer's code uses of its parameters and of the helpers.
#[derive(Default)]
struct Uses {
    out: bool,
    word: bool,
    hooks: bool,
    fields: bool,
    /// The code reads `params` (the layout's params, bit i for param i).
    params: bool,
}

/// The enums and register files whose values the lines print by name:
/// each gets one printing function.
#[derive(Default)]
pub(super) struct Helpers {
    /// Some line prints a bool's text when it is set.
    flag: bool,
    enums: Vec<usize>,
    regs: Vec<usize>,
    /// Layouts whose lines print the mnemonic (`{opcode}`).
    mnemonics: Vec<usize>,
    /// Layouts printed inside another's line, per dialect: `(layout,
    /// dialect)`, each with one printing function.
    nested: Vec<(usize, usize)>,
    /// The dialect of the line being generated (index into
    /// `Spec::dialects`).
    dialect: usize,
}

impl Helpers {
    /// The printing functions, one per enum and register file used.
    fn expand(&self, spec: &Spec) -> TokenStream {
        let enums = self.enums.iter().map(|&e| {
            let def = &spec.enums[e];
            let name = helper_ident("enum", &def.name.text);
            let doc = format!(
                " Prints a `{}` value: its spelling, or its number if unnamed.",
                def.name.text
            );
            let arms = def.variants.iter().map(|x| {
                let (value, spelling) = (num(x.value), x.spellings.first().map_or("", String::as_str));
                quote!(#value => out.write_str(#spelling),)
            });
            quote! {
                #[doc = #doc]
                fn #name<O: Write>(out: &mut O, v: u64) -> fmt::Result {
                    match v {
                        #(#arms)*
                        _ => rt::write_decimal(out, v),
                    }
                }
            }
        });
        let regs = self.regs.iter().map(|&r| {
            let def = &spec.regs[r];
            let name = helper_ident("regs", &def.name.text);
            let doc = format!(
                " Prints a `{}` register: its file's prefix and index, or its number.",
                def.name.text
            );
            let files = def.files.iter().map(|file| {
                let (prefix, base, count) = (&file.prefix.text, num(file.base), num(file.count));
                let (test, index) = if file.base == 0 {
                    (quote!(v < #count), quote!(v))
                } else {
                    (quote!(v >= #base && v - #base < #count), quote!(v - #base))
                };
                quote!(if #test {
                    out.write_str(#prefix)?;
                    rt::write_decimal(out, #index)
                })
            });
            quote! {
                #[doc = #doc]
                fn #name<O: Write>(out: &mut O, v: u64) -> fmt::Result {
                    #(#files)else* else {
                        rt::write_decimal(out, v)
                    }
                }
            }
        });
        let flag = self.flag.then(|| {
            quote! {
                /// Prints `text` when `set`.
                #[inline(always)]
                fn flag<O: Write>(out: &mut O, set: bool, text: &str) -> fmt::Result {
                    if set {
                        out.write_str(text)
                    } else {
                        Ok(())
                    }
                }
            }
        });
        let mnemonics = self.mnemonics.iter().map(|&li| mnemonic_helper(spec, li));
        quote!(#flag #(#enums)* #(#regs)* #(#mnemonics)*)
    }
}

/// The printing function of the mnemonics of layout `li`'s opcodes: the
/// mnemonic of a value, an error for a value that is no opcode of it.
fn mnemonic_helper(spec: &Spec, li: usize) -> TokenStream {
    let l = &spec.layouts[li];
    let name = helper_ident("mnemonic", &l.name.text);
    let doc = format!(
        " Prints the mnemonic of the opcode of format `{}` with this value; an error for a value that is none.",
        l.name.text
    );
    let arms: Vec<TokenStream> = spec
        .opcodes
        .iter()
        .filter(|op| op.format == li)
        .map(|op| {
            let (value, text) = (num(op.value), op.text_mnemonic());
            quote!(#value => #text,)
        })
        .collect();
    let body = if arms.is_empty() {
        // A format without opcodes: no value has a mnemonic.
        quote! {
            let _ = (out, v);
            Err(fmt::Error)
        }
    } else {
        quote! {
            out.write_str(match v {
                #(#arms)*
                _ => return Err(fmt::Error),
            })
        }
    };
    quote! {
        #[doc = #doc]
        fn #name<O: Write>(out: &mut O, v: u64) -> fmt::Result {
            #body
        }
    }
}

/// `enum_vec4reg`: the printing function of an enum or register file.
fn helper_ident(prefix: &str, name: &str) -> Ident {
    let name: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    Ident::new(&format!("{prefix}_{name}"), Span::call_site())
}

/// The arms of `write` for format `fi`: per line, its pieces as code.
fn layout_write(spec: &Spec, fi: usize, l: &LayoutDef, all: &mut Uses, helpers: &mut Helpers) -> Vec<TokenStream> {
    let meta = upper_ident("LAYOUT", &l.name.text);
    let index = fi;
    let fi = num(fi as u64);
    let mut arms = Vec::new();
    for (i, t) in l.texts.iter().enumerate() {
        let mut uses = Uses::default();
        helpers.dialect = t.dialect;
        let body = pieces(spec, index, &t.template.pieces, &mut uses, helpers);
        // Written on its own, a line has its params clear.
        let params = uses.params.then(|| quote!(let params = 0u64;));
        let fields = uses.fields.then(|| quote!(let f = super::__layout::#meta.fields;));
        all.out |= !body.is_empty();
        all.word |= uses.word;
        all.hooks |= uses.hooks;
        let i = num(i as u64);
        arms.push(quote!((#fi, #i) => { #fields #params #body }));
    }
    arms
}

/// Whether `pieces` print a layout through its own lines.
pub(super) fn has_nested(pieces: &[TPiece]) -> bool {
    pieces.iter().any(|p| match p {
        TPiece::Field {
            style: TStyle::Nested(_),
            ..
        } => true,
        TPiece::Group { pieces, .. } => has_nested(pieces),
        _ => false,
    })
}

/// Statements that print `pieces` of layout `li` (literal runs written at
/// once).
fn pieces(spec: &Spec, li: usize, pieces: &[TPiece], uses: &mut Uses, helpers: &mut Helpers) -> TokenStream {
    let l = &spec.layouts[li];
    let mut out = Vec::new();
    let mut literal = String::new();
    let flush = |literal: &mut String, out: &mut Vec<TokenStream>| {
        if !literal.is_empty() {
            let s = core::mem::take(literal);
            out.push(quote!(out.write_str(#s)?;));
        }
    };
    for p in pieces {
        match p {
            TPiece::Text(s) => literal.push_str(s),
            TPiece::Space => literal.push(' '),
            TPiece::Hook { name, .. } => {
                flush(&mut literal, &mut out);
                (uses.hooks, uses.word) = (true, true);
                out.push(quote!(hooks.write_hook(out, #name, None, word)?;));
            }
            TPiece::Field { index, style, .. } => {
                flush(&mut literal, &mut out);
                uses.word = true;
                out.push(field(spec, li, *index, style, uses, helpers));
            }
            TPiece::Param { index, text, .. } => {
                flush(&mut literal, &mut out);
                (uses.params, helpers.flag) = (true, true);
                let i = num(*index as u64);
                out.push(quote!(flag(out, params >> #i & 1 != 0, #text)?;));
            }
            TPiece::Group {
                index,
                when_set,
                pieces: inner,
                ..
            } => {
                flush(&mut literal, &mut out);
                uses.word = true;
                let v = read(&l.fields[*index]);
                let test = if *when_set { quote!(#v != 0) } else { quote!(#v == 0) };
                if let Some(text) = literal_only(inner) {
                    helpers.flag = true;
                    out.push(quote!(flag(out, #test, #text)?;));
                } else {
                    let body = self::pieces(spec, li, inner, uses, helpers);
                    out.push(quote!(if #test { #body }));
                }
            }
        }
    }
    flush(&mut literal, &mut out);
    quote!(#(#out)*)
}

/// Statements that print layout field `f` of layout `li` through its
/// layouts' lines of the dialect (`helpers.dialect`): the union's layout
/// chosen by its fixed bits, its params from `bindings`.
fn nested(
    spec: &Spec,
    li: usize,
    f: &FieldDef,
    bindings: &[BindingDef],
    uses: &mut Uses,
    helpers: &mut Helpers,
) -> TokenStream {
    let l = &spec.layouts[li];
    let members: Vec<usize> = match f.ty {
        FieldTy::Layout(x) => vec![x],
        FieldTy::Union(u) => spec.unions[u].variants.iter().map(|v| v.0).collect(),
        _ => Vec::new(),
    };
    let raw = read_arg(f);
    let dialect = helpers.dialect;
    let mut branches = Vec::new();
    for &m in &members {
        if !helpers.nested.contains(&(m, dialect)) {
            helpers.nested.push((m, dialect));
        }
        let name = nested_ident(spec, m, dialect);
        let member = &spec.layouts[m];
        let mut mask = Vec::new();
        for (i, p) in member.params.iter().enumerate() {
            if let Some(b) = bindings.iter().find(|b| b.param.text == p.name.text) {
                let v = bind_value(l, &b.value, uses);
                mask.push(if i == 0 {
                    quote!(u64::from(#v))
                } else {
                    let i = num(i as u64);
                    quote!(u64::from(#v) << #i)
                });
            }
        }
        let mask = if mask.is_empty() { quote!(0) } else { quote!(#(#mask)|*) };
        let call = quote!(#name(out, &raw, #mask)?;);
        // A union's layout: the first whose fixed fields hold.
        let tests: Vec<TokenStream> = member
            .fields
            .iter()
            .filter_map(|x| match x.ty {
                FieldTy::Fixed(v) if members.len() > 1 => {
                    let (r, v) = (read(x), num(v));
                    Some(quote!(#r == #v))
                }
                _ => None,
            })
            .collect();
        branches.push((tests, call));
    }
    let body = if members.len() == 1 {
        let (_, call) = branches.remove(0);
        call
    } else {
        let arms = branches.into_iter().map(|(tests, call)| {
            let test = if tests.is_empty() {
                quote!(true)
            } else {
                quote!(#(#tests)&&*)
            };
            quote!(if { let word = &raw; #test } { #call })
        });
        quote!(#(#arms)else* else { return Err(fmt::Error); })
    };
    quote!({
        let raw: u64 = #raw;
        #body
    })
}

/// A binding's value as code (a `bool` expression), from the outer word
/// and params.
fn bind_value(l: &LayoutDef, v: &BindValue, uses: &mut Uses) -> TokenStream {
    let term = |t: &Term, set: bool| match t {
        Term::Field(i) => {
            let r = read(&l.fields[*i]);
            if set {
                quote!(#r != 0)
            } else {
                quote!(#r == 0)
            }
        }
        Term::OneOf(t) => {
            let test = one_of(&read(&l.fields[t.field]), &t.values);
            if set {
                test
            } else {
                quote!(!(#test))
            }
        }
    };
    match v {
        BindValue::Const(c) => quote!(#c),
        BindValue::Field { index, invert } => term(&Term::Field(*index), !invert),
        BindValue::Param { index, invert } => {
            uses.params = true;
            let i = num(*index as u64);
            if *invert {
                quote!(params >> #i & 1 == 0)
            } else {
                quote!(params >> #i & 1 != 0)
            }
        }
        BindValue::OneOf { term: t, invert } => term(&Term::OneOf(t.clone()), !invert),
        BindValue::Equal { a, b, differ } => {
            let (a, b) = (term(a, true), term(&Term::Field(*b), true));
            if *differ {
                quote!((#a) != (#b))
            } else {
                quote!((#a) == (#b))
            }
        }
    }
}

/// `nested_reg_mesa`: the printing function of a layout's lines of a
/// dialect.
fn nested_ident(spec: &Spec, layout: usize, dialect: usize) -> Ident {
    let name = format!(
        "{}_{}",
        spec.layouts[layout].name.text, spec.dialects[dialect].name.text
    );
    helper_ident("nested", &name)
}

/// The printing function of layout `li`'s lines of `dialect`, for a
/// line that prints the layout inside it: the first line whose
/// conditions (on the layout's bits, `word`, and its params) hold.
fn nested_helper(spec: &Spec, li: usize, dialect: usize, helpers: &mut Helpers) -> TokenStream {
    let l = &spec.layouts[li];
    let name = nested_ident(spec, li, dialect);
    let doc = format!(
        " Prints layout `{}` through its `{}` lines (its bits in `word`, its params in `params`).",
        l.name.text, spec.dialects[dialect].name.text
    );
    let meta = upper_ident("LAYOUT", &l.name.text);
    let outer = std::mem::replace(&mut helpers.dialect, dialect);
    let mut uses = Uses::default();
    let mut branches = Vec::new();
    let mut otherwise = quote!(Err(fmt::Error));
    for t in l.texts.iter().filter(|t| t.dialect == dialect) {
        let mut tests = Vec::new();
        let mut never = false;
        for c in &t.when {
            match condition(spec, l, c) {
                Ok(test) => tests.push(test),
                Err(false) => never = true,
                Err(true) => {}
            }
        }
        for &(p, set) in &t.when_params {
            uses.params = true;
            let p = num(p as u64);
            tests.push(if set {
                quote!(params >> #p & 1 != 0)
            } else {
                quote!(params >> #p & 1 == 0)
            });
        }
        if never {
            continue;
        }
        let body = pieces(spec, li, &t.template.pieces, &mut uses, helpers);
        let body = quote!({ #body Ok(()) });
        if tests.is_empty() {
            otherwise = body;
            break;
        }
        uses.word = true;
        branches.push(quote!(if #(#tests)&&* #body));
    }
    helpers.dialect = outer;
    let fields = uses.fields.then(|| quote!(let f = super::__layout::#meta.fields;));
    let (word, params) = (
        if uses.word { quote!(word) } else { quote!(_word) },
        if uses.params { quote!(params) } else { quote!(_params) },
    );
    let body = if branches.is_empty() {
        otherwise
    } else {
        quote!(#(#branches)else* else { #otherwise })
    };
    quote! {
        #[doc = #doc]
        #[allow(clippy::needless_return, unused_variables, unused_parens)]
        fn #name<O: Write>(out: &mut O, #word: &u64, #params: u64) -> fmt::Result {
            #fields
            #body
        }
    }
}

/// The text of pieces that are all literal (text and spaces).
fn literal_only(pieces: &[TPiece]) -> Option<String> {
    let mut text = String::new();
    for p in pieces {
        match p {
            TPiece::Text(s) => text.push_str(s),
            TPiece::Space => text.push(' '),
            _ => return None,
        }
    }
    Some(text)
}

/// Statements that print field `index` of layout `li` in `style`.
fn field(spec: &Spec, li: usize, index: usize, style: &TStyle, uses: &mut Uses, helpers: &mut Helpers) -> TokenStream {
    let l = &spec.layouts[li];
    let f = &l.fields[index];
    let v = read(f);
    let a = read_arg(f);
    let decimal = quote!(rt::write_decimal(out, #a)?;);
    let hex = quote!(write!(out, "{:#x}", #a)?;);
    match style {
        TStyle::View { view, decimals } => {
            let view = super::metadata::view_path(view);
            let decimals = match decimals {
                Some(n) => quote!(::core::option::Option::Some(#n)),
                None => quote!(::core::option::Option::None),
            };
            return quote!(rt::write_view(out, #view, #decimals, #a)?;);
        }
        TStyle::Hook(h) => {
            (uses.hooks, uses.fields) = (true, true);
            let index = num(index as u64);
            return quote! {
                let v = #a;
                hooks.write_field_hook(out, #h, &f[#index], v, word)?;
            };
        }
        TStyle::Flag(s) if matches!(f.ty, FieldTy::Bool) => {
            helpers.flag = true;
            return quote!(flag(out, #v != 0, #s)?;);
        }
        TStyle::Decimals(n) => {
            let width = f.width;
            return quote!(rt::write_decimals(out, #width, #a, #n)?;);
        }
        TStyle::Plus(n) => return quote!(rt::write_decimal(out, #a + #n)?;),
        TStyle::Sign => {
            let signed = matches!(f.ty, FieldTy::Signed);
            let width = f.width;
            return quote!(rt::write_sign(out, #width, #signed, #a)?;);
        }
        TStyle::Mnemonic => {
            if !helpers.mnemonics.contains(&li) {
                helpers.mnemonics.push(li);
            }
            let name = helper_ident("mnemonic", &l.name.text);
            return quote!(#name(out, #a)?;);
        }
        TStyle::Hex => return hex,
        TStyle::Decimal => return decimal,
        TStyle::Nested(bindings) => return nested(spec, li, f, bindings, uses, helpers),
        // A flag on another type prints the type's default form.
        TStyle::Flag(_) | TStyle::Default => {}
    }
    match f.ty {
        FieldTy::Unsigned | FieldTy::Opcode | FieldTy::Reserved | FieldTy::Presence | FieldTy::Bool => decimal,
        FieldTy::Unknown | FieldTy::Fixed(_) => hex,
        FieldTy::Signed => {
            let shift = num((64 - f.width).into());
            quote!(rt::write_signed(out, ((#v << #shift) as i64) >> #shift)?;)
        }
        FieldTy::Half => quote!(rt::write_half(out, #a)?;),
        FieldTy::Float => quote!(rt::write_float(out, #a)?;),
        FieldTy::Enum(e) => {
            if !helpers.enums.contains(&e) {
                helpers.enums.push(e);
            }
            let name = helper_ident("enum", &spec.enums[e].name.text);
            quote!(#name(out, #a)?;)
        }
        FieldTy::Regs(r) => {
            if !helpers.regs.contains(&r) {
                helpers.regs.push(r);
            }
            let name = helper_ident("regs", &spec.regs[r].name.text);
            quote!(#name(out, #a)?;)
        }
        // Kinds printed through the runtime's code for the field.
        FieldTy::Layout(_) | FieldTy::Union(_) | FieldTy::Mask(_) | FieldTy::Swizzle(_) => {
            uses.fields = true;
            let index = num(index as u64);
            quote!(rt::write_styled(out, &f[#index], ::isa_runtime::layout::Style::Default, word)?;)
        }
    }
}
