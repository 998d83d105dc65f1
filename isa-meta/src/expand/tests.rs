//! The round-trip test suite generated from a spec (`isa_tests!`): one test
//! per opcode, enum and layout, the structs' `Default`s, plus a random-word
//! sweep. The test bodies call a checker module (by default
//! `::isa_runtime::check`, the runtime's `check` feature), which
//! drives the generated codec through the `LAYOUT` metadata.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::model::Spec;
use crate::naming::type_ident;

/// What `isa_tests!` was told besides the spec.
pub struct TestOptions {
    /// The module where `isa!` expanded the same spec.
    pub module: syn::Path,
    /// The checker module the tests call (`::isa_runtime::check`).
    pub checker: syn::Path,
    /// How many random words the sweep decodes.
    pub random_words: u64,
}

/// A test that every layout and format with a `Default` encodes it as a
/// word of zeros with the fixed fields set, which decodes back to it.
fn defaults_test(spec: &Spec, module: &syn::Path, checker: &syn::Path) -> TokenStream {
    let checks = spec
        .layouts
        .iter()
        .filter(|l| super::values::has_zero(spec, l))
        .map(|l| {
            let ty = type_ident(&l.name.text);
            let (decode, encode) = if l.is_format {
                (quote!(decode_fields), quote!(encode_fields))
            } else {
                (quote!(decode), quote!(encode))
            };
            quote! {
                let value = <#module::#ty as ::core::default::Default>::default();
                let word = value.#encode();
                #checker::default_word(#module::#ty::FORMAT, &word);
                ::core::assert_eq!(#module::#ty::#decode(word), ::core::result::Result::Ok(value));
            }
        });
    quote! {
        /// Every layout and format with a `Default`: it encodes to zeros
        /// with the fixed fields set, which decode back to it.
        #[test]
        fn every_default_is_the_zero_word() {
            #(#checks)*
        }
    }
}

fn test_name(prefix: &str, name: &str, suffix: &str) -> Ident {
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    Ident::new(&format!("{prefix}_{clean}_{suffix}"), Span::call_site())
}

/// A test that the generated `text_writers` select and print as the
/// table-driven printer does, over random words of the widest layout's type.
fn text_writers_test(spec: &Spec, module: &syn::Path, checker: &syn::Path, count: u64) -> TokenStream {
    let bits = spec.layouts.iter().map(|l| l.bits).max().unwrap_or(spec.word_bits);
    let word = super::word_type(bits);
    quote! {
        /// The generated printers of the `text` lines choose and print
        /// what the table-driven printer does from the metadata.
        #[test]
        fn text_writers_print_as_the_metadata() {
            #checker::text_writers::text_writers::<#word>(
                &#module::LAYOUT,
                &#module::text_writers::GROUPS,
                #module::text_writers::select::<#word>,
                #module::text_writers::write::<#word, ::std::string::String, #checker::text_writers::EchoHooks>,
                #count,
            );
        }

        /// The generated carries of the `text` lines write what parsing
        /// each line's printed text writes.
        #[test]
        fn text_carries_are_what_parsing_the_text_gives() {
            #checker::text_writers::text_carries(
                &#module::LAYOUT,
                #module::text_carry::carry::<#checker::text_writers::ValueHooks>,
                #count,
            );
        }
    }
}

pub fn expand_tests(spec: &Spec, opts: &TestOptions) -> TokenStream {
    let TestOptions {
        module,
        checker,
        random_words,
    } = opts;
    let marker = type_ident(&spec.name.text);
    let isa = quote!(#module::#marker);
    if let Some(b) = &spec.packed {
        return packed_tests(spec, b, opts, &isa);
    }
    let opcode_tests = spec.opcodes.iter().enumerate().map(|(i, op)| {
        let name = test_name("opcode", &op.mnemonic.text, "every_field_value");
        let doc = format!(
            "`{}`: every value of every field up to 16 bits, edges and random values beyond.",
            op.mnemonic.text
        );
        quote! {
            #[doc = #doc]
            #[test]
            fn #name() {
                #checker::opcode_fields::<#isa>(#i);
            }
        }
    });
    let enum_tests = spec.enums.iter().map(|e| {
        let name = test_name("enum", &e.name.text, "every_value");
        let ename = &e.name.text;
        quote! {
            #[test]
            fn #name() {
                #checker::enum_values::<#isa>(#ename);
            }
        }
    });
    let layout_tests = spec.layouts.iter().filter(|l| !l.is_format).map(|l| {
        let name = test_name("layout", &l.name.text, "every_field_value");
        let ty = type_ident(&l.name.text);
        quote! {
            #[test]
            fn #name() {
                #checker::layout_fields::<#module::#ty>();
            }
        }
    });
    let bundle_test = spec.bundle().map(|_| {
        quote! {
            /// The bundle's one format: every value of every field up to 16
            /// bits, edges and random values beyond.
            #[test]
            fn bundle_every_field_value() {
                #checker::bundle_fields::<#isa>();
            }
        }
    });
    let mnemonics = spec.opcodes.iter().map(|o| o.mnemonic.text.as_str());
    let formats = spec.layouts.iter().map(|l| l.name.text.as_str());
    let defaults = defaults_test(spec, module, checker);
    let texts = text_writers_test(spec, module, checker, (*random_words).min(100_000));
    quote! {
        #(#opcode_tests)*
        #defaults
        #texts
        #(#enum_tests)*
        #(#layout_tests)*
        #bundle_test

        /// The metadata lists exactly the spec's opcodes and formats, in order.
        #[test]
        fn layout_lists_every_opcode_and_format() {
            #checker::layout_lists::<#isa>(&[#(#mnemonics),*], &[#(#formats),*]);
        }

        /// Random lines of the ISA's vocabulary: the parser never panics and
        /// its errors point inside the line.
        #[test]
        fn random_text_never_panics() {
            #checker::random_text::<#isa>(20_000);
        }

        /// Random words: whatever decodes re-encodes bit-identically and
        /// survives print → parse; nothing panics.
        #[test]
        fn random_words_round_trip() {
            #checker::random_words::<#isa>(#random_words);
        }
    }
}

/// The suite of a presence-mask bundle ISA: every layout's fields, every
/// field of every unit variant inside an instruction, random and corrupt
/// programs, random text.
fn packed_tests(spec: &Spec, b: &crate::model::BundleDef, opts: &TestOptions, isa: &TokenStream) -> TokenStream {
    let TestOptions {
        module,
        checker,
        random_words,
    } = opts;
    let layout_tests = spec.layouts.iter().map(|l| {
        let name = test_name("layout", &l.name.text, "every_field_value");
        let ty = type_ident(&l.name.text);
        quote! {
            #[test]
            fn #name() {
                #checker::layout_fields::<#module::#ty>();
            }
        }
    });
    let units = b.units.iter().map(|u| u.name.text.as_str());
    let formats = spec.layouts.iter().map(|l| l.name.text.as_str());
    let corrupt = (*random_words / 4).max(1);
    let defaults = defaults_test(spec, module, checker);
    let texts = text_writers_test(spec, module, checker, (*random_words).min(100_000));
    quote! {
        #(#layout_tests)*
        #defaults
        #texts

        /// Every value of every field of every variant of every unit, alone
        /// in an instruction built from the metadata.
        #[test]
        fn unit_every_field_value() {
            #checker::packed::unit_fields::<#isa>();
        }

        /// The metadata lists the units in enable-bit order, and the layouts.
        #[test]
        fn layout_lists_every_unit_and_layout() {
            #checker::packed::layout_lists::<#isa>(&[#(#units),*], &[#(#formats),*]);
        }

        /// Random programs (every unit, every variant, random fields) survive
        /// decode → encode, print → parse and `derive` unchanged.
        #[test]
        fn random_programs_round_trip() {
            #checker::packed::random_programs::<#isa>(#random_words);
        }

        /// Random and damaged programs never panic the decoder; errors carry
        /// an offset inside the input.
        #[test]
        fn corrupt_programs_never_panic() {
            #checker::packed::corrupt_programs::<#isa>(#corrupt);
        }

        /// Random lines: the parser never panics and its errors point inside the line.
        #[test]
        fn random_text_never_panics() {
            #checker::packed::random_text::<#isa>(20_000);
        }
    }
}
