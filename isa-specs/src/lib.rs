//! The isaforge ISAs. Each module is generated from one spec file in
//! `isa-specs/specs/`; nothing in them is written by hand.

/// Adobe Stage3D AGAL tokens, header and operand layouts, from
/// `specs/agal.isa`.
pub mod agal {
    isa_macros::isa!(file = "specs/agal.isa");
}

/// Nintendo 3DS PICA200 shader instructions and operand descriptors,
/// from `specs/pica.isa`.
pub mod pica {
    isa_macros::isa!(file = "specs/pica.isa");

    pub mod float24;
    pub mod shbin;
}
