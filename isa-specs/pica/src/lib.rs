//! Nintendo 3DS PICA200 shader instructions and operand descriptors, from
//! the spec file `pica.isa` beside this crate's manifest.
//!
//! The codec is generated: [`Instruction`] (`decode`, `encode`, `Display`,
//! `FromStr`), the per-format structs, the operand descriptor [`OpDesc`],
//! and the [`LAYOUT`] metadata. It and the small helpers [`fields`] and
//! [`float24`] are `no_std` + `alloc`. The hand-written layers a spec cannot
//! say are features named after their modules, all on by default:
//! [`shbin`] (`.shbin` files), [`asm`] (picasso's assembler) and [`disasm`]
//! (picasso text that reassembles to the same bytes).
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

// The codec, from `pica.isa`: expanded by the proc-macro with the `macro`
// feature, else the same expansion checked in (`cargo xtask codegen` writes
// it; it stops the build if the spec changed since).
#[cfg(feature = "macro")]
isa_macros::isa!(file = "pica.isa");
#[cfg(not(feature = "macro"))]
include!("generated.rs");

#[cfg(feature = "asm")]
pub mod asm;
#[cfg(feature = "disasm")]
pub mod disasm;
pub mod fields;
pub mod float24;
#[cfg(feature = "shbin")]
pub mod shbin;
