//! Runtime support for isaforge-generated instruction codecs.
//!
//! Everything the generated code shares lives here instead of being re-emitted
//! per opcode: bit access over words ([`BitWord`]), range-checked field types
//! ([`UInt`], [`SInt`], [`Mask`], [`Swizzle`]), error types, the layout
//! metadata model ([`layout`]), a table-driven printer/parser ([`text`])
//! that walks that metadata, and the AGSL parser that reads the opcodes'
//! semantics ([`agsl`]). The crate is `no_std` (with `alloc`).
#![no_std]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(feature = "check")]
extern crate std;

pub mod agsl;
pub mod bits;
pub mod carry;
#[cfg(feature = "check")]
pub mod check;
pub mod error;
pub mod explain;
pub mod layout;
pub mod lexer;
pub mod note;
pub mod packed;
pub mod spec_fingerprint;
#[cfg(test)]
mod test_layout;
pub mod text;
mod text_error;
pub mod types;

pub use bits::BitWord;
pub use error::{DecodeError, DecodeErrorKind, EncodeError, ParseError};
pub use half::f16;
pub use layout::IsaLayout;
pub use spec_fingerprint::{assert_spec_unchanged, spec_fingerprint};

/// A free-standing layout (such as PICA's operand descriptor) with its codec.
pub trait LayoutCodec:
    Sized + Clone + PartialEq + core::fmt::Debug + core::fmt::Display + core::str::FromStr<Err = ParseError>
{
    /// The word the layout occupies.
    type Word: BitWord;
    /// The layout metadata.
    const FORMAT: &'static layout::Format;
    /// Decodes the layout's bits.
    fn decode(word: Self::Word) -> Result<Self, DecodeError>;
    /// Encodes the layout's bits.
    fn encode(&self) -> Result<Self::Word, EncodeError>;
}
pub use types::{
    checked, Component, Expected, Float16, Float32, FromInt, Mask, MaskSlip, SInt, Storage, Swizzle, UInt, ValueError,
    ValueResult, Width,
};

/// An instruction set generated from a spec: its word type, its typed
/// instruction, the codec and the layout metadata.
pub trait Isa: 'static {
    /// The instruction word, a [`BitWord`]: the unsigned integer of the
    /// spec's `word` width (`u8` to `u128`), or an array of `u64` for a word
    /// wider than 128 bits (AGAL's 192-bit token is `[u64; 3]`).
    type Word: BitWord;
    /// The typed instruction.
    type Instruction: Clone + PartialEq + core::fmt::Debug + core::fmt::Display + core::str::FromStr<Err = ParseError>;
    /// The layout metadata generated from the spec.
    const LAYOUT: &'static IsaLayout;
    /// Decodes one instruction word.
    fn decode(word: Self::Word) -> Result<Self::Instruction, DecodeError>;
    /// Decodes one instruction word as generation `gen` has it (an ISA
    /// whose spec declares `gens`); by default, [`Isa::decode`].
    fn decode_gen(word: Self::Word, gen: u32) -> Result<Self::Instruction, DecodeError> {
        let _ = gen;
        Self::decode(word)
    }
    /// Encodes one instruction.
    fn encode(insn: &Self::Instruction) -> Result<Self::Word, EncodeError>;
}

/// A presence-mask bundle ISA (the spec's `bundle` item, such as Lima PP):
/// variable-length instructions of 32-bit words, decoded as whole programs.
pub trait PackedIsa: 'static {
    /// The typed instruction: the control word's fields and the units present.
    type Instruction: Clone + PartialEq + core::fmt::Debug + core::fmt::Display + core::str::FromStr<Err = ParseError>;
    /// The layout metadata generated from the spec.
    const LAYOUT: &'static IsaLayout;
    /// Decodes one instruction at the start of `words`; returns it and its
    /// length in words. Errors carry the byte offset from `words[0]`.
    fn decode(words: &[u32]) -> Result<(Self::Instruction, usize), DecodeError>;
    /// Appends one instruction's words, derived fields as stored.
    fn encode_into(insn: &Self::Instruction, out: &mut alloc::vec::Vec<u32>);
    /// Decodes a whole program: instructions up to the one that announces no
    /// next instruction; trailing zero words are padding.
    fn decode_program(words: &[u32]) -> Result<alloc::vec::Vec<Self::Instruction>, DecodeError>;
    /// Sets every derived control field (`derive` lines) from the program.
    fn derive(program: &mut [Self::Instruction]);
    /// An instruction checked in place, whose units decode when read
    /// (the generated `<Bundle>View`).
    type View<'a>: Copy + core::fmt::Debug;
    /// Checks one instruction as [`PackedIsa::decode`] does, with the same
    /// errors, without decoding its units.
    fn decode_view(words: &[u32]) -> Result<(Self::View<'_>, usize), DecodeError>;
    /// Checks a program as [`PackedIsa::decode_program`] does, with the same
    /// errors: the views of its instructions.
    fn decode_program_views(words: &[u32]) -> Result<alloc::vec::Vec<Self::View<'_>>, DecodeError>;
    /// The instruction a view stands for, every unit decoded.
    fn view_to_instr(view: &Self::View<'_>) -> Self::Instruction;
}

/// Decodes a little-endian byte stream of fixed-width instruction words,
/// stopping at the first error, which carries the byte offset.
pub fn decode_stream<I: Isa>(bytes: &[u8]) -> Result<alloc::vec::Vec<I::Instruction>, DecodeError> {
    let size = (I::Word::BITS / 8) as usize;
    if bytes.len() % size != 0 {
        let offset = bytes.len() - bytes.len() % size;
        return Err(DecodeError::new(
            "",
            DecodeErrorKind::Truncated {
                needed: size,
                available: bytes.len() % size,
            },
        )
        .at(offset));
    }
    bytes
        .chunks_exact(size)
        .enumerate()
        .map(|(i, chunk)| I::decode(I::Word::from_le_bytes(chunk)).map_err(|e| e.at(i * size)))
        .collect()
}

/// Assembles the spec's one-instruction-per-line text (what `isa asm --raw`
/// reads) into words, collecting one error per bad line. A leading byte-order
/// mark and trailing `\r` are dropped; a line that is not UTF-8 is an error at
/// the column of its first bad byte.
pub fn assemble_stream<I: Isa>(bytes: &[u8]) -> (alloc::vec::Vec<I::Word>, alloc::vec::Vec<ParseError>) {
    assemble_stream_with(bytes, assemble_line::<I>)
}

/// [`assemble_stream`] with another reader of one line (`line`, its
/// 1-based number): `None` for a line with nothing to assemble. A layer
/// that checks more than [`assemble_line`] (a generation, say) passes its
/// own.
pub fn assemble_stream_with<W>(
    bytes: &[u8],
    mut assemble: impl FnMut(&str, usize) -> Result<Option<W>, ParseError>,
) -> (alloc::vec::Vec<W>, alloc::vec::Vec<ParseError>) {
    let mut words = alloc::vec::Vec::new();
    let mut errors = alloc::vec::Vec::new();
    for (number, line) in lines_of(bytes) {
        let line = match line {
            Ok(line) => line,
            Err(col) => {
                errors.push(ParseError {
                    line: number,
                    col,
                    message: "invalid UTF-8".into(),
                });
                continue;
            }
        };
        match assemble(line, number) {
            Ok(Some(word)) => words.push(word),
            Ok(None) => {}
            Err(e) => errors.push(e),
        }
    }
    (words, errors)
}

/// Assembles one line (`number` is its 1-based line number): `None` for a
/// line with nothing but blanks and a comment. The word is canonical: the
/// parsed bits are decoded (which checks what the text form cannot, such as
/// closed enums) and encoded again.
pub fn assemble_line<I: Isa>(line: &str, number: usize) -> Result<Option<I::Word>, ParseError> {
    let mut cursor = lexer::Cursor::at(line, number, 1);
    if cursor.at_line_end() {
        return Ok(None);
    }
    let start = cursor.clone();
    let word: I::Word = text::parse_instruction(I::LAYOUT, &mut cursor)?;
    let insn = I::decode(word).map_err(|e| start.error(alloc::string::ToString::to_string(&e)))?;
    I::encode(&insn)
        .map(Some)
        .map_err(|e| start.error(alloc::string::ToString::to_string(&e)))
}

/// The lines of a text file, each with its 1-based number. Lines that are not
/// valid UTF-8 come back as `Err(column)`: the 1-based column of the first bad
/// byte. A leading byte-order mark and trailing `\r` are dropped.
pub fn text_lines(bytes: &[u8]) -> alloc::vec::Vec<(usize, Result<&str, usize>)> {
    lines_of(bytes).collect()
}

/// [`text_lines`] one line at a time, keeping nothing.
pub fn lines_of(bytes: &[u8]) -> impl Iterator<Item = (usize, Result<&str, usize>)> + '_ {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // A final newline ends the last line; it does not start an empty one.
    let parts = (!bytes.is_empty()).then(|| bytes.strip_suffix(b"\n").unwrap_or(bytes).split(|&b| b == b'\n'));
    parts.into_iter().flatten().enumerate().map(|(i, line)| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = core::str::from_utf8(line).map_err(|e| {
            let good = &line[..e.valid_up_to()];
            // The prefix is valid by construction; count its characters.
            core::str::from_utf8(good).map_or(1, |s| s.chars().count() + 1)
        });
        (i + 1, text)
    })
}

/// Items the generated code uses; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use alloc::vec::Vec;

    /// `to_string` without requiring callers to import `ToString`.
    pub fn to_string(value: &impl core::fmt::Display) -> alloc::string::String {
        alloc::string::ToString::to_string(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_lines_report_bad_utf8_columns() {
        let l = text_lines(b"\xEF\xBB\xBFab\r\nc\xffd\n");
        assert_eq!(l, alloc::vec![(1, Ok("ab")), (2, Err(2))]);
        // As splitting at every newline and dropping an empty last part.
        for text in ["", "\n", "\n\n", "a", "a\n", "a\n\nb", "a\n\n", "\u{feff}\n"] {
            let mut parts: alloc::vec::Vec<&str> = text.strip_prefix('\u{feff}').unwrap_or(text).split('\n').collect();
            if parts.last().is_some_and(|l| l.is_empty()) {
                parts.pop();
            }
            let want: alloc::vec::Vec<_> = parts.into_iter().enumerate().map(|(i, l)| (i + 1, Ok(l))).collect();
            assert_eq!(text_lines(text.as_bytes()), want, "{text:?}");
        }
    }

    #[test]
    fn or_list_joins_choices_as_a_sentence() {
        assert_eq!(text::or_list::<&str>(&[]), "");
        assert_eq!(text::or_list(&["1"]), "1");
        assert_eq!(text::or_list(&["1", "2"]), "1 or 2");
        assert_eq!(text::or_list(&["1", "2", "3"]), "1, 2 or 3");
    }
}
