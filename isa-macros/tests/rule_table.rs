//! Keeps the spec rules and their compile-fail cases honest: every error
//! message template of `isa-meta/src/validate.rs`, `isa-meta/src/nested.rs`,
//! `isa-meta/src/variants.rs` and `isa-meta/src/misspelt.rs` (the text
//! given to a `diags.error(span, …)` call there, each a rule of the spec
//! language; nested.rs holds the rules of nested text lines and their
//! params, variants.rs those of `variant` lines, misspelt.rs the one of
//! misspelt declarations) is matched by an `error:` line of
//! at least one `tests/ui/*.stderr`, and the table of rules and cases in
//! `docs/reliability.md` is the one these files give. After adding a rule
//! or a case, run with `ISAFORGE_BLESS=1` to rewrite the table.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;

/// The files whose `.error(…)` calls are rules, in the table's order.
const RULE_FILES: &[&str] = &[
    "../isa-meta/src/validate.rs",
    "../isa-meta/src/nested.rs",
    "../isa-meta/src/variants.rs",
    "../isa-meta/src/misspelt.rs",
];
const UI: &str = "tests/ui";
const DOC: &str = "../docs/reliability.md";
const SECTION: &str = "## Spec rules and their compile-fail cases";
const HEADER: &str = "| rule (message) | UI cases |";

fn path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(path(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// Every distinct message template of the rule files, file by file in
/// source order.
fn templates() -> Vec<String> {
    let mut out: Vec<String> = RULE_FILES.iter().flat_map(|f| file_messages(f)).collect();
    let mut seen = std::collections::HashSet::new();
    out.retain(|t| seen.insert(t.clone()));
    out
}

/// The message of every `.error(…)` call of one file (duplicates kept), in
/// source order.
fn file_messages(relative: &str) -> Vec<String> {
    let file = syn::parse_file(&read(relative)).unwrap_or_else(|e| panic!("{relative} parses: {e}"));
    let mut out = Vec::new();
    for item in &file.items {
        if let syn::Item::Fn(f) = item {
            let body = f.block.to_token_stream();
            let mut lets = BTreeMap::new();
            collect_lets(body.clone(), &mut lets);
            collect_errors(&f.sig.ident.to_string(), body, &lets, &mut out);
        }
    }
    out
}

/// `let NAME = …;` anywhere in `tokens`: NAME and the tokens after `=`.
fn collect_lets(tokens: TokenStream, lets: &mut BTreeMap<String, Vec<Vec<TokenTree>>>) {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tt) in tts.iter().enumerate() {
        match tt {
            TokenTree::Group(g) => collect_lets(g.stream(), lets),
            TokenTree::Ident(kw) if kw == "let" => {
                if let (Some(TokenTree::Ident(name)), Some(TokenTree::Punct(eq))) = (tts.get(i + 1), tts.get(i + 2)) {
                    if eq.as_char() == '=' {
                        let value: Vec<TokenTree> = tts[i + 3..]
                            .iter()
                            .take_while(|t| !matches!(t, TokenTree::Punct(p) if p.as_char() == ';'))
                            .cloned()
                            .collect();
                        lets.entry(name.to_string()).or_default().push(value);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The message of every `.error(span, message)` call in `tokens`.
fn collect_errors(
    func: &str,
    tokens: TokenStream,
    lets: &BTreeMap<String, Vec<Vec<TokenTree>>>,
    out: &mut Vec<String>,
) {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tt) in tts.iter().enumerate() {
        let TokenTree::Group(g) = tt else { continue };
        let is_call = i >= 2
            && g.delimiter() == Delimiter::Parenthesis
            && matches!(&tts[i - 1], TokenTree::Ident(m) if m == "error")
            && matches!(&tts[i - 2], TokenTree::Punct(p) if p.as_char() == '.');
        if is_call {
            let args: Vec<TokenTree> = g.stream().into_iter().collect();
            let mut parts = args.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','));
            let message = parts
                .nth(1)
                .unwrap_or_else(|| panic!("{func}: `.error(…)` with one argument"));
            out.push(message_template(func, message, lets));
        }
        collect_errors(func, g.stream(), lets, out);
    }
}

/// The format string of a message: a string literal, `format!("…", …)`, or
/// a variable bound once to one of those in the same function.
fn message_template(func: &str, tokens: &[TokenTree], lets: &BTreeMap<String, Vec<Vec<TokenTree>>>) -> String {
    let template = match tokens {
        [TokenTree::Literal(lit)] => string(&lit.to_string()),
        [TokenTree::Ident(m), TokenTree::Punct(bang), TokenTree::Group(args)]
            if m == "format" && bang.as_char() == '!' =>
        {
            match args.stream().into_iter().next() {
                Some(TokenTree::Literal(lit)) => string(&lit.to_string()),
                _ => None,
            }
        }
        [TokenTree::Ident(name)] => match lets.get(&name.to_string()).map(Vec::as_slice) {
            Some([value]) => Some(message_template(func, value, lets)),
            _ => None,
        },
        _ => None,
    };
    template.unwrap_or_else(|| {
        panic!(
            "{func}: cannot read the message `{}` of a `.error(…)` call: write it as a string literal, \
             `format!(\"…\", …)`, or a variable bound once to one of those, so the rule table can find it",
            tokens.iter().cloned().collect::<TokenStream>()
        )
    })
}

/// The value of a string literal token, if it is one.
fn string(token: &str) -> Option<String> {
    syn::parse_str::<syn::LitStr>(token).ok().map(|s| s.value())
}

/// A format string as literal pieces between its `{…}` placeholders.
fn pieces(template: &str) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                pieces.last_mut().unwrap().push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                pieces.last_mut().unwrap().push('}');
            }
            '{' => {
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                pieces.push(String::new());
            }
            c => pieces.last_mut().unwrap().push(c),
        }
    }
    pieces
}

/// Whether `message` is `pieces` with anything in place of each placeholder.
fn matches(pieces: &[String], message: &str) -> bool {
    let (first, rest) = pieces.split_first().expect("one piece at least");
    let Some(mut left) = message.strip_prefix(first.as_str()) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return left.is_empty();
    };
    for piece in middle {
        match left.find(piece.as_str()) {
            Some(at) => left = &left[at + piece.len()..],
            None => return false,
        }
    }
    left.ends_with(last.as_str())
}

/// The messages of each UI case's errors (`error: FILE:LINE:COL: MESSAGE`),
/// by case name.
fn ui_messages() -> BTreeMap<String, Vec<String>> {
    let mut cases = BTreeMap::new();
    for entry in std::fs::read_dir(path(UI)).expect("tests/ui") {
        let file = entry.expect("a tests/ui entry").path();
        if file.extension().is_none_or(|e| e != "stderr") {
            continue;
        }
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        let messages = text
            .lines()
            .filter_map(|line| line.strip_prefix("error: "))
            .map(|line| strip_location(line).to_owned())
            .collect();
        cases.insert(name, messages);
    }
    cases
}

/// `MESSAGE` of `FILE:LINE:COL: MESSAGE` (the whole line without a location).
fn strip_location(line: &str) -> &str {
    for (at, _) in line.match_indices(": ") {
        let mut numbers = line[..at].rsplit(':');
        let col = numbers.next().unwrap_or("");
        let row = numbers.next().unwrap_or("");
        let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if is_number(col) && is_number(row) {
            return &line[at + 2..];
        }
    }
    line
}

/// Each rule's template and the UI cases with an error it matches.
fn rules() -> Vec<(String, Vec<String>)> {
    let cases = ui_messages();
    templates()
        .into_iter()
        .map(|t| {
            let p = pieces(&t);
            let hits = cases
                .iter()
                .filter(|(_, messages)| messages.iter().any(|m| matches(&p, m)))
                .map(|(name, _)| name.clone())
                .collect();
            (t, hits)
        })
        .collect()
}

/// The table of docs/reliability.md: one row per rule, its message (cut
/// after about 100 characters) and its cases.
fn table(rules: &[(String, Vec<String>)]) -> String {
    let mut out = format!("{HEADER}\n| --- | --- |\n");
    for (template, cases) in rules {
        let mut shown = template.replace('|', "\\|");
        if shown.chars().count() > 100 {
            let cut: String = shown.chars().take(100).collect();
            shown = format!("{} …", cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head));
        }
        let cases = if cases.is_empty() {
            "**none**".to_owned()
        } else {
            cases.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ")
        };
        out.push_str(&format!("| {shown} | {cases} |\n"));
    }
    out
}

#[test]
fn the_template_reader_reads_every_error_call() {
    // Every call of every file yields a template (duplicates collapse into
    // one rule).
    for relative in RULE_FILES {
        let calls = read(relative).matches(".error(").count();
        assert_eq!(
            file_messages(relative).len(),
            calls,
            "`.error(` calls in {relative} vs messages read"
        );
    }
    let validate = file_messages(RULE_FILES[0]).len();
    let nested = file_messages(RULE_FILES[1]).len();
    assert!(validate >= 60, "only {validate} messages found in validate.rs");
    assert!(nested >= 12, "only {nested} messages found in nested.rs");
    assert!(templates().len() >= 72, "only {} templates found", templates().len());
}

#[test]
fn the_matcher_fills_placeholders() {
    let p = pieces("duplicate `func {n}`; {{ {} }} at {:#x}");
    assert_eq!(p, ["duplicate `func ", "`; { ", " } at ", ""]);
    assert!(matches(&p, "duplicate `func f`; { x } at 0x3"));
    assert!(!matches(&p, "a duplicate `func f`; { x } at 0x3"));
    assert!(matches(&pieces("duplicate unit `{}`"), "duplicate unit `ua`"));
    assert!(!matches(&pieces("duplicate unit `{}`"), "duplicate unit `ua` twice"));
    assert_eq!(strip_location("<inline spec>:5:5: a: b"), "a: b");
    assert_eq!(strip_location("x.isa:12:30: a"), "a");
}

#[test]
fn every_rule_has_a_ui_case() {
    let missing: Vec<String> = rules()
        .into_iter()
        .filter(|(_, cases)| cases.is_empty())
        .map(|(t, _)| format!("  {t}"))
        .collect();
    assert!(
        missing.is_empty(),
        "these rules of validate.rs or nested.rs have no compile-fail case in isa-macros/tests/ui (add a case whose .stderr shows the error):\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_rule_table_in_docs_is_current() {
    let rules = rules();
    let fresh = table(&rules);
    let doc = read(DOC);
    let section = doc.find(SECTION).expect("the rules section of docs/reliability.md");
    let start = section + doc[section..].find(HEADER).expect("the rule table");
    let len = doc[start..]
        .split_inclusive('\n')
        .take_while(|line| line.starts_with('|'))
        .map(str::len)
        .sum::<usize>();
    let current = &doc[start..start + len];
    let count = format!("{} rules (one per distinct message)", rules.len());
    if std::env::var_os("ISAFORGE_BLESS").is_some() {
        let updated = format!("{}{fresh}{}", &doc[..start], &doc[start + len..]);
        std::fs::write(path(DOC), updated).expect("write docs/reliability.md");
    } else {
        assert_table_is(current, &fresh);
    }
    assert!(
        doc[section..start].contains(&count),
        "the section's prose should say `{count}`"
    );
}

/// `assert_eq!` with the fresh table printed whole.
fn assert_table_is(current: &str, fresh: &str) {
    assert!(
        current == fresh,
        "docs/reliability.md's rule table is stale (rerun with ISAFORGE_BLESS=1 to rewrite it); the fresh table:\n{fresh}"
    );
}
