//! The isaforge ISAs. Each module is generated from one spec file in
//! `isa-specs/specs/`; nothing in them is written by hand.

/// Nintendo 3DS PICA200 shader instructions and operand descriptors,
/// from `specs/pica.isa`.
pub mod pica {
    isa_macros::isa!(file = "specs/pica.isa");

    pub mod asm;
    pub mod disasm;
    pub mod float24;
    pub mod shbin;
}
