//! Error collection: every check adds to one [`Diagnostics`], and the macro
//! reports all of them at once as `compile_error!`s, each message once (with
//! the other lines it is on).

use std::collections::HashMap;
use std::fmt::Write;

use isa_runtime::lexer::{escape_input, is_hidden};
use proc_macro2::{Span as RustSpan, TokenStream};
use quote::quote_spanned;

use crate::source::{Source, Span};

/// One error: a primary location and message, plus labelled secondary spans.
#[derive(Debug)]
pub struct Diagnostic {
    /// Where the error is (rendered as `file:line:col` of its start).
    pub span: Span,
    /// What is wrong, in one line.
    pub message: String,
    /// A short text printed after the carets under `span` (may be empty).
    pub label: String,
    /// Related places, each with its note ("first defined here").
    pub notes: Vec<(Span, String)>,
    /// For an unknown name whose nearest known name is a field (or a
    /// param, a function, a format): its declaration and the name written
    /// (see [`crate::misspelt`]); one per kind of name it may have meant.
    /// A `written` that is empty marks an error about the declaration
    /// itself (a param used by no line), which a merge takes too.
    pub(crate) slips: Vec<Slip>,
}

/// An unknown name and the declaration nearest to it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Slip {
    /// What is declared: `field`, `function`, `format`.
    pub kind: &'static str,
    /// The span of its name where it is declared (a derived format's
    /// inherited field has its base's).
    pub declared: Span,
    /// The name written where it was meant (`src1` of `{src1}` or of
    /// `{src1.half}`).
    pub written: String,
}

/// The errors found so far.
#[derive(Default, Debug)]
pub struct Diagnostics {
    errors: Vec<Diagnostic>,
}

impl Diagnostics {
    /// Records an error at `span`; the returned [`Diagnostic`] takes a label
    /// and notes.
    pub fn error(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.errors.push(Diagnostic {
            span,
            message: cut_quotes(message.into()),
            label: String::new(),
            notes: Vec::new(),
            slips: Vec::new(),
        });
        self.errors.last_mut().expect("just pushed")
    }

    /// Whether no error was recorded.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// How many errors were recorded.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// The errors, in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.errors.iter()
    }

    /// Removes the errors `f` picks, keeping the others in order.
    pub(crate) fn take_where(&mut self, mut f: impl FnMut(&Diagnostic) -> bool) -> Vec<Diagnostic> {
        let (taken, kept) = std::mem::take(&mut self.errors).into_iter().partition(|d| f(d));
        self.errors = kept;
        taken
    }

    /// Removes and returns the errors recorded after the first `len`.
    pub(crate) fn take_after(&mut self, len: usize) -> Vec<Diagnostic> {
        self.errors.split_off(len.min(self.errors.len()))
    }

    /// Records errors taken out earlier ([`Diagnostics::take_after`]).
    pub(crate) fn extend(&mut self, errors: Vec<Diagnostic>) {
        self.errors.extend(errors);
    }

    /// Every error, sorted by position, as [`Diagnostics::messages`] renders
    /// them, separated by blank lines: what a tool prints.
    pub fn render(&self, source: &Source) -> String {
        self.messages(source).join("\n\n")
    }

    /// Each error as `file:line:col: message` plus a caret excerpt, and each
    /// of its notes the same way, sorted by position.
    pub fn messages(&self, source: &Source) -> Vec<String> {
        self.rendered(source).into_iter().map(|(_, text)| text).collect()
    }

    /// Each error with its text as [`Diagnostics::messages`] renders it, in
    /// the same order (by position, stably). A message is shown once, at its
    /// first place, with the lines of the others in a last note (a missing
    /// declaration is one error, not one per use; a base format's fault,
    /// met again through each format derived from it, is one error).
    pub fn rendered(&self, source: &Source) -> Vec<(&Diagnostic, String)> {
        let mut errors: Vec<&Diagnostic> = self.errors.iter().collect();
        errors.sort_by_key(|d| d.span.start);
        let lines = source.lines();
        // Each message at its first place, with the other lines it is on.
        let mut first: HashMap<&str, usize> = HashMap::new();
        let mut shown: Vec<(&Diagnostic, usize, Vec<usize>)> = Vec::new();
        for d in errors {
            let (line, _) = lines.line_col(d.span.start);
            match first.get(d.message.as_str()) {
                Some(&i) => {
                    let (_, first_line, also) = &mut shown[i];
                    if line != *first_line && !also.contains(&line) {
                        also.push(line);
                    }
                }
                None => {
                    first.insert(&d.message, shown.len());
                    shown.push((d, line, Vec::new()));
                }
            }
        }
        shown
            .into_iter()
            .map(|(d, _, also)| {
                let mut text = String::new();
                lines.write_location(&mut text, &source.name, d.span);
                text.push_str(": ");
                text.push_str(&d.message);
                text.push('\n');
                lines.write_excerpt(&mut text, d.span, &d.label);
                for (span, note) in &d.notes {
                    text.push('\n');
                    lines.write_location(&mut text, &source.name, *span);
                    text.push_str(": note: ");
                    text.push_str(note);
                    text.push('\n');
                    lines.write_excerpt(&mut text, *span, "");
                }
                write_also(&mut text, &also);
                (d, text)
            })
            .collect()
    }

    /// The errors as `compile_error!` invocations spanned on `at`.
    pub fn to_compile_errors(&self, source: &Source, at: RustSpan) -> TokenStream {
        self.messages(source)
            .into_iter()
            .map(|msg| quote_spanned!(at=> ::core::compile_error!(#msg);))
            .collect()
    }
}

impl Diagnostic {
    /// Sets the text printed after the carets.
    pub fn label(&mut self, label: impl Into<String>) -> &mut Self {
        self.label = cut_quotes(label.into());
        self
    }

    /// Adds a related place with its note.
    pub fn note(&mut self, span: Span, note: impl Into<String>) -> &mut Self {
        self.notes.push((span, cut_quotes(note.into())));
        self
    }

    /// Marks an unknown-name error as `written` where the field (or other
    /// `kind` of name) declared at `declared` may have been meant
    /// ([`crate::misspelt`]).
    pub(crate) fn slip(&mut self, kind: &'static str, declared: Span, written: &str) -> &mut Self {
        self.slips.push(Slip {
            kind,
            declared,
            written: written.to_owned(),
        });
        self
    }

    /// Marks an error about the `kind` declared at `declared` that a merge
    /// of its misspelt name replaces ([`crate::misspelt`]): a param used by
    /// no line, when the lines write its right name.
    pub(crate) fn about_declaration(&mut self, kind: &'static str, declared: Span) -> &mut Self {
        self.slip(kind, declared, "")
    }
}

/// The most other lines [`Diagnostics::rendered`] lists for an error found
/// on several.
pub const ALSO_MAX: usize = 8;

/// The note that an error is also on `lines` (the first [`ALSO_MAX`], then
/// how many more), or nothing.
fn write_also(out: &mut String, lines: &[usize]) {
    let Some((&last, listed)) = lines[..lines.len().min(ALSO_MAX)].split_last() else {
        return;
    };
    out.push_str("\nnote: the same error on line");
    if !listed.is_empty() {
        out.push('s');
    }
    for (i, line) in listed.iter().enumerate() {
        let _ = write!(out, "{}{line}", if i == 0 { " " } else { ", " });
    }
    let _ = write!(out, "{}{last}", if listed.is_empty() { " " } else { " and " });
    if lines.len() > ALSO_MAX {
        let _ = write!(out, ", and {} more", lines.len() - ALSO_MAX);
    }
}

/// The most characters a message quotes between backticks.
pub const QUOTED_MAX: usize = 80;

/// `message` with every backtick-quoted piece shown as messages quote
/// input: control and invisible characters escaped (`\t`, `\u{1b}`), and
/// cut after [`QUOTED_MAX`] characters with `…`. Whatever a spec names (a
/// template's placeholder, a spelling, a mnemonic), no message echoes more
/// of it, or anything a terminal would act on.
fn cut_quotes(message: String) -> String {
    // Most messages are printable ASCII (checked a byte at a time), and
    // only one longer than `QUOTED_MAX` can quote more than that.
    let printable = message.bytes().all(|b| matches!(b, b' '..=b'~'));
    let untidy = (!printable && message.chars().any(is_hidden))
        || message.len() > QUOTED_MAX
            && message
                .split('`')
                .skip(1)
                .step_by(2)
                .any(|quoted| quoted.len() > QUOTED_MAX && quoted.chars().nth(QUOTED_MAX).is_some());
    if !untidy {
        return message;
    }
    let mut out = String::with_capacity(message.len().min(4 * QUOTED_MAX));
    for (i, piece) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // A quoted name may itself hold backticks, which throw the pairs
        // out: what lies outside them is escaped too (a message is one
        // line of visible text), only not cut.
        let max = if i % 2 == 0 { usize::MAX } else { QUOTED_MAX };
        let _ = write!(out, "{}", escape_input(piece).up_to(max));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message found on several lines is shown once, at the first, with
    /// the others listed (at most `ALSO_MAX`, then how many more); the
    /// same message twice on one line is shown once.
    #[test]
    fn one_message_on_many_lines_is_shown_once() {
        let text: String = (1..=12).map(|i| format!("line {i:02}\n")).collect();
        let source = Source {
            name: "s.isa".into(),
            text,
        };
        let at = |line: usize| Span::new((line - 1) * 8, (line - 1) * 8 + 4);
        let mut diags = Diagnostics::default();
        diags.error(at(3), "unknown type `T`");
        diags.error(at(1), "something else");
        for line in [5, 5, 2, 9, 10, 11, 12, 4, 6, 7] {
            diags.error(at(line), "unknown type `T`");
        }
        diags.error(at(1), "one more");
        let rendered = diags.messages(&source);
        let firsts: Vec<&str> = rendered.iter().map(|m| m.lines().next().unwrap_or("")).collect();
        pretty_assertions::assert_eq!(
            firsts,
            [
                "s.isa:1:1: something else",
                "s.isa:1:1: one more",
                "s.isa:2:1: unknown type `T`"
            ]
        );
        assert_eq!(
            rendered[2].lines().last(),
            Some("note: the same error on lines 3, 4, 5, 6, 7, 9, 10 and 11, and 1 more")
        );
        let mut twice = Diagnostics::default();
        twice.error(at(2), "e");
        twice.error(at(4), "e");
        assert_eq!(
            twice.messages(&source)[0].lines().last(),
            Some("note: the same error on line 4")
        );
    }

    #[test]
    fn quoted_pieces_are_cut_and_the_rest_kept() {
        let long = "x".repeat(QUOTED_MAX + 1);
        let fits = "é".repeat(QUOTED_MAX);
        let cut = format!("{}…", "x".repeat(QUOTED_MAX));
        assert_eq!(cut_quotes(format!("`{fits}` is fine")), format!("`{fits}` is fine"));
        assert_eq!(
            cut_quotes(format!(
                "template names `{long}`, which is not a field of `{long}`: {long}"
            )),
            format!("template names `{cut}`, which is not a field of `{cut}`: {long}")
        );
        // An unclosed quote is cut as well.
        assert_eq!(cut_quotes(format!("a `b` and `{long}")), format!("a `b` and `{cut}"));
        // Hidden characters are escaped inside quotes.
        assert_eq!(
            cut_quotes("template names `a\tb\u{1b}[2J`".to_string()),
            "template names `a\\tb\\u{1b}[2J`"
        );
        // And outside them, where a name with backticks of its own puts
        // them (a fuzz finding of the `spec` target).
        assert_eq!(
            cut_quotes("template names `s`\t`rc`, which is not a field".to_string()),
            "template names `s`\\t`rc`, which is not a field"
        );
    }
}
