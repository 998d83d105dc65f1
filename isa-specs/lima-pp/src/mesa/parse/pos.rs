//! Line and column positions for errors, and "did you mean" hints.

use isa_runtime::lexer::closest;
use isa_runtime::ParseError;

/// A 1-based line and column.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pos {
    pub(super) line: usize,
    pub(super) col: usize,
}

impl Pos {
    pub(super) fn error(self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            col: self.col,
            message: message.into(),
        }
    }
}

/// The text being parsed: byte offsets into it become line and column only
/// when an error is reported.
#[derive(Clone, Copy)]
pub(super) struct At<'t>(pub(super) &'t str);

impl At<'_> {
    /// The line and column of byte `offset` (columns count characters).
    pub(super) fn pos(self, offset: usize) -> Pos {
        let before = &self.0.as_bytes()[..offset];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        Pos {
            line: 1 + before.iter().filter(|&&b| b == b'\n').count(),
            // Bytes that start a character (not UTF-8 continuation bytes).
            col: 1 + before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count(),
        }
    }

    /// An error at byte `offset`.
    pub(super) fn error(self, offset: usize, message: impl Into<String>) -> ParseError {
        self.pos(offset).error(message)
    }
}

/// ` (did you mean `NAME`?)` for the closest of `names`, or nothing.
pub(super) fn hint<'c>(word: &str, names: impl IntoIterator<Item = &'c str>) -> String {
    match closest(word, names) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}
