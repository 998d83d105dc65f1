//! Error types for decoding, encoding and parsing.

use alloc::string::String;
use core::fmt;

/// Why a word did not decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeErrorKind {
    /// The opcode bits match no opcode of the ISA.
    UnknownOpcode {
        /// The word's low 128 bits (every opcode is in them).
        word: u128,
        /// The word's width in bits: more than 128 means `word` is only
        /// its low bits.
        bits: u32,
    },
    /// A closed enum field holds a value that has no name.
    BadEnumValue {
        /// The raw value.
        value: u64,
        /// The enum's name.
        enum_name: &'static str,
    },
    /// A fixed field does not hold its fixed value.
    FixedMismatch {
        /// The value the spec requires.
        expected: u64,
        /// The value found.
        found: u64,
    },
    /// A reserved field is not zero.
    ReservedNotZero {
        /// The value found.
        found: u64,
    },
    /// A register number outside every register file of a closed `regs` type.
    BadRegister {
        /// The raw value.
        value: u64,
    },
    /// A presence-mask bundle's length field is 0.
    ZeroLength,
    /// A presence-mask bundle's length field is shorter than its units.
    LengthTooShort {
        /// Words the length field gives.
        declared: u64,
        /// Words the enabled units need.
        needed: u64,
    },
    /// Bits after the last unit of an instruction are not zero.
    PaddingNotZero {
        /// The first such bit, counted from the instruction's bit 0.
        bit: u32,
    },
    /// The input ends although the last instruction announces a next one.
    MissingNext {
        /// The announced length of the next instruction, in words.
        announced: u64,
    },
    /// A non-zero word follows the program's last instruction.
    TrailingData {
        /// The word found.
        word: u32,
    },
    /// The input ends inside a word.
    Truncated {
        /// Bytes needed for a whole word.
        needed: usize,
        /// Bytes that were left.
        available: usize,
    },
    /// A generation the spec's `gens` line does not name (ir3's `--gen`).
    NoSuchGeneration {
        /// The generation asked for.
        gen: u32,
        /// The oldest the spec describes.
        lo: u32,
        /// The newest.
        hi: u32,
    },
    /// No layout of a union field matches its bits (each is tried by its
    /// `fixed` fields).
    NoVariant {
        /// The union's name.
        union: &'static str,
        /// The field's bits.
        value: u64,
    },
}

/// A decoding failure: where (byte offset, when known), which field, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// Byte offset of the word in its input, when decoding a stream.
    pub offset: Option<usize>,
    /// The field at fault (empty for whole-word problems).
    pub field: &'static str,
    /// What went wrong.
    pub kind: DecodeErrorKind,
}

impl DecodeError {
    /// A new error about `field`.
    pub const fn new(field: &'static str, kind: DecodeErrorKind) -> Self {
        DecodeError {
            offset: None,
            field,
            kind,
        }
    }

    /// The same error, with its offset (0 when unknown) moved by `base`
    /// bytes: for an error inside a part that starts at `base`.
    #[must_use]
    pub fn shifted(mut self, base: usize) -> Self {
        self.offset = Some(base + self.offset.unwrap_or(0));
        self
    }

    /// A union's "no layout matches" named after the field that holds it
    /// (other errors keep the inner field's name).
    #[must_use]
    pub fn in_field(mut self, field: &'static str) -> Self {
        if matches!(self.kind, DecodeErrorKind::NoVariant { .. }) {
            self.field = field;
        }
        self
    }

    /// The same error, located at byte `offset`.
    #[must_use]
    pub fn at(mut self, offset: usize) -> Self {
        self.offset = Some(offset);
        self
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(offset) = self.offset {
            write!(f, "byte {offset:#x}: ")?;
        }
        match &self.kind {
            DecodeErrorKind::UnknownOpcode { word, bits } if *bits > 128 => {
                write!(f, "no opcode matches the word's low 128 bits, {word:#x}")
            }
            DecodeErrorKind::UnknownOpcode { word, .. } => {
                write!(f, "no opcode matches word {word:#x}")
            }
            DecodeErrorKind::BadEnumValue { value, enum_name } => {
                write!(f, "field `{}`: value {value:#x} is not a `{enum_name}`", self.field)
            }
            DecodeErrorKind::FixedMismatch { expected, found } => write!(
                f,
                "field `{}`: expected fixed value {expected:#x}, found {found:#x}",
                self.field
            ),
            DecodeErrorKind::ReservedNotZero { found } => write!(
                f,
                "field `{}`: reserved bits must be zero, found {found:#x}",
                self.field
            ),
            DecodeErrorKind::BadRegister { value } => {
                write!(f, "field `{}`: {value:#x} is not a register number", self.field)
            }
            DecodeErrorKind::ZeroLength => write!(f, "field `{}`: an instruction length of 0 words", self.field),
            DecodeErrorKind::LengthTooShort { declared, needed } => write!(
                f,
                "field `{}`: the instruction is {declared} words long but its units need {needed}",
                self.field
            ),
            DecodeErrorKind::PaddingNotZero { bit } => write!(
                f,
                "bit {bit} of the instruction is set but lies after its last unit (padding must be zero)"
            ),
            DecodeErrorKind::MissingNext { announced } => write!(
                f,
                "field `{}`: the input ends, but the last instruction announces a next one of {announced} words",
                self.field
            ),
            DecodeErrorKind::TrailingData { word } => write!(
                f,
                "word {word:#010x} follows the program's last instruction (only zero padding may)"
            ),
            DecodeErrorKind::Truncated { needed, available } => {
                write!(f, "input ends inside a word: {available} of {needed} bytes left")
            }
            DecodeErrorKind::NoSuchGeneration { gen, lo, hi } => {
                write!(f, "generation {gen} is not one the spec describes ({lo} to {hi})")
            }
            DecodeErrorKind::NoVariant { union, value } => write!(
                f,
                "field `{}`: no layout of union `{union}` matches {value:#x}",
                self.field
            ),
        }
    }
}

impl core::error::Error for DecodeError {}

/// An encoding failure: a field value that the word cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    /// The field at fault.
    pub field: &'static str,
    /// What was expected.
    pub message: String,
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field `{}`: {}", self.field, self.message)
    }
}

impl core::error::Error for EncodeError {}

/// A text (assembly) error with its 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub col: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl ParseError {
    /// Shifts the position by whole lines (for text parsed out of a larger file).
    #[must_use]
    pub fn offset_lines(mut self, lines: usize) -> Self {
        self.line += lines;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl core::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use pretty_assertions::assert_eq;

    /// Each kind's message names the field and the values at fault, after
    /// the byte offset when there is one.
    #[test]
    fn decode_errors_name_the_field_and_the_values() {
        let cases: [(DecodeErrorKind, &str); 15] = [
            (
                DecodeErrorKind::UnknownOpcode { word: 0xAB, bits: 32 },
                "no opcode matches word 0xab",
            ),
            (
                DecodeErrorKind::UnknownOpcode { word: 0xAB, bits: 128 },
                "no opcode matches word 0xab",
            ),
            (
                DecodeErrorKind::UnknownOpcode { word: 0xAB, bits: 129 },
                "no opcode matches the word's low 128 bits, 0xab",
            ),
            (
                DecodeErrorKind::BadEnumValue {
                    value: 7,
                    enum_name: "Cond",
                },
                "field `f`: value 0x7 is not a `Cond`",
            ),
            (
                DecodeErrorKind::FixedMismatch { expected: 1, found: 2 },
                "field `f`: expected fixed value 0x1, found 0x2",
            ),
            (
                DecodeErrorKind::ReservedNotZero { found: 4 },
                "field `f`: reserved bits must be zero, found 0x4",
            ),
            (
                DecodeErrorKind::BadRegister { value: 9 },
                "field `f`: 0x9 is not a register number",
            ),
            (
                DecodeErrorKind::ZeroLength,
                "field `f`: an instruction length of 0 words",
            ),
            (
                DecodeErrorKind::LengthTooShort { declared: 1, needed: 2 },
                "field `f`: the instruction is 1 words long but its units need 2",
            ),
            (
                DecodeErrorKind::PaddingNotZero { bit: 70 },
                "bit 70 of the instruction is set but lies after its last unit (padding must be zero)",
            ),
            (
                DecodeErrorKind::MissingNext { announced: 3 },
                "field `f`: the input ends, but the last instruction announces a next one of 3 words",
            ),
            (
                DecodeErrorKind::TrailingData { word: 0x1F },
                "word 0x0000001f follows the program's last instruction (only zero padding may)",
            ),
            (
                DecodeErrorKind::Truncated {
                    needed: 4,
                    available: 1,
                },
                "input ends inside a word: 1 of 4 bytes left",
            ),
            (
                DecodeErrorKind::NoSuchGeneration { gen: 9, lo: 3, hi: 7 },
                "generation 9 is not one the spec describes (3 to 7)",
            ),
            (
                DecodeErrorKind::NoVariant { union: "Src", value: 5 },
                "field `f`: no layout of union `Src` matches 0x5",
            ),
        ];
        for (kind, message) in cases {
            let e = DecodeError::new("f", kind);
            assert_eq!(e.to_string(), message);
            assert_eq!(e.at(0x10).to_string(), alloc::format!("byte 0x10: {message}"));
        }
    }

    /// `shifted` moves an error's offset (none counts as 0) into the
    /// enclosing input; `in_field` renames only a union's error.
    #[test]
    fn offsets_shift_and_union_errors_take_the_outer_field() {
        let e = DecodeError::new("f", DecodeErrorKind::ZeroLength);
        assert_eq!(e.clone().shifted(8).offset, Some(8));
        assert_eq!(e.clone().at(4).shifted(8).offset, Some(12));
        assert_eq!(e.clone().in_field("outer").field, "f");
        let union = DecodeError::new("sel", DecodeErrorKind::NoVariant { union: "U", value: 1 });
        assert_eq!(union.in_field("outer").field, "outer");
    }

    /// Encode and parse errors print their field, or their line and column.
    #[test]
    fn encode_and_parse_errors_print_where_they_are() {
        let e = EncodeError {
            field: "src",
            message: "expected 0 to 15".into(),
        };
        assert_eq!(e.to_string(), "field `src`: expected 0 to 15");
        let p = ParseError {
            line: 2,
            col: 5,
            message: "expected `,`".into(),
        };
        assert_eq!(p.clone().to_string(), "2:5: expected `,`");
        assert_eq!(p.offset_lines(10).to_string(), "12:5: expected `,`");
    }
}
