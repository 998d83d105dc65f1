//! A spec file's text, byte spans into it, and `file:line:col` rendering.

/// A half-open byte range into a spec's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A spec file: the name errors show and its text.
pub struct Source {
    /// The name errors start with (`specs/pica.isa`, `<inline spec>`).
    pub name: String,
    /// The spec text.
    pub text: String,
}

impl Source {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        // Spans computed inside strings (escapes, multi-byte characters) may
        // fall inside a character: snap back to its start.
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, self.text[line_start..offset].chars().count() + 1)
    }

    /// `name:line:col` of a span's start.
    pub fn location(&self, span: Span) -> String {
        let (line, col) = self.line_col(span.start);
        format!("{}:{line}:{col}", self.name)
    }

    /// A caret excerpt of the line holding `span`, with an optional label.
    pub fn excerpt(&self, span: Span, label: &str) -> String {
        let (line, col) = self.line_col(span.start);
        let text = self.text.lines().nth(line - 1).unwrap_or("");
        let line_end_col = text.chars().count() + 1;
        let (end_line, end_col) = self.line_col(span.end.max(span.start + 1));
        let end_col = if end_line == line { end_col } else { line_end_col };
        let carets = "^".repeat(end_col.saturating_sub(col).max(1));
        let gutter = line.to_string().len();
        let pad = " ".repeat(gutter);
        let label = if label.is_empty() {
            String::new()
        } else {
            format!(" {label}")
        };
        format!(
            "{pad} |\n{line} | {text}\n{pad} | {}{carets}{label}",
            " ".repeat(col - 1)
        )
    }
}
