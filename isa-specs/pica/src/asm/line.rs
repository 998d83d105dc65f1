//! Splitting one source line the way picasso does: the comment (`;`) goes,
//! then every `name:` label, then what is left is a line marker
//! (`# 12 "file"`), or a head word (directive or mnemonic) and its arguments.
//! Every piece stays a slice of the line, so errors can name their column.

use isa_runtime::text::quote_input;

/// A problem on the current line: the byte offset it points at, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Diag {
    /// Byte offset into the physical line.
    pub at: usize,
    /// The message.
    pub message: String,
}

/// A line after comment and label removal.
pub(crate) struct Parsed<'a> {
    /// The labels defined on the line, in order.
    pub labels: Vec<&'a str>,
    /// What follows them, if anything.
    pub stmt: Option<Body<'a>>,
}

/// The part of a line after its labels.
pub(crate) enum Body<'a> {
    /// A C preprocessor line marker: `# N "file"`.
    Marker(Marker<'a>),
    /// A directive or an instruction.
    Stmt(Stmt<'a>),
}

/// `# N "file"`: the next line is line `line` of `file`.
pub(crate) struct Marker<'a> {
    /// The number of the next line.
    pub line: u64,
    /// The file name, if one is given.
    pub file: Option<&'a str>,
}

/// A directive or instruction: its head word and the argument text.
pub(crate) struct Stmt<'a> {
    /// The whole physical line (for positions).
    pub line: &'a str,
    /// The directive (with its `.`) or mnemonic.
    pub head: &'a str,
    /// Everything after the head, trimmed.
    pub args: &'a str,
}

/// C's `isspace` in the "C" locale.
pub(crate) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// Trims C whitespace from both ends.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// Byte offset of `part` inside `whole` (`part` must be a slice of it; the
/// end of `whole` otherwise).
pub(crate) fn offset_in(whole: &str, part: &str) -> usize {
    let start = whole.as_ptr() as usize;
    let at = part.as_ptr() as usize;
    if at >= start && at <= start + whole.len() {
        at - start
    } else {
        whole.len()
    }
}

/// A C-like identifier, as picasso accepts them: letters, digits, `_` and
/// `$`, not starting with a digit.
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// The first `needle` that is not inside a `"…"` string.
fn find_unquoted(s: &str, needle: char) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        if quoted {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
        } else if c == '"' {
            quoted = true;
        } else if c == needle {
            return Some(i);
        }
    }
    None
}

/// Splits a physical line (without its newline).
pub(crate) fn split(line: &str) -> Result<Parsed<'_>, Diag> {
    let code = match find_unquoted(line, ';') {
        Some(i) => &line[..i],
        None => line,
    };
    let mut rest = trim(code);
    let mut labels = Vec::new();
    while let Some(colon) = find_unquoted(rest, ':') {
        let name = trim(&rest[..colon]);
        if !is_identifier(name) {
            let at = offset_in(line, name);
            let message = if name.is_empty() {
                "empty label name before `:`".to_string()
            } else {
                format!("invalid label name {name}", name = quote_input(name))
            };
            return Err(Diag { at, message });
        }
        labels.push(name);
        rest = trim(&rest[colon + 1..]);
    }
    if rest.is_empty() {
        return Ok(Parsed { labels, stmt: None });
    }
    if let Some(after) = rest.strip_prefix('#') {
        return Ok(Parsed {
            labels,
            stmt: marker(trim(after)).map(Body::Marker),
        });
    }
    let head_len = rest.find([' ', '\t']).unwrap_or(rest.len());
    let stmt = Stmt {
        line,
        head: &rest[..head_len],
        args: trim(&rest[head_len..]),
    };
    Ok(Parsed {
        labels,
        stmt: Some(Body::Stmt(stmt)),
    })
}

/// `N "file"` after a `#`; anything else after `#` is a comment.
fn marker(text: &str) -> Option<Marker<'_>> {
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let line = text[..digits].parse().ok()?;
    let rest = trim(&text[digits..]);
    let file = match rest.strip_prefix('"') {
        Some(quoted) => Some(&quoted[..quoted.find('"').unwrap_or(quoted.len())]),
        None if rest.is_empty() => None,
        None => Some(rest),
    };
    Some(Marker { line, file })
}

impl<'a> Stmt<'a> {
    /// An error pointing at `part` (a slice of the line).
    pub fn err_at(&self, part: &str, message: impl Into<String>) -> Diag {
        Diag {
            at: offset_in(self.line, part),
            message: message.into(),
        }
    }

    /// An error pointing just past the statement (for missing arguments).
    pub fn err_end(&self, message: impl Into<String>) -> Diag {
        Diag {
            at: offset_in(self.line, self.args) + self.args.len(),
            message: message.into(),
        }
    }

    /// The arguments split at commas, each trimmed; one trailing comma is
    /// allowed, as in picasso.
    pub fn commas(&self) -> Vec<&'a str> {
        split_commas(self.args)
    }

    /// The arguments split at blanks.
    pub fn words(&self) -> Vec<&'a str> {
        self.args.split(is_space).filter(|w| !w.is_empty()).collect()
    }

    /// Exactly `n` comma-separated arguments, none empty; `usage` shows the
    /// expected form.
    pub fn expect_commas(&self, n: usize, usage: &str) -> Result<Vec<&'a str>, Diag> {
        let args = self.commas();
        if let Some(empty) = args.iter().find(|a| a.is_empty()) {
            return Err(self.empty_operand(empty, usage));
        }
        count(self, args, n, n, usage)
    }

    /// The error for an empty piece of a comma list (`mov r0,, v0`), at the
    /// comma after it (or the end).
    fn empty_operand(&self, empty: &str, usage: &str) -> Diag {
        let at = offset_in(self.args, empty);
        let place = if self.args[at..].starts_with(',') {
            "before this `,`"
        } else {
            "after the last `,`"
        };
        Diag {
            at: offset_in(self.line, self.args) + at,
            message: format!("missing operand {place}: expected `{usage}`"),
        }
    }

    /// Between `min` and `max` blank-separated arguments.
    pub fn expect_words(&self, min: usize, max: usize, usage: &str) -> Result<Vec<&'a str>, Diag> {
        count(self, self.words(), min, max, usage)
    }
}

/// `text` split at commas, each piece trimmed; a final empty piece after a
/// trailing comma is dropped.
pub(crate) fn split_commas(text: &str) -> Vec<&str> {
    if text.is_empty() {
        return Vec::new();
    }
    let mut parts: Vec<&str> = text.split(',').map(trim).collect();
    if text.ends_with(',') {
        parts.pop();
    }
    parts
}

fn count<'a>(stmt: &Stmt<'a>, args: Vec<&'a str>, min: usize, max: usize, usage: &str) -> Result<Vec<&'a str>, Diag> {
    if args.len() < min {
        let what = if args.is_empty() { "nothing" } else { "too few" };
        return Err(stmt.err_end(format!("missing operand: expected `{usage}`, found {what}")));
    }
    if args.len() > max {
        return Err(stmt.err_at(args[max], format!("too many operands: expected `{usage}`")));
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_comments_and_head() {
        let p = split("  a: b:\tmov r0, r1 ; c: d").unwrap();
        assert_eq!(p.labels, vec!["a", "b"]);
        let Some(Body::Stmt(s)) = p.stmt else { panic!() };
        assert_eq!((s.head, s.args), ("mov", "r0, r1"));
        assert_eq!(offset_in(s.line, s.args), 12);
    }

    #[test]
    fn quoted_strings_hide_colons_and_semicolons() {
        let p = split(r#".raw_symbols "a:b;c\"d" ; x"#).unwrap();
        assert!(p.labels.is_empty());
        let Some(Body::Stmt(s)) = p.stmt else { panic!() };
        assert_eq!(s.args, r#""a:b;c\"d""#);
    }

    #[test]
    fn bad_labels() {
        assert_eq!(split("1a: nop").err().map(|d| d.at), Some(0));
        assert_eq!(split("  : nop").err().map(|d| d.at), Some(2));
    }

    #[test]
    fn markers() {
        let Some(Body::Marker(m)) = split("# 12 \"x.pica\" 1").unwrap().stmt else {
            panic!()
        };
        assert_eq!((m.line, m.file), (12, Some("x.pica")));
        assert!(split("# a comment").unwrap().stmt.is_none());
    }

    #[test]
    fn comma_splitting() {
        assert_eq!(split_commas("a, b,"), vec!["a", "b"]);
        assert_eq!(split_commas(","), vec![""]);
        assert_eq!(split_commas("a,,b"), vec!["a", "", "b"]);
        assert!(split_commas("").is_empty());
    }
}
