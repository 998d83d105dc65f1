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
use crate::layout::{Cond, Field, FieldKind, Format, Mnemonic, NamedText};
use crate::lexer::{closest, Cursor};

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
    /// ``expected a mnemonic (…) for `{field}`, found …`` (a `text`
    /// line's `{opcode}` piece, with the format's mnemonics).
    Mnemonic(&'static Field, &'static [Mnemonic]),
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

    /// ``expected a mnemonic (…) for `{field}`, found …`` at the cursor,
    /// for a `text` line's `{opcode}` piece whose format has the mnemonics
    /// of `table`.
    pub fn mnemonic(at: &Cursor<'a>, field: &'static Field, table: &'static [Mnemonic]) -> Self {
        Self::new(at, What::Mnemonic(field, table))
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

    /// The cursor where the error is, if it was made at one.
    pub(crate) fn cursor(&self) -> Option<&Cursor<'a>> {
        self.at.as_ref()
    }

    /// Whether the error says only that what is there could not be read
    /// ("expected …"), not what is wrong with text that was read (a
    /// condition, a value out of range).
    pub(crate) fn is_expectation(&self) -> bool {
        match &self.what {
            What::Expected(_) | What::ExpectedCode(_) | What::ExpectedFor(..) | What::OneOf(_) | What::Mnemonic(..) => {
                true
            }
            What::Merged(pair) => pair.iter().all(TextError::is_expectation),
            What::Condition { .. } | What::With(_) | What::Message(_) | What::Made(_) => false,
        }
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

    /// Keeps, of `best` and `e`, the error that read further into the text;
    /// two at one place merge ([`TextError::merge`]). For a parser that
    /// tries several forms and reports the one that got furthest.
    pub fn keep_furthest(best: &mut Option<Self>, e: Self) {
        *best = Some(match best.take() {
            None => e,
            Some(b) => match e.cmp_place(&b) {
                Ordering::Greater => e,
                Ordering::Equal => TextError::merge(b, e),
                Ordering::Less => b,
            },
        });
    }

    /// The error with its line, column and message.
    pub fn report(self) -> ParseError {
        let (line, col) = self.place();
        let message = match self.what {
            What::Made(e) => return e,
            What::Message(m) => m,
            What::Merged(pair) => return report_merged(*pair),
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

/// Errors merged at one place ([`TextError::merge`]), as one: the
/// mnemonics that several formats expect for one field are listed once
/// (`expected a mnemonic (nop, end or sync) for `opcode``, not one list
/// per format), then `expected A or B, found F` (or the more specific of
/// two).
fn report_merged(pair: [TextError<'_>; 2]) -> ParseError {
    /// One error of the merge, or the mnemonics of one field so far.
    enum Part<'a> {
        Done(ParseError),
        Mnemonics(Cursor<'a>, &'static Field, Vec<Mnemonic>),
    }
    let mut parts: Vec<Part<'_>> = Vec::new();
    // The leaves in order, without recursion (a merge may be hundreds of
    // forms deep).
    let mut stack: Vec<TextError<'_>> = pair.into_iter().rev().collect();
    while let Some(e) = stack.pop() {
        match (e.what, e.at) {
            (What::Merged(pair), _) => stack.extend(pair.into_iter().rev()),
            (What::Mnemonic(field, table), Some(at)) => {
                let same = parts.iter_mut().find_map(|p| match p {
                    Part::Mnemonics(_, f, list) if f.name == field.name => Some(list),
                    _ => None,
                });
                match same {
                    Some(list) => {
                        for m in table {
                            if !list.iter().any(|l| l.text == m.text) {
                                list.push(*m);
                            }
                        }
                    }
                    None => parts.push(Part::Mnemonics(at, field, table.to_vec())),
                }
            }
            (what, at) => parts.push(Part::Done(TextError { at, what }.report())),
        }
    }
    let mut reports = parts.into_iter().map(|p| match p {
        Part::Done(e) => e,
        Part::Mnemonics(at, field, list) => {
            let (line, col) = at.position();
            ParseError {
                line,
                col,
                message: mnemonic_message(&at, field, &list),
            }
        }
    });
    let first = reports.next().unwrap_or(ParseError {
        line: 1,
        col: 1,
        message: String::new(),
    });
    reports.fold(first, |a, b| {
        merge_expected(&a, &b).unwrap_or_else(|| more_specific(a, b))
    })
}

/// The message of a lazily described error at `at`.
fn describe(at: &Cursor<'_>, what: What<'_>) -> String {
    let found = || at.describe_next();
    match what {
        What::Expected(w) => format!("expected {w}, found {}", found()),
        What::ExpectedCode(c) => format!("expected `{c}`, found {}", found()),
        What::ExpectedFor(w, f) => format!("expected {w} for {}, found {}", f.shown(), found()),
        What::OneOf(f) => {
            let names: Vec<&str> = match f.kind {
                FieldKind::Enum(e) => e.values.iter().filter_map(|v| v.spellings.first().copied()).collect(),
                _ => Vec::new(),
            };
            // A value spelled as nothing (`(rptN)`'s 0) is named in words.
            let nothing = if names.contains(&"") { " (or nothing)" } else { "" };
            let names: Vec<&str> = names.into_iter().filter(|n| !n.is_empty()).collect();
            format!(
                "expected one of {}{nothing} for `{}`, found {}",
                names.join(", "),
                f.name,
                found()
            )
        }
        What::Mnemonic(f, table) => mnemonic_message(at, f, table),
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

/// At most this many mnemonics are listed in an error; beyond, it counts
/// them and suggests the closest.
const LISTED_MNEMONICS: usize = 12;

/// `expected a mnemonic (a, b or c) for `opcode`, found …`, or for many
/// mnemonics their count and the closest to the word found.
fn mnemonic_message(at: &Cursor<'_>, field: &Field, table: &[Mnemonic]) -> String {
    let found = at.describe_next();
    if table.len() <= LISTED_MNEMONICS {
        let names: Vec<&str> = table.iter().map(|m| m.text).collect();
        return format!(
            "expected a mnemonic ({}) for `{}`, found {found}",
            crate::text::or_list(&names),
            field.name
        );
    }
    let hint = closest_mnemonic(at.rest(), table).map_or_else(String::new, |m| format!("; did you mean `{m}`?"));
    format!(
        "expected one of the format's {} mnemonics for `{}`, found {found}{hint}",
        table.len(),
        field.name
    )
}

/// The mnemonic closest to the word at the start of `rest`, or to one of
/// its shorter dotted prefixes (`cmps.x` of `cmps.x.lt`).
fn closest_mnemonic(rest: &str, table: &[Mnemonic]) -> Option<&'static str> {
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(rest.len());
    let mut word = &rest[..len];
    while !word.is_empty() {
        if let Some(m) = closest(word, table.iter().map(|m| m.text)) {
            return Some(m);
        }
        word = word.rsplit_once('.').map_or("", |(head, _)| head);
    }
    None
}

/// `expected A, found F` and `expected B, found F` at one place as
/// `expected A or B, found F`.
fn merge_expected(a: &ParseError, b: &ParseError) -> Option<ParseError> {
    if (a.line, a.col) != (b.line, b.col) {
        return None;
    }
    let (wa, fa) = a.message.strip_prefix("expected ")?.rsplit_once(", found ")?;
    let (wb, fb) = b.message.strip_prefix("expected ")?.rsplit_once(", found ")?;
    if fa != fb {
        return None;
    }
    // What several forms expect is said once.
    let mut expected: Vec<&str> = wa.split(" or ").collect();
    for w in wb.split(" or ") {
        if !expected.contains(&w) {
            expected.push(w);
        }
    }
    let message = format!("expected {}, found {fa}", expected.join(" or "));
    Some(ParseError {
        line: a.line,
        col: a.col,
        message,
    })
}

/// Of two errors at one place, the one that says what is wrong with what
/// was found (`1024 does not fit …`: a form read it) over one that only
/// says what was expected (`expected …`, `unexpected …`); else `a`.
fn more_specific(a: ParseError, b: ParseError) -> ParseError {
    let lists = |e: &ParseError| e.message.starts_with("expected ") || e.message.starts_with("unexpected ");
    if lists(&a) && !lists(&b) {
        b
    } else {
        a
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::BitRange;

    static OPCODE: Field = Field {
        name: "opcode",
        doc: "",
        ranges: &[BitRange { lo: 26, width: 6 }],
        width: 6,
        kind: FieldKind::Opcode,
    };

    /// A table of `n` mnemonics: `cmps`, `cmps.f`, then `op2`, `op3`, ….
    fn table(n: usize) -> &'static [Mnemonic] {
        let names = [
            "cmps", "cmps.f", "op2", "op3", "op4", "op5", "op6", "op7", "op8", "op9", "op10", "op11", "op12",
        ];
        let all: Vec<Mnemonic> = names
            .iter()
            .enumerate()
            .map(|(i, &text)| Mnemonic { value: i as u64, text })
            .collect();
        Vec::leak(all[..n].to_vec())
    }

    fn message(line: &str, table: &'static [Mnemonic]) -> ParseError {
        let mut cur = Cursor::new(line);
        cur.eat("x ");
        TextError::mnemonic(&cur, &OPCODE, table).report()
    }

    /// A few mnemonics are listed; more are counted, with the closest to
    /// the word found (or to a shorter dotted prefix of it) suggested.
    #[test]
    fn a_missing_mnemonic_lists_or_counts_the_formats() {
        let few = message("x cmq r1", table(3));
        assert_eq!(
            (few.col, few.message.as_str()),
            (3, "expected a mnemonic (cmps, cmps.f or op2) for `opcode`, found `cmq`")
        );
        let many = message("x cmps.g.lt r1", table(13));
        assert_eq!(
            many.message,
            "expected one of the format's 13 mnemonics for `opcode`, found `cmps.g.lt`; did you mean `cmps.f`?"
        );
        let none = message("x zzzzzzzz", table(13));
        assert_eq!(
            none.message,
            "expected one of the format's 13 mnemonics for `opcode`, found `zzzzzzzz`"
        );
        let end = message("x ", table(1));
        assert_eq!(
            end.message,
            "expected a mnemonic (cmps) for `opcode`, found end of line"
        );
    }

    /// Two forms that fail at one place list what each expects, once.
    #[test]
    fn merged_expectations_are_listed_once() {
        let at = |message: &str| ParseError {
            line: 1,
            col: 4,
            message: message.into(),
        };
        let (a, b, c) = (
            at("expected a number, found `x`"),
            at("expected `,`, found `x`"),
            at("expected a number, found `x`"),
        );
        let ab = merge_expected(&a, &b).unwrap();
        assert_eq!(ab.message, "expected a number or `,`, found `x`");
        assert_eq!(merge_expected(&ab, &c).unwrap().message, ab.message);
        assert_eq!(merge_expected(&a, &c).unwrap().message, a.message);
        assert_eq!(merge_expected(&a, &at("expected `,`, found `y`")), None);
        // A list merged into a list that has some of it adds the rest.
        let (d, e) = (
            at("expected the end of the line or a note, found `x`"),
            at("expected a note or the end of the line or `;`, found `x`"),
        );
        assert_eq!(
            merge_expected(&d, &e).unwrap().message,
            "expected the end of the line or a note or `;`, found `x`"
        );
    }

    /// Several formats' "expected a mnemonic" at one place are one list
    /// per field (each mnemonic once), merged with the other expectations
    /// in the order the forms were tried; past the listing limit, counted.
    #[test]
    fn mnemonics_of_several_formats_are_one_list() {
        static OTHER: Field = Field { name: "op", ..OPCODE };
        let mut cur = Cursor::new("x frob r1");
        cur.eat("x ");
        let mut best = None;
        for error in [
            TextError::expected_code(&cur, "(rpt"),
            TextError::mnemonic(&cur, &OPCODE, &table(3)[..2]),
            TextError::mnemonic(&cur, &OTHER, &table(3)[2..]),
            TextError::mnemonic(&cur, &OPCODE, &table(3)[1..]),
        ] {
            TextError::keep_furthest(&mut best, error);
        }
        let e = best.expect("errors").report();
        assert_eq!(
            (e.col, e.message.as_str()),
            (
                3,
                "expected `(rpt` or a mnemonic (cmps, cmps.f or op2) for `opcode` or a mnemonic (op2) for `op`, found `frob`"
            )
        );
        let mut best = None;
        for n in [7, 13] {
            TextError::keep_furthest(&mut best, TextError::mnemonic(&cur, &OPCODE, table(n)));
        }
        assert_eq!(
            best.expect("errors").report().message,
            "expected one of the format's 13 mnemonics for `opcode`, found `frob`"
        );
    }

    /// Of two errors at one place, the one that says what is wrong with
    /// the text found beats a list of what was expected, in either order;
    /// two of a kind keep the first.
    #[test]
    fn a_specific_error_beats_an_expected_list() {
        let at = |message: &str| ParseError {
            line: 1,
            col: 4,
            message: message.into(),
        };
        let (list, fit, other) = (
            at("expected `r`, found `1024`"),
            at("1024 does not fit `imm`"),
            at("1024 is not a value of `Op`"),
        );
        assert_eq!(more_specific(list.clone(), fit.clone()), fit);
        assert_eq!(more_specific(fit.clone(), list.clone()), fit);
        assert_eq!(more_specific(fit.clone(), other.clone()), fit);
        assert_eq!(more_specific(list.clone(), at("expected `c`, found `1024`")), list);
        let unexpected = at("unexpected `1024` (expected the end of the line)");
        assert_eq!(more_specific(list.clone(), unexpected.clone()), list);
        assert_eq!(more_specific(unexpected, fit.clone()), fit);
    }
}
