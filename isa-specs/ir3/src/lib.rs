//! Qualcomm Adreno ir3 shader instructions, from the spec file `ir3.isa`
//! beside this crate's manifest: one 64-bit word per instruction.
//!
//! The codec is generated ([`Instruction`], [`LAYOUT`]) and is `no_std` +
//! `alloc`. Mesa's disassembler text, and an assembler for it, are the
//! `mesa` feature (on by default).
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
// Clippy reads macro output leniently but an included file strictly: with
// the checked-in expansion (no `macro` feature) the crate is linted as a
// dependency, and the workspace lints the same code through the macro.
#![cfg_attr(not(feature = "macro"), allow(clippy::all))]

extern crate alloc;

/// The runtime the generated code calls (errors, field types, the `Isa`
/// traits, `LAYOUT` types), so a tool names it without another dependency.
pub use isa_runtime as runtime;

// The codec, from `ir3.isa`: expanded by the proc-macro with the `macro`
// feature, else the same expansion checked in (`cargo xtask codegen` writes
// it; it stops the build if the spec changed since).
#[cfg(feature = "macro")]
isa_macros::isa!(file = "ir3.isa");
#[cfg(not(feature = "macro"))]
include!("generated.rs");

#[cfg(feature = "mesa")]
pub mod mesa;
