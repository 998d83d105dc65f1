//! Where the generated code finds the runtime.
//!
//! The generator writes every runtime path as `::isa_runtime::…`. A crate
//! that re-exports the runtime (the `isaforge` facade) passes its own path
//! as `runtime = …`, and [`rewrite`] puts that path in place of each
//! `::isa_runtime`, so the user of the facade never depends on
//! `isa-runtime` by name (serde's `crate = "…"` for re-exporters).

use proc_macro2::{Group, Spacing, Span, TokenStream, TokenTree};
use quote::ToTokens;

/// `output` with every `::isa_runtime` replaced by `runtime`; unchanged when
/// `runtime` is `None`.
pub(crate) fn rewrite(output: TokenStream, runtime: Option<&syn::Path>) -> TokenStream {
    match runtime {
        Some(path) => replace(output, &path.to_token_stream()),
        None => output,
    }
}

/// The error for a crate that calls `isa_macros::isa!` without the
/// runtime among its dependencies (without it, rustc's own error is "cannot
/// find `isa_runtime` in the crate root" with a misleading hint), or `None`.
/// The calling crate's `Cargo.toml` is read as text; a crate whose manifest
/// cannot be read is given the benefit of the doubt.
pub(crate) fn missing_dependency(span: Span) -> Option<TokenStream> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let manifest = std::fs::read_to_string(std::path::Path::new(&dir).join("Cargo.toml")).ok()?;
    if names_the_runtime(&manifest) {
        return None;
    }
    Some(
        syn::Error::new(
            span,
            "the code `isa_macros::isa!` generates calls the `isa-runtime` crate, which is not a dependency of this \
             crate: depend on `isaforge` alone and call `isaforge::isa!` (it tells the macro where the runtime is), \
             or add `isa-runtime` to [dependencies]",
        )
        .to_compile_error(),
    )
}

/// Whether a manifest's text names the runtime crate (as a dependency, a
/// renamed package or a workspace dependency).
fn names_the_runtime(manifest: &str) -> bool {
    manifest.contains("isa-runtime") || manifest.contains("isa_runtime")
}

fn replace(stream: TokenStream, runtime: &TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if is_runtime_root(&tokens[i..]) {
            out.extend(runtime.clone());
            i += 3;
            continue;
        }
        out.push(match &tokens[i] {
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), replace(g.stream(), runtime));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        i += 1;
    }
    out.into_iter().collect()
}

/// Whether the tokens start with `::isa_runtime` (two joint colons, then
/// the ident); the generator writes that ident only as a path's root.
fn is_runtime_root(tokens: &[TokenTree]) -> bool {
    matches!(
        tokens,
        [TokenTree::Punct(a), TokenTree::Punct(b), TokenTree::Ident(id), ..]
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':' && id == "isa_runtime"
    )
}

#[cfg(test)]
mod tests {
    use quote::quote;

    #[test]
    fn every_runtime_root_is_replaced_nested_ones_too() {
        let out = super::rewrite(
            quote!(
                fn f() -> ::isa_runtime::DecodeError {
                    {
                        ::isa_runtime::x::y()
                    }
                }
                use ::core::fmt;
            ),
            Some(&syn::parse_quote!(::facade::runtime)),
        );
        assert_eq!(
            out.to_string(),
            quote!(
                fn f() -> ::facade::runtime::DecodeError {
                    {
                        ::facade::runtime::x::y()
                    }
                }
                use ::core::fmt;
            )
            .to_string()
        );
    }

    #[test]
    fn a_manifest_names_the_runtime_or_not() {
        assert!(super::names_the_runtime(
            "[dependencies]\nisa-runtime = { path = \"../isa-runtime\" }\n"
        ));
        assert!(super::names_the_runtime(
            "[dependencies]\nisa-runtime.workspace = true\n"
        ));
        assert!(super::names_the_runtime(
            "[dependencies]\nrt = { package = \"isa-runtime\", version = \"0.1\" }\n"
        ));
        assert!(!super::names_the_runtime("[dependencies]\nisa-macros = \"0.1\"\n"));
    }

    #[test]
    fn without_a_runtime_path_nothing_changes() {
        let input = quote!(::isa_runtime::DecodeError);
        assert_eq!(super::rewrite(input.clone(), None).to_string(), input.to_string());
    }
}
