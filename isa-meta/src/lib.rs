//! The isaforge spec language as a library: what the `isa!` and `isa_tests!`
//! proc-macros of `isa-macros` run, callable from ordinary code (the fuzz
//! properties `isa_props::spec::{front_end, expand}`, tools, tests).
//!
//! The pipeline reads as its modules do: lexer → parser (syntax tree with
//! spans) → resolve (typed model) → validate (every rule, every error at
//! once) → expand. [`compile`] runs the front end on a [`Source`] and returns
//! the validated [`Spec`] or every error as [`Diagnostics`], which render as
//! `file:line:col: message` with caret excerpts of the spec
//! ([`Diagnostics::render`]) or as `compile_error!`s
//! ([`Diagnostics::to_compile_errors`]). [`expand`] turns a [`Spec`] into the
//! typed codec and its `LAYOUT` metadata, [`expand_tests`] into its
//! round-trip test suite; both build a [`proc_macro2::TokenStream`], so they
//! run outside a proc-macro too.
//!
//! ```
//! use isa_meta::Source;
//!
//! let source = Source {
//!     name: "bad.isa".into(),
//!     text: "isa t { word 33 }\n".into(),
//! };
//! let errors = isa_meta::compile(&source).err().expect("rejected");
//! // Every error at once: no opcodes, and an unsupported word width.
//! assert_eq!(errors.len(), 2);
//! let text = errors.render(&source);
//! assert!(text.contains("bad.isa:1:14: word width 33 is not supported"));
//! assert!(text.contains("1 | isa t { word 33 }\n  |              ^^"));
//! ```
#![deny(missing_docs)]

mod ast;
mod attrs;
mod diag;
mod dialects;
mod expand;
mod lexer;
mod misspelt;
mod model;
mod naming;
mod nested;
mod parser;
mod resolve;
mod semantics;
mod source;
mod suggest;
mod template;
mod validate;
mod variants;

#[cfg(test)]
mod tests;

use proc_macro2::TokenStream;

pub use crate::diag::{Diagnostic, Diagnostics, ALSO_MAX};
pub use crate::expand::tests::TestOptions;
pub use crate::model::Spec;
pub use crate::source::{Lines, Source, Span, EXCERPT_WIDTH};

/// Parses, resolves and validates a spec: the validated model, or every
/// error found (all of them, sorted by position when rendered).
pub fn compile(source: &Source) -> Result<Spec, Diagnostics> {
    let mut diags = Diagnostics::default();
    let tokens = lexer::lex(&source.text, &mut diags);
    let ast = parser::parse(&tokens, &mut diags);
    let owners = misspelt::Owners::of(&ast);
    let spec = resolve::resolve(ast, &mut diags);
    if let Some(spec) = &spec {
        validate::validate(spec, &mut diags);
    }
    misspelt::merge(source, &owners, &mut diags);
    match spec {
        Some(spec) if diags.is_empty() => Ok(spec),
        _ => Err(diags),
    }
}

/// The code `isa!` expands to for a validated spec: enums, register
/// operands, format structs, the `Instruction` enum with `decode`/`encode`,
/// the text impls, the `LAYOUT` metadata and the ISA's marker type.
pub fn expand(spec: &Spec) -> TokenStream {
    expand::expand(spec)
}

/// The round-trip test suite `isa_tests!` expands to for a validated spec.
pub fn expand_tests(spec: &Spec, options: &TestOptions) -> TokenStream {
    expand::tests::expand_tests(spec, options)
}
