//! Error collection: every check adds to one [`Diagnostics`], and the macro
//! reports all of them at once as `compile_error!`s.

use proc_macro2::{Span as RustSpan, TokenStream};
use quote::quote_spanned;

use crate::source::{Source, Span};

/// One error: a primary location and message, plus labelled secondary spans.
pub struct Diagnostic {
    pub span: Span,
    pub message: String,
    pub label: String,
    pub notes: Vec<(Span, String)>,
}

/// The errors found so far.
#[derive(Default)]
pub struct Diagnostics {
    errors: Vec<Diagnostic>,
}

impl Diagnostics {
    pub fn error(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.errors.push(Diagnostic {
            span,
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
        });
        self.errors.last_mut().expect("just pushed")
    }

    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Renders every error as `file:line:col: message` plus caret excerpts.
    pub fn render(&self, source: &Source) -> Vec<String> {
        let mut errors: Vec<&Diagnostic> = self.errors.iter().collect();
        errors.sort_by_key(|d| d.span.start);
        errors
            .into_iter()
            .map(|d| {
                let mut text = format!(
                    "{}: {}\n{}",
                    source.location(d.span),
                    d.message,
                    source.excerpt(d.span, &d.label)
                );
                for (span, note) in &d.notes {
                    text.push_str(&format!(
                        "\n{}: note: {note}\n{}",
                        source.location(*span),
                        source.excerpt(*span, "")
                    ));
                }
                text
            })
            .collect()
    }

    /// The errors as `compile_error!` invocations spanned on `at`.
    pub fn to_compile_errors(&self, source: &Source, at: RustSpan) -> TokenStream {
        self.render(source)
            .into_iter()
            .map(|msg| quote_spanned!(at=> ::core::compile_error!(#msg);))
            .collect()
    }
}

impl Diagnostic {
    pub fn label(&mut self, label: impl Into<String>) -> &mut Self {
        self.label = label.into();
        self
    }

    pub fn note(&mut self, span: Span, note: impl Into<String>) -> &mut Self {
        self.notes.push((span, note.into()));
        self
    }
}
