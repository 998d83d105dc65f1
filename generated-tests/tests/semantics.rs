//! Issue 9: every opcode line of every ISA states its effect as AGSL, and
//! every value of every operation enum (an enum that declares `operands`)
//! states its own. The macro has checked each string against its names at
//! compile time; here the LAYOUT metadata is checked for completeness, and
//! every string parses with the runtime's AGSL parser.

use isa_agal as agal;
use isa_ir3 as ir3;
use isa_lima_gp as lima_gp;
use isa_lima_pp as lima_pp;
use isa_pica as pica;
use isa_runtime::agsl;
use isa_runtime::layout::IsaLayout;

/// The ISAs built from a spec. Lima GP and Lima PP have no opcodes: their
/// units' operations are operation enums.
const ISAS: &[&IsaLayout] = &[&agal::LAYOUT, &pica::LAYOUT, &lima_gp::LAYOUT, &lima_pp::LAYOUT];

/// Every ISA with an operation enum (ir3's `Cond`): [`ISAS`] and ir3,
/// whose opcodes are not all described yet.
const ENUM_ISAS: &[&IsaLayout] = &[
    &agal::LAYOUT,
    &pica::LAYOUT,
    &lima_gp::LAYOUT,
    &lima_pp::LAYOUT,
    &ir3::LAYOUT,
];

/// ir3's opcodes of categories 0 to 4 without semantics, and why.
/// Categories 5 (texture), 6 (memory) and 7 (barriers, caches) have none
/// yet.
const IR3_WITHOUT: &[(&str, &str)] = &[
    ("emit", "geometry state"),
    ("cut", "geometry state"),
    ("chmask", "fiber masks"),
    ("chsh", "fiber masks"),
    ("flow_rev", "not known"),
    ("bkt", "not known"),
    ("getlast", "fiber masks"),
    ("getone", "fiber masks"),
    ("shps", "prologue state"),
    ("shpe", "prologue state"),
    ("predt", "predicated blocks"),
    ("predf", "predicated blocks"),
    ("prede", "predicated blocks"),
    ("brac", "branch with an index"),
    ("bany", "across fibers"),
    ("ball", "across fibers"),
    ("gat", "four registers at once"),
    ("sct", "four registers at once"),
    ("movmsk", "fiber masks"),
    ("cmpv.f", "the mask's bits are not known"),
    ("cmpv.u", "the mask's bits are not known"),
    ("cmpv.s", "the mask's bits are not known"),
    ("mull.u", "which half is not known"),
    ("mgen.b", "not known"),
    ("setrm", "rounding-mode state"),
    ("shb", "not known"),
    ("msad", "not known"),
    ("bary.f", "interpolation"),
    ("flat.b", "interpolation"),
    ("madsh.u16", "which half is not known"),
    ("madsh.m16", "which half is not known"),
    ("dp2acc", "packed 8-bit lanes"),
    ("dp4acc", "packed 8-bit lanes"),
    ("wmm", "not known"),
    ("wmm.accu", "not known"),
];

/// Values that are deliberately without semantics, with the reason.
const NONE: &[(&str, &str, &str)] = &[
    ("lima_gp", "ComplexOp", "nop"), // the unit is idle
    ("lima_gp", "AccOp", "op3"),     // unnamed in Mesa; what it computes is not known
];

#[test]
fn every_opcode_has_semantics_that_parse() {
    for isa in ISAS {
        for op in isa.opcodes {
            assert!(!op.semantics.is_empty(), "{}: `{}` has no sem", isa.name, op.mnemonic);
            agsl::parse(op.semantics).unwrap_or_else(|e| panic!("{}: `{}`: {}", isa.name, op.mnemonic, e.message));
        }
    }
}

/// ir3: every opcode of categories 0 to 4 has semantics that parse, but
/// those listed in [`IR3_WITHOUT`]; the others have none yet.
#[test]
fn ir3_opcodes_of_categories_0_to_4_have_semantics_that_parse() {
    let mut described = 0;
    for op in ir3::LAYOUT.opcodes {
        let later = ["Cat5", "Cat6", "Cat7"].iter().any(|c| op.format.name.starts_with(c));
        let exempt = later || IR3_WITHOUT.iter().any(|(m, _)| *m == op.mnemonic);
        assert_eq!(
            op.semantics.is_empty(),
            exempt,
            "ir3: `{}` ({}): a sem is expected exactly unless exempt",
            op.mnemonic,
            op.format.name
        );
        if !exempt {
            described += 1;
            agsl::parse(op.semantics).unwrap_or_else(|e| panic!("ir3: `{}`: {}", op.mnemonic, e.message));
        }
    }
    assert_eq!(described, 81, "ir3 opcodes with semantics");
}

#[test]
fn every_value_of_an_operation_enum_has_semantics_that_parse() {
    let mut operations = 0;
    for isa in ENUM_ISAS {
        for e in isa.enums.iter().filter(|e| !e.operands.is_empty()) {
            operations += 1;
            for v in e.values {
                let exempt = NONE.contains(&(isa.name, e.name, v.name));
                assert_eq!(
                    v.semantics.is_empty(),
                    exempt,
                    "{}: `{}::{}`: a sem is expected exactly unless exempt",
                    isa.name,
                    e.name,
                    v.name
                );
                if !exempt {
                    agsl::parse(v.semantics)
                        .unwrap_or_else(|err| panic!("{}: `{}::{}`: {}", isa.name, e.name, v.name, err.message));
                }
            }
        }
        // Enums that are not operations carry no value semantics.
        for e in isa.enums.iter().filter(|e| e.operands.is_empty()) {
            assert!(
                e.values.iter().all(|v| v.semantics.is_empty()),
                "{}: {}",
                isa.name,
                e.name
            );
        }
    }
    assert!(
        operations >= 10,
        "PICA's CmpOp and CondOp, Lima GP's four unit operations, Lima PP's three, ir3's Cond"
    );
}

#[test]
fn lima_gp_unit_operations_are_operation_enums() {
    for name in ["AccOp", "MulOp", "ComplexOp", "PassOp"] {
        let e = lima_gp::LAYOUT.enums.iter().find(|e| e.name == name).expect(name);
        assert!(!e.operands.is_empty(), "{name} declares operands");
    }
}

#[test]
fn pica_flow_control_is_stated_over_pc() {
    for m in [
        "jmpc", "jmpu", "call", "callc", "callu", "ifu", "ifc", "loop", "break", "breakc", "nop",
    ] {
        let op = pica::LAYOUT.opcode(m).expect(m);
        let statements = agsl::parse(op.semantics).expect(m);
        assert!(
            statements.iter().any(|s| s.target.name == "pc"),
            "`{m}` assigns pc: {}",
            op.semantics
        );
    }
}
