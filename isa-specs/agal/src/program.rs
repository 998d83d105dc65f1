//! A whole AGAL program: the 7-byte header and the 24-byte tokens.
//!
//! [`AgalProgram::from_bytes`] is total: any byte string gives a program or an
//! [`AgalError`] with the byte offset of the first problem, never a panic.
//! It checks, in file order: the header (each field of the spec's `Header`:
//! the fixed magic and tag bytes, a named version and program type), then
//! each token (a known opcode; register types that `RegType` names and that
//! exist in the program's version; zero in the slots the opcode does not
//! use; the sampler's fixed type), then that the body is a whole number of
//! tokens.
//!
//! A register type exists in a version when some name of the spec's
//! `RegName` has registers of it there, counting the registers
//! `--ignore-limits` allows: so type 7 (`iid`, AGAL3's instance id) only in
//! AGAL3, and type 6 (`fd`) in every version (AGAL1 through
//! `--ignore-limits`, as in the reference). See `table::regs` for the
//! assembler's side.

use std::fmt;

use super::table::{op_by_code, Form};
use isa_runtime::layout::{Enum, Field, FieldKind, Format};
use isa_runtime::text::counted;

use super::__layout::ENUM_REGTYPE;
use super::table::regs;
use super::{Dest, Header, Instruction, ProgramType, RegType, Sampler, Source, Token, Version};

/// Bytes in the header (the spec's `Header`).
pub const HEADER_BYTES: usize = Header::FORMAT.bits as usize / 8;
/// Bytes in a token (the spec's `Token`).
pub const TOKEN_BYTES: usize = Token::FORMAT.bits as usize / 8;

/// A malformed AGAL program: the byte offset and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgalError {
    /// Byte offset from the start of the file.
    pub offset: usize,
    /// What was expected there.
    pub message: String,
}

impl fmt::Display for AgalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {:#x}: {}", self.offset, self.message)
    }
}

impl std::error::Error for AgalError {}

/// An AGAL program: its header and its tokens.
#[derive(Clone, Debug, PartialEq)]
pub struct AgalProgram {
    /// Version and program type.
    pub header: Header,
    /// The tokens, in order.
    pub tokens: Vec<Instruction>,
}

impl AgalProgram {
    /// An empty program of this kind and version.
    pub fn new(kind: ProgramType, version: Version) -> Self {
        AgalProgram {
            header: Header { version, kind },
            tokens: Vec::new(),
        }
    }

    /// Parses a program (header and tokens). Never panics; the error names
    /// the byte offset of the first problem.
    pub fn from_bytes(bytes: &[u8]) -> Result<AgalProgram, AgalError> {
        let header = parse_header(bytes)?;
        let mut tokens = Vec::with_capacity(bytes.len().saturating_sub(HEADER_BYTES) / TOKEN_BYTES);
        for token in Self::tokens_of(bytes, header.version) {
            tokens.push(token?);
        }
        Ok(AgalProgram { header, tokens })
    }

    /// Checks a program as [`AgalProgram::from_bytes`] does (the same
    /// errors), without keeping its tokens: its header and how many tokens
    /// it holds.
    pub fn check_bytes(bytes: &[u8]) -> Result<(Header, usize), AgalError> {
        let header = parse_header(bytes)?;
        let mut count = 0;
        for token in Self::tokens_of(bytes, header.version) {
            token?;
            count += 1;
        }
        Ok((header, count))
    }

    /// The tokens of a program's bytes (after its header, of `version`),
    /// one at a time, each checked as [`AgalProgram::from_bytes`] checks it;
    /// a bad one is the iterator's last item.
    pub fn tokens_of(bytes: &[u8], version: Version) -> impl Iterator<Item = Result<Instruction, AgalError>> + '_ {
        let body = bytes.get(HEADER_BYTES..).unwrap_or_default();
        let mut failed = false;
        body.chunks(TOKEN_BYTES).enumerate().map_while(move |(i, chunk)| {
            if failed {
                return None;
            }
            let at = HEADER_BYTES + i * TOKEN_BYTES;
            let Ok(token) = <&[u8; TOKEN_BYTES]>::try_from(chunk) else {
                failed = true;
                return Some(Err(AgalError {
                    offset: at,
                    message: format!(
                        "truncated token: the file ends {} into token {i}, which needs {TOKEN_BYTES} \
                         (the body after the 7-byte header is {}, not a multiple of {TOKEN_BYTES})",
                        counted(chunk.len(), "byte"),
                        counted(body.len(), "byte")
                    ),
                }));
            };
            let checked = check_token(token, version).map_err(|(rel, message)| AgalError {
                offset: at + rel,
                message: format!("token {i}: {message}"),
            });
            failed = checked.is_err();
            Some(checked)
        })
    }

    /// The program's bytes: the header, then every token.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_BYTES + TOKEN_BYTES * self.tokens.len());
        out.extend_from_slice(&self.header.encode().to_le_bytes()[..HEADER_BYTES]);
        for token in &self.tokens {
            out.extend_from_slice(&token_bytes(token));
        }
        out
    }

    /// The byte offset of token `index` (`usize::MAX` for an index no
    /// file in memory can reach, rather than an overflow).
    pub fn token_offset(index: usize) -> usize {
        TOKEN_BYTES.saturating_mul(index).saturating_add(HEADER_BYTES)
    }
}

/// The 24 little-endian bytes of a token.
pub fn token_bytes(token: &Instruction) -> [u8; TOKEN_BYTES] {
    let words = token.encode();
    let mut out = [0u8; TOKEN_BYTES];
    for (chunk, word) in out.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// Reads the header field by field, as the spec's `Header` lays it out:
/// each field must be present, a fixed one must hold its value and an enum
/// one a value the enum names. The error is at the field's first byte.
fn parse_header(bytes: &[u8]) -> Result<Header, AgalError> {
    let err = |offset: usize, message: String| Err(AgalError { offset, message });
    for field in Header::FORMAT.fields {
        let (at, len) = byte_span(field);
        let Some(field_bytes) = bytes.get(at..at + len) else {
            return err(
                bytes.len(),
                format!(
                    "truncated header: the file ends after {}; an AGAL program starts with {HEADER_BYTES} ({})",
                    counted(bytes.len(), "byte"),
                    header_contents()
                ),
            );
        };
        let mut le = [0u8; 8];
        le[..len].copy_from_slice(field_bytes);
        let value = u64::from_le_bytes(le);
        match field.kind {
            FieldKind::Fixed(want) if value != want => {
                return err(at, format!("bad {} {value:#04x}: expected {want:#04x}", field.doc));
            }
            FieldKind::Enum(e) if e.value(value).is_none() => {
                return err(
                    at,
                    format!("bad {} {value} ({value:#x}): expected {}", field.doc, named_values(e)),
                );
            }
            _ => {}
        }
    }
    let mut word = [0u8; 8];
    word[..HEADER_BYTES].copy_from_slice(&bytes[..HEADER_BYTES]);
    // Every field was checked above, so this cannot fail; map it anyway.
    Header::decode(u64::from_le_bytes(word)).map_err(|e| AgalError {
        offset: 0,
        message: e.to_string(),
    })
}

/// The first byte and the byte count of a byte-aligned field.
fn byte_span(field: &Field) -> (usize, usize) {
    let lo = field.ranges.first().map_or(0, |r| r.lo as usize);
    (lo / 8, field.width as usize / 8)
}

/// What the header holds, in order (`0xa0, a u32 version, …`).
fn header_contents() -> String {
    let parts: Vec<String> = Header::FORMAT
        .fields
        .iter()
        .map(|f| match f.kind {
            FieldKind::Fixed(v) => format!("{v:#04x}"),
            _ => format!("a u{} {}", f.width, f.doc),
        })
        .collect();
    parts.join(", ")
}

/// The values an enum names: `1, 2 or 3`, or `0 (vertex) or 1 (fragment)`
/// where the spelling is not the number.
fn named_values(e: &Enum) -> String {
    let names: Vec<String> = e
        .values
        .iter()
        .map(|v| match v.spellings.first() {
            Some(&s) if s != v.value.to_string() => format!("{} ({s})", v.value),
            _ => v.value.to_string(),
        })
        .collect();
    isa_runtime::text::or_list(&names)
}

/// Where a slot of the token (`dst`, `src1`, `src2`: fields of the spec's
/// `Token`) sits, in bytes.
#[derive(Clone, Copy)]
struct Slot {
    at: usize,
    len: usize,
}

impl Slot {
    /// Field `name` of the slot's `layout`, read from the token: the offset
    /// of its first byte in the token, and its value.
    fn field(self, bytes: &[u8; TOKEN_BYTES], layout: &Format, name: &str) -> (usize, u64) {
        let Some(field) = layout.field(name) else {
            return (self.at, 0);
        };
        let mut word = [0u8; 8];
        word[..self.len].copy_from_slice(&bytes[self.at..self.at + self.len]);
        let at = self.at + byte_span(field).0;
        (at, field.read(&u64::from_le_bytes(word), 0))
    }
}

/// Slot `name` of the spec's `Token`.
fn slot(name: &str) -> Slot {
    let field = Token::FORMAT.field(name);
    let lo = field.and_then(|f| f.ranges.first()).map_or(0, |r| r.lo as usize);
    Slot {
        at: lo / 8,
        len: field.map_or(0, |f| f.width as usize / 8),
    }
}

/// The register type a sampler slot holds (`Sampler`'s fixed `type`).
fn sampler_type() -> u64 {
    match Sampler::FORMAT.field("type").map(|f| f.kind) {
        Some(FieldKind::Fixed(v)) => v,
        _ => 0,
    }
}

/// Checks one token and decodes it. Errors carry the byte offset inside the
/// token (of the opcode, the slot, or the register-type byte at fault).
pub fn check_token(bytes: &[u8; TOKEN_BYTES], version: Version) -> Result<Instruction, (usize, String)> {
    let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let u64_at = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let code = u32_at(0);
    let Some(op) = op_by_code(code) else {
        return Err((0, format!("unknown opcode {code:#04x}")));
    };
    let name = op.spec.mnemonic;
    // An error at the first byte that is not zero.
    let zero = |at: usize, len: usize, what: &str| -> Result<(), (usize, String)> {
        match bytes[at..at + len].iter().position(|&b| b != 0) {
            None => Ok(()),
            Some(first) => Err((
                at + first,
                format!(
                    "`{name}` has no {what}, so bytes {at}..{} of the token must be zero, found {:02x?}",
                    at + len,
                    &bytes[at..at + len]
                ),
            )),
        }
    };
    let reg_type = |slot: Slot, layout: &Format, name: &str, what: &str| {
        let (at, raw) = slot.field(bytes, layout, name);
        check_reg_type(raw, version).map_err(|m| (at, format!("{what}: {m}")))
    };
    let dst = slot("dst");
    let (src1, src2) = (slot("src1"), slot("src2"));
    if op.form.has_dest() {
        reg_type(dst, Dest::FORMAT, "type", "destination register type")?;
    } else {
        zero(dst.at, dst.len, "destination")?;
    }
    if op.form == Form::None {
        zero(src1.at, src1.len, "first source")?;
    } else {
        reg_type(src1, Source::FORMAT, "type", "source 1 register type")?;
        reg_type(src1, Source::FORMAT, "itype", "source 1 index register type")?;
    }
    match op.form {
        Form::Full | Form::Cond => {
            reg_type(src2, Source::FORMAT, "type", "source 2 register type")?;
            reg_type(src2, Source::FORMAT, "itype", "source 2 index register type")?;
        }
        Form::Tex => {
            let (at, t) = src2.field(bytes, Sampler::FORMAT, "type");
            let want = sampler_type();
            if t != want {
                return Err((
                    at,
                    format!(
                        "the sampler slot of `{name}` must have register type {want} ({}), found {t}",
                        RegType::from_raw(want).map_or("", RegType::spelling)
                    ),
                ));
            }
        }
        Form::One | Form::Kil | Form::None => zero(src2.at, src2.len, "second source")?,
    }
    // The checks above cover everything the generated decoder rejects; keep
    // its verdict (and its message) as the last word all the same.
    let words = [u64_at(0), u64_at(8), u64_at(16)];
    Instruction::decode(words).map_err(|e| (0, e.to_string()))
}

/// A register type: one the spec's `RegType` names, in a version where a
/// register name of that type exists (`RegName`, with the limits that
/// `--ignore-limits` lifts: the assembler's reach).
fn check_reg_type(raw: u64, version: Version) -> Result<(), String> {
    let Some(t) = RegType::from_raw(raw) else {
        return Err(format!(
            "{raw} is not a register type ({})",
            named_values(&ENUM_REGTYPE)
        ));
    };
    let exists_in = |v: Version| regs().iter().any(|r| r.code == t && r.limit(v, true).is_some());
    if exists_in(version) {
        return Ok(());
    }
    let name = t.spelling();
    match Version::ALL.iter().find(|&&v| exists_in(v)) {
        Some(first) => Err(format!(
            "type {raw} ({name}) exists only from AGAL version {} on; this program is version {}",
            first.raw(),
            version.raw()
        )),
        None => Err(format!("type {raw} ({name}) has no register name")),
    }
}

/// The slots of a token, decoded by its opcode's form.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slots {
    /// The destination, if the opcode has one.
    pub dst: Option<Dest>,
    /// The first source, if any.
    pub src1: Option<Source>,
    /// The second source, for two-source opcodes.
    pub src2: Option<Source>,
    /// The sampler, for `tex` and `tld`.
    pub sampler: Option<Sampler>,
}

/// The form of a token's opcode.
pub fn form_of(token: &Instruction) -> Form {
    token
        .opcode()
        .and_then(|o| Form::of_format(o.format))
        .unwrap_or(Form::None)
}

/// Splits a token into its slots.
pub fn slots(token: &Instruction) -> Slots {
    let [w0, w1, w2] = token.encode();
    let form = form_of(token);
    let words = [w0, w1, w2];
    let read = |name: &str| Token::FORMAT.field(name).map_or(0, |f| f.read(&words, 0));
    let dst = Dest::decode(read("dst") as u32).ok();
    let src1 = Source::decode(read("src1")).ok();
    let src2 = Source::decode(read("src2")).ok();
    match form {
        Form::Full => Slots {
            dst,
            src1,
            src2,
            sampler: None,
        },
        Form::One => Slots {
            dst,
            src1,
            src2: None,
            sampler: None,
        },
        Form::Tex => Slots {
            dst,
            src1,
            src2: None,
            sampler: Sampler::decode(w2).ok(),
        },
        Form::Cond => Slots {
            dst: None,
            src1,
            src2,
            sampler: None,
        },
        Form::Kil => Slots {
            dst: None,
            src1,
            src2: None,
            sampler: None,
        },
        Form::None => Slots {
            dst: None,
            src1: None,
            src2: None,
            sampler: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte positions the token checks read come from the spec's
    /// `Token`, `Dest`, `Source` and `Sampler`; every name they use exists.
    #[test]
    fn token_slots_come_from_the_spec() {
        for (layout, name) in [
            (Dest::FORMAT, "type"),
            (Source::FORMAT, "type"),
            (Source::FORMAT, "itype"),
            (Sampler::FORMAT, "type"),
        ] {
            assert!(layout.field(name).is_some(), "{}.{name}", layout.name);
        }
        let (dst, src1, src2) = (slot("dst"), slot("src1"), slot("src2"));
        assert_eq!(
            [(dst.at, dst.len), (src1.at, src1.len), (src2.at, src2.len)],
            [(4, 4), (8, 8), (16, 8)]
        );
        let mut token = [0u8; TOKEN_BYTES];
        token[7] = 0x32;
        token[12] = 0xF4;
        token[21] = 0x01;
        assert_eq!(dst.field(&token, Dest::FORMAT, "type"), (7, 2));
        assert_eq!(src1.field(&token, Source::FORMAT, "type"), (12, 4));
        assert_eq!(src2.field(&token, Source::FORMAT, "itype"), (21, 1));
        assert_eq!((HEADER_BYTES, TOKEN_BYTES), (7, 24));
        assert_eq!(sampler_type(), 5);
    }

    const MOV_HEADER: [u8; 7] = [0xA0, 1, 0, 0, 0, 0xA1, 0];

    fn program(tokens: &[[u8; 24]]) -> Vec<u8> {
        let mut out = MOV_HEADER.to_vec();
        for t in tokens {
            out.extend_from_slice(t);
        }
        out
    }

    /// `mov vt0, va0`
    fn mov() -> [u8; 24] {
        let mut t = [0u8; 24];
        t[4..8].copy_from_slice(&[0, 0, 0x0F, 2]);
        t[8..16].copy_from_slice(&[0, 0, 0, 0xE4, 0, 0, 0, 0]);
        t
    }

    fn err(bytes: &[u8]) -> AgalError {
        AgalProgram::from_bytes(bytes).unwrap_err()
    }

    #[test]
    fn token_offsets_count_from_the_header_and_never_overflow() {
        assert_eq!(AgalProgram::token_offset(0), 7);
        assert_eq!(AgalProgram::token_offset(2), 7 + 48);
        assert_eq!(AgalProgram::token_offset(usize::MAX), usize::MAX);
        assert_eq!(AgalProgram::token_offset(usize::MAX / 24), usize::MAX / 24 * 24 + 7);
    }

    #[test]
    fn a_token_round_trips() {
        let bytes = program(&[mov()]);
        let p = AgalProgram::from_bytes(&bytes).unwrap();
        assert_eq!(p.header.kind, ProgramType::Vertex);
        assert_eq!(p.tokens.len(), 1);
        assert_eq!(p.to_bytes(), bytes);
    }

    #[test]
    fn header_errors_are_positioned() {
        assert_eq!(err(&[]).offset, 0);
        assert_eq!(err(&[0xA1]).offset, 0);
        assert!(err(&[0xA1]).message.contains("magic"));
        assert_eq!(err(&[0xA0, 1, 0]).offset, 3);
        assert!(err(&[0xA0, 1, 0]).message.contains("truncated header"));
        let e = err(&[0xA0, 4, 0, 0, 0, 0xA1, 0]);
        assert_eq!((e.offset, e.message.contains("version 4")), (1, true));
        assert_eq!(err(&[0xA0, 1, 0, 0, 0, 0xA2, 0]).offset, 5);
        assert_eq!(err(&[0xA0, 1, 0, 0, 0, 0xA1, 2]).offset, 6);
        assert_eq!(err(&[0xA0, 1, 0, 0, 0, 0xA1]).offset, 6);
    }

    #[test]
    fn token_errors_are_positioned() {
        let mut bad = mov();
        bad[0] = 0x22;
        let e = err(&program(&[mov(), bad]));
        assert_eq!(e.offset, 7 + 24);
        assert!(e.message.contains("unknown opcode 0x22"), "{e}");

        let mut bad = mov();
        bad[7] = 9;
        assert_eq!(err(&program(&[bad])).offset, 7 + 7);
        let mut bad = mov();
        bad[12] = 0xF;
        assert_eq!(err(&program(&[bad])).offset, 7 + 12);
        let mut bad = mov();
        bad[13] = 8;
        assert_eq!(err(&program(&[bad])).offset, 7 + 13);
        let mut bad = mov();
        bad[16] = 1;
        let e = err(&program(&[bad]));
        assert_eq!(e.offset, 7 + 16);
        assert!(e.message.contains("no second source"), "{e}");
        // At the byte that is not zero, not the slot's first.
        let mut bad = mov();
        bad[21] = 5;
        assert_eq!(err(&program(&[bad])).offset, 7 + 21);

        let mut bytes = program(&[mov()]);
        bytes.extend_from_slice(&[0; 5]);
        let e = err(&bytes);
        assert_eq!(e.offset, 31);
        assert!(e.message.contains("truncated token"), "{e}");
    }

    #[test]
    fn iid_needs_version_3() {
        let mut t = mov();
        t[12] = 7;
        let e = err(&program(&[t]));
        assert_eq!(e.offset, 7 + 12);
        assert!(e.message.contains("iid"), "{e}");
        let mut bytes = program(&[t]);
        bytes[1] = 3;
        assert!(AgalProgram::from_bytes(&bytes).is_ok());
    }
}
