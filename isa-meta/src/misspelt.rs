//! A field declared under a misspelt name (`scr1 64..=127 Source`, where
//! every line that names the field writes `src1`) is one error, at the
//! declaration, not one at each line that names the field: every template,
//! condition, `default` and `sem` string of every format that has the field.
//! So is a function (`func psuh(2)`) that `sem` strings call as `push`, a
//! format (`format Ftm2`) that opcode lines name as `Fmt2`, a layout's
//! param, an attribute (`attr nos_rc`, set and tested as `no_src`), a
//! type (`enum ReTgype`, that fields and attributes name as `RegType`), a
//! `state` and a dialect. A name misspelt at one place is the error there,
//! and its declaration is not also said to be unused.
//!
//! The checks mark each unknown name whose nearest known name is a field, a
//! function or a format ([`Diagnostic::slip`]); this pass, run after them,
//! merges the errors that write one name where one declaration was nearest,
//! when they are at two places or more and the declared name appears
//! nowhere else in the spec. If it appeared elsewhere, the declaration would be what the spec
//! means, and each place that writes the other name a slip of its own.
//!
//! A misspelt `text` group is one error too ([`group_slip`]): a derived
//! format takes its base's groups that it does not write, so a base line of
//! group `lnie`, where the derived formats write `line`, is read against
//! each of them beside their own lines (or a derived line of `lnie` lets
//! the base's `line` lines in), with one error for each name they lack.

use std::collections::{HashMap, HashSet};

use crate::ast::{Name, SpecAst, TextAst};
use crate::diag::{Diagnostic, Diagnostics, Slip};
use crate::source::{Source, Span};

/// The most places of the misspelt name the merged error notes.
const NOTED: usize = 3;

/// Where each layout (formats included) is named, in source order: a field
/// or param belongs to the last layout named before its declaration, since
/// layouts do not nest. The names are read from the source when a merged
/// error needs one.
pub struct Owners(Vec<Span>);

impl Owners {
    /// The layouts of `ast`, by where their names start.
    pub fn of(ast: &SpecAst) -> Owners {
        let mut names: Vec<Span> = ast.layouts.iter().map(|l| l.name.span).collect();
        names.sort_unstable_by_key(|span| span.start);
        Owners(names)
    }

    /// The name of the layout that declares the field or param at
    /// `declared`.
    fn of_member<'s>(&self, source: &'s Source, declared: Span) -> Option<&'s str> {
        let after = self.0.partition_point(|at| at.start < declared.start);
        let name = self.0.get(after.checked_sub(1)?)?;
        source.text.get(name.start..name.end)
    }
}

/// Merges the errors of each misspelt declaration into one.
pub fn merge(source: &Source, owners: &Owners, diags: &mut Diagnostics) {
    let mut places: HashMap<&Slip, HashSet<Span>> = HashMap::new();
    for d in diags.iter() {
        for slip in d.slips.iter().filter(|s| !s.written.is_empty()) {
            places.entry(slip).or_default().insert(d.span);
        }
    }
    // A name misspelt at one place: its error (with its hint) says what
    // is wrong, and the declaration it was meant for is not also said to
    // be unused.
    let once: Vec<(&str, Span)> = places
        .iter()
        .filter(|(_, at)| at.len() == 1)
        .map(|(slip, _)| (slip.kind, slip.declared))
        .collect();
    let mut misspelt: Vec<Slip> = places
        .into_iter()
        .filter(|(slip, at)| at.len() >= 2 && named_once(&source.text, slip.declared))
        .map(|(slip, _)| slip.clone())
        .collect();
    misspelt.sort_by(|a, b| (a.declared.start, &a.written).cmp(&(b.declared.start, &b.written)));
    drop(diags.take_where(|d| {
        d.slips
            .iter()
            .any(|s| s.written.is_empty() && once.contains(&(s.kind, s.declared)))
    }));
    if misspelt.is_empty() {
        return;
    }
    let merged = |s: &Slip| {
        misspelt.contains(s)
            || s.written.is_empty() && misspelt.iter().any(|m| (m.kind, m.declared) == (s.kind, s.declared))
    };
    let mut taken = diags.take_where(|d| d.slips.iter().any(merged));
    taken.sort_by_key(|d| d.span.start);
    for slip in misspelt {
        // Each place once: a line inherited by several formats is checked
        // in each.
        let mut uses: Vec<&Diagnostic> = taken.iter().filter(|d| d.slips.contains(&slip)).collect();
        uses.dedup_by_key(|d| d.span);
        let declared = &source.text[slip.declared.start..slip.declared.end];
        let written = &slip.written;
        let kind = slip.kind;
        // A field or param is its layout's: another layout may well have
        // one of the name written.
        let member = matches!(kind, "field" | "param")
            .then(|| owners.of_member(source, slip.declared))
            .flatten();
        let error = match member {
            Some(owner) => diags.error(
                slip.declared,
                format!(
                    "{kind} `{declared}` of `{owner}` is named nowhere, but `{written}`, no {kind} of `{owner}`, is named at {} places: did you mean `{written}`?",
                    uses.len()
                ),
            ),
            None => diags.error(
                slip.declared,
                format!(
                    "{kind} `{declared}` is named nowhere, but `{written}`, which is no {kind}, is named at {} places: did you mean `{written}`?",
                    uses.len()
                ),
            ),
        };
        let error = error.label("named nowhere else");
        for d in uses.iter().take(NOTED) {
            error.note(d.span, format!("`{written}` is named here"));
        }
    }
}

/// Marks `error`, that `written` names no `kind` of item, as a slip for
/// the one of `declared` named `near`: the name its hint suggests
/// ([`crate::suggest::nearest`]), if that is one of them.
pub(crate) fn mark<'a>(
    error: &mut Diagnostic,
    kind: &'static str,
    written: &str,
    near: Option<&str>,
    declared: impl IntoIterator<Item = &'a Name>,
) {
    if let Some(name) = near.and_then(|near| declared.into_iter().find(|n| n.text == near)) {
        error.slip(kind, name.span, written);
    }
}

/// How many `text` lines, as written (not inherited), name each group of
/// each dialect: `(dialect, group)` → lines.
pub(crate) fn group_lines<'a>(texts: impl IntoIterator<Item = &'a TextAst>) -> HashMap<(String, String), usize> {
    let mut lines = HashMap::new();
    for t in texts.into_iter().filter(|t| !t.inherited) {
        if let Some(dialect) = &t.dialect {
            *lines.entry((dialect.text.clone(), t.name.text.clone())).or_default() += 1;
        }
    }
    lines
}

/// A derived format that takes a group from its base which fails there,
/// beside a group of its own one slip away: one of the two names is
/// misspelt, the one written on fewer lines.
pub(crate) struct GroupSlip {
    dialect: String,
    /// The name written on fewer lines, where it is first written.
    rare: Name,
    /// The name written on more lines.
    common: String,
    /// How many lines write each: `rare`, then `common`.
    lines: (usize, usize),
    /// The derived format.
    format: String,
    /// The group it writes and the one it takes.
    own: String,
    taken: String,
    /// The first error the taken line gave there, once it failed
    /// ([`GroupSlip::failed`]).
    error: Option<(Span, String)>,
}

impl GroupSlip {
    /// The slip, when the taken line failed in the derived format with
    /// `errors`; `None` when it fits there (no slip).
    pub(crate) fn failed(mut self, errors: &[Diagnostic]) -> Option<Self> {
        let first = errors.first()?;
        self.error = Some((first.span, first.message.clone()));
        Some(self)
    }
}

/// The slip when `taken`, the group of a line that `format` took from its
/// base, is one spelling from a group of the same dialect that `format`
/// writes (`own`: its own lines' dialects and groups), and the two are
/// written on different numbers of lines; it is one only if the line fails
/// there ([`GroupSlip::failed`]). `None` otherwise: two groups may have
/// near names (Lima GP's `acc0` and `acc1`), and a line that fits is no
/// sign of a slip.
pub(crate) fn group_slip(
    format: &str,
    dialect: &str,
    taken: &Name,
    own: &[(String, Name)],
    lines: &HashMap<(String, String), usize>,
) -> Option<GroupSlip> {
    let mine = || own.iter().filter(|(d, _)| d == dialect).map(|(_, g)| g);
    let near = crate::suggest::nearest(&taken.text, mine().map(|g| g.text.as_str()))?;
    let near = mine().find(|g| g.text == near)?;
    let count = |group: &str| lines.get(&(dialect.to_owned(), group.to_owned())).copied().unwrap_or(0);
    let (taken_lines, own_lines) = (count(&taken.text), count(&near.text));
    let (rare, common, rare_lines, common_lines) = match taken_lines.cmp(&own_lines) {
        std::cmp::Ordering::Less => (taken, near, taken_lines, own_lines),
        std::cmp::Ordering::Greater => (near, taken, own_lines, taken_lines),
        std::cmp::Ordering::Equal => return None,
    };
    Some(GroupSlip {
        dialect: dialect.to_owned(),
        rare: rare.clone(),
        common: common.text.clone(),
        lines: (rare_lines, common_lines),
        format: format.to_owned(),
        own: near.text.clone(),
        taken: taken.text.clone(),
        error: None,
    })
}

/// One error per misspelt group, at its first line, naming the formats it
/// did not fit.
pub(crate) fn report_group_slips(mut slips: Vec<GroupSlip>, diags: &mut Diagnostics) {
    slips.sort_by(|a, b| {
        (&a.dialect, &a.rare.text, a.rare.span.start).cmp(&(&b.dialect, &b.rare.text, b.rare.span.start))
    });
    for same in slips.chunk_by(|a, b| (&a.dialect, &a.rare.text) == (&b.dialect, &b.rare.text)) {
        let slip = &same[0];
        let mut formats: Vec<&str> = same.iter().map(|s| s.format.as_str()).collect();
        formats.dedup();
        let (one, its) = if formats.len() == 1 {
            ("s", "its")
        } else {
            ("", "their")
        };
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let error = diags
            .error(
                slip.rare.span,
                format!(
                    "`text` group `{}` is written on {} line{}, and `{}` on {}: {} write{one} `{}` and also take{one} `{}` from {its} base, where it does not fit; did you mean `{}`?",
                    slip.rare.text,
                    slip.lines.0,
                    plural(slip.lines.0),
                    slip.common,
                    slip.lines.1,
                    quoted_list(&formats),
                    slip.own,
                    slip.taken,
                    slip.common
                ),
            )
            .label(format!("one slip from `{}`", slip.common));
        if let Some((span, message)) = &slip.error {
            error.note(*span, format!("where it does not fit: {message}"));
        }
    }
}

/// `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``, or the first three
/// and how many more.
fn quoted_list(names: &[&str]) -> String {
    let shown: Vec<String> = names.iter().take(3).map(|n| format!("`{n}`")).collect();
    match (shown.split_last(), names.len()) {
        (None, _) => String::new(),
        (Some((last, [])), _) => last.clone(),
        (Some((last, rest)), n) if n <= 3 => format!("{} and {last}", rest.join(", ")),
        (Some(_), n) => format!("{} and {} more", shown.join(", "), n - 3),
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
pub(crate) mod tests {
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
            ["t.isa:7:5: field `scr` of `F` is named nowhere, but `src`, no field of `F`, is named at 5 places: did you mean `src`?"]
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

    /// A layout `Src` whose `text` lines test param `half`, declared as
    /// `param`, and bound by the one line of a format; with `spare`, a
    /// second param that the line binds and no line uses.
    fn param_spec(param: &str, spare: bool) -> String {
        let (declared, bound) = if spare {
            ("\n    param spare", ", spare = 0")
        } else {
            ("", "")
        };
        format!(
            "isa t {{
    word 32
    dialect asm
}}
layout Src : 8 {{
    param {param}{declared}
    reg    0..=7   u
    syntax \"r{{reg}}\"
    text asm.src when half \"h{{reg}}\"
    text asm.src \"r{{reg}}\"
}}
format F : 32 {{
    full   0       bool
    src    1..=8   Src
    rest   9..=25  unknown
    opcode 26..=31 opcode
    syntax \"{{src}}{{full:' full'}}\"
    text asm.line \"{{opcode}} {{src(half = !full{bound})}}\"
}}
opcodes {{
    mov 0 F
}}
"
        )
    }

    /// A layout's param declared under a misspelt name, that its own
    /// condition and the lines that bind it name rightly, is one error at
    /// the declaration, not also "used by no line".
    #[test]
    fn a_misspelt_param_is_one_error_at_its_declaration() {
        let spec = |param: &str| param_spec(param, false);
        assert_eq!(first_lines(&spec("half")), Vec::<String>::new());
        assert_eq!(
            first_lines(&spec("hlaf")),
            ["t.isa:6:11: param `hlaf` of `Src` is named nowhere, but `half`, no param of `Src`, is named at 2 places: did you mean `half`?"]
        );
    }

    /// The formats a group slip names: all of up to three, else the first
    /// three and how many more.
    #[test]
    fn a_quoted_list_names_three_and_counts_the_rest() {
        assert_eq!(super::quoted_list(&[]), "");
        assert_eq!(super::quoted_list(&["a"]), "`a`");
        assert_eq!(super::quoted_list(&["a", "b"]), "`a` and `b`");
        assert_eq!(super::quoted_list(&["a", "b", "c"]), "`a`, `b` and `c`");
        assert_eq!(
            super::quoted_list(&["a", "b", "c", "d", "e"]),
            "`a`, `b`, `c` and 2 more"
        );
    }

    /// Merging a misspelt declaration's errors takes only its own: another
    /// param that no line uses is still said to be unused.
    #[test]
    fn a_merged_misspelling_leaves_other_declarations_errors() {
        let spec = |param: &str| param_spec(param, true);
        let unused = "t.isa:7:11: param `spare` of `Src` is used by no `text` line: print it (`{spare:'text'}`) or test it (`when spare`)";
        assert_eq!(first_lines(&spec("half")), [unused]);
        assert_eq!(
            first_lines(&spec("hlaf")),
            [
                "t.isa:6:11: param `hlaf` of `Src` is named nowhere, but `half`, no param of `Src`, is named at 2 places: did you mean `half`?",
                unused
            ]
        );
    }

    /// A base format `F` with two groups of `asm` lines, `base_group` (a
    /// line that names `rest`, which `G` replaces) and `line`, and a
    /// derived `G` with one line of `derived_dialect.derived_group`.
    pub(crate) fn groups(base_group: &str, derived_dialect: &str, derived_group: &str) -> String {
        format!(
            "isa t {{
    word 32
    dialect asm
}}
format F : 32 {{
    a      0..=11  u
    rest   12..=25 unknown
    opcode 26..=31 opcode
    syntax \"{{a}}\"
    text asm.{base_group} when a == 0 \"{{opcode}} {{rest}}\"
    text asm.line \"{{opcode}} {{a}}\"
}}
format G : F {{
    b      12..=19 u
    more   20..=25 unknown
    syntax \"{{a}}, {{b}}\"
    text {derived_dialect}.{derived_group} \"{{opcode}} {{a}}, {{b}}\"
}}
opcodes {{
    add 1 F
    sub 2 G
}}
"
        )
    }

    /// The misspelt group is the one written on fewer lines, whether the
    /// base's (which the derived format takes beside its own) or the
    /// derived format's own (which lets the base's lines in).
    #[test]
    fn a_misspelt_text_group_is_one_error_at_it() {
        assert_eq!(first_lines(&groups("line", "asm", "line")), Vec::<String>::new());
        assert_eq!(
            first_lines(&groups("lnie", "asm", "line")),
            ["t.isa:10:14: `text` group `lnie` is written on 1 line, and `line` on 2: `G` writes `line` and also takes `lnie` from its base, where it does not fit; did you mean `line`?"]
        );
        assert_eq!(
            first_lines(&groups("line", "asm", "lnie")),
            ["t.isa:17:14: `text` group `lnie` is written on 1 line, and `line` on 2: `G` writes `lnie` and also takes `line` from its base, where it does not fit; did you mean `line`?"]
        );
        // The note quotes the first error the taken line gave.
        let rendered = crate::tests::regression_tests::rendered("t.isa", &groups("lnie", "asm", "line"));
        assert!(
            rendered.contains(
                "t.isa:10:41: note: where it does not fit: template names `rest`, which is not a field of `G`"
            ),
            "{rendered}"
        );
    }

    /// Near group names are no slip by themselves: a taken group that fits
    /// compiles, and one that fails beside a group written on as many
    /// lines keeps its own errors.
    #[test]
    fn near_groups_are_a_slip_only_when_the_taken_one_fails() {
        let fits = groups("line", "asm", "line")
            .replace("{rest}", "{a}")
            .replace("asm.line when", "asm.lin1 when");
        assert_eq!(first_lines(&fits), Vec::<String>::new());
        let both_once = groups("lin1", "asm", "line").replace("    text asm.line \"{opcode} {a}\"\n", "");
        assert_eq!(
            first_lines(&both_once),
            ["t.isa:10:41: template names `rest`, which is not a field of `G`"]
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
