//! The ISAs the command line knows, and what each one needs beyond
//! [`isa_runtime::Isa`].
//!
//! Adding an ISA takes an `impl CliIsa` (in a module under `isas/`), one
//! match arm in `main.rs` and one in [`IsaName::layout`]. An ISA whose files
//! have a container (a header around the words) describes it as a
//! [`Container`]: how to open a file and how to assemble one.
//!
//! An ISA whose spec declares generations (`gens LO..=HI` in its `LAYOUT`,
//! such as ir3's a3xx to a7xx) takes `--gen N` (default the newest): see
//! [`generation`].

mod agal;
mod ir3;
mod lima_gp;
mod pica;

use std::fmt;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::ValueEnum;
use isa_agal::ProgramType;
use isa_runtime::explain::FieldReport;
use isa_runtime::layout::{Format, IsaLayout};
use isa_runtime::{BitWord, DecodeError, Isa, LayoutCodec};

use crate::commands::decode::Decoded;
use crate::failure::Failure;
use crate::input::Input;

/// An ISA name as written on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IsaName {
    /// Adobe AGAL (Stage3D) bytecode.
    Agal,
    /// Nintendo 3DS PICA200 shaders.
    Pica,
    /// ARM Mali-200/400 (Lima) fragment processor: raw little-endian words of
    /// one program, Mesa's disassembler text.
    LimaPp,
    /// ARM Mali-200/400 (Lima) vertex (geometry) processor: raw 128-bit
    /// words, in Mesa's disassembler text.
    LimaGp,
    /// Qualcomm Adreno ir3 shaders: raw 64-bit words, in Mesa's
    /// disassembler text, of the generation `--gen` names (default the
    /// newest).
    Ir3,
}

impl IsaName {
    /// The name as written on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            IsaName::Agal => "agal",
            IsaName::Pica => "pica",
            IsaName::LimaPp => "lima-pp",
            IsaName::LimaGp => "lima-gp",
            IsaName::Ir3 => "ir3",
        }
    }

    /// The layout metadata of the ISA's spec.
    pub fn layout(self) -> &'static IsaLayout {
        match self {
            IsaName::Agal => <isa_agal::Agal as Isa>::LAYOUT,
            IsaName::Pica => <isa_pica::Pica as Isa>::LAYOUT,
            IsaName::LimaPp => &isa_lima_pp::LAYOUT,
            IsaName::LimaGp => <isa_lima_gp::LimaGp as Isa>::LAYOUT,
            IsaName::Ir3 => <isa_ir3::Ir3 as Isa>::LAYOUT,
        }
    }

    /// How generation `gen` is called in messages: Adreno's `a6xx`, or
    /// `generation 6`.
    pub fn generation_name(self, gen: u32) -> String {
        match self {
            IsaName::Ir3 => format!("a{gen}xx"),
            _ => format!("generation {gen}"),
        }
    }
}

/// The generation the words are for: for an ISA whose spec declares
/// generations, `given` (`--gen N`), which must be one of them, or the
/// newest; for any other ISA `None`, and `--gen` is a usage error (exit 2).
pub fn generation(isa: IsaName, given: Option<u32>) -> Result<Option<u32>, Failure> {
    match (isa.layout().gens, given) {
        (None, None) => Ok(None),
        (None, Some(_)) => {
            let with: Vec<String> = (IsaName::value_variants().iter())
                .filter(|name| name.layout().gens.is_some())
                .map(|name| format!("`{name}`"))
                .collect();
            Err(Failure::usage(format!(
                "--gen does not apply to `{isa}`: its spec has no generations (only {} has)",
                with.join(", ")
            )))
        }
        (Some(gens), None) => Ok(Some(gens.hi)),
        (Some(gens), Some(gen)) if gens.contains(gen) => Ok(Some(gen)),
        (Some(gens), Some(gen)) => Err(Failure::usage(format!(
            "--gen {gen} is not a generation of `{isa}`: it has {} to {} ({} to {})",
            gens.lo,
            gens.hi,
            isa.generation_name(gens.lo),
            isa.generation_name(gens.hi)
        ))),
    }
}

/// The help of `--gen`: which ISAs take it, their generations and the
/// default, read from their specs.
pub fn gen_help() -> String {
    let ranges: Vec<String> = (IsaName::value_variants().iter())
        .filter_map(|&name| {
            let gens = name.layout().gens?;
            Some(format!(
                "`{name}`: {} to {}, {} to {}",
                gens.lo,
                gens.hi,
                name.generation_name(gens.lo),
                name.generation_name(gens.hi)
            ))
        })
        .collect();
    format!(
        "The hardware generation of the words or text ({}; default: the newest). \
         Only an ISA whose spec has generations takes it",
        ranges.join("; ")
    )
}

impl fmt::Display for IsaName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A free-standing layout that instructions refer to, such as PICA's operand
/// descriptors: it can be explained (`explain --opdesc`) and decoded
/// (`decode --opdescs FILE`) like instructions.
#[derive(Clone, Copy, Debug)]
pub struct AuxLayout {
    /// The key of its list in `decode --json` output (`"opdescs"`).
    pub key: &'static str,
    /// What one of them is called in messages.
    pub noun: &'static str,
    /// The layout metadata.
    pub format: &'static Format,
    /// Decodes one word (in the low bits) and prints it with the layout's syntax.
    pub text: fn(u128) -> Result<String, DecodeError>,
}

impl AuxLayout {
    /// The layout of the generated codec `L`.
    pub const fn of<L: LayoutCodec>(key: &'static str, noun: &'static str) -> Self {
        AuxLayout {
            key,
            noun,
            format: L::FORMAT,
            text: aux_text::<L>,
        }
    }

    /// Bytes per word (the layout's width rounded up to whole bytes).
    pub fn word_bytes(&self) -> usize {
        self.format.bits.div_ceil(8) as usize
    }
}

fn aux_text<L: LayoutCodec>(word: u128) -> Result<String, DecodeError> {
    L::decode(L::Word::from_u128(word)).map(|l| l.to_string())
}

/// What the command line needs to know about an ISA besides its codec.
pub trait CliIsa: Isa {
    /// The name on the command line.
    const NAME: IsaName;
    /// A free-standing layout that instructions refer to, if any.
    const AUX: Option<AuxLayout>;
    /// The container that files hold unless `--raw` is given (`None`: files
    /// are raw little-endian words, as Lima's are).
    const CONTAINER: Option<Container<Self::Word>>;
    /// Lifts a file to AGSL (`isa lift --to agsl`). `None`: the ISA does
    /// not lift.
    const LIFT_AGSL: Option<LiftFn>;
}

/// Lifts a file: the text and its warnings, or the error. Messages are
/// located (`byte 0x…: message`), to be prefixed with the file name.
pub type LiftFn = fn(&[u8]) -> Result<(String, Vec<String>), String>;

/// A file format around an ISA's words: what `disasm`, `decode` and `asm` do
/// without `--raw`.
pub struct Container<W: 'static> {
    /// What a file is called in messages (`SHBIN`, `AGAL program`).
    pub name: &'static str,
    /// Reads a file of the generation given (see [`generation`]: `None`
    /// for an ISA without generations), checking it whole first, for
    /// `disasm` and `decode`, which then write it as they go. Errors are
    /// located (`byte 0x…: message`), to be prefixed with the file name.
    pub open: OpenFn<W>,
    /// Assembles source files (as read, in command-line order) into a file,
    /// written to `out` as it goes (nothing reaches the output file unless
    /// the whole call succeeds). Errors are final: `FILE:line:col: message`
    /// (exit 1) or usage (exit 2).
    pub assemble: AssembleFn,
    /// The `asm` options that `assemble` takes; the others are usage errors.
    pub options: &'static [AsmOptionGroup],
}

/// Opens a container file; see [`Container::open`].
pub type OpenFn<W> = for<'a> fn(&'a [u8], Option<u32>) -> Result<Opened<'a, W>, String>;

/// Assembles source files into an output; see [`Container::assemble`].
pub type AssembleFn = fn(&[Input], &AsmOptions, &mut dyn std::io::Write) -> Result<(), Failure>;

/// A container file, checked: what `disasm` prints and what `decode`
/// shows, made as they are written (a container that must be read whole,
/// such as a `.shbin` of at most a few hundred instructions, holds them).
pub struct Opened<'a, W> {
    /// How many instruction words the file holds.
    pub count: usize,
    /// Writes the whole text `disasm` prints, which `asm` turns back into
    /// the file.
    pub listing: ListingFn<'a>,
    /// The header, decoded at offset 0, if it is worth a breakdown (AGAL).
    pub header: Option<Decoded>,
    /// Every instruction word, in file order.
    pub words: Words<'a, W>,
    /// The words of the ISA's auxiliary layout ([`CliIsa::AUX`]), such as
    /// PICA's operand descriptors, in file order.
    pub aux: Vec<AuxWord>,
}

/// One auxiliary word of a file: its byte offset, the word, and the rows
/// for the bits its entry holds after the layout's (a `.shbin` operand
/// descriptor entry's second word), counted on from the layout's last bit.
pub struct AuxWord {
    /// Byte offset in the file.
    pub offset: usize,
    /// The word, in the low bits.
    pub word: u128,
    /// The entry's bits past the layout's, as rows of their own.
    pub trailer: Vec<FieldReport>,
}

/// Writes a listing as it makes it.
pub type ListingFn<'a> = Box<dyn FnOnce(&mut dyn std::io::Write) -> std::io::Result<()> + 'a>;

/// A container's instruction words.
pub enum Words<'a, W> {
    /// Held whole; a word's text may be left to the spec's text form.
    Held(Vec<ContainerWord<W>>),
    /// Made one at a time, each with its text.
    Made(Box<dyn Iterator<Item = ContainerWord<W>> + 'a>),
}

/// One instruction word of a file.
pub struct ContainerWord<W> {
    /// Byte offset in the file.
    pub offset: usize,
    /// The word.
    pub word: W,
    /// The text `decode` shows for it: the word's line of the listing (AGAL,
    /// PICA), as `disasm` prints it; `None` for the spec's text form (`--raw`
    /// words, and a PICA padding `nop` the listing leaves out).
    pub text: Option<String>,
}

/// The values of `asm --type`: the spellings of the AGAL spec's
/// `ProgramType` (clap lists them in `--help` and in its errors).
pub fn program_types() -> impl TypedValueParser<Value = ProgramType> {
    let spellings = ProgramType::ALL.iter().map(|t| t.spelling());
    PossibleValuesParser::new(spellings).try_map(|written: String| {
        (ProgramType::ALL.iter().copied())
            .find(|t| t.spelling() == written)
            .ok_or("not an AGAL program type")
    })
}

/// The options of `asm` beyond its files, which only some containers take.
#[derive(Clone, Copy, Debug, Default)]
pub struct AsmOptions {
    /// `--no-nop` (PICA).
    pub no_nop: bool,
    /// `--type` (AGAL).
    pub kind: Option<ProgramType>,
    /// `--version` (AGAL).
    pub version: Option<u32>,
    /// `--ignore-limits` (AGAL).
    pub ignore_limits: bool,
    /// `--allow-empty` (every container): input with no instructions
    /// assembles to an empty file (AGAL: a header alone) instead of failing.
    pub allow_empty: bool,
    /// The generation (`--gen`, or the newest) of an ISA whose spec has
    /// generations; `None` for the others (see [`generation`]).
    pub gen: Option<u32>,
}

/// The `asm` options, in the groups that containers take or refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmOptionGroup {
    /// `--no-nop`: PICA's padding NOPs.
    Padding,
    /// `--type`, `--version` and `--ignore-limits`: an AGAL program header.
    AgalHeader,
}

impl AsmOptionGroup {
    const ALL: [AsmOptionGroup; 2] = [AsmOptionGroup::Padding, AsmOptionGroup::AgalHeader];

    /// Whether `options` sets any option of the group.
    fn given(self, options: &AsmOptions) -> bool {
        match self {
            AsmOptionGroup::Padding => options.no_nop,
            AsmOptionGroup::AgalHeader => options.kind.is_some() || options.version.is_some() || options.ignore_limits,
        }
    }

    /// The group's options and what they are for, up to "do not apply".
    fn what(self) -> &'static str {
        match self {
            AsmOptionGroup::Padding => "--no-nop leaves out the padding NOPs of PICA flow control; it does",
            AsmOptionGroup::AgalHeader => {
                "--type, --version and --ignore-limits describe an AGAL program header; they do"
            }
        }
    }
}

impl AsmOptions {
    /// A usage error (exit 2) for the first option given outside `allowed`;
    /// `context` ends the message: `to` and the ISA's name, or `with --raw`.
    pub fn allow_only(&self, allowed: &[AsmOptionGroup], context: &str) -> Result<(), Failure> {
        match AsmOptionGroup::ALL
            .into_iter()
            .find(|group| group.given(self) && !allowed.contains(group))
        {
            Some(group) => Err(Failure::usage(format!("{} not apply {context}", group.what()))),
            None => Ok(()),
        }
    }
}

/// Bytes per instruction word of `I`.
pub fn word_bytes<I: Isa>() -> usize {
    (I::Word::BITS / 8) as usize
}

/// The ISA's auxiliary layout, or a usage error naming `flag`.
pub fn aux<I: CliIsa>(flag: &str) -> Result<AuxLayout, Failure> {
    I::AUX.ok_or_else(|| {
        Failure::usage(format!(
            "{flag} does not apply to `{}`: it has no operand descriptors",
            I::NAME
        ))
    })
}
