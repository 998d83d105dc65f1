//! Write an instruction set once, as a declarative spec file, and get its
//! typed codec: [`isa!`] expands a spec into instruction enums and structs
//! with `decode`/`encode`, `Display`/`FromStr` in the spec's syntax, and
//! the `LAYOUT` metadata; [`isa_tests!`] expands the same spec into its
//! round-trip test suite.
//!
//! This crate is the only dependency that a crate defining its own ISA
//! needs: the generated code reaches the runtime through
//! [`runtime`](mod@runtime), so the crate never names `isa-runtime` itself.
//! It is `no_std` (with `alloc`); the `tests` feature (which needs `std`)
//! adds the checker behind [`isa_tests!`].
//!
//! ```toml
//! [dependencies]
//! isaforge = "0.1"
//!
//! [dev-dependencies]
//! isaforge = { version = "0.1", features = ["tests"] }
//! ```
//!
//! ```ignore
//! // src/lib.rs: the spec file is found relative to CARGO_MANIFEST_DIR.
//! isaforge::isa!(file = "toy.isa");
//!
//! // tests/toy.rs: every field, opcode and enum value, random words, text.
//! isaforge::isa_tests!(file = "toy.isa", module = toy);
//! ```
//!
//! The spec language is described in `docs/spec-language.md` of the
//! isaforge repository; `docs/using.md` there shows whole examples.
#![no_std]
#![deny(missing_docs)]

/// The runtime support that the generated code calls: bit access, field
/// types, errors, layout metadata, the table-driven text printer and
/// parser (the `isa-runtime` crate).
pub use isa_runtime as runtime;

pub use isa_runtime::{BitWord, DecodeError, EncodeError, Isa, IsaLayout, ParseError};

#[doc(hidden)]
pub mod __private {
    pub use isa_macros::{isa, isa_tests};
}

/// Expands an ISA spec into its typed codec and `LAYOUT` metadata, at the
/// place of the call (usually a module of its own).
///
/// Arguments: `file = "path.isa"` (relative to the calling crate's
/// `CARGO_MANIFEST_DIR`; `$OUT_DIR/…` for a spec a build script writes) or
/// `inline = "…spec text…"`. Errors in the spec are reported as
/// `compile_error!`s with the spec's `file:line:col` and a caret excerpt.
#[macro_export]
macro_rules! isa {
    ($($args:tt)*) => {
        $crate::__private::isa!(runtime = $crate::runtime, $($args)*);
    };
}

/// Expands an ISA spec into its generated round-trip tests (`#[test]`
/// functions): every value of every field up to 16 bits, edges and random
/// values beyond, every opcode and enum value, random words through
/// decode → encode and print → parse. Needs the `tests` feature.
///
/// Arguments: `file = "path.isa"`, `module = path::to::the_isa_module`,
/// optionally `random_words = N` (default 1,000,000).
#[macro_export]
macro_rules! isa_tests {
    ($($args:tt)*) => {
        $crate::__private::isa_tests!(runtime = $crate::runtime, $($args)*);
    };
}
