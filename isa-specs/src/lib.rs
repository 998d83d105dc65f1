//! The isaforge ISAs. Each module is generated from one spec file in
//! `isa-specs/specs/`; the small submodules next to the generated code are
//! the hand-written glue that a spec cannot say (containers, assemblers).

/// The component letters, x first (the Lima text layers' registers,
/// masks and swizzles).
pub(crate) const XYZW: [char; 4] = ['x', 'y', 'z', 'w'];

/// Adobe Stage3D AGAL tokens, header and operand layouts, from
/// `specs/agal.isa`; whole programs ([`agal::AgalProgram`]), the
/// AGALMiniAssembler-compatible assembler ([`agal::assemble`]), the
/// disassembler ([`agal::disassemble`]), the AGSL lift ([`agal::lift`]) and a
/// reference interpreter of the spec's semantics ([`agal::interp`]).
pub mod agal {
    isa_macros::isa!(file = "specs/agal.isa");

    pub mod asm;
    pub mod disasm;
    pub mod interp;
    pub mod lift;
    pub mod program;
    pub mod sem;
    pub mod table;

    pub use asm::{assemble, AsmError};
    pub use disasm::disassemble;
    pub use program::{AgalError, AgalProgram};
}

pub mod agsl_eval;

/// ARM Mali-200/400 (Lima) vertex processor, from `specs/lima_gp.isa`: one
/// 128-bit bundle per instruction; whole programs in Mesa's disassembler
/// text ([`lima_gp::mesa`]).
pub mod lima_gp {
    isa_macros::isa!(file = "specs/lima_gp.isa");

    pub mod mesa;
}

/// ARM Mali-200/400 (Lima) fragment processor, from `specs/lima_pp.isa`:
/// variable-length instructions whose control word enables the units that
/// follow it (a presence-mask bundle); Mesa's disassembler syntax and an
/// assembler for it in [`lima_pp::mesa`].
pub mod lima_pp {
    isa_macros::isa!(file = "specs/lima_pp.isa");

    pub mod mesa;
}

/// Nintendo 3DS PICA200 shader instructions and operand descriptors,
/// from `specs/pica.isa`.
pub mod pica {
    isa_macros::isa!(file = "specs/pica.isa");

    pub mod asm;
    pub mod disasm;
    pub mod fields;
    pub mod float24;
    pub mod shbin;
}
