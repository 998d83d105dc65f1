//! [`TextError`]: a failed `text` template parse that costs nothing to make.
//!
//! A parser that tries several templates (`text::parse_text` per form)
//! fails far more often than it reports: each failure is a cursor and a
//! static description, and the message (its column, the `found …` part)
//! is built only when the error is reported, as the [`ParseError`] it
//! converts to.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use crate::error::ParseError;
use crate::layout::{Cond, Field, FieldKind, Format, NamedText};
use crate::lexer::Cursor;

/// A parse failure at a cursor; [`TextError::report`] (or `From`) gives the
/// [`ParseError`] with its line, column and message.
#[derive(Clone, Debug)]
pub struct TextError<'a> {
    /// Where the error is (`None` for a [`ParseError`] made elsewhere,
    /// which knows its line and column).
    at: Option<Cursor<'a>>,
    what: What<'a>,
}

/// What a [`TextError`] says, kept as what it takes to write it.
#[derive(Clone, Debug)]
enum What<'a> {
    /// `expected {0}, found …`.
    Expected(&'static str),
    /// ``expected `{0}`, found …``.
    ExpectedCode(&'static str),
    /// ``expected {0} for `{field}`, found …``.
    ExpectedFor(&'static str, &'static Field),
    /// ``expected one of {spellings} for `{field}`, found …`` (an enum field).
    OneOf(&'static Field),
    /// A line's condition that the parsed value breaks.
    Condition {
        format: &'static Format,
        text: &'static NamedText,
        cond: &'static Cond,
        value: u64,
    },
    /// A message written by a function of the cursor.
    With(fn(&Cursor<'_>) -> String),
    /// A message already written.
    Message(String),
    /// A [`ParseError`] made elsewhere.
    Made(ParseError),
    /// Two errors at one place: `expected A or B, found F` when both read
    /// `expected …, found F`, else the first.
    Merged(Box<[TextError<'a>; 2]>),
}

impl<'a> TextError<'a> {
    fn new(at: &Cursor<'a>, what: What<'a>) -> Self {
        TextError {
            at: Some(at.clone()),
            what,
        }
    }

    /// `expected {what}, found …` at the cursor (as [`Cursor::expected`]).
    pub fn expected(at: &Cursor<'a>, what: &'static str) -> Self {
        Self::new(at, What::Expected(what))
    }

    /// ``expected `{code}`, found …`` at the cursor.
    pub fn expected_code(at: &Cursor<'a>, code: &'static str) -> Self {
        Self::new(at, What::ExpectedCode(code))
    }

    /// ``expected {what} for `{field}`, found …`` at the cursor.
    pub fn expected_for(at: &Cursor<'a>, what: &'static str, field: &'static Field) -> Self {
        Self::new(at, What::ExpectedFor(what, field))
    }

    /// ``expected one of {spellings} for `{field}`, found …`` at the
    /// cursor, for an enum field.
    pub fn one_of(at: &Cursor<'a>, field: &'static Field) -> Self {
        Self::new(at, What::OneOf(field))
    }

    /// "this form of `g` prints only when `f` is …; here it is …" for
    /// condition `cond` of line `text`, broken by `value` of its field.
    pub fn condition(
        at: &Cursor<'a>,
        format: &'static Format,
        text: &'static NamedText,
        cond: &'static Cond,
        value: u64,
    ) -> Self {
        Self::new(
            at,
            What::Condition {
                format,
                text,
                cond,
                value,
            },
        )
    }

    /// The message `write` gives for the cursor, at the cursor.
    pub fn with(at: &Cursor<'a>, write: fn(&Cursor<'_>) -> String) -> Self {
        Self::new(at, What::With(write))
    }

    /// A message at the cursor (for the rare errors that need one).
    pub fn message(at: &Cursor<'a>, message: impl Into<String>) -> Self {
        Self::new(at, What::Message(message.into()))
    }

    /// Whether this error is further into the text than `other`
    /// (`Greater`), at the same place (`Equal`) or before it.
    pub fn cmp_place(&self, other: &Self) -> Ordering {
        match (&self.at, &other.at) {
            (Some(a), Some(b)) => a.offset().cmp(&b.offset()),
            _ => self.place().cmp(&other.place()),
        }
    }

    /// The 1-based line and column.
    pub fn place(&self) -> (usize, usize) {
        match (&self.at, &self.what) {
            (_, What::Made(e)) => (e.line, e.col),
            (Some(at), _) => at.position(),
            (None, _) => (1, 1),
        }
    }

    /// `first` and `second`, failures at one place, as one: `expected A or
    /// B, found F` when both read `expected …, found F`, else `first`.
    #[must_use]
    pub fn merge(first: Self, second: Self) -> Self {
        if first.cmp_place(&second) != Ordering::Equal {
            return first;
        }
        TextError {
            at: first.at.clone(),
            what: What::Merged(Box::new([first, second])),
        }
    }

    /// The error with its line, column and message.
    pub fn report(self) -> ParseError {
        let (line, col) = self.place();
        let message = match self.what {
            What::Made(e) => return e,
            What::Message(m) => m,
            What::Merged(pair) => {
                let [a, b] = *pair;
                let (a, b) = (a.report(), b.report());
                return merge_expected(&a, &b).unwrap_or(a);
            }
            what => {
                let Some(at) = &self.at else {
                    return ParseError {
                        line,
                        col,
                        message: String::new(),
                    };
                };
                describe(at, what)
            }
        };
        ParseError { line, col, message }
    }
}

/// The message of a lazily described error at `at`.
fn describe(at: &Cursor<'_>, what: What<'_>) -> String {
    let found = || at.describe_next();
    match what {
        What::Expected(w) => format!("expected {w}, found {}", found()),
        What::ExpectedCode(c) => format!("expected `{c}`, found {}", found()),
        What::ExpectedFor(w, f) => format!("expected {w} for `{}`, found {}", f.name, found()),
        What::OneOf(f) => {
            let names: Vec<&str> = match f.kind {
                FieldKind::Enum(e) => e.values.iter().filter_map(|v| v.spellings.first().copied()).collect(),
                _ => Vec::new(),
            };
            format!(
                "expected one of {} for `{}`, found {}",
                names.join(", "),
                f.name,
                found()
            )
        }
        What::Condition {
            format,
            text,
            cond,
            value,
        } => crate::text::condition_message(format, text, cond, value),
        What::With(write) => write(at),
        What::Message(m) => m,
        What::Made(e) => e.message,
        What::Merged(_) => String::new(),
    }
}

/// `expected A, found F` and `expected B, found F` at one place as
/// `expected A or B, found F`.
fn merge_expected(a: &ParseError, b: &ParseError) -> Option<ParseError> {
    if (a.line, a.col) != (b.line, b.col) {
        return None;
    }
    let (wa, fa) = a.message.strip_prefix("expected ")?.rsplit_once(", found ")?;
    let (wb, fb) = b.message.strip_prefix("expected ")?.rsplit_once(", found ")?;
    (fa == fb).then(|| ParseError {
        line: a.line,
        col: a.col,
        message: format!("expected {wa} or {wb}, found {fa}"),
    })
}

impl From<ParseError> for TextError<'_> {
    fn from(e: ParseError) -> Self {
        TextError {
            at: None,
            what: What::Made(e),
        }
    }
}

impl From<TextError<'_>> for ParseError {
    fn from(e: TextError<'_>) -> Self {
        e.report()
    }
}

impl fmt::Display for TextError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.clone().report(), f)
    }
}
