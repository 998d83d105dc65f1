//! A small cursor over assembly text that knows its line and column.
//!
//! Every assembler built on the generated tables uses it, so all of them
//! report errors the same way: `line:col: expected …, found …`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::error::ParseError;

/// How many characters of an input token a message quotes; the rest is
/// cut, and `…` says so.
pub const QUOTE_MAX: usize = 40;

/// Input text as a message quotes it: in backticks, with control and
/// invisible formatting characters escaped (ESC as `\u{1b}`, NUL as `\0`,
/// tab as `\t`, a right-to-left override as `\u{202e}`), and cut after
/// [`QUOTE_MAX`] characters with `…`. Every message that echoes input goes
/// through it (or [`escape_input`]), so no input can put terminal escapes
/// or megabytes into a message.
pub fn quote_input(text: &str) -> Quoted<'_> {
    Quoted {
        text,
        ticks: true,
        max: QUOTE_MAX,
    }
}

/// [`quote_input`] without the backticks, for input inside a quote that a
/// message writes itself.
pub fn escape_input(text: &str) -> Quoted<'_> {
    Quoted {
        text,
        ticks: false,
        max: QUOTE_MAX,
    }
}

/// Input text, escaped and cut for a message (see [`quote_input`]).
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a> {
    text: &'a str,
    ticks: bool,
    max: usize,
}

impl Quoted<'_> {
    /// The same quote, cut after `max` characters instead of
    /// [`QUOTE_MAX`] (for text that is not assembly input, such as a
    /// name a spec gives).
    #[must_use]
    pub fn up_to(self, max: usize) -> Self {
        Quoted { max, ..self }
    }
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ticks {
            f.write_char('`')?;
        }
        let mut chars = self.text.chars();
        for c in chars.by_ref().take(self.max) {
            write_escaped(f, c)?;
        }
        if chars.next().is_some() {
            f.write_char('…')?;
        }
        if self.ticks {
            f.write_char('`')?;
        }
        Ok(())
    }
}

/// One character of quoted input: itself, or an escape for control
/// characters and the invisible ones that reorder or hide text (`\0`,
/// `\t`, `\u{1b}`, …).
pub fn write_escaped(out: &mut impl Write, c: char) -> fmt::Result {
    match c {
        '\0' => out.write_str("\\0"),
        '\t' => out.write_str("\\t"),
        '\n' => out.write_str("\\n"),
        '\r' => out.write_str("\\r"),
        c if is_hidden(c) => write!(out, "\\u{{{:x}}}", u32::from(c)),
        c => out.write_char(c),
    }
}

/// `text` without a leading byte-order mark, which some editors write: no
/// reader of text here (the assemblers, the spec language) takes it for
/// text.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Whether a message escapes `c` rather than show it: a control character
/// or an invisible one that reorders or hides text.
pub fn is_hidden(c: char) -> bool {
    // Most text is ASCII, whose control characters are its only hidden ones.
    if c.is_ascii() {
        return c.is_ascii_control();
    }
    c.is_control() || is_invisible(c)
}

/// Formatting characters that change how a terminal shows the text around
/// them without showing themselves: soft hyphen, Arabic letter mark,
/// zero-width and direction marks, the line and paragraph separators
/// (which some show as a line break), bidirectional embeddings, overrides
/// and isolates, word joiner, byte-order mark.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{61c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

/// A position-tracking cursor over one piece of text.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    line_start: usize,
    col_base: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at line 1, column 1 of `text`.
    pub fn new(text: &'a str) -> Self {
        Self::at(text, 1, 1)
    }

    /// A cursor whose first character sits at `line:col` of a larger file.
    pub fn at(text: &'a str, line: usize, col: usize) -> Self {
        Cursor {
            text,
            pos: 0,
            line,
            line_start: 0,
            col_base: col,
        }
    }

    /// The unread text.
    #[inline]
    pub fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    /// The byte offset into the text.
    #[inline]
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The current 1-based line and column.
    pub fn position(&self) -> (usize, usize) {
        let col = self.text[self.line_start..self.pos].chars().count();
        let base = if self.line_start == 0 { self.col_base } else { 1 };
        (self.line, base + col)
    }

    /// An error at the current position.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        let (line, col) = self.position();
        ParseError {
            line,
            col,
            message: message.into(),
        }
    }

    /// An error "expected X, found Y" at the current position.
    pub fn expected(&self, what: &str) -> ParseError {
        self.error(format!("expected {what}, found {}", self.describe_next()))
    }

    /// A short description of what comes next, for error messages: the
    /// word or character, quoted by [`quote_input`].
    pub fn describe_next(&self) -> String {
        let rest = self.rest();
        match rest.chars().next() {
            None | Some('\n') => "end of line".to_string(),
            Some(c) if c.is_alphanumeric() || c == '_' || c == '.' => {
                let len = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
                    .unwrap_or(rest.len());
                quote_input(&rest[..len]).to_string()
            }
            // A register or value sigil names its word too: `$12`, `^foo`.
            Some(c @ ('$' | '^' | '%' | '@')) => {
                let word = &rest[1..];
                let len = word
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(word.len());
                quote_input(&rest[..c.len_utf8() + len]).to_string()
            }
            Some(c) => quote_input(&rest[..c.len_utf8()]).to_string(),
        }
    }

    #[inline]
    fn advance(&mut self, bytes: usize) {
        let end = self.pos + bytes;
        debug_assert!(self.text.is_char_boundary(end));
        // A newline byte is never part of a longer UTF-8 character.
        for (i, &b) in self.text.as_bytes()[self.pos..end].iter().enumerate() {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos + i + 1;
            }
        }
        self.pos = end;
    }

    /// Skips spaces and tabs (not newlines).
    #[inline]
    pub fn skip_blanks(&mut self) {
        let n = self
            .rest()
            .bytes()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .unwrap_or(self.rest().len());
        self.pos += n;
    }

    /// The next character, if any.
    #[inline]
    pub fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// A cursor over the next `len` bytes alone, at the same position: a
    /// number glued to a word (`2d`) is read from it, and
    /// [`Cursor::catch_up`] then moves this cursor to where it stopped.
    pub fn first(&self, len: usize) -> Self {
        let end = (self.pos + len).min(self.text.len());
        Self {
            text: &self.text[..end],
            ..self.clone()
        }
    }

    /// Moves to where `ahead`, a cursor from [`Cursor::first`] over the
    /// same text, stopped.
    pub fn catch_up(&mut self, ahead: &Self) {
        debug_assert!(self.text.starts_with(ahead.text) && ahead.pos >= self.pos);
        let text = self.text;
        *self = Self { text, ..ahead.clone() };
    }

    /// Consumes `lit` if the text continues with it.
    #[inline]
    pub fn eat(&mut self, lit: &str) -> bool {
        if starts_with(self.rest(), lit) {
            self.advance(lit.len());
            true
        } else {
            false
        }
    }

    /// Consumes `lit` or fails with "expected `lit`".
    pub fn expect(&mut self, lit: &str) -> Result<(), ParseError> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{lit}`")))
        }
    }

    /// Consumes an identifier-like word: letters, digits, `_` and `.`, not
    /// starting with a digit.
    pub fn word(&mut self) -> Option<&'a str> {
        let rest = self.rest();
        let first = rest.chars().next()?;
        if !(first.is_alphabetic() || first == '_' || first == '.') {
            return None;
        }
        let len = word_len(rest);
        self.advance(len);
        Some(&rest[..len])
    }

    /// Consumes an integer: decimal, `0x` hex or `0b` binary, with an optional
    /// leading `-` or `+`. Returns `None` (consuming nothing) if there is none.
    pub fn integer(&mut self) -> Result<Option<i128>, ParseError> {
        let start = self.clone();
        let rest = self.rest();
        let (neg, body) = match rest.as_bytes().first() {
            Some(b'-') => (true, &rest[1..]),
            Some(b'+') => (false, &rest[1..]),
            _ => (false, rest),
        };
        let sign_len = rest.len() - body.len();
        let (radix, digits_at) = if body.starts_with("0x") || body.starts_with("0X") {
            (16, 2)
        } else if body.starts_with("0b") || body.starts_with("0B") {
            (2, 2)
        } else {
            (10, 0)
        };
        let digits = &body[digits_at..];
        let len = digits
            .find(|c: char| !(c.is_digit(radix) || c == '_'))
            .unwrap_or(digits.len());
        if len == 0 || digits.starts_with('_') {
            if digits_at == 0 {
                return Ok(None);
            }
            self.advance(sign_len + digits_at);
            return Err(self.expected("digits"));
        }
        // The digits are checked: only overflow can fail.
        let parsed = digits[..len].bytes().filter(|&b| b != b'_').try_fold(0u128, |acc, b| {
            let digit = char::from(b).to_digit(radix)?;
            acc.checked_mul(u128::from(radix))?.checked_add(u128::from(digit))
        });
        let Some(value) = parsed else {
            return Err(start.error(format!(
                "integer {} is too large",
                quote_input(&rest[..sign_len + digits_at + len])
            )));
        };
        if value > i128::MAX as u128 {
            return Err(start.error("integer is too large"));
        }
        self.advance(sign_len + digits_at + len);
        if let Some(c) = self.peek().filter(|&c| c.is_alphanumeric() || c == '_') {
            let c = &self.rest()[..c.len_utf8()];
            return Err(self.error(format!("unexpected {} after a number", quote_input(c))));
        }
        Ok(Some(if neg { -(value as i128) } else { value as i128 }))
    }

    /// Ends a text that holds one `what` (`FromStr` of one instruction,
    /// `"instruction"`): only blanks and a comment may remain on its line,
    /// and only blank or comment lines after it. Anything else is an error
    /// at its place, so no text after a newline is dropped unread.
    pub fn expect_end_of_text(&mut self, what: &str) -> Result<(), ParseError> {
        if !self.at_line_end() {
            return Err(self.expected(&format!("the end of the {what}")));
        }
        loop {
            let line = self.rest().find('\n').map_or(self.rest().len(), |n| n + 1);
            self.advance(line);
            if self.rest().is_empty() {
                return Ok(());
            }
            if !self.at_line_end() {
                return Err(self.expected(&format!("the end of the text (one {what})")));
            }
        }
    }

    /// Whether only blanks and a comment (`;`, `//` or `#`) remain on the line.
    pub fn at_line_end(&mut self) -> bool {
        self.skip_blanks();
        let rest = self.rest();
        rest.is_empty()
            || rest.starts_with('\n')
            || rest.starts_with(';')
            || rest.starts_with("//")
            || rest.starts_with('#')
    }
}

/// The length of the identifier-like word (letters, digits, `_`, `.`) that
/// starts `rest`: ASCII byte by byte, other characters as characters.
fn word_len(rest: &str) -> usize {
    let ascii = rest
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'.'))
        .unwrap_or(rest.len());
    if rest.as_bytes().get(ascii).is_none_or(|b| b.is_ascii()) {
        return ascii;
    }
    let more = &rest[ascii..];
    ascii
        + more
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(more.len())
}

/// `text.starts_with(prefix)`, byte by byte: the prefixes a parser tries
/// are a few bytes long, shorter than a call to `memcmp` takes.
#[inline]
pub fn starts_with(text: &str, prefix: &str) -> bool {
    let (text, prefix) = (text.as_bytes(), prefix.as_bytes());
    text.len() >= prefix.len() && text.iter().zip(prefix).all(|(a, b)| a == b)
}

/// `text.ends_with(suffix)`, byte by byte (see [`starts_with`]).
#[inline]
pub fn ends_with(text: &str, suffix: &str) -> bool {
    let (text, suffix) = (text.as_bytes(), suffix.as_bytes());
    text.len() >= suffix.len() && text.iter().rev().zip(suffix.iter().rev()).all(|(a, b)| a == b)
}

/// Edit distance for "did you mean" hints: how many characters must be
/// inserted, deleted or replaced, or pairs of neighbours swapped, to turn
/// one word into the other (the optimal string alignment distance: a swap
/// is the commonest slip, `scr1` for `src1`, and counts as one edit, not
/// the two of Levenshtein's).
pub fn edit_distance(a: &str, b: &str) -> usize {
    edit_distance_within(a, b, usize::MAX).unwrap_or(usize::MAX)
}

/// [`edit_distance`] if it is at most `limit`, else `None`. It stops at
/// the first row whose every entry exceeds `limit` (the rows' minimum
/// never decreases), so a word far from every candidate costs a row or two
/// per candidate. Against an ASCII `b` shorter than 32 bytes (every
/// mnemonic), `a` is compared byte by byte in rows on the stack, after a
/// cheaper lower bound (the bag distance: how many characters one word has
/// beyond the other's) has had its say; anything else character by
/// character in rows on the heap.
pub fn edit_distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    if b.is_ascii() && b.len() < SHORT {
        let a = ascii_or_other(a);
        if bag_distance(a.clone(), b.as_bytes()) > limit {
            return None;
        }
        let rows = &mut [[0usize; SHORT]; 3];
        return rows_within(a, b.as_bytes(), limit, rows.each_mut().map(|r| &mut r[..]));
    }
    let b: alloc::vec::Vec<char> = b.chars().collect();
    let mut rows = [(); 3].map(|()| alloc::vec![0; b.len() + 1]);
    rows_within(a.chars(), &b, limit, rows.each_mut().map(|r| &mut r[..]))
}

/// The longest candidate, plus one, whose distance rows fit on the stack.
const SHORT: usize = 32;

/// [`OTHER`] for each character of `text` outside ASCII, which equals no
/// character of an ASCII word.
fn ascii_or_other(text: &str) -> impl Iterator<Item = u8> + Clone + '_ {
    text.chars()
        .map(|c| u8::try_from(c).ok().filter(u8::is_ascii).unwrap_or(OTHER))
}

/// What [`ascii_or_other`] gives for a character outside ASCII.
const OTHER: u8 = 0x80;

/// A lower bound of the edit distance of `a` and the ASCII word `b`, in
/// time linear in their lengths: the larger of how many characters `a`
/// has beyond `b`'s and `b` beyond `a`'s, counted as multisets (an edit
/// adds at most one to each). Most words are far from most candidates by
/// this count alone.
fn bag_distance(a: impl Iterator<Item = u8> + Clone, b: &[u8]) -> usize {
    let mut count = [0isize; OTHER as usize + 1];
    let slot = |c: u8| usize::from(c.min(OTHER));
    for c in a.clone() {
        count[slot(c)] += 1;
    }
    for &c in b {
        count[slot(c)] -= 1;
    }
    let (mut more, mut fewer) = (0, 0);
    for c in a {
        let n = &mut count[slot(c)];
        if *n > 0 {
            more += core::mem::take(n);
        }
    }
    for &c in b {
        let n = &mut count[slot(c)];
        if *n < 0 {
            fewer -= core::mem::take(n);
        }
    }
    more.max(fewer).unsigned_abs()
}

/// [`edit_distance_within`] of two sequences, with three rows of at least
/// `b.len() + 1` entries to work in (a swap looks two rows back).
fn rows_within<T: PartialEq + Copy>(
    a: impl Iterator<Item = T>,
    b: &[T],
    limit: usize,
    [before, prev, cur]: [&mut [usize]; 3],
) -> Option<usize> {
    let (mut before, mut prev, mut cur) = (&mut before[..=b.len()], &mut prev[..=b.len()], &mut cur[..=b.len()]);
    for (j, d) in prev.iter_mut().enumerate() {
        *d = j;
    }
    let mut last = None;
    for (i, ca) in a.enumerate() {
        cur[0] = i + 1;
        let mut row_min = cur[0];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let mut d = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            // `a`'s last two characters are `b`'s two up to here, swapped.
            if j > 0 && cost == 1 && ca == b[j - 1] && last == Some(cb) {
                d = d.min(before[j - 1] + 1);
            }
            cur[j + 1] = d;
            row_min = row_min.min(d);
        }
        if row_min > limit {
            return None;
        }
        (before, prev, cur) = (prev, cur, before);
        last = Some(ca);
    }
    Some(prev[b.len()]).filter(|&d| d <= limit)
}

/// The candidate closest to `word`, if it is close enough to suggest; of
/// equally close ones, the first with the word's letters (the same
/// characters, each as often: `Ftm2` for `Fmt2` rather than `Fmt0`), else
/// the first.
///
/// A candidate whose length differs from `word`'s by more than the distance
/// it allows is skipped without computing the distance (which is at least
/// the difference), and the distance is computed only as far as that
/// bound ([`edit_distance_within`]), so a long garbage word costs little.
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let word_chars = word.chars().count();
    let mut prepared = Prepared::new(word);
    candidates
        .into_iter()
        .filter_map(|c| {
            let allowed = 2.max(c.len() / 3);
            if word_chars.abs_diff(c.chars().count()) > allowed {
                return None;
            }
            let d = prepared.distance_within(word, c, allowed)?;
            (d < c.len().max(word.len())).then_some((d, c))
        })
        .min_by_key(|&(d, c)| (d, !same_letters(word, c)))
        .map(|(_, c)| c)
}

/// Whether `a` and `b` have the same characters, each as often (one is
/// the other with some swapped): of two candidates equally close to a
/// word, [`closest`] prefers such a one (`Ftm2` for `Fmt2` over `Fmt0`).
fn same_letters(a: &str, b: &str) -> bool {
    let sorted = |s: &str| {
        let mut chars: alloc::vec::Vec<char> = s.chars().collect();
        chars.sort_unstable();
        chars
    };
    a.len() == b.len() && sorted(a) == sorted(b)
}

/// A word compared with many candidates ([`closest`]): its characters as
/// bytes ([`ascii_or_other`]) and how many of each it has, worked out once
/// instead of once per ASCII candidate.
struct Prepared {
    bytes: Vec<u8>,
    count: [u32; OTHER as usize + 1],
}

impl Prepared {
    fn new(word: &str) -> Self {
        let bytes: Vec<u8> = ascii_or_other(word).collect();
        let mut count = [0; OTHER as usize + 1];
        for &c in &bytes {
            count[usize::from(c)] += 1;
        }
        Prepared { bytes, count }
    }

    /// [`edit_distance_within`] of the word and `candidate`.
    fn distance_within(&mut self, word: &str, candidate: &str, limit: usize) -> Option<usize> {
        if !(candidate.is_ascii() && candidate.len() < SHORT) {
            return edit_distance_within(word, candidate, limit);
        }
        let b = candidate.as_bytes();
        // The bag distance ([`bag_distance`]): the characters the two have
        // in common, counted by taking them from the word's counts (and
        // putting them back).
        let mut taken = [0u8; SHORT];
        let mut common = 0;
        for &c in b {
            let n = &mut self.count[usize::from(c)];
            if *n > 0 {
                *n -= 1;
                taken[common] = c;
                common += 1;
            }
        }
        for &c in &taken[..common] {
            self.count[usize::from(c)] += 1;
        }
        if (self.bytes.len() - common).max(b.len() - common) > limit {
            return None;
        }
        let rows = &mut [[0usize; SHORT]; 3];
        rows_within(
            self.bytes.iter().copied(),
            b,
            limit,
            rows.each_mut().map(|r| &mut r[..]),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    #[test]
    fn integers_in_every_radix() {
        for (text, want) in [("12", 12), ("0x1F", 31), ("0b101", 5), ("-3", -3), ("1_000", 1000)] {
            assert_eq!(Cursor::new(text).integer().unwrap(), Some(want), "{text}");
        }
        assert_eq!(Cursor::new("abc").integer().unwrap(), None);
        let err = Cursor::new("0x").integer().unwrap_err();
        assert_eq!((err.line, err.col), (1, 3));
        assert!(Cursor::new("12ab").integer().is_err());
        assert_eq!(Cursor::new("+7").integer().unwrap(), Some(7));
        // The largest value is i128's; one more is an error, as is any
        // larger one that still fits 128 bits.
        let max = i128::MAX.to_string();
        assert_eq!(Cursor::new(&max).integer().unwrap(), Some(i128::MAX));
        for over in [(i128::MAX as u128 + 1).to_string(), u128::MAX.to_string()] {
            let err = Cursor::new(&over).integer().unwrap_err();
            assert!(err.message.contains("too large"), "{over}: {}", err.message);
        }
    }

    #[test]
    fn a_line_ends_at_its_end_or_a_comment() {
        for (text, end) in [
            ("", true),
            ("  ", true),
            ("\nx", true),
            (" ; note", true),
            ("// note", true),
            ("# note", true),
            ("x", false),
            ("/x", false),
            (" , x", false),
        ] {
            assert_eq!(Cursor::new(text).at_line_end(), end, "{text:?}");
        }
    }

    /// A cursor placed inside a larger file counts its first line's columns
    /// from where it starts, later lines from 1, and its offset in bytes
    /// of its own text.
    #[test]
    fn a_cursor_inside_a_file_reports_the_files_positions() {
        let mut c = Cursor::at("ab\ncd", 7, 10);
        assert_eq!((c.position(), c.offset()), ((7, 10), 0));
        assert!(c.eat("ab"));
        assert_eq!((c.position(), c.offset()), ((7, 12), 2));
        assert!(c.eat("\nc"));
        assert_eq!((c.position(), c.offset()), ((8, 2), 4));
        let e = c.error("here");
        assert_eq!((e.line, e.col), (8, 2));
        // Columns count characters, offsets bytes.
        let mut c = Cursor::at("éx", 1, 3);
        assert!(c.eat("é"));
        assert_eq!((c.position(), c.offset()), ((1, 4), 2));
    }

    /// A number glued to a word is read from a cursor over its digits
    /// alone, which then gives the whole cursor its place.
    #[test]
    fn a_cursor_over_the_first_bytes_reads_a_glued_number() {
        let mut c = Cursor::new("x\n.12d.");
        c.eat("x\n.");
        let mut digits = c.first(2);
        assert_eq!(digits.integer().unwrap(), Some(12));
        assert!(digits.at_line_end());
        c.catch_up(&digits);
        assert_eq!((c.position(), c.rest()), ((2, 4), "d."));
        assert!(Cursor::new("12d").integer().is_err());
    }

    #[test]
    fn positions_count_lines_and_columns() {
        let mut c = Cursor::new("ab\ncd");
        c.word();
        assert_eq!(c.position(), (1, 3));
        c.eat("\n");
        c.eat("c");
        assert_eq!(c.position(), (2, 2));
    }

    #[test]
    fn a_text_of_one_value_ends_with_its_line_and_blank_or_comment_lines() {
        for ok in ["", "  ", " ; note", "// c\n", "\n\n", " \r\n\t\n  "] {
            assert_eq!(Cursor::new(ok).expect_end_of_text("value"), Ok(()), "{ok:?}");
        }
        let err = |text: &str| Cursor::new(text).expect_end_of_text("value").map_err(|e| e.to_string());
        assert_eq!(err(" x"), Err("1:2: expected the end of the value, found `x`".into()));
        assert_eq!(
            err(" # c\n\n  y"),
            Err("3:3: expected the end of the text (one value), found `y`".into())
        );
        assert_eq!(Cursor::new("\n; c\n\t// d\n").expect_end_of_text("value"), Ok(()));
        assert_eq!(
            err("\n; c\nz"),
            Err("3:1: expected the end of the text (one value), found `z`".into())
        );
    }

    #[test]
    fn quoted_input_is_escaped_and_cut() {
        use alloc::string::ToString;
        assert_eq!(quote_input("mov").to_string(), "`mov`");
        assert_eq!(
            quote_input("\u{1b}[2J\0\t\u{7f}\u{202e}é").to_string(),
            "`\\u{1b}[2J\\0\\t\\u{7f}\\u{202e}é`"
        );
        let long = "é".repeat(1_000_000);
        let quoted = quote_input(&long).to_string();
        assert_eq!(quoted, alloc::format!("`{}…`", "é".repeat(QUOTE_MAX)));
        assert_eq!(escape_input(&"a".repeat(QUOTE_MAX)).to_string(), "a".repeat(QUOTE_MAX));
        // Another limit: exactly `max` characters fit, one more is cut.
        assert_eq!(escape_input("abc").up_to(3).to_string(), "abc");
        assert_eq!(escape_input("abcd").up_to(3).to_string(), "abc…");
        assert_eq!(quote_input("\u{1b}bcd").up_to(2).to_string(), "`\\u{1b}b…`");
        // What comes next, in messages: bounded and escaped.
        let text = alloc::format!("{} rest", "x".repeat(1_000_000));
        assert_eq!(
            Cursor::new(&text).describe_next(),
            alloc::format!("`{}…`", "x".repeat(QUOTE_MAX))
        );
        assert_eq!(Cursor::new("\u{1b}[31m").describe_next(), "`\\u{1b}`");
        assert_eq!(Cursor::new("\0").describe_next(), "`\\0`");
        assert_eq!(
            quote_input("a\u{2028}b\u{2029}c").to_string(),
            "`a\\u{2028}b\\u{2029}c`"
        );
        // A sigil names its register or value, not itself alone.
        assert_eq!(Cursor::new("$12.x, stop").describe_next(), "`$12`");
        assert_eq!(Cursor::new("^const9 ").describe_next(), "`^const9`");
        assert_eq!(Cursor::new("$ 1").describe_next(), "`$`");
        assert_eq!(Cursor::new(", x").describe_next(), "`,`");
        // A word may start with `_` or `.` (a directive), and hold them.
        assert_eq!(Cursor::new("_tmp.x, y").describe_next(), "`_tmp.x`");
        assert_eq!(Cursor::new(".end x").describe_next(), "`.end`");
        assert_eq!(Cursor::new("\n").describe_next(), "end of line");
        let err = Cursor::new(&alloc::format!("0x{}", "f".repeat(100_000)))
            .integer()
            .unwrap_err();
        assert!(err.message.len() < 100, "{}", err.message);
    }

    #[test]
    fn suggestions() {
        assert_eq!(closest("dp5", ["dp4", "mov", "add"]), Some("dp4"));
        assert_eq!(closest("zzzzz", ["dp4", "mov"]), None);
    }

    #[test]
    fn suffixes_are_compared_byte_by_byte() {
        assert!(ends_with("texld", "ld"));
        assert!(ends_with("ld", "ld"));
        assert!(ends_with("ld", ""));
        assert!(!ends_with("d", "ld"));
        assert!(!ends_with("texld", "lx"));
        assert!(!ends_with("texld", "xd"));
        assert!(!ends_with("", "d"));
    }

    /// A word goes on through letters, digits, `_` and `.`, in or out of
    /// ASCII, and ends at anything else.
    #[test]
    fn words_end_at_the_first_character_outside_them() {
        assert_eq!(word_len("mov r0"), 3);
        assert_eq!(word_len("é_a.b c"), "é_a.b".len());
        assert_eq!(word_len("aé.x_1,y"), "aé.x_1".len());
        assert_eq!(word_len("é"), 2);
        assert_eq!(word_len("é-x"), 2);
        assert_eq!(word_len("é\u{1b}"), 2);
        assert_eq!(word_len("ü.ö_ï é"), "ü.ö_ï".len());
    }

    /// The bounded distance stops early but agrees with the whole one at
    /// every bound.
    #[test]
    fn bounded_edit_distance_agrees_with_the_whole_one() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("ünï", "uni"), 2);
        let bag = |a: &str, b: &str| bag_distance(ascii_or_other(a), b.as_bytes());
        assert_eq!(bag("aab", "abb"), 1);
        assert_eq!(bag("xyz", "mov"), 3);
        assert_eq!(bag("aaab", "b"), 3);
        assert_eq!(bag("mvo", "mov"), 0);
        assert_eq!(bag("ü\u{80}", "uu"), 2);
        // The candidate's side: characters it has beyond the word's.
        assert_eq!(bag("b", "aaab"), 3);
        assert_eq!(bag("", "abc"), 3);
        assert_eq!(bag("mo", "mov"), 1);
        assert_eq!(bag("xa", "aab"), 2);
        // A swap of two neighbours is one edit, once per pair.
        assert_eq!(edit_distance("scr1", "src1"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("abc", "bca"), 2);
        assert_eq!(edit_distance("ca", "abc"), 3);
        assert_eq!(edit_distance("üé", "éü"), 1);
        // The textbook table, whole, over characters.
        let naive = |a: &str, b: &str| {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
            for (i, row) in d.iter_mut().enumerate() {
                row[0] = i;
            }
            d[0] = (0..=b.len()).collect();
            for i in 1..=a.len() {
                for j in 1..=b.len() {
                    let cost = usize::from(a[i - 1] != b[j - 1]);
                    d[i][j] = (d[i - 1][j - 1] + cost).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
                    }
                }
            }
            d[a.len()][b.len()]
        };
        // ASCII and not, and both sides of the 32-byte stack rows.
        let words = [
            "",
            "a",
            "mov",
            "mvo",
            "movaa",
            "dp4",
            "texture",
            "textur",
            "tetxrue",
            "ünï",
            "nüï",
            "zzzzzzzzzz",
            "scalar_add",
            "sclaar_dad",
            "abcdefghijklmnopqrstuvwxyz01234",
            "abcdefghijklmnopqrstuvwxyz012345",
            "bacdefghijklmnopqrstuvwxyz012354",
            "abcdefghijklmnopqrstuvwxyz0123456789",
            "abcdefghijklmnöpqrstuvwxyz0123456789",
            "abcdefghijklmnpöqrstuvwxyz0123456789",
            "ab",
            "ba",
            "aba",
            "aab",
            "abb",
            "bba",
            "\u{80}\u{7f}",
            "\u{7f}\u{7f}",
        ];
        for a in words {
            for b in words {
                let whole = edit_distance(a, b);
                assert_eq!(whole, naive(a, b), "{a:?} {b:?}");
                if b.is_ascii() {
                    let bag = bag(a, b);
                    assert!(bag <= whole, "{a:?} {b:?}: bag distance {bag}, edit distance {whole}");
                }
                for limit in 0..12 {
                    let want = (whole <= limit).then_some(whole);
                    assert_eq!(edit_distance_within(a, b, limit), want, "{a:?} {b:?} within {limit}");
                }
            }
        }
    }

    /// Of candidates equally close, the first with the word's letters, else
    /// the first.
    #[test]
    fn closest_prefers_a_swap_among_equals() {
        assert_eq!(closest("Fmt2", ["Fmt0", "Ftm2"]), Some("Ftm2"));
        assert_eq!(closest("Fmt2", ["Ftm2", "Fmt0"]), Some("Ftm2"));
        assert_eq!(closest("Fmt2", ["Fmt0", "Fmt1"]), Some("Fmt0"));
        assert!(same_letters("ünï", "ïnü"));
        assert!(!same_letters("aab", "abb"));
        assert!(!same_letters("ab", "abc"));
    }

    /// Skipping candidates by length changes nothing: the same answer as
    /// computing every distance, over words and candidates of all lengths.
    #[test]
    fn closest_skips_only_candidates_too_far_to_suggest() {
        let naive = |word: &str, candidates: &[&'static str]| {
            candidates
                .iter()
                .map(|&c| (edit_distance(word, c), c))
                .filter(|&(d, c)| d <= 2.max(c.len() / 3) && d < c.len().max(word.len()))
                .min_by_key(|&(d, c)| (d, !same_letters(word, c)))
                .map(|(_, c)| c)
        };
        let candidates = [
            "a",
            "mov",
            "dp4",
            "mova",
            "madi",
            "texture",
            "combiner",
            "scalar_add",
            "ünï",
            "öut",
            "xxxxxxxxxxxxxxxxxx",
            // At and past the 32 characters the short path holds.
            "abcdefghijklmnopqrstuvwxyz012345",
            "abcdefghijklmnopqrstuvwxyz0123456",
        ];
        let words = [
            "",
            "m",
            "mo",
            "mvo",
            "movaa",
            "dp",
            "textur",
            "texturezz",
            "combiners",
            "scalar_ad",
            "scalaradd",
            "unï",
            "ö",
            "xxxxxxxxxxxxxxx",
            "xxxxxxxxxxxxxxxxxxxxxx",
            "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
            "mmoovv",
            "aaaa",
            "éé",
            "dp\u{0}4",
            "combinerr\u{e9}",
            "abcdefghijklmnopqrstuvwxyz01234",
            "abcdefghijklmnopqrstuvwxyz012345",
            "abcdefghijklmnopqrstuvwxyz0123456",
            "abcdefghijklmnopqrstuvwxyz01234567",
        ];
        for word in words {
            for n in 0..=candidates.len() {
                let some = &candidates[..n];
                assert_eq!(
                    closest(word, some.iter().copied()),
                    naive(word, some),
                    "{word:?} in {some:?}"
                );
            }
        }
    }
}
