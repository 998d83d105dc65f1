//! The ISAs the command line knows, and what each one needs beyond
//! [`isa_runtime::Isa`].
//!
//! Adding an ISA takes an `impl CliIsa` here and one match arm in `main.rs`.

use std::fmt;

use clap::ValueEnum;
use isa_runtime::layout::Format;
use isa_runtime::{BitWord, DecodeError, Isa, LayoutCodec};

use crate::failure::Failure;

/// An ISA name as written on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IsaName {
    /// Adobe AGAL (Stage3D) bytecode (not implemented yet).
    Agal,
    /// Nintendo 3DS PICA200 shaders.
    Pica,
    /// ARM Mali-200/400 (Lima) fragment processor (not implemented yet).
    LimaPp,
    /// ARM Mali-200/400 (Lima) geometry processor (not implemented yet).
    LimaGp,
}

impl IsaName {
    /// The name as written on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            IsaName::Agal => "agal",
            IsaName::Pica => "pica",
            IsaName::LimaPp => "lima-pp",
            IsaName::LimaGp => "lima-gp",
        }
    }
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
    /// The container that files hold unless `--raw` is given, if there is one
    /// (`None`: files are raw little-endian words).
    const CONTAINER: Option<&'static str>;
    /// A free-standing layout that instructions refer to, if any.
    const AUX: Option<AuxLayout>;
    /// Assembles source files into the container (`isa asm` without
    /// `--raw`), if the ISA has an assembler for it.
    const CONTAINER_ASM: Option<ContainerAssembler> = None;
    /// Reads container files (`isa disasm`/`isa decode` without `--raw`),
    /// if the ISA has a reader for them.
    const CONTAINER_READ: Option<ContainerReader> = None;
}

/// A container file's words, each with its byte offset in the file.
#[derive(Debug, Default)]
pub struct ContainerWords {
    /// The instruction words.
    pub code: Vec<(usize, u128)>,
    /// The words of the ISA's auxiliary layout ([`CliIsa::AUX`]), such as
    /// PICA's operand descriptors.
    pub aux: Vec<(usize, u128)>,
}

/// What the command line does with a container file. Errors are
/// `byte 0x…: message`, to be prefixed with the file name.
#[derive(Clone, Copy, Debug)]
pub struct ContainerReader {
    /// The whole file as assembly text that `isa asm` turns back into it.
    pub disassemble: fn(&[u8]) -> Result<String, String>,
    /// The file's words and their offsets.
    pub words: fn(&[u8]) -> Result<ContainerWords, String>,
}

/// Source files (as read) and whether to insert padding NOPs → the
/// container's bytes, or every error as `file:line:col: message`.
pub type ContainerAssembler = fn(&[crate::input::Input], bool) -> Result<Vec<u8>, Failure>;

impl CliIsa for isa_specs::pica::Pica {
    const NAME: IsaName = IsaName::Pica;
    const CONTAINER: Option<&'static str> = Some("SHBIN");
    const AUX: Option<AuxLayout> = Some(AuxLayout::of::<isa_specs::pica::OpDesc>(
        "opdescs",
        "operand descriptor",
    ));
    const CONTAINER_ASM: Option<ContainerAssembler> = Some(crate::commands::asm::pica_shbin);
    const CONTAINER_READ: Option<ContainerReader> = Some(ContainerReader {
        disassemble: crate::commands::disasm::pica_shbin,
        words: crate::input::shbin_words,
    });
}

/// Bytes per instruction word of `I`.
pub fn word_bytes<I: Isa>() -> usize {
    (I::Word::BITS / 8) as usize
}

/// Fails unless the file holds raw words: either `--raw` was given or the
/// ISA has no container format.
pub fn require_raw<I: CliIsa>(raw: bool) -> Result<(), Failure> {
    match I::CONTAINER {
        Some(container) if !raw => Err(Failure::usage(format!(
            "{container} support for `{}` is not implemented yet; pass --raw for a file of \
             little-endian {}-bit words",
            I::NAME,
            I::Word::BITS
        ))),
        _ => Ok(()),
    }
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
