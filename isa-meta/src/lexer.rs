//! Spec tokens. The language is line oriented: newlines are tokens, and
//! `///` comments are kept as doc tokens that the parser attaches to items.

use crate::diag::Diagnostics;
use crate::source::Span;
use isa_runtime::lexer::{escape_input, is_hidden, quote_input};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier; may contain `.` after its first character (`mul.v0`, `.word`).
    Ident(String),
    /// An integer literal (sign handled by the parser).
    Int(u128),
    /// An integer literal that does not read (reported by the lexer): the
    /// parser loses its line without a second error.
    BadInt,
    /// A string literal, unescaped.
    Str(String),
    /// `///` doc text.
    Doc(String),
    /// `//!` doc text.
    InnerDoc(String),
    /// `..=`
    RangeTo,
    /// Any other single punctuation character.
    Punct(char),
    Newline,
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

impl Tok {
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::BadInt => "an invalid number".into(),
            Tok::Str(s) => format!("string \"{}\"", escape_input(s)),
            Tok::Doc(_) | Tok::InnerDoc(_) => "a doc comment".into(),
            Tok::RangeTo => "`..=`".into(),
            Tok::Punct(c) => format!("`{c}`"),
            Tok::Newline => "end of line".into(),
            Tok::Eof => "end of file".into(),
        }
    }
}

/// The tokens of `text`. A leading byte-order mark is skipped (as the
/// assemblers skip it); spans stay offsets into `text`.
pub fn lex(text: &str, diags: &mut Diagnostics) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = bom_len(text);
    // A run of characters that start no token, reported as one error.
    let mut unexpected: Option<Span> = None;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        match c {
            b' ' | b'\t' | b'\r' => i += 1,
            b'\n' => {
                out.push(Token {
                    tok: Tok::Newline,
                    span: Span::new(i, i + 1),
                });
                i += 1;
            }
            b'/' if text[i..].starts_with("//") => {
                let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                let body = &text[i..end];
                if let Some(doc) = body.strip_prefix("///") {
                    if !doc.starts_with('/') {
                        out.push(Token {
                            tok: Tok::Doc(doc.trim().to_string()),
                            span: Span::new(i, end),
                        });
                    }
                } else if let Some(doc) = body.strip_prefix("//!") {
                    out.push(Token {
                        tok: Tok::InnerDoc(doc.trim().to_string()),
                        span: Span::new(i, end),
                    });
                }
                i = end;
            }
            // `# note`, but not `#22` (one character too many, no comment).
            b'#' if bytes
                .get(i + 1)
                .is_none_or(|b| b.is_ascii_whitespace() || matches!(b, b'#' | b'!')) =>
            {
                i = not_a_comment(text, i, &mut out, diags);
            }
            b'/' => i = not_a_comment(text, i, &mut out, diags),
            b'"' => {
                let mut value = String::new();
                let mut j = i + 1;
                let mut closed = false;
                while j < bytes.len() {
                    match bytes[j] {
                        b'"' => {
                            closed = true;
                            j += 1;
                            break;
                        }
                        b'\n' => break,
                        // A backslash before the end of the line is itself;
                        // the line ends the string.
                        b'\\' if j + 1 < bytes.len() && bytes[j + 1] != b'\n' => {
                            // The escaped character may take several bytes.
                            let escaped = text[j + 1..].chars().next().unwrap_or('\\');
                            let end = j + 1 + escaped.len_utf8();
                            match escaped {
                                '"' => value.push('"'),
                                '\\' => value.push('\\'),
                                'n' => value.push('\n'),
                                other if other.is_control() => {
                                    diags.error(
                                        Span::new(j, end),
                                        format!(
                                            "unknown escape in string: `\\` before U+{:04X} (escapes are `\\\"`, `\\\\` and `\\n`)",
                                            other as u32
                                        ),
                                    );
                                }
                                _ => {
                                    diags.error(
                                        Span::new(j, end),
                                        format!("unknown escape {} in string", quote_input(&text[j..end])),
                                    );
                                }
                            }
                            j = end;
                        }
                        _ => {
                            // `j` is always at a character boundary.
                            let Some(ch) = text[j..].chars().next() else { break };
                            if ch != '\t' && is_hidden(ch) {
                                // Left out of the value, so no later message
                                // echoes it.
                                diags.error(
                                    Span::new(j, j + ch.len_utf8()),
                                    format!(
                                        "control or invisible character {} in a string: strings hold visible text",
                                        quote_input(&text[j..j + ch.len_utf8()])
                                    ),
                                );
                            } else {
                                value.push(ch);
                            }
                            j += ch.len_utf8();
                        }
                    }
                }
                if !closed {
                    diags.error(
                        Span::new(i, j),
                        "unterminated string: expected a closing `\"` on the same line",
                    );
                }
                out.push(Token {
                    tok: Tok::Str(value),
                    span: Span::new(i, j),
                });
                i = j;
            }
            b'0'..=b'9' => {
                let (radix, digits_start) = match &text[i..] {
                    s if s.starts_with("0x") || s.starts_with("0X") => (16, i + 2),
                    s if s.starts_with("0b") || s.starts_with("0B") => (2, i + 2),
                    _ => (10, i),
                };
                let mut j = digits_start;
                while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
                    j += 1;
                }
                let digits: String = text[digits_start..j].chars().filter(|&c| c != '_').collect();
                let tok = match u128::from_str_radix(&digits, radix) {
                    Ok(v) => Tok::Int(v),
                    Err(_) => {
                        diags.error(
                            Span::new(start, j),
                            format!("invalid integer literal `{}`", &text[start..j]),
                        );
                        Tok::BadInt
                    }
                };
                out.push(Token {
                    tok,
                    span: Span::new(start, j),
                });
                i = j;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let mut j = i + 1;
                while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_' || bytes[j] == b'.') {
                    // A `.` must be followed by an identifier character, so `x..=` stays apart.
                    if bytes[j] == b'.'
                        && !bytes
                            .get(j + 1)
                            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
                    {
                        break;
                    }
                    j += 1;
                }
                out.push(Token {
                    tok: Tok::Ident(name(&text[i..j], Span::new(i, j), diags)),
                    span: Span::new(i, j),
                });
                i = j;
            }
            b'.' if text[i..].starts_with("..") && !text[i..].starts_with("..=") => {
                diags.error(
                    Span::new(i, i + 2),
                    "bit ranges are inclusive: write `LO..=HI`, not `LO..HI`",
                );
                out.push(Token {
                    tok: Tok::RangeTo,
                    span: Span::new(i, i + 2),
                });
                i += 2;
            }
            b'.' if text[i..].starts_with("..=") => {
                out.push(Token {
                    tok: Tok::RangeTo,
                    span: Span::new(i, i + 3),
                });
                i += 3;
            }
            b'.' if bytes.get(i + 1).is_some_and(|b| b.is_ascii_alphabetic()) => {
                let mut j = i + 1;
                while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_' || bytes[j] == b'.') {
                    j += 1;
                }
                out.push(Token {
                    tok: Tok::Ident(name(&text[i..j], Span::new(i, j), diags)),
                    span: Span::new(i, j),
                });
                i = j;
            }
            b'{' | b'}' | b'(' | b')' | b':' | b'=' | b'+' | b'-' | b',' | b'|' | b'!' | b'<' | b'>' => {
                out.push(Token {
                    tok: Tok::Punct(c as char),
                    span: Span::new(i, i + 1),
                });
                i += 1;
            }
            _ => {
                let ch = text[i..].chars().next().expect("in bounds");
                i += ch.len_utf8();
                // Every other arm reports the run, so a run still open
                // ends where this character starts.
                match &mut unexpected {
                    Some(run) => run.end = i,
                    None => unexpected = Some(Span::new(start, i)),
                }
                continue;
            }
        }
        report_unexpected(text, unexpected.take(), diags);
    }
    report_unexpected(text, unexpected, diags);
    out.push(Token {
        tok: Tok::Eof,
        span: Span::new(text.len(), text.len()),
    });
    out
}

/// How many bytes a leading byte-order mark (U+FEFF) takes: 3, or 0 for
/// none.
pub fn bom_len(text: &str) -> usize {
    text.len() - isa_runtime::lexer::without_bom(text).len()
}

/// A `#` before a blank, a `/*` or a lone `/` at `i`, where a comment was
/// meant: one error with a hint, and the comment skipped so its words give
/// no more errors: a `/* … */` up to its `*/` (its line breaks kept as
/// tokens), anything else to the end of the line. Returns where lexing
/// goes on.
fn not_a_comment(text: &str, i: usize, out: &mut Vec<Token>, diags: &mut Diagnostics) -> usize {
    let block = text[i..].starts_with("/*");
    let (opener, width) = match text.as_bytes()[i] {
        _ if block => ("characters `/*`", 2),
        b'#' => ("character `#`", 1),
        _ => ("character `/`", 1),
    };
    let close = text[i + width..]
        .find("*/")
        .filter(|_| block)
        .map(|n| i + width + n + 2);
    let end = close.unwrap_or_else(|| text[i..].find('\n').map_or(text.len(), |n| i + n));
    let label = match close {
        Some(_) => "read as a comment, up to its `*/`",
        None => "read as a comment, to the end of the line",
    };
    diags
        .error(
            Span::new(i, i + width),
            format!("unexpected {opener}: comments start with `//`, docs with `///`"),
        )
        .label(label);
    for (at, _) in text[i..end].match_indices('\n') {
        out.push(Token {
            tok: Tok::Newline,
            span: Span::new(i + at, i + at + 1),
        });
    }
    end
}

/// One error for a run of characters that start no token, quoting them
/// escaped (a NUL or an escape sequence reaches no terminal).
fn report_unexpected(text: &str, run: Option<Span>, diags: &mut Diagnostics) {
    let Some(run) = run else { return };
    let chars = &text[run.start..run.end];
    let message = match chars.chars().count() {
        1 => format!("unexpected character {}", quote_input(chars)),
        n => format!("{n} unexpected characters {}", quote_input(chars)),
    };
    diags
        .error(run, message)
        .label("a spec is made of names, numbers, strings, `//` comments, `..=` and `{ } ( ) : = + - , | ! < >`");
}

/// The longest name a spec may use: the shipped specs' longest has 26
/// characters, and every message that names one quotes it whole.
pub const MAX_NAME: usize = 64;

/// A name as the token keeps it: itself, or, past [`MAX_NAME`] (an error),
/// its first characters and `…`, which no declared name matches, so later
/// messages quote it short.
fn name(word: &str, span: Span, diags: &mut Diagnostics) -> String {
    if word.len() <= MAX_NAME {
        return word.to_string();
    }
    diags.error(
        span,
        format!("a name of {} characters: names have at most {MAX_NAME}", word.len()),
    );
    format!("{}…", &word[..MAX_NAME])
}
