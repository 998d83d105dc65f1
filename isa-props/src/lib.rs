//! The reliability properties of the isaforge decoders and assemblers, each
//! a function from raw bytes to [`Outcome`], so that the same code runs
//! under a coverage-guided fuzzer (`fuzz/`, started by `cargo xtask fuzz`)
//! and as regression tests in `cargo test`.
//!
//! Every property holds for *any* input:
//!
//! - nothing panics, and bad input gives an error that says where (a byte
//!   offset inside the input, or a line and column inside the text);
//! - whatever decodes re-encodes to the same bytes, and prints as text that
//!   parses back to the same value;
//! - whatever assembles disassembles, and that text assembles to the same
//!   bytes again;
//! - a spec (the `isa!` language, [`spec::front_end`]) compiles with
//!   `isa-meta`, or every error is at a line and column inside it; a spec
//!   that compiles generates a syntactically valid Rust file.
//!
//! A property returns `Err(Violation)` when it finds input that breaks one of
//! these; the fuzz harness turns that into a crash with the message.
//!
//! Adding a target is one entry in its family ([`FAMILIES`]): a name, a property and the
//! seeds it starts from. A fixed-width ISA gets both of its targets from the
//! generic [`words::round_trip`] and [`words::text_round_trip`].
#![deny(missing_docs)]

pub mod agal;
pub mod asm_disasm;
pub mod ir3;
pub mod lima;
pub mod pica;
pub mod seeds;
pub mod spec;
pub mod words;

use std::fmt;

use isa_lima_gp::LimaGp;
use isa_pica::Pica;

pub use seeds::Corpus;

/// A broken property: what went wrong, for the crash report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Violation {}

/// What a property says about one input: `Ok` when every property held
/// (including the input being rejected with a well-located error).
pub type Outcome = Result<(), Violation>;

/// `Err(Violation)` with the formatted message unless `cond` holds.
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err($crate::Violation(format!($($msg)+)));
        }
    };
}

/// One fuzz target: a property over bytes and where its seeds come from.
pub struct Target {
    /// The name `cargo xtask fuzz` takes.
    pub name: &'static str,
    /// What the input is, in one line.
    pub input: &'static str,
    /// The property.
    pub check: fn(&[u8]) -> Outcome,
    /// The seed inputs, built from the shared corpus and the project's own
    /// samples when the fuzzer starts (nothing third-party is checked in).
    pub seeds: fn(&Corpus) -> Vec<Vec<u8>>,
    /// The longest input libFuzzer makes (`-max_len`); longer seeds are cut.
    pub max_len: usize,
}

/// `max_len` of most targets: the properties are per word, per token, per
/// line, and longer inputs cost throughput.
pub const DEFAULT_MAX_LEN: usize = 4096;

/// The targets of AGAL (`isa_agal`).
pub const AGAL: &[Target] = &[
    Target {
        name: "agal-program",
        input: "an AGAL program (7-byte header, 24-byte tokens)",
        check: agal::program,
        seeds: seeds::agal_programs,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "agal-asm",
        input: "one option byte (type, version, --ignore-limits), then AGALMiniAssembler text",
        check: agal::assemble,
        seeds: seeds::agal_texts,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "agal-asm-disasm",
        input: "one option byte (type, version, --ignore-limits), then AGALMiniAssembler text: what `isa asm agal` writes, `isa disasm agal` reads back and reassembles with the options its header names",
        check: agal::asm_disasm,
        seeds: seeds::agal_texts,
        max_len: DEFAULT_MAX_LEN,
    },
];

/// The targets of PICA200 (`isa_pica`).
pub const PICA: &[Target] = &[
    Target {
        name: "pica-shbin",
        input: "a PICA200 .shbin file",
        check: pica::shbin,
        seeds: seeds::pica_shbins,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "pica-asm-disasm",
        input: "one option byte (bit 0: --no-nop), then picasso text (NUL bytes separate files): what `isa asm pica` writes, `isa disasm pica` reads back and reassembles",
        check: pica::asm_disasm,
        seeds: seeds::pica_texts,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "pica-words",
        input: "raw little-endian PICA200 instruction words",
        check: words::round_trip::<Pica>,
        seeds: seeds::pica_words,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "pica-asm",
        input: "one option byte (bit 0: --no-nop), then picasso text; NUL bytes separate source files",
        check: pica::assemble,
        seeds: seeds::pica_texts,
        max_len: DEFAULT_MAX_LEN,
    },
];

/// The targets of Lima GP (`isa_lima_gp`).
pub const LIMA_GP: &[Target] = &[
    Target {
        name: "lima-gp-words",
        input: "raw little-endian Lima GP 128-bit words",
        check: words::round_trip::<LimaGp>,
        seeds: seeds::lima_gp_words,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "lima-gp-asm",
        input: "Lima GP field-explicit text, one instruction per line (`isa asm lima-gp`)",
        check: words::text_round_trip::<LimaGp>,
        seeds: seeds::lima_gp_texts,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "lima-gp-mesa",
        input: "Lima GP text as Mesa's disassembler prints it, with `{raw …}` notes (`isa asm lima-gp`)",
        check: lima::gp_assemble,
        seeds: seeds::lima_gp_mesa_texts,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "lima-gp-asm-disasm",
        input: "Lima GP Mesa text: what `isa asm lima-gp` writes, `isa disasm lima-gp` reads back and reassembles",
        check: lima::gp_asm_disasm,
        seeds: seeds::lima_gp_mesa_texts,
        max_len: DEFAULT_MAX_LEN,
    },
];

/// The targets of Lima PP (`isa_lima_pp`).
pub const LIMA_PP: &[Target] = &[
    Target {
        name: "lima-pp",
        input: "raw little-endian Lima PP words of one program",
        check: lima::pp_program,
        seeds: seeds::lima_pp_programs,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "lima-pp-asm",
        input: "Lima PP text as Mesa's disassembler prints it, with `{raw …}` annotations (`isa asm lima-pp`)",
        check: lima::pp_assemble,
        seeds: seeds::lima_pp_texts,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "lima-pp-asm-disasm",
        input: "Lima PP Mesa text: what `isa asm lima-pp` accepts, `isa disasm lima-pp` reads back and reassembles",
        check: lima::pp_asm_disasm,
        seeds: seeds::lima_pp_texts,
        max_len: DEFAULT_MAX_LEN,
    },
];

/// The targets of ir3 (`isa_ir3`).
pub const IR3: &[Target] = &[
    Target {
        name: "ir3-words",
        input: "raw little-endian Adreno ir3 64-bit words, read in every generation the spec declares (a3xx to a7xx)",
        check: ir3::words,
        seeds: seeds::ir3_words,
        max_len: DEFAULT_MAX_LEN,
    },
    Target {
        name: "ir3-asm-disasm",
        input: "ir3 Mesa text, in every generation: what `isa asm ir3 --gen N` writes, `isa disasm ir3 --gen N` reads back and reassembles",
        check: ir3::asm_disasm,
        seeds: seeds::ir3_texts,
        max_len: DEFAULT_MAX_LEN,
    },
];

/// The targets of the spec language (`isa_meta`).
pub const SPEC: &[Target] = &[
    Target {
        name: "spec",
        input: "an ISA spec (the `isa!` macro's language), parsed, resolved and validated by isa-meta",
        check: spec::front_end,
        seeds: seeds::spec_texts,
        // The shipped specs are 11 to 19 KB; cut at 4 KB they would no
        // longer compile, and the validator would see little of them.
        max_len: 24 << 10,
    },
    Target {
        name: "spec-expand",
        input: "an ISA spec, compiled, then expanded to Rust by isa-meta and re-parsed with syn",
        check: spec::expand,
        seeds: seeds::spec_texts,
        max_len: 24 << 10,
    },
];

/// One ISA's targets (or the spec language's): what the fuzz harness can
/// be built for alone, without the other families' code.
pub struct Family {
    /// Its name, which is also the harness's cargo feature for it
    /// (`fuzz/Cargo.toml`).
    pub name: &'static str,
    /// Its targets.
    pub targets: &'static [Target],
}

/// Every target, by family.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "agal",
        targets: AGAL,
    },
    Family {
        name: "pica",
        targets: PICA,
    },
    Family {
        name: "lima-gp",
        targets: LIMA_GP,
    },
    Family {
        name: "lima-pp",
        targets: LIMA_PP,
    },
    Family {
        name: "ir3",
        targets: IR3,
    },
    Family {
        name: "spec",
        targets: SPEC,
    },
];

/// Every fuzz target, family by family.
pub fn targets() -> impl Iterator<Item = &'static Target> {
    FAMILIES.iter().flat_map(|f| f.targets)
}

/// The family of the target called `name`.
pub fn family_of(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.targets.iter().any(|t| t.name == name))
}

/// The target called `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    targets().find(|t| t.name == name)
}
