//! The isaforge proc-macros.
//!
//! [`isa!`] reads an ISA spec file and expands to its typed codec: enums,
//! register operands, format structs, the `Instruction` enum with
//! `decode`/`encode`, `Display`/`FromStr`, and the `LAYOUT` metadata.
//! [`isa_tests!`] reads the same spec and expands to its round-trip tests.
//!
//! The pipeline reads as its modules do: [`lexer`] → [`parser`] (syntax tree
//! with spans) → [`resolve`] (typed model) → [`validate`] (every rule, every
//! error at once) → [`expand`]. Errors come out as `compile_error!`s that
//! carry `file:line:col` and a caret excerpt of the spec. Set
//! `ISAFORGE_DEBUG_EXPANSION=1` to print the expansion.

mod ast;
mod diag;
mod expand;
mod lexer;
mod model;
mod naming;
mod parser;
mod resolve;
mod semantics;
mod source;
mod suggest;
mod template;
mod validate;

use darling::ast::NestedMeta;
use darling::FromMeta;
use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::diag::Diagnostics;
use crate::model::Spec;
use crate::source::Source;

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
}

/// Arguments of `isa_tests!`.
#[derive(FromMeta)]
struct TestArgs {
    file: syn::LitStr,
    /// The module where `isa!` expanded the same spec.
    module: syn::Path,
    /// The checker module (default `::generated_tests::check`).
    #[darling(default)]
    checker: Option<syn::Path>,
    /// Random words to sweep (default 1 000 000).
    #[darling(default)]
    random_words: Option<u64>,
}

/// Expands an ISA spec into its typed codec and `LAYOUT` metadata.
///
/// ```ignore
/// pub mod pica {
///     isa_macros::isa!(file = "specs/pica.isa");
/// }
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
    let output = match compile(&source, span) {
        Ok(spec) => expand::expand(&spec),
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
/// isa_macros::isa_tests!(file = "../isa-specs/specs/pica.isa", module = isa_specs::pica);
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
    let output = match compile(&source, span) {
        Ok(spec) => expand::tests::expand_tests(
            &spec,
            &expand::tests::TestOptions {
                module: args.module,
                checker: args
                    .checker
                    .unwrap_or_else(|| syn::parse_quote!(::generated_tests::check)),
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

/// parse → resolve → validate. On any error, every error as `compile_error!`.
fn compile(source: &Source, span: Span) -> Result<Spec, TokenStream> {
    let mut diags = Diagnostics::default();
    let tokens = lexer::lex(&source.text, &mut diags);
    let ast = parser::parse(&tokens, &mut diags);
    let spec = resolve::resolve(ast, &mut diags);
    if let Some(spec) = &spec {
        validate::validate(spec, &mut diags);
    }
    match spec {
        Some(spec) if diags.is_empty() => Ok(spec),
        _ => Err(diags.to_compile_errors(source, span)),
    }
}

fn debug_print(output: &TokenStream) {
    if std::env::var_os("ISAFORGE_DEBUG_EXPANSION").is_some() {
        match syn::parse2::<syn::File>(output.clone()) {
            Ok(file) => eprintln!("{}", prettyplease::unparse(&file)),
            Err(_) => eprintln!("{output}"),
        }
    }
}

#[cfg(test)]
mod snapshot_tests {
    use super::*;

    /// The expansion of `tests/expand/toy.isa`, pretty-printed, matches the
    /// checked-in `tests/expand/toy.expanded.rs`. Set `ISAFORGE_BLESS=1` to
    /// rewrite the snapshot after an intended codegen change.
    #[test]
    fn toy_expansion_matches_snapshot() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expand");
        let text = std::fs::read_to_string(dir.join("toy.isa")).expect("toy.isa");
        let source = Source {
            name: "toy.isa".into(),
            text,
        };
        let spec = match compile(&source, Span::call_site()) {
            Ok(spec) => spec,
            Err(errors) => panic!("toy.isa does not compile: {errors}"),
        };
        let file: syn::File = syn::parse2(expand::expand(&spec)).expect("the expansion parses as a Rust file");
        let pretty = prettyplease::unparse(&file);
        let snapshot = dir.join("toy.expanded.rs");
        if std::env::var_os("ISAFORGE_BLESS").is_some() {
            std::fs::write(&snapshot, &pretty).expect("write snapshot");
        }
        let expected = std::fs::read_to_string(&snapshot).expect("toy.expanded.rs (run with ISAFORGE_BLESS=1)");
        pretty_assertions::assert_eq!(pretty, expected);
    }

    /// Every error of a file arrives in one run, sorted by position.
    #[test]
    fn errors_are_collected_not_stopped_at_the_first() {
        let source = Source {
            name: "bad.isa".into(),
            text: "isa t { word 32 }\nformat F : 32 {\n  a 0..=3 u\n  b 2..=5 Nope\n  opcode 26..=31 opcode\n  syntax \"{a}, {b}\"\n}\nopcodes {\n  x 0 F\n  x 1 F\n}\n".into(),
        };
        let mut diags = Diagnostics::default();
        let tokens = lexer::lex(&source.text, &mut diags);
        let ast = parser::parse(&tokens, &mut diags);
        let spec = resolve::resolve(ast, &mut diags).expect("resolves");
        validate::validate(&spec, &mut diags);
        let rendered = diags.render(&source);
        let firsts: Vec<&str> = rendered.iter().map(|e| e.lines().next().unwrap_or("")).collect();
        pretty_assertions::assert_eq!(
            firsts,
            [
                "bad.isa:2:8: bits 6..=25 of format `F` are not accounted for: declare them as a field, `fixed V`, `reserved` or `unknown`",
                "bad.isa:4:5: fields `a` (bits 0..=3) and `b` (bits 2..=5) overlap at bits 2..=3",
                "bad.isa:4:11: unknown field type `Nope`",
                "bad.isa:10:3: duplicate mnemonic `x`",
            ]
        );
    }
}

#[cfg(test)]
mod semantics_tests {
    use super::*;

    /// The semantics proposed for Lima PP's multiplier, adder and combiner
    /// operations (`tests/semantics/lima_pp_ops.isa`) pass every check, and
    /// every value of those enums has one.
    #[test]
    fn lima_pp_operation_semantics_check() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/semantics");
        let text = std::fs::read_to_string(dir.join("lima_pp_ops.isa")).expect("lima_pp_ops.isa");
        let source = Source {
            name: "lima_pp_ops.isa".into(),
            text,
        };
        let spec = match compile(&source, Span::call_site()) {
            Ok(spec) => spec,
            Err(errors) => panic!("lima_pp_ops.isa does not compile: {errors}"),
        };
        assert_eq!(spec.enums.len(), 3);
        for e in &spec.enums {
            assert!(e.operands.is_some(), "{}", e.name.text);
            for v in &e.variants {
                assert!(!v.semantics.is_empty(), "{}::{}", e.name.text, v.name.text);
            }
        }
    }

    /// A misspelt operand in an enum value's semantics is one positioned
    /// error that points into the string.
    #[test]
    fn enum_value_semantics_errors_are_positioned() {
        let source = Source {
            name: "bad.isa".into(),
            text: "isa t { word 32 }\nenum Op : 2 operands(a, b) {\n  add = 0 \"add\" sem \"dst = a + bb\"\n}\nformat F : 32 {\n  op 0..=1 Op\n  rest 2..=31 u\n  syntax \"{op} {rest}\"\n}\n".into(),
        };
        let mut diags = Diagnostics::default();
        let tokens = lexer::lex(&source.text, &mut diags);
        let ast = parser::parse(&tokens, &mut diags);
        let spec = resolve::resolve(ast, &mut diags).expect("resolves");
        validate::validate(&spec, &mut diags);
        let rendered = diags.render(&source);
        assert_eq!(rendered.len(), 1, "{rendered:?}");
        assert!(
            rendered[0].starts_with(
                "bad.isa:3:32: semantics of `Op::add`: `bb` is not an operand of enum `Op` (operands: `a`, `b`, `dst`); did you mean `b`?"
            ),
            "{rendered:?}"
        );
    }
}

#[cfg(test)]
mod robustness_tests {
    use super::*;

    /// Random edits of the real PICA spec (deleted, duplicated and replaced
    /// characters and lines) never panic the macro: each ends in a spec or in
    /// positioned errors.
    #[test]
    fn mutated_specs_never_panic() {
        mutate_spec("pica.isa", 600);
        mutate_spec("lima_pp.isa", 400);
    }

    /// `count` random mutations of a shipped spec: each compiles and expands,
    /// or fails with located errors; none panics.
    fn mutate_spec(file: &str, count: usize) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let original = std::fs::read_to_string(dir.join("../isa-specs/specs").join(file)).expect("spec file");
        let alphabet: Vec<char> = "{}()=+:,.\"/ \n\tx0123456789abcfu_-é\\|!".chars().collect();
        let mut state = 0x5EED_u64;
        let mut next = move |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) as usize) % n.max(1)
        };
        let (mut ok, mut failed) = (0, 0);
        for _ in 0..count {
            let mut chars: Vec<char> = original.chars().collect();
            for _ in 0..1 + next(4) {
                let at = next(chars.len());
                match next(4) {
                    0 => {
                        chars.remove(at);
                    }
                    1 => chars.insert(at, alphabet[next(alphabet.len())]),
                    2 => chars[at] = alphabet[next(alphabet.len())],
                    _ => {
                        let end = (at + next(40)).min(chars.len());
                        let copy: Vec<char> = chars[at..end].to_vec();
                        let to = next(chars.len());
                        chars.splice(to..to, copy);
                    }
                }
            }
            let source = Source {
                name: "mutant.isa".into(),
                text: chars.into_iter().collect(),
            };
            match compile(&source, Span::call_site()) {
                Ok(spec) => {
                    let _ = expand::expand(&spec);
                    ok += 1;
                }
                Err(errors) => {
                    assert!(errors.to_string().contains("mutant.isa:"), "errors carry a location");
                    failed += 1;
                }
            }
        }
        assert!(
            ok > 0 && failed > 0,
            "mutations of {file} should both keep and break the spec ({ok} ok, {failed} failed)"
        );
    }
}

#[cfg(test)]
mod regression_tests {
    use super::*;

    /// An opcode field above bit 127 of a wide word is an error, not a panic.
    #[test]
    fn opcode_above_bit_127_is_an_error() {
        let source = Source {
            name: "wide.isa".into(),
            text: "isa toy { word 192 }\nformat T : 192 {\n  a 0..=63 unknown\n  b 64..=127 unknown\n  c 128..=159 unknown\n  opcode 160..=191 opcode\n  syntax \"\"\n}\nopcodes {\n  nop 0 T\n}\n".into(),
        };
        let errors = compile(&source, Span::call_site()).err().expect("rejected").to_string();
        assert!(errors.contains("must lie in bits 0..=127"), "{errors}");
    }
}
