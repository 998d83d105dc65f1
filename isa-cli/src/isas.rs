//! The ISAs the command line knows, and what each one needs beyond
//! [`isa_runtime::Isa`].
//!
//! Adding an ISA takes an `impl CliIsa` here and one match arm in `main.rs`.
//! An ISA whose files have a container (a header around the words) also
//! implements [`CliIsa::open_container`] and [`CliIsa::assemble_container`].

use std::fmt;

use clap::ValueEnum;
use isa_runtime::explain::{explain_format, FieldReport};
use isa_runtime::layout::Format;
use isa_runtime::{BitWord, DecodeError, Isa, LayoutCodec};

use crate::failure::Failure;

/// An ISA name as written on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IsaName {
    /// Adobe AGAL (Stage3D) bytecode.
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

    /// Opens a file in the container format (`CONTAINER`), if that is
    /// implemented. Its errors are already located (`byte 0x…: …`).
    const OPEN_CONTAINER: Option<OpenFn<Self::Word>> = None;
    /// Assembles text into a file in the container format, if that is implemented.
    const ASSEMBLE_CONTAINER: Option<AssembleFn> = None;
}

/// Opens a container file; errors are located (`byte 0x…: …`).
pub type OpenFn<W> = fn(&[u8]) -> Result<Opened<W>, String>;
/// Assembles text into a container file.
pub type AssembleFn = fn(&[u8], &AsmOptions) -> Result<Vec<u8>, AsmFailure>;

/// A container file, opened: what `disasm` prints and what `decode` shows.
pub struct Opened<W> {
    /// The whole text `disasm` prints.
    pub listing: String,
    /// The container's header, if it has one worth a breakdown.
    pub header: Option<HeaderView>,
    /// Every instruction word: its byte offset in the file, the word, and its
    /// line of `listing`.
    pub words: Vec<(usize, W, String)>,
}

/// A container header: it starts the file (byte offset 0).
pub struct HeaderView {
    /// Width in bits.
    pub bits: u32,
    /// The header as hex (the little-endian value).
    pub hex: String,
    /// Its text.
    pub text: String,
    /// Fields covering every bit once.
    pub fields: Vec<FieldReport>,
}

/// The program type of `asm --type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProgramKind {
    /// A vertex program.
    Vertex,
    /// A fragment program.
    Fragment,
}

/// The options of `asm` that describe the container's header.
#[derive(Clone, Copy, Debug, Default)]
pub struct AsmOptions {
    /// `--type`.
    pub kind: Option<ProgramKind>,
    /// `--version`.
    pub version: Option<u32>,
    /// `--ignore-limits`.
    pub ignore_limits: bool,
}

impl AsmOptions {
    /// Whether any of them was given.
    pub fn any(&self) -> bool {
        self.kind.is_some() || self.version.is_some() || self.ignore_limits
    }
}

/// Why a container did not assemble.
pub enum AsmFailure {
    /// The options are wrong (exit code 2).
    Usage(String),
    /// The text is: one `line:col: message` per bad line.
    Text(Vec<String>),
}

impl CliIsa for isa_specs::pica::Pica {
    const NAME: IsaName = IsaName::Pica;
    const CONTAINER: Option<&'static str> = Some("SHBIN");
    const AUX: Option<AuxLayout> = Some(AuxLayout::of::<isa_specs::pica::OpDesc>(
        "opdescs",
        "operand descriptor",
    ));
}

impl CliIsa for isa_specs::agal::Agal {
    const NAME: IsaName = IsaName::Agal;
    const CONTAINER: Option<&'static str> = Some("AGAL program");
    const AUX: Option<AuxLayout> = None;

    const OPEN_CONTAINER: Option<OpenFn<Self::Word>> = Some(open_agal);
    const ASSEMBLE_CONTAINER: Option<AssembleFn> = Some(assemble_agal);
}

/// An AGAL program: the header, then tokens that print in mini-assembler syntax.
fn open_agal(bytes: &[u8]) -> Result<Opened<[u64; 3]>, String> {
    use isa_specs::agal::{disasm, AgalProgram, Header};
    let program = AgalProgram::parse(bytes).map_err(|e| e.to_string())?;
    let listing = disasm::listing(&program);
    let word = program.header.encode();
    let header = HeaderView {
        bits: 56,
        hex: format!("0x{word:014x}"),
        text: program.header.to_string(),
        fields: explain_format(<Header as LayoutCodec>::FORMAT, &word, None),
    };
    let words = program
        .tokens
        .iter()
        .zip(&listing.tokens)
        .map(|(token, line)| (line.offset, token.encode(), line.text.clone()))
        .collect();
    Ok(Opened {
        listing: listing.to_string(),
        header: Some(header),
        words,
    })
}

/// AGALMiniAssembler text to an AGAL program; `--type` and `--version` are required.
fn assemble_agal(text: &[u8], options: &AsmOptions) -> Result<Vec<u8>, AsmFailure> {
    use isa_specs::agal::{assemble, ProgramType, Version};
    let kind = match options.kind {
        Some(ProgramKind::Vertex) => ProgramType::Vertex,
        Some(ProgramKind::Fragment) => ProgramType::Fragment,
        None => {
            return Err(AsmFailure::Usage(
                "an AGAL program needs --type vertex or --type fragment".into(),
            ))
        }
    };
    let version = match options.version {
        Some(1) => Version::V1,
        Some(2) => Version::V2,
        Some(3) => Version::V3,
        Some(n) => {
            return Err(AsmFailure::Usage(format!(
                "AGAL version {n} does not exist; it is 1, 2 or 3"
            )))
        }
        None => return Err(AsmFailure::Usage("an AGAL program needs --version 1, 2 or 3".into())),
    };
    // Lines that are not UTF-8 are reported as such (at their first bad
    // byte) instead of whatever else is wrong with them; the others assemble.
    let lossy = String::from_utf8_lossy(text);
    let bad_lines: Vec<(usize, usize)> = if std::str::from_utf8(text).is_ok() {
        Vec::new()
    } else {
        isa_specs::agal::asm::lines(&lossy)
            .enumerate()
            .filter_map(|(i, line)| line.chars().position(|c| c == '\u{FFFD}').map(|col| (i + 1, col + 1)))
            .collect()
    };
    let text: &str = &lossy;
    if !bad_lines.is_empty() {
        let mut errors: Vec<(usize, String)> = bad_lines
            .iter()
            .map(|&(line, col)| (line, format!("{line}:{col}: invalid UTF-8")))
            .collect();
        if let Err(asm) = assemble(text, kind, version, options.ignore_limits) {
            errors.extend(
                asm.iter()
                    .filter(|e| !bad_lines.iter().any(|&(line, _)| line == e.line))
                    .map(|e| (e.line, e.to_string())),
            );
        }
        errors.sort_by_key(|&(line, _)| line);
        return Err(AsmFailure::Text(errors.into_iter().map(|(_, e)| e).collect()));
    }
    assemble(text, kind, version, options.ignore_limits)
        .map(|p| p.to_bytes())
        .map_err(|errors| AsmFailure::Text(errors.iter().map(ToString::to_string).collect()))
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
