//! Round-trip tests generated from the isaforge specs.
//!
//! The tests themselves are produced by `isa_macros::isa_tests!` from each
//! spec (see `tests/`); this library is the checker they call. It drives
//! the generated codec through the `LAYOUT` metadata, so one checker serves
//! every ISA and every opcode a spec will ever gain.

pub mod check;
pub mod packed;
pub mod rng;
