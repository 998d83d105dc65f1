//! What the AGAL assembler and disassembler know beyond the spec: the
//! operand shape of each opcode (taken from its spec format), the register
//! names with their limits per version, and the sampler option words (taken
//! from the spec's enums). Which opcodes need AGAL2 or a fragment program is
//! the spec's (`fragment_only`, `since=v2` on the opcode line).
//!
//! Facts about names, limits and flags follow Adobe's 2015 AGALMiniAssembler
//! (OpenFL port); the register names are the spec's `RegName` ([`regs`]).

use std::sync::OnceLock;

use isa_runtime::layout::{Format, Opcode};

use super::{
    OpcodeAttrs, ProgramType, RegName, RegType, Token, Token1, TokenCond, TokenKil, TokenNone, TokenTex, Version,
    LAYOUT,
};

/// Which slots of a token an opcode uses, from its spec format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `Token`: destination and two sources.
    Full,
    /// `Token1`: destination and one source; the second slot is zero.
    One,
    /// `TokenTex`: destination, source and sampler.
    Tex,
    /// `TokenCond`: two sources, zero destination.
    Cond,
    /// `TokenKil`: one source, zero destination and second slot.
    Kil,
    /// `TokenNone`: no operands, every slot zero.
    None,
}

impl Form {
    /// The form of a spec format (its generated type's `FORMAT`).
    pub fn of_format(format: &Format) -> Option<Form> {
        let is = |f: &Format| std::ptr::eq(format, f);
        Some(if is(Token::FORMAT) {
            Form::Full
        } else if is(Token1::FORMAT) {
            Form::One
        } else if is(TokenTex::FORMAT) {
            Form::Tex
        } else if is(TokenCond::FORMAT) {
            Form::Cond
        } else if is(TokenKil::FORMAT) {
            Form::Kil
        } else if is(TokenNone::FORMAT) {
            Form::None
        } else {
            return None;
        })
    }

    /// Whether the token has a destination.
    pub fn has_dest(self) -> bool {
        matches!(self, Form::Full | Form::One | Form::Tex)
    }

    /// The operands written in assembly, in order.
    pub fn operands(self) -> &'static [Role] {
        match self {
            Form::Full => &[Role::Dest, Role::Source, Role::Source],
            Form::One => &[Role::Dest, Role::Source],
            Form::Tex => &[Role::Dest, Role::Source, Role::Sampler],
            Form::Cond => &[Role::Source, Role::Source],
            Form::Kil => &[Role::Source],
            Form::None => &[],
        }
    }
}

/// What an operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A destination register with a write mask.
    Dest,
    /// A source register with a swizzle, possibly relative.
    Source,
    /// A texture sampler (`fs0 <…>`).
    Sampler,
}

impl Role {
    /// The role's name in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Role::Dest => "destination",
            Role::Source => "source",
            Role::Sampler => "sampler",
        }
    }
}

/// An opcode as the assembler sees it.
#[derive(Clone, Copy, Debug)]
pub struct Op {
    /// The spec's opcode.
    pub spec: &'static Opcode,
    /// The opcode value.
    pub code: u32,
    /// Its operands.
    pub form: Form,
    /// Its attributes in the spec: `fragment_only`, `since`.
    pub attrs: &'static OpcodeAttrs,
}

impl Op {
    /// The lowest AGAL version that has it, as a number.
    pub fn min_version(&self) -> u32 {
        version_number(self.attrs.since)
    }
}

fn op(spec: &'static Opcode) -> Option<Op> {
    Some(Op {
        spec,
        code: u32::try_from(spec.value).ok()?,
        form: Form::of_format(spec.format)?,
        attrs: OpcodeAttrs::of(spec)?,
    })
}

/// The opcode with this (exact, lowercase) mnemonic.
pub fn op_by_mnemonic(mnemonic: &str) -> Option<Op> {
    LAYOUT.opcode(mnemonic).and_then(op)
}

/// The opcode with this value.
pub fn op_by_code(code: u32) -> Option<Op> {
    LAYOUT.opcodes.iter().find(|o| o.value == u64::from(code)).and_then(op)
}

/// Every mnemonic, for suggestions.
pub fn mnemonics() -> impl Iterator<Item = &'static str> {
    LAYOUT.opcodes.iter().map(|o| o.mnemonic)
}

/// A register name of the mini-assembler.
#[derive(Clone, Copy, Debug)]
pub struct Reg {
    /// The name as written.
    pub name: &'static str,
    /// Its register type code.
    pub code: RegType,
    /// Allowed in vertex programs.
    pub vertex: bool,
    /// Allowed in fragment programs.
    pub fragment: bool,
    /// May be read (a source).
    pub read: bool,
    /// May be written (a destination).
    pub write: bool,
    /// The name the disassembler prints for its type.
    pub canonical: bool,
    /// The highest register number in each AGAL version, in `Version::ALL`
    /// order: from `RegName`'s attribute named as the version (`v1`, `v2`,
    /// …); `None` where the name does not exist in that version.
    pub limits: [Option<u32>; Version::ALL.len()],
}

/// The limit every register gets with `--ignore-limits`, as in the reference.
pub const IGNORED_LIMIT: u32 = 1024;

/// Every register name the assembler accepts, in the spec's order, with
/// the reference's flags and limits: the spec's `RegName` enum (see its
/// doc for the two deviations from the reference). Built once.
pub fn regs() -> &'static [Reg] {
    static REGS: OnceLock<Vec<Reg>> = OnceLock::new();
    REGS.get_or_init(|| {
        let names = &super::__layout::ENUM_REGNAME;
        // The attribute of each version, found by the version's spec name
        // (a version without one is caught by `every_version_has_a_register_count`).
        let attr_of_version: [Option<usize>; Version::ALL.len()] = std::array::from_fn(|i| {
            let name = super::__layout::ENUM_VERSION
                .value(Version::ALL[i].raw())
                .map(|v| v.name);
            names.attrs.iter().position(|a| Some(a.name) == name)
        });
        names
            .values
            .iter()
            .filter_map(|v| Some((v, RegName::from_raw(v.value)?)))
            .map(|(v, n)| Reg {
                name: n.spelling(),
                code: n.file(),
                vertex: n.vertex(),
                fragment: n.fragment(),
                read: n.read(),
                write: n.write(),
                canonical: n.canonical(),
                limits: attr_of_version.map(|attr| {
                    let count = attr.map_or(0, |i| v.attrs[i]);
                    (count > 0).then(|| count as u32 - 1)
                }),
            })
            .collect()
    })
}

/// The register with this (exact) name.
pub fn reg_by_name(name: &str) -> Option<&'static Reg> {
    regs().iter().find(|r| r.name == name)
}

impl Reg {
    /// Whether programs of `kind` may use it.
    pub fn allowed_in(&self, kind: ProgramType) -> bool {
        match kind {
            ProgramType::Vertex => self.vertex,
            ProgramType::Fragment => self.fragment,
        }
    }

    /// The highest register number in `version`: `None` if the register does
    /// not exist there. `ignore_limits` raises every limit to 1024, but does
    /// not make `iid` exist before AGAL3.
    pub fn limit(&self, version: Version, ignore_limits: bool) -> Option<u32> {
        let limit = Version::ALL
            .iter()
            .position(|&v| v == version)
            .and_then(|i| self.limits[i]);
        if self.code == RegType::Iid && limit.is_none() {
            return None;
        }
        if ignore_limits {
            Some(IGNORED_LIMIT)
        } else {
            limit
        }
    }
}

/// The version as a number: its value in the header.
pub fn version_number(version: Version) -> u32 {
    version.raw() as u32
}

/// The name the disassembler prints for a register type in a program of
/// `kind`, and whether that register exists there: the spec's `canonical`
/// name of the type that `kind` may use, else (the token is then kept in
/// its raw form, because the assembler rejects it) the type's first
/// canonical name.
pub fn canonical_name(code: RegType, kind: ProgramType) -> (&'static str, bool) {
    let canonical = || regs().iter().filter(move |r| r.code == code && r.canonical);
    match canonical().find(|r| r.allowed_in(kind)) {
        Some(r) => (r.name, true),
        None => (canonical().next().map_or("", |r| r.name), false),
    }
}

/// A class of sampler options: each sets one nibble of the sampler's flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionClass {
    /// Texture format (bits 40..=43 of the sampler).
    Format,
    /// Dimension (44..=47).
    Dim,
    /// Special flags, OR'd together (48..=51).
    Special,
    /// Wrapping (52..=55).
    Wrap,
    /// Mipmapping (56..=59).
    Mip,
    /// Filter (60..=63).
    Filter,
}

impl OptionClass {
    /// The spec enum that spells this class, if it has one.
    pub fn enum_name(self) -> Option<&'static str> {
        Some(match self {
            OptionClass::Format => "TexFormat",
            OptionClass::Dim => "Dim",
            OptionClass::Wrap => "Wrap",
            OptionClass::Mip => "Mip",
            OptionClass::Filter => "Filter",
            OptionClass::Special => return None,
        })
    }

    /// The class's name in messages.
    pub fn noun(self) -> &'static str {
        match self {
            OptionClass::Format => "texture format",
            OptionClass::Dim => "dimension",
            OptionClass::Special => "special flag",
            OptionClass::Wrap => "wrap mode",
            OptionClass::Mip => "mipmap mode",
            OptionClass::Filter => "filter",
        }
    }
}

/// The classes named by a spec enum (the order the assembler looks a word
/// up in; the disassembler prints in the spec's `mini.sampler` line order).
pub const OPTION_ORDER: [OptionClass; 5] = [
    OptionClass::Dim,
    OptionClass::Filter,
    OptionClass::Mip,
    OptionClass::Wrap,
    OptionClass::Format,
];

/// The special flags (no spec enum: they are OR'd bits).
pub const SPECIAL_FLAGS: [(&str, u64); 3] = [("centroid", 1), ("single", 2), ("ignoresampler", 4)];

/// The class and value of a sampler option word (exact spelling).
pub fn sampler_option(word: &str) -> Option<(OptionClass, u64)> {
    if let Some(&(_, bit)) = SPECIAL_FLAGS.iter().find(|(name, _)| *name == word) {
        return Some((OptionClass::Special, bit));
    }
    for class in OPTION_ORDER {
        let e = spec_enum(class)?;
        if let Some(v) = e.values.iter().find(|v| v.spellings.contains(&word)) {
            return Some((class, v.value));
        }
    }
    None
}

/// The spelling the disassembler prints for a value of a class (`None` for
/// values the spec does not name).
pub fn option_spelling(class: OptionClass, value: u64) -> Option<&'static str> {
    spec_enum(class)?.value(value)?.spellings.first().copied()
}

/// Every option word, for suggestions.
pub fn option_words() -> impl Iterator<Item = &'static str> {
    let enums = OPTION_ORDER.iter().filter_map(|&c| spec_enum(c));
    SPECIAL_FLAGS
        .iter()
        .map(|(n, _)| *n)
        .chain(enums.flat_map(|e| e.values.iter().flat_map(|v| v.spellings.iter().copied())))
}

fn spec_enum(class: OptionClass) -> Option<&'static isa_runtime::layout::Enum> {
    let name = class.enum_name()?;
    LAYOUT.enums.iter().copied().find(|e| e.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_version_has_a_register_count() {
        let names = &crate::__layout::ENUM_REGNAME;
        for v in crate::__layout::ENUM_VERSION.values {
            assert!(
                names.attrs.iter().any(|a| a.name == v.name),
                "RegName has no `{}` attribute for AGAL version {}",
                v.name,
                v.value
            );
        }
        // The counts land at their version: vc has 128, 250 and 250.
        let vc = reg_by_name("vc").unwrap();
        assert_eq!(vc.limits, [Some(127), Some(249), Some(249)]);
        let iid = reg_by_name("iid").unwrap();
        assert_eq!(iid.limit(Version::V2, false), None);
        assert_eq!(iid.limit(Version::V3, false), Some(0));
        assert_eq!(iid.limit(Version::V2, true), None);
        assert_eq!(version_number(Version::V3), 3);
    }

    #[test]
    fn every_spec_opcode_has_a_form() {
        for spec in LAYOUT.opcodes {
            let op = op_by_mnemonic(spec.mnemonic).unwrap_or_else(|| panic!("{}", spec.mnemonic));
            assert_eq!(u64::from(op.code), spec.value);
            assert_eq!(op_by_code(op.code).map(|o| o.spec.mnemonic), Some(spec.mnemonic));
        }
    }

    /// AGALMiniAssembler's flags, as the spec's attributes state them.
    #[test]
    fn attributes_match_the_reference_flags() {
        let with = |pred: fn(&Op) -> bool| -> Vec<&str> {
            LAYOUT
                .opcodes
                .iter()
                .filter_map(op)
                .filter(pred)
                .map(|o| o.spec.mnemonic)
                .collect()
        };
        assert_eq!(
            with(|o| o.attrs.fragment_only),
            ["ddx", "ddy", "ted", "kil", "tex", "tld"]
        );
        assert_eq!(
            with(|o| o.min_version() == 2),
            ["ddx", "ddy", "ife", "ine", "ifg", "ifl", "els", "eif", "ted"]
        );
        assert!(LAYOUT.opcodes.iter().filter_map(op).all(|o| o.min_version() <= 2));
    }

    #[test]
    fn every_option_class_has_its_enum() {
        for class in OPTION_ORDER {
            assert!(spec_enum(class).is_some(), "{class:?}");
        }
        assert_eq!(sampler_option("nomip"), Some((OptionClass::Mip, 0)));
        assert_eq!(sampler_option("anisotropic16x"), Some((OptionClass::Filter, 5)));
        assert_eq!(sampler_option("compressedalpha"), Some((OptionClass::Format, 2)));
        assert_eq!(sampler_option("single"), Some((OptionClass::Special, 2)));
        assert_eq!(sampler_option("Linear"), None);
        assert_eq!(option_spelling(OptionClass::Wrap, 1), Some("repeat"));
    }

    #[test]
    fn canonical_names_parse_back_to_their_type() {
        for kind in [ProgramType::Vertex, ProgramType::Fragment] {
            for raw in 0..8 {
                let code = RegType::from_raw(raw).unwrap();
                let (name, exists) = canonical_name(code, kind);
                let reg = reg_by_name(name).unwrap();
                assert_eq!(reg.code, code);
                assert_eq!(reg.allowed_in(kind), exists, "{name} in {kind:?}");
            }
        }
    }
}
