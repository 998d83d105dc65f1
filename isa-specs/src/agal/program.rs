//! A whole AGAL program: the 7-byte header and the 24-byte tokens.
//!
//! [`AgalProgram::parse`] is total: any byte string gives a program or an
//! [`AgalError`] with the byte offset of the first problem, never a panic.
//! It checks, in file order: the header (magic 0xA0, version 1–3, tag 0xA1,
//! program type 0 or 1), then each token (a known opcode; register types
//! 0–7; zero in the slots the opcode does not use; the sampler's type 5),
//! then that the body is a whole number of tokens.
//!
//! Register type 7 is AGAL3's instance id (`iid`). The issue lists types 7–15
//! as errors, which holds for AGAL1 and AGAL2 programs; in a version 3
//! program type 7 is accepted, because AGAL3 defines it (and Adobe's later
//! assembler writes it). See `table::regs` for the assembler's side.

use std::fmt;

use super::table::{op_by_code, Form};
use isa_runtime::layout::{FieldKind, Format};

use super::{Dest, Header, Instruction, ProgramType, Sampler, Source, Token, Version};

/// Bytes in the header.
pub const HEADER_BYTES: usize = 7;
/// Bytes in a token.
pub const TOKEN_BYTES: usize = 24;

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
    pub fn parse(bytes: &[u8]) -> Result<AgalProgram, AgalError> {
        let header = parse_header(bytes)?;
        let body = &bytes[HEADER_BYTES..];
        let mut tokens = Vec::with_capacity(body.len() / TOKEN_BYTES);
        for (i, chunk) in body.chunks(TOKEN_BYTES).enumerate() {
            let at = HEADER_BYTES + i * TOKEN_BYTES;
            let Ok(token) = <&[u8; TOKEN_BYTES]>::try_from(chunk) else {
                return Err(AgalError {
                    offset: at,
                    message: format!(
                        "truncated token: the file ends {} bytes into token {i}, which needs {TOKEN_BYTES} \
                         (the body after the 7-byte header is {} bytes, not a multiple of {TOKEN_BYTES})",
                        chunk.len(),
                        body.len()
                    ),
                });
            };
            let insn = check_token(token, header.version).map_err(|(rel, message)| AgalError {
                offset: at + rel,
                message: format!("token {i}: {message}"),
            })?;
            tokens.push(insn);
        }
        Ok(AgalProgram { header, tokens })
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

    /// The byte offset of token `index`.
    pub fn token_offset(index: usize) -> usize {
        HEADER_BYTES + TOKEN_BYTES * index
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

fn parse_header(bytes: &[u8]) -> Result<Header, AgalError> {
    let err = |offset: usize, message: String| Err(AgalError { offset, message });
    let truncated = |offset: usize| {
        err(
            offset,
            format!(
                "truncated header: the file ends after {} bytes; an AGAL program starts with 7 \
                 (0xa0, a u32 version, 0xa1, the program type)",
                bytes.len()
            ),
        )
    };
    match bytes.first() {
        None => return truncated(0),
        Some(&0xA0) => {}
        Some(&b) => return err(0, format!("bad magic {b:#04x}: an AGAL program starts with 0xa0")),
    }
    let Some(v) = bytes.get(1..5) else {
        return truncated(bytes.len());
    };
    let version = u32::from_le_bytes([v[0], v[1], v[2], v[3]]);
    if !(1..=3).contains(&version) {
        return err(
            1,
            format!("bad version {version} ({version:#x}): AGAL versions are 1, 2 and 3"),
        );
    }
    match bytes.get(5) {
        None => return truncated(bytes.len()),
        Some(&0xA1) => {}
        Some(&b) => {
            return err(
                5,
                format!("bad program-type tag {b:#04x}: the version is followed by 0xa1"),
            )
        }
    }
    match bytes.get(6) {
        None => return truncated(bytes.len()),
        Some(0 | 1) => {}
        Some(&b) => {
            return err(
                6,
                format!("bad program type {b}: 0 is a vertex program, 1 a fragment program"),
            )
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

/// Where a slot of the token (`dst`, `src1`, `src2`: fields of the spec's
/// `Token`) sits, in bytes.
#[derive(Clone, Copy)]
struct Slot {
    at: usize,
    len: usize,
}

impl Slot {
    /// The byte that holds field `name` of the slot's layout (a register
    /// type: 4 bits at a byte boundary).
    fn byte_of(self, layout: &Format, name: &str) -> usize {
        let lo = layout
            .field(name)
            .and_then(|f| f.ranges.first())
            .map_or(0, |r| r.lo as usize);
        self.at + lo / 8
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
    let zero = |at: usize, len: usize, what: &str| -> Result<(), (usize, String)> {
        if bytes[at..at + len].iter().all(|&b| b == 0) {
            Ok(())
        } else {
            Err((
                at,
                format!(
                    "`{name}` has no {what}, so bytes {at}..{} of the token must be zero, found {:02x?}",
                    at + len,
                    &bytes[at..at + len]
                ),
            ))
        }
    };
    let reg_type =
        |at: usize, what: &str| check_reg_type(bytes[at] & 0xF, version).map_err(|m| (at, format!("{what}: {m}")));
    let dst = slot("dst");
    let (src1, src2) = (slot("src1"), slot("src2"));
    if op.form.has_dest() {
        reg_type(dst.byte_of(Dest::FORMAT, "type"), "destination register type")?;
    } else {
        zero(dst.at, dst.len, "destination")?;
    }
    if op.form == Form::None {
        zero(src1.at, src1.len, "first source")?;
    } else {
        reg_type(src1.byte_of(Source::FORMAT, "type"), "source 1 register type")?;
        reg_type(src1.byte_of(Source::FORMAT, "itype"), "source 1 index register type")?;
    }
    match op.form {
        Form::Full | Form::Cond => {
            reg_type(src2.byte_of(Source::FORMAT, "type"), "source 2 register type")?;
            reg_type(src2.byte_of(Source::FORMAT, "itype"), "source 2 index register type")?;
        }
        Form::Tex => {
            let at = src2.byte_of(Sampler::FORMAT, "type");
            let t = u64::from(bytes[at] & 0xF);
            let want = sampler_type();
            if t != want {
                return Err((
                    at,
                    format!("the sampler slot of `{name}` must have register type {want} (sampler), found {t}"),
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

/// A register type nibble: 0–6 always, 7 (`iid`) from AGAL3 on.
fn check_reg_type(nibble: u8, version: Version) -> Result<(), String> {
    match nibble {
        0..=6 => Ok(()),
        7 if version == Version::V3 => Ok(()),
        7 => Err(format!(
            "type 7 (iid, the instance id) exists only in AGAL version 3; this program is version {}",
            version.raw()
        )),
        n => Err(format!("{n} is not a register type (0 to 7)")),
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
        assert_eq!(dst.byte_of(Dest::FORMAT, "type"), 7);
        assert_eq!(src1.byte_of(Source::FORMAT, "type"), 12);
        assert_eq!(src2.byte_of(Source::FORMAT, "itype"), 21);
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
        AgalProgram::parse(bytes).unwrap_err()
    }

    #[test]
    fn a_token_round_trips() {
        let bytes = program(&[mov()]);
        let p = AgalProgram::parse(&bytes).unwrap();
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
        assert!(AgalProgram::parse(&bytes).is_ok());
    }
}
