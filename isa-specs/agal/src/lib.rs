//! Adobe Stage3D AGAL tokens, header and operand layouts, from the spec
//! file `agal.isa` beside this crate's manifest.
//!
//! The token codec is generated: [`Instruction`], the [`Header`],
//! [`Dest`], [`Source`] and [`Sampler`] layouts and the [`LAYOUT`]
//! metadata; it is `no_std` + `alloc`. The hand-written layers are features
//! named after their modules, all on by default: `program` (whole programs,
//! `AgalProgram`), `asm` (the AGALMiniAssembler-compatible `assemble`),
//! `disasm` (`disassemble`) and `lift` (the AGSL lift, `lift`, and a
//! reference interpreter of the spec's semantics, `interp`).
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

// The codec, from `agal.isa`: expanded by the proc-macro with the `macro`
// feature, else the same expansion checked in (`cargo xtask codegen` writes
// it; it stops the build if the spec changed since).
#[cfg(feature = "macro")]
isa_macros::isa!(file = "agal.isa");
#[cfg(not(feature = "macro"))]
include!("generated.rs");

#[cfg(feature = "lift")]
pub mod agsl_eval;
#[cfg(feature = "asm")]
pub mod asm;
#[cfg(feature = "disasm")]
pub mod disasm;
#[cfg(feature = "lift")]
pub mod interp;
#[cfg(feature = "lift")]
pub mod lift;
#[cfg(feature = "program")]
pub mod program;
#[cfg(feature = "lift")]
pub mod sem;
#[cfg(feature = "program")]
pub mod table;

#[cfg(feature = "asm")]
pub use asm::{assemble, AsmError};
#[cfg(feature = "disasm")]
pub use disasm::disassemble;
#[cfg(feature = "program")]
pub use program::{AgalError, AgalProgram};
