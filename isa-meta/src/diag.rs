//! Error collection: every check adds to one [`Diagnostics`], and the macro
//! reports all of them at once as `compile_error!`s.

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
    /// the same order (by position, stably). An error found twice (a base
    /// format's fault, met again through each format derived from it) is
    /// shown once.
    pub fn rendered(&self, source: &Source) -> Vec<(&Diagnostic, String)> {
        let mut errors: Vec<&Diagnostic> = self.errors.iter().collect();
        errors.sort_by_key(|d| d.span.start);
        let lines = source.lines();
        let mut out: Vec<(&Diagnostic, String)> = Vec::with_capacity(errors.len());
        // Where the errors at the current position begin in `out`: the
        // same text twice is at the same position.
        let mut here = 0;
        for d in errors {
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
            if out.last().is_some_and(|(last, _)| last.span.start != d.span.start) {
                here = out.len();
            }
            if out[here..].iter().all(|(_, shown)| *shown != text) {
                out.push((d, text));
            }
        }
        out
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
}

/// The most characters a message quotes between backticks.
pub const QUOTED_MAX: usize = 80;

/// `message` with every backtick-quoted piece shown as messages quote
/// input: control and invisible characters escaped (`\t`, `\u{1b}`), and
/// cut after [`QUOTED_MAX`] characters with `…`. Whatever a spec names (a
/// template's placeholder, a spelling, a mnemonic), no message echoes more
/// of it, or anything a terminal would act on.
fn cut_quotes(message: String) -> String {
    let untidy = message.split('`').skip(1).step_by(2).any(|quoted| {
        quoted.chars().any(is_hidden) || (quoted.len() > QUOTED_MAX && quoted.chars().nth(QUOTED_MAX).is_some())
    });
    if !untidy {
        return message;
    }
    let mut out = String::with_capacity(message.len().min(4 * QUOTED_MAX));
    for (i, piece) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 0 {
            out.push_str(piece);
            continue;
        }
        let _ = write!(out, "{}", escape_input(piece).up_to(QUOTED_MAX));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
