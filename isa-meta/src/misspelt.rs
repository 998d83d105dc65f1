//! A field declared under a misspelt name (`scr1 64..=127 Source`, where
//! every line that names the field writes `src1`) is one error, at the
//! declaration, not one at each line that names the field: every template,
//! condition, `default` and `sem` string of every format that has the field.
//! So is a function (`func psuh(2)`) that `sem` strings call as `push`, and
//! a format (`format Ftm2`) that opcode lines name as `Fmt2`.
//!
//! The checks mark each unknown name whose nearest known name is a field, a
//! function or a format ([`Diagnostic::slip`]); this pass, run after them,
//! merges the errors that write one name where one declaration was nearest,
//! when they are at two places or more and the declared name appears
//! nowhere else in the spec. If it appeared elsewhere, the declaration would be what the spec
//! means, and each place that writes the other name a slip of its own.

use std::collections::{HashMap, HashSet};

use crate::diag::{Diagnostic, Diagnostics, Slip};
use crate::source::{Source, Span};

/// The most places of the misspelt name the merged error notes.
const NOTED: usize = 3;

/// Merges the errors of each misspelt declaration into one.
pub fn merge(source: &Source, diags: &mut Diagnostics) {
    let mut places: HashMap<&Slip, HashSet<Span>> = HashMap::new();
    for d in diags.iter() {
        if let Some(slip) = &d.slip {
            places.entry(slip).or_default().insert(d.span);
        }
    }
    let mut misspelt: Vec<Slip> = places
        .into_iter()
        .filter(|(slip, at)| at.len() >= 2 && named_once(&source.text, slip.declared))
        .map(|(slip, _)| slip.clone())
        .collect();
    misspelt.sort_by(|a, b| (a.declared.start, &a.written).cmp(&(b.declared.start, &b.written)));
    if misspelt.is_empty() {
        return;
    }
    let mut taken = diags.take_where(|d| d.slip.as_ref().is_some_and(|s| misspelt.contains(s)));
    taken.sort_by_key(|d| d.span.start);
    for slip in misspelt {
        // Each place once: a line inherited by several formats is checked
        // in each.
        let mut uses: Vec<&Diagnostic> = taken.iter().filter(|d| d.slip.as_ref() == Some(&slip)).collect();
        uses.dedup_by_key(|d| d.span);
        let declared = &source.text[slip.declared.start..slip.declared.end];
        let written = &slip.written;
        let error = diags
            .error(
                slip.declared,
                format!(
                    "{kind} `{declared}` is named nowhere, but `{written}`, which is no {kind}, is named at {} places: did you mean `{written}`?",
                    uses.len(),
                    kind = slip.kind
                ),
            )
            .label("named nowhere else");
        for d in uses.iter().take(NOTED) {
            error.note(d.span, format!("`{written}` is named here"));
        }
    }
}

/// Whether the name at `declared` appears in `text` there alone, as a
/// whole word.
fn named_once(text: &str, declared: Span) -> bool {
    let name = &text[declared.start..declared.end];
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    !name.is_empty()
        && text.match_indices(name).all(|(at, _)| {
            let before = text[..at].chars().next_back().is_some_and(is_word);
            let after = text[at + name.len()..].chars().next().is_some_and(is_word);
            at == declared.start || before || after
        })
}

#[cfg(test)]
mod tests {
    use crate::Source;

    /// The first line of each error of `text`, by position.
    fn first_lines(text: &str) -> Vec<String> {
        crate::tests::regression_tests::first_lines("t.isa", text)
    }

    /// Two formats whose templates and `sem` strings name `src`, a field
    /// declared as `field`, and a `text` line of the base that names
    /// `text_line`.
    fn spec(field: &str, text_line: &str) -> String {
        format!(
            "isa t {{
    word 32
    state acc
    dialect d
}}
format F : 32 {{
    {field} 0..=7 u
    rest 8..=25 unknown
    opcode 26..=31 opcode
    syntax \"{{src}}\"
    text d.line \"{{opcode}} {{{text_line}}}\"
}}
format G : F {{
    syntax \"{{src}}, {{rest}}\"
}}
opcodes {{
    a 1 F sem \"acc = src\"
    b 2 G sem \"acc = src + 1\"
}}
"
        )
    }

    #[test]
    fn a_misspelt_declaration_is_one_error_at_it() {
        let text = spec("scr", "src");
        assert_eq!(
            first_lines(&text),
            ["t.isa:7:5: field `scr` is named nowhere, but `src`, which is no field, is named at 5 places: did you mean `src`?"]
        );
        // The first three places are noted.
        let source = Source {
            name: "t.isa".into(),
            text: text.clone(),
        };
        let rendered = crate::compile(&source).err().expect("rejected").render(&source);
        assert_eq!(rendered.matches("note: `src` is named here").count(), 3, "{rendered}");
        assert!(
            rendered.contains("t.isa:10:13: note: `src` is named here"),
            "{rendered}"
        );
    }

    /// Where the declared name is also written elsewhere, the declaration
    /// is what the spec means: each place that writes the other name is
    /// its own error, as is a name written at one place only.
    #[test]
    fn a_declaration_named_elsewhere_keeps_the_errors_where_they_are() {
        let used = first_lines(&spec("scr", "scr"));
        assert_eq!(used.len(), 3, "{used:#?}");
        assert!(
            used.iter()
                .all(|e| e.contains("`src`") && e.contains("did you mean `scr`?")),
            "{used:#?}"
        );
        let once = "isa t { word 32 }
format F : 32 {
    scr 0..=7 u
    rest 8..=25 unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    a 1 F
}
";
        assert_eq!(
            first_lines(once),
            ["t.isa:6:13: template names `src`, which is not a field of `F`; did you mean `scr`?"]
        );
    }

    /// A function declared under a misspelt name, that `sem` strings call
    /// by its right name, is one error at the declaration.
    #[test]
    fn a_misspelt_function_is_one_error_at_its_declaration() {
        let text = "isa t {
    word 32
    state acc
    func psuh(2)
}
format F : 32 {
    src    0..=7   u
    rest   8..=25  unknown
    opcode 26..=31 opcode
    syntax \"{src}\"
}
opcodes {
    a 1 F sem \"acc = push(acc, src)\"
    b 2 F sem \"acc = push(src, acc)\"
}
";
        assert_eq!(
            first_lines(text),
            ["t.isa:4:10: function `psuh` is named nowhere, but `push`, which is no function, is named at 2 places: did you mean `push`?"]
        );
    }

    #[test]
    fn named_once_counts_whole_words_only() {
        use crate::source::Span;
        let text = "scr 0..=7 u {scr_x} {xscr} {scr.half}";
        assert!(!super::named_once(text, Span::new(0, 3)));
        let text = "scr 0..=7 u {scr_x} {xscr} {scrx}";
        assert!(super::named_once(text, Span::new(0, 3)));
    }
}
