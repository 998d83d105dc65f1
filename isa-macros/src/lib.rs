//! The isaforge proc-macros.
//!
//! [`isa!`] reads an ISA spec file and expands to its typed codec: enums,
//! register operands, format structs, the `Instruction` enum with
//! `decode`/`encode`, `Display`/`FromStr`, and the `LAYOUT` metadata.
//! [`isa_tests!`] reads the same spec and expands to its round-trip tests.
//!
//! This crate only reads the macro arguments (with darling) and the spec
//! file; the spec language itself lives in the `isa-meta` library: lexer →
//! parser (syntax tree with spans) → resolve (typed model) → validate (every
//! rule, every error at once) → expand, as `isa_meta::compile`,
//! `isa_meta::expand` and `isa_meta::expand_tests`. Errors come out as
//! `compile_error!`s that carry `file:line:col` and a caret excerpt of the
//! spec, spanned on the macro's `file`/`inline` argument. Set
//! `ISAFORGE_DEBUG_EXPANSION=1` to print the expansion.
#![deny(missing_docs)]

use darling::ast::NestedMeta;
use darling::FromMeta;
use proc_macro2::{Span, TokenStream};
use quote::quote;

use isa_meta::{Source, Spec, TestOptions};

mod runtime_path;

/// Arguments of `isa!`: a spec file, or an inline spec (for tests).
#[derive(FromMeta)]
struct IsaArgs {
    /// Path relative to the invoking crate's `CARGO_MANIFEST_DIR`; a leading
    /// `$OUT_DIR/` resolves against the build script's output directory.
    #[darling(default)]
    file: Option<syn::LitStr>,
    /// The spec text itself.
    #[darling(default)]
    inline: Option<syn::LitStr>,
    /// The path of the runtime crate in the generated code (default
    /// `::isa_runtime`); a crate that re-exports the runtime passes its own
    /// path, as the `isaforge` facade passes `$crate::runtime`.
    #[darling(default)]
    runtime: Option<syn::Path>,
}

/// Arguments of `isa_tests!`.
#[derive(FromMeta)]
struct TestArgs {
    file: syn::LitStr,
    /// The module where `isa!` expanded the same spec.
    module: syn::Path,
    /// The checker module (default `::isa_runtime::check`, the runtime's
    /// `check` feature).
    #[darling(default)]
    checker: Option<syn::Path>,
    /// Random words to sweep (default 1 000 000).
    #[darling(default)]
    random_words: Option<u64>,
    /// The runtime's path, as for `isa!`.
    #[darling(default)]
    runtime: Option<syn::Path>,
}

/// Expands an ISA spec into its typed codec and `LAYOUT` metadata.
///
/// ```ignore
/// // isa-specs/pica/src/lib.rs: the spec file beside the crate's manifest
/// isa_macros::isa!(file = "pica.isa");
/// ```
#[proc_macro]
pub fn isa(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let args = match parse_args::<IsaArgs>(input.into()) {
        Ok(a) => a,
        Err(e) => return e.into(),
    };
    let loaded = match (&args.file, &args.inline) {
        (Some(file), None) => load_file(file),
        (None, Some(inline)) => Ok((
            Source {
                name: "<inline spec>".into(),
                text: inline.value(),
            },
            inline.span(),
            None,
        )),
        _ => Err(syn::Error::new(
            Span::call_site(),
            "expected exactly one of `file = \"…\"` or `inline = \"…\"`",
        )
        .to_compile_error()),
    };
    let (source, span, tracked) = match loaded {
        Ok(l) => l,
        Err(e) => return e.into(),
    };
    if args.runtime.is_none() {
        if let Some(error) = runtime_path::missing_dependency(span) {
            return error.into();
        }
    }
    let output = match compile(&source, span) {
        Ok(spec) => runtime_path::rewrite(isa_meta::expand(&spec), args.runtime.as_ref()),
        Err(errors) => errors,
    };
    let track = tracked.map(|path| {
        quote!(
            const _: &str = ::core::include_str!(#path);
        )
    });
    let output = quote!(#track #output);
    debug_print(&output);
    output.into()
}

/// Expands an ISA spec into its generated round-trip test suite.
///
/// ```ignore
/// isa_macros::isa_tests!(file = "../isa-specs/pica/pica.isa", module = isa_pica);
/// ```
#[proc_macro]
pub fn isa_tests(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let args = match parse_args::<TestArgs>(input.into()) {
        Ok(a) => a,
        Err(e) => return e.into(),
    };
    let (source, span, tracked) = match load_file(&args.file) {
        Ok(l) => l,
        Err(e) => return e.into(),
    };
    if args.runtime.is_none() {
        if let Some(error) = runtime_path::missing_dependency(span) {
            return error.into();
        }
    }
    let output = match compile(&source, span) {
        Ok(spec) => isa_meta::expand_tests(
            &spec,
            &TestOptions {
                module: args.module,
                checker: args.checker.unwrap_or_else(|| syn::parse_quote!(::isa_runtime::check)),
                random_words: args.random_words.unwrap_or(1_000_000),
            },
        ),
        Err(errors) => errors,
    };
    let track = tracked.map(|path| {
        quote!(
            const _: &str = ::core::include_str!(#path);
        )
    });
    let output = runtime_path::rewrite(output, args.runtime.as_ref());
    quote!(#track #output).into()
}

fn parse_args<T: FromMeta>(input: TokenStream) -> Result<T, TokenStream> {
    let list = NestedMeta::parse_meta_list(input).map_err(|e| e.to_compile_error())?;
    T::from_list(&list).map_err(|e| e.write_errors())
}

/// Reads a spec file; returns the source, the span to report on, and the
/// absolute path to track for rebuilds.
fn load_file(file: &syn::LitStr) -> Result<(Source, Span, Option<String>), TokenStream> {
    let written = file.value();
    let path = if let Some(rest) = written.strip_prefix("$OUT_DIR/") {
        let out = std::env::var("OUT_DIR").map_err(|_| {
            syn::Error::new(file.span(), "`$OUT_DIR/` needs a build script, but OUT_DIR is not set").to_compile_error()
        })?;
        std::path::Path::new(&out).join(rest)
    } else {
        let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
        std::path::Path::new(&dir).join(&written)
    };
    let text = std::fs::read_to_string(&path).map_err(|e| {
        syn::Error::new(
            file.span(),
            format!("cannot read spec `{written}` (paths are relative to the crate's CARGO_MANIFEST_DIR): {e}"),
        )
        .to_compile_error()
    })?;
    let name = written.strip_prefix("$OUT_DIR/").unwrap_or(&written).to_string();
    Ok((Source { name, text }, file.span(), Some(path.display().to_string())))
}

/// parse → resolve → validate (`isa_meta::compile`). On any error, every
/// error as a `compile_error!` spanned on `span`.
fn compile(source: &Source, span: Span) -> Result<Spec, TokenStream> {
    isa_meta::compile(source).map_err(|diags| diags.to_compile_errors(source, span))
}

fn debug_print(output: &TokenStream) {
    if std::env::var_os("ISAFORGE_DEBUG_EXPANSION").is_some() {
        match syn::parse2::<syn::File>(output.clone()) {
            Ok(file) => eprintln!("{}", prettyplease::unparse(&file)),
            Err(_) => eprintln!("{output}"),
        }
    }
}
