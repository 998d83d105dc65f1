//! Line and column positions for errors, and "did you mean" hints.

use isa_runtime::lexer::{closest, Cursor};
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

/// Positions of cursors that only move forward, without counting each
/// line from its start again (what `Cursor::position` does).
pub(super) struct Tracker {
    pub(super) offset: usize,
    pub(super) line: usize,
    pub(super) col: usize,
}

impl Tracker {
    pub(super) fn new() -> Self {
        Tracker {
            offset: 0,
            line: 1,
            col: 1,
        }
    }

    pub(super) fn pos(&mut self, cur: &Cursor<'_>, text: &str) -> Pos {
        let to = cur.offset();
        if to < self.offset {
            let (line, col) = cur.position();
            return Pos { line, col };
        }
        // Bytes that start a character (not UTF-8 continuation bytes).
        let bytes = text.as_bytes();
        let mut i = self.offset;
        while i < to {
            let b = bytes[i];
            if b == b'\n' {
                self.line += 1;
                self.col = 1;
            } else if b & 0xC0 != 0x80 {
                self.col += 1;
            }
            i += 1;
        }
        self.offset = to;
        Pos {
            line: self.line,
            col: self.col,
        }
    }
}

/// ` (did you mean `NAME`?)` for the closest of `names`, or nothing.
pub(super) fn hint<'c>(word: &str, names: impl IntoIterator<Item = &'c str>) -> String {
    match closest(word, names) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}
