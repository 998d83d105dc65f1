//! A spec file's text, byte spans into it, and `file:line:col` rendering.

use core::fmt::Write;

/// A half-open byte range into a spec's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
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
    /// The name errors start with (`pica.isa`, `<inline spec>`).
    pub name: String,
    /// The spec text.
    pub text: String,
}

impl Source {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.lines().line_col(offset)
    }

    /// The text's line index, for many position lookups in a row (one
    /// scan of the text, then a binary search per lookup).
    pub fn lines(&self) -> Lines<'_> {
        Lines::new(&self.text)
    }

    /// `name:line:col` of a span's start.
    pub fn location(&self, span: Span) -> String {
        self.lines().location(&self.name, span)
    }

    /// A caret excerpt of the line holding `span`, with an optional label.
    pub fn excerpt(&self, span: Span, label: &str) -> String {
        self.lines().excerpt(span, label)
    }
}

/// Where each line of a text starts: positions and excerpts without
/// rescanning the text (a spec with many errors asks for thousands).
pub struct Lines<'a> {
    text: &'a str,
    /// The byte where each line starts; the first is 0.
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// Indexes `text`'s lines (separated by `\n`). A leading byte-order
    /// mark is no part of line 1 (the lexer skips it), so columns and
    /// excerpts are an editor's.
    pub fn new(text: &'a str) -> Self {
        let breaks = text.match_indices('\n').map(|(i, _)| i + 1);
        let first = crate::lexer::bom_len(text);
        let starts = core::iter::once(first).chain(breaks).collect();
        Lines { text, starts }
    }

    /// How many `\n`-separated lines the text has (an empty text has one).
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The text of 1-based line `line` without its `\n` (nor, for line 1,
    /// a leading byte-order mark); empty past the last line.
    pub fn raw(&self, line: usize) -> &'a str {
        let Some(&start) = self.starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self.starts.get(line).map_or(self.text.len(), |&next| next - 1);
        &self.text[start..end]
    }

    /// The text of 1-based line `line` without its line break (`\n` or
    /// `\r\n`), as `str::lines` gives it; empty past the last line.
    pub fn text(&self, line: usize) -> &'a str {
        let raw = self.raw(line);
        raw.strip_suffix('\r').unwrap_or(raw)
    }

    /// 1-based line and column (in characters) of a byte offset. Offsets
    /// past the end count as the end, and offsets inside a leading
    /// byte-order mark as the start; spans computed inside strings (escapes,
    /// multi-byte characters) may fall inside a character, which counts as
    /// its start.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len()).max(self.starts[0]);
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&start| start <= offset);
        let line_start = self.starts[line - 1];
        (line, self.text[line_start..offset].chars().count() + 1)
    }

    /// `name:line:col` of a span's start.
    pub fn location(&self, name: &str, span: Span) -> String {
        let mut out = String::new();
        self.write_location(&mut out, name, span);
        out
    }

    /// Appends [`Lines::location`] to `out`.
    pub fn write_location(&self, out: &mut String, name: &str, span: Span) {
        let (line, col) = self.line_col(span.start);
        let _ = write!(out, "{name}:{line}:{col}");
    }

    /// A caret excerpt of the line holding `span`, with an optional label.
    pub fn excerpt(&self, span: Span, label: &str) -> String {
        let mut out = String::new();
        self.write_excerpt(&mut out, span, label);
        out
    }

    /// Appends [`Lines::excerpt`] to `out`. The line is shown as a message
    /// quotes input (control and invisible characters escaped, see
    /// [`isa_runtime::lexer::write_escaped`]), and a line longer than
    /// [`EXCERPT_WIDTH`] characters is cut to a window around the span,
    /// `…` marking each cut: a spec with many errors on one long line
    /// writes a bounded excerpt for each.
    pub fn write_excerpt(&self, out: &mut String, span: Span, label: &str) {
        let (line, col) = self.line_col(span.start);
        let text = self.text(line);
        // Printable ASCII (most lines): one byte, one character, one column.
        let plain = text.bytes().all(|b| (b' '..=b'~').contains(&b));
        let len = if plain { text.len() } else { text.chars().count() };
        let (end_line, end_col) = self.line_col(span.end.max(span.start + 1));
        // The span's characters on this line, 0-based and half-open.
        let first = col - 1;
        let last = if end_line == line { end_col - 1 } else { len }.max(first + 1);
        let (from, to) = if len <= EXCERPT_WIDTH {
            (0, len)
        } else {
            let from = first.saturating_sub(EXCERPT_WIDTH / 4).min(len - EXCERPT_WIDTH);
            (from, from + EXCERPT_WIDTH)
        };
        let gutter = count_digits(line);
        let pad = |out: &mut String, n: usize| out.extend(core::iter::repeat_n(' ', n));
        pad(out, gutter);
        let _ = write!(out, " |\n{line} | ");
        // Columns of the shown line where the carets start and end.
        let mut shown = Shown { out, width: 0 };
        if from > 0 {
            shown.push('…');
        }
        let (caret_from, caret_to) = if plain {
            let base = shown.width;
            shown.out.push_str(&text[from..to]);
            shown.width += to - from;
            (base + first - from, base + last.min(to) - from)
        } else {
            let (mut caret_from, mut caret_to) = (None, None);
            for (at, c) in text.chars().enumerate().skip(from).take(to - from) {
                if at == first {
                    caret_from = Some(shown.width);
                }
                if at == last {
                    caret_to = Some(shown.width);
                }
                shown.push_escaped(c);
            }
            (caret_from.unwrap_or(shown.width), caret_to.unwrap_or(shown.width))
        };
        if to < len {
            shown.push('…');
        }
        out.push('\n');
        pad(out, gutter);
        out.push_str(" | ");
        pad(out, caret_from);
        out.extend(core::iter::repeat_n('^', caret_to.saturating_sub(caret_from).max(1)));
        if !label.is_empty() {
            out.push(' ');
            out.push_str(label);
        }
    }
}

/// How many characters of a line an excerpt shows at most (plus a `…` at
/// each end it cuts).
pub const EXCERPT_WIDTH: usize = 100;

/// An excerpt line being written, and how many characters it has so far.
struct Shown<'o> {
    out: &'o mut String,
    width: usize,
}

impl Shown<'_> {
    fn push(&mut self, c: char) {
        self.out.push(c);
        self.width += 1;
    }

    fn push_escaped(&mut self, c: char) {
        if !isa_runtime::lexer::is_hidden(c) {
            return self.push(c);
        }
        let before = self.out.len();
        let _ = isa_runtime::lexer::write_escaped(self.out, c);
        self.width += self.out[before..].chars().count();
    }
}

/// How many decimal digits `n` has.
fn count_digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition `Lines` must agree with: count the line breaks before
    /// the offset, and the characters since the last one.
    fn naive_line_col(text: &str, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (
            before.matches('\n').count() + 1,
            text[line_start..offset].chars().count() + 1,
        )
    }

    #[test]
    fn positions_and_lines_agree_with_their_definition_at_every_offset() {
        for text in ["", "\n", "a", "ab\ncd", "x\r\ny\r\n", "é\nñü\n\nz", "\n\nlast"] {
            let lines = Lines::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    lines.line_col(offset),
                    naive_line_col(text, offset),
                    "{text:?} @ {offset}"
                );
            }
            assert_eq!(lines.count(), text.split('\n').count(), "{text:?}");
            for line in 1..=lines.count() + 1 {
                assert_eq!(
                    lines.raw(line),
                    text.split('\n').nth(line - 1).unwrap_or(""),
                    "{text:?}"
                );
                assert_eq!(lines.text(line), text.lines().nth(line - 1).unwrap_or(""), "{text:?}");
            }
            assert_eq!(lines.text(0), "");
        }
    }

    #[test]
    fn excerpts_point_at_the_span() {
        let source = Source {
            name: "s.isa".into(),
            text: "isa t {\r\n  wörd 33\n}".into(),
        };
        let start = source.text.find("33").expect("33");
        let span = Span::new(start, start + 2);
        assert_eq!(source.location(span), "s.isa:2:8");
        assert_eq!(source.excerpt(span, "here"), "  |\n2 |   wörd 33\n  |        ^^ here");
        // Line 10 and on: a wider gutter; a span past its line: carets to its end.
        let text = "\n".repeat(9) + "ab cd\nef";
        let lines = Lines::new(&text);
        let start = text.find("cd").expect("cd");
        assert_eq!(
            lines.excerpt(Span::new(start, text.len()), ""),
            "   |\n10 | ab cd\n   |    ^^"
        );
        assert_eq!(lines.location("s.isa", Span::new(start, start)), "s.isa:10:4");
        for n in [0, 9, 10, 99, 100, 12345, usize::MAX] {
            assert_eq!(count_digits(n), n.to_string().len(), "{n}");
        }
    }

    #[test]
    fn excerpts_escape_hidden_characters_and_keep_the_carets_under_the_span() {
        // NUL, ESC, a tab and a right-to-left override: escaped, and the
        // carets move with the wider text.
        let text = "a\0\u{1b}b\t\u{202e}cd x";
        let shown = r"a\0\u{1b}b\t\u{202e}cd x";
        let lines = Lines::new(text);
        let x = text.find('x').expect("x");
        let pad = " ".repeat(shown.find('x').expect("x"));
        assert_eq!(
            lines.excerpt(Span::new(x, x + 1), ""),
            format!("  |\n1 | {shown}\n  | {pad}^")
        );
        // A span over an escaped character covers its whole escape.
        let esc = text.find('\u{1b}').expect("ESC");
        assert_eq!(
            lines.excerpt(Span::new(esc, esc + 1), "here"),
            format!("  |\n1 | {shown}\n  |    ^^^^^^ here")
        );
    }

    #[test]
    fn no_character_reaches_an_excerpt_unescaped() {
        for c in ('\0'..=char::MAX).filter(|&c| c != '\n') {
            let text = format!("a{c}b");
            let excerpt = Lines::new(&text).excerpt(Span::new(1, 1 + c.len_utf8()), "");
            let hidden = excerpt.chars().find(|&c| c != '\n' && isa_runtime::lexer::is_hidden(c));
            assert_eq!(hidden, None, "U+{:04X}: {excerpt:?}", u32::from(c));
        }
    }

    #[test]
    fn long_lines_are_cut_to_a_window_around_the_span() {
        let line: String = (0..300).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
        let lines = Lines::new(&line);
        let excerpt = |start: usize, end: usize| lines.excerpt(Span::new(start, end), "");
        // At the start: no cut before, one after.
        assert_eq!(excerpt(0, 1), format!("  |\n1 | {}…\n  | ^", &line[..EXCERPT_WIDTH]));
        // In the middle: a quarter of the window before the span.
        let from = 200 - EXCERPT_WIDTH / 4;
        let pad = " ".repeat(1 + EXCERPT_WIDTH / 4);
        assert_eq!(
            excerpt(200, 203),
            format!("  |\n1 | …{}…\n  | {pad}^^^", &line[from..from + EXCERPT_WIDTH])
        );
        // At the end of the line: the last characters, the caret after them.
        let pad = " ".repeat(1 + EXCERPT_WIDTH);
        assert_eq!(excerpt(300, 300), format!("  |\n1 | …{}\n  | {pad}^", &line[200..]));
        // A span wider than the window: carets to the window's end.
        let shown = excerpt(10, 290);
        let carets = format!("\n  | {}{}", " ".repeat(10), "^".repeat(EXCERPT_WIDTH - 10));
        assert!(shown.ends_with(&carets), "{shown}");
        // Every excerpt of every span is bounded.
        for start in (0..=300).step_by(7) {
            let shown = excerpt(start, (start + 50).min(300));
            assert!(shown.chars().count() < 3 * EXCERPT_WIDTH, "{shown}");
        }
    }
}
