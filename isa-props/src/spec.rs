//! The spec language's front end and generator (`isa-meta`, what the `isa!`
//! macro runs): any text compiles or gets located errors ([`front_end`]),
//! and a spec that compiles generates syntactically valid Rust
//! ([`expand`]).

use std::path::Path;

use isa_meta::{Diagnostics, Lines, Source, Span, ALSO_MAX, EXCERPT_WIDTH};
use isa_runtime::lexer::is_hidden;

use crate::{ensure, Outcome, Violation};

/// The name the property's sources carry (the start of every error).
const NAME: &str = "fuzz.isa";

/// Spec text (input that is not UTF-8 is skipped: the macro only ever sees
/// Rust string literals and files read as UTF-8) through the front end,
/// `isa_meta::compile` (parse → resolve → validate): it does not panic, and
/// every error, and every note of one, points at a line and column inside
/// the text and renders as `fuzz.isa:line:col: …`, with no control or
/// invisible character unescaped and excerpt lines of bounded length. The
/// `spec` target; the
/// generator is [`expand`]'s.
///
/// The fuzz harness also refuses single allocations over 256 MiB, so a
/// huge `count` or width must be an error, not a giant table.
pub fn front_end(bytes: &[u8]) -> Outcome {
    compiled(bytes).map(drop)
}

/// [`front_end`], and a spec that compiles expands without panicking to
/// tokens that parse as a Rust file (`syn::File`). The `spec-expand`
/// target: an expansion and its re-parse take milliseconds where the front
/// end takes a tenth of one, so this target runs far fewer inputs.
pub fn expand(bytes: &[u8]) -> Outcome {
    let Some((spec, text)) = compiled(bytes)? else {
        return Ok(());
    };
    let tokens = isa_meta::expand(&spec);
    if let Err(e) = syn::parse2::<syn::File>(tokens) {
        return Err(Violation(format!(
            "the spec compiles, but its expansion is not a Rust file ({e}):\n{text}"
        )));
    }
    Ok(())
}

/// The spec and its text when `bytes` compile, `None` when they are not
/// UTF-8 or are rejected with well-located errors.
fn compiled(bytes: &[u8]) -> Result<Option<(isa_meta::Spec, &str)>, Violation> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(None);
    };
    let source = Source {
        name: NAME.into(),
        text: text.to_owned(),
    };
    match isa_meta::compile(&source) {
        Ok(spec) => Ok(Some((spec, text))),
        Err(diags) => located(&source, &diags).map(|()| None),
    }
}

/// Every error and note of `diags` lies inside the text; its message,
/// label and notes show no control or invisible character (a message may
/// reach a terminal; the excerpts escape the line they quote, see
/// `isa-meta`'s unit tests); and each rendered message starts with its
/// `file:line:col` and is no longer than its texts plus one bounded
/// excerpt per place.
fn located(source: &Source, diags: &Diagnostics) -> Outcome {
    ensure!(!diags.is_empty(), "the spec was rejected without an error");
    let lines = source.lines();
    for (d, message) in diags.rendered(source) {
        inside(source, &lines, d.span, &d.message)?;
        visible(&d.message)?;
        visible(&d.label)?;
        for (span, note) in &d.notes {
            inside(source, &lines, *span, note)?;
            visible(note)?;
        }
        ensure!(
            message.strip_prefix(NAME).is_some_and(|rest| rest.starts_with(':')),
            "a rendered error does not start with its location:\n{message}"
        );
        // Each place: `file:line:col: ` and its text, then an excerpt of
        // three lines, each a gutter and at most the window's characters
        // (an escape is at most 10 bytes, a character 4) and `…` twice.
        let place = NAME.len() + 2 * 20 + 16 + 3 * (24 + 10 * EXCERPT_WIDTH + 6);
        // And a last note of the other lines with the same message: at
        // most `ALSO_MAX` numbers and how many more.
        let also = 48 + (ALSO_MAX + 1) * 22;
        let bound = d.message.len()
            + d.label.len()
            + place
            + d.notes.iter().map(|(_, note)| note.len() + place).sum::<usize>()
            + also;
        ensure!(
            message.len() <= bound,
            "a rendered error has {} bytes, more than its texts and excerpts can take ({bound}):\n{}",
            message.len(),
            message.escape_debug()
        );
    }
    Ok(())
}

/// A message's text shows no control character but its line breaks, and no
/// invisible one.
fn visible(text: &str) -> Outcome {
    match text.chars().find(|&c| c != '\n' && is_hidden(c)) {
        Some(c) => Err(Violation(format!(
            "an error shows the character U+{:04X} unescaped: {}",
            u32::from(c),
            text.escape_debug()
        ))),
        None => Ok(()),
    }
}

/// A span starts inside the text (at one of its bytes or at its end), so
/// its 1-based line is at most the number of `\n`-separated lines and its
/// column at most the line's length plus one. (Where it ends only sets the
/// length of the carets, which the excerpt cuts at the end of the line: an
/// error at the end of an unterminated string may end one byte past the
/// text.)
fn inside(source: &Source, lines: &Lines, span: Span, what: &str) -> Outcome {
    let text = &source.text;
    ensure!(
        span.start <= text.len(),
        "error `{what}` starts at byte {}, past the end of the text ({} bytes)",
        span.start,
        text.len()
    );
    let (line, col) = lines.line_col(span.start);
    ensure!(
        (1..=lines.count()).contains(&line),
        "error `{what}` is at line {line} of {}",
        lines.count()
    );
    // The line as `\n` splits it (a `\r` before the break is a character of it).
    let width = lines.raw(line).chars().count();
    ensure!(
        (1..=width + 1).contains(&col),
        "error `{what}` is at {line}:{col}, but line {line} has {width} characters"
    );
    Ok(())
}

/// The `inline = "…"` spec of every `isa!` invocation in a Rust file
/// (at item level, in modules and in function bodies).
pub fn inline_specs(rust: &str) -> Vec<String> {
    let Ok(file) = syn::parse_file(rust) else {
        return Vec::new();
    };
    let mut specs = Vec::new();
    walk(&file.items, &mut specs);
    specs
}

/// Collects the inline specs of `items` and what they contain.
fn walk(items: &[syn::Item], specs: &mut Vec<String>) {
    for item in items {
        match item {
            syn::Item::Macro(m) => invocation(&m.mac, specs),
            syn::Item::Mod(m) => walk(m.content.as_ref().map_or(&[][..], |c| &c.1), specs),
            syn::Item::Fn(f) => {
                for stmt in &f.block.stmts {
                    match stmt {
                        syn::Stmt::Item(i) => walk(std::slice::from_ref(i), specs),
                        syn::Stmt::Macro(m) => invocation(&m.mac, specs),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

/// The `inline` argument of an `isa!(…)` call.
fn invocation(mac: &syn::Macro, specs: &mut Vec<String>) {
    if mac.path.segments.last().is_none_or(|s| s.ident != "isa") {
        return;
    }
    let Ok(args) =
        mac.parse_body_with(syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated)
    else {
        return;
    };
    for arg in args {
        if let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s), ..
        }) = &arg.value
        {
            if arg.path.is_ident("inline") {
                specs.push(s.value());
            }
        }
    }
}

/// The directories of the ISA crates under `isa-specs/` (each holds its
/// spec file beside its `Cargo.toml`), sorted.
pub fn spec_crate_dirs(project: &Path) -> Vec<std::path::PathBuf> {
    let mut dirs: Vec<_> = std::fs::read_dir(project.join("isa-specs"))
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join("Cargo.toml").is_file())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs
}

/// The `.isa` files in `dir`, sorted by name.
pub(crate) fn spec_files(dir: &Path) -> Vec<Vec<u8>> {
    rust_or_spec_files(dir, ".isa")
}

/// The inline specs of the `.rs` files in `dir`, sorted by file.
pub(crate) fn inline_specs_in(dir: &Path) -> Vec<Vec<u8>> {
    rust_or_spec_files(dir, ".rs")
        .into_iter()
        .flat_map(|rust| inline_specs(&String::from_utf8_lossy(&rust)))
        .map(String::into_bytes)
        .collect()
}

fn rust_or_spec_files(dir: &Path, suffix: &str) -> Vec<Vec<u8>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every control character, DEL and a right-to-left override, where a
    /// token would start, inside a string, a comment and a doc comment,
    /// in runs and alone, and on a line far longer than an excerpt shows:
    /// the messages and their excerpts escape them, and stay short.
    #[test]
    fn hostile_characters_never_reach_a_message_raw() {
        let hostile = (0u32..0x20)
            .chain([0x7f, 0x202e])
            .filter_map(char::from_u32)
            .filter(|&c| c != '\n');
        for c in hostile {
            let long = "x ".repeat(4 * EXCERPT_WIDTH);
            for text in [
                format!("isa t {{ word 32 }}\n{c}{c}{c} format {c} F"),
                format!("isa t {{ word 32 }}\nformat F : 32 {{\n  syntax \"a{c}b\"\n}}\n"),
                format!("isa t {{ word 32 }} // {c}\n/// {c}\nenum E : 2 {{ a = 0 \"{c}\" }}"),
                format!("{long}{c}{long}\"{c}{long}"),
                // Found by the `spec` target: a tab (which a string may
                // hold) in a template's placeholder, quoted by the message
                // that says it names no field.
                format!("isa t {{ word 32 }}\nformat F : 32 {{\n  a 0..=25 u\n  opcode 26..=31 opcode\n  syntax \"{{a{c}b}}\"\n}}\n"),
            ] {
                assert_eq!(front_end(text.as_bytes()), Ok(()), "{text:?}");
                let source = Source {
                    name: NAME.into(),
                    text,
                };
                let rendered = isa_meta::compile(&source).err().expect("rejected").render(&source);
                let shown = rendered.chars().find(|&c| c != '\n' && is_hidden(c));
                assert_eq!(shown, None, "{}", rendered.escape_debug());
            }
        }
        let source = Source {
            name: NAME.into(),
            text: "isa t { word 32 }\n\0\0\0 \u{1b}[31m\n\"a\u{202e}b\"".into(),
        };
        let rendered = isa_meta::compile(&source).err().expect("rejected").render(&source);
        for message in [
            "fuzz.isa:2:1: 3 unexpected characters `\\0\\0\\0`",
            "fuzz.isa:2:5: 2 unexpected characters `\\u{1b}[`",
            "fuzz.isa:3:3: control or invisible character `\\u{202e}` in a string: strings hold visible text",
        ] {
            assert!(rendered.contains(message), "{message}:\n{rendered}");
        }
    }

    #[test]
    fn inline_specs_are_found_in_items_modules_and_functions() {
        let rust = r#"
            isa_macros::isa!(inline = "isa a { word 32 }");
            mod m { isa_macros::isa!(inline = "isa b { word 32 }"); }
            fn main() { isa_macros::isa!(inline = "isa c { word 32 }"); }
            isa_macros::isa!(file = "specs/x.isa");
            other!(inline = "not a spec");
        "#;
        let specs = inline_specs(rust);
        assert_eq!(specs, ["isa a { word 32 }", "isa b { word 32 }", "isa c { word 32 }"]);
    }

    #[test]
    fn errors_and_valid_specs_both_hold() {
        assert_eq!(expand(b"isa t { word 33 }\n"), Ok(()));
        assert_eq!(expand(b"\xff\xfe"), Ok(()));
        assert_eq!(expand(b""), Ok(()));
        let toy = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../isa-meta/tests/expand/toy.isa"))
            .expect("toy.isa");
        assert!(isa_meta::compile(&Source {
            name: "toy.isa".into(),
            text: String::from_utf8(toy.clone()).expect("UTF-8"),
        })
        .is_ok());
        assert_eq!(expand(&toy), Ok(()));
        assert_eq!(front_end(&toy), Ok(()));
        assert_eq!(front_end(b"isa t { word 33 }\n"), Ok(()));
    }

    /// Fuzz finding (the first minute of `spec`): semantics in a string left
    /// open at the end of the file. The parser's "expected `)`" error ends one
    /// byte past the text (where the closing quote would be); it starts, and
    /// renders, at the end of the last line, which the property accepts.
    #[test]
    fn semantics_in_an_unterminated_string_at_the_end_of_the_file() {
        let text = "isa t { word 32 }\nformat F : 32 {\n  a 0..=25 u\n  opcode 26..=31 opcode\n  syntax \"{a}\"\n}\nopcodes {\n  x 0 F sem \"dst = normalize(a";
        let source = Source {
            name: NAME.into(),
            text: text.into(),
        };
        let diags = isa_meta::compile(&source).err().expect("rejected");
        let rendered = diags.render(&source);
        assert!(
            rendered.contains("fuzz.isa:8:31: semantics of `x`: expected `)`, found the end of the expression"),
            "{rendered}"
        );
        assert!(rendered.contains("fuzz.isa:8:13: unterminated string"), "{rendered}");
        assert_eq!(expand(text.as_bytes()), Ok(()));
    }

    /// Fuzz finding 19 (`spec-expand`, with `-max_len=2048`, after 15.8
    /// million inputs on 2026-12-07): an ISA called `self`. The spec
    /// compiled, but its marker type was `Self`, and its expansion was not
    /// Rust. Every name the generator makes an identifier of is now
    /// checked: one that is `self`, `super`, `crate` or `_` in any case, or
    /// whose type name is `Self`, is an error at the name. Each such name
    /// in each place of a spec that compiles without it, by hand (the probe
    /// of the session that found it replaced every identifier of the toy
    /// specs by each of them): rejected, and no panic.
    #[test]
    fn names_rust_refuses_are_errors_in_every_place() {
        let spec = "isa t {\n    word 32\n    state acc\n    func twice(1)\n    dialect asm\n}\n\
                    enum Cond : 2 {\n    lt = 1 \"lt\"\n}\n\
                    layout Reg : 4 {\n    n 0..=3 u\n    syntax \"r{n}\"\n}\n\
                    union Src : 4 {\n    Reg\n}\n\
                    format F : 32 {\n    a 0..=19 u\n    c 20..=21 Cond\n    s 22..=25 Src\n    opcode 26..=31 opcode\n    syntax \"{a}, {c}, {s}\"\n    text asm.line \"{a}\"\n}\n\
                    opcodes {\n    mv 1 F sem \"acc = twice(a)\"\n}\n";
        let source = Source {
            name: NAME.into(),
            text: spec.into(),
        };
        if let Err(diags) = isa_meta::compile(&source) {
            panic!("{}", diags.render(&source));
        }
        for name in [
            "t", "acc", "twice", "asm", "Cond", "lt", "Reg", "line", "Src", "F", "mv", "a",
        ] {
            for bad in ["self", "Self", "super", "Crate", "_", "self_"] {
                let text = replace_word(spec, name, bad);
                let source = Source {
                    name: NAME.into(),
                    text: text.clone(),
                };
                let rendered = match isa_meta::compile(&source) {
                    Ok(_) => panic!("`{name}` → `{bad}` compiles:\n{text}"),
                    Err(diags) => diags.render(&source),
                };
                assert!(
                    rendered.contains("which Rust does not allow"),
                    "`{name}` → `{bad}`:\n{rendered}"
                );
                assert_eq!(expand(text.as_bytes()), Ok(()), "`{name}` → `{bad}`");
            }
        }
    }

    /// `text` with every whole word `word` replaced by `by`.
    fn replace_word(text: &str, word: &str, by: &str) -> String {
        let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let mut out = String::new();
        let mut copied = 0;
        for (at, _) in text.match_indices(word) {
            let before = text[..at].chars().next_back().is_some_and(is_word);
            let after = text[at + word.len()..].chars().next().is_some_and(is_word);
            if !before && !after {
                out.push_str(&text[copied..at]);
                out.push_str(by);
                copied = at + word.len();
            }
        }
        out.push_str(&text[copied..]);
        out
    }

    /// Fuzz finding 18 (`spec-expand`, after 2.87 million inputs on
    /// 2026-11-28): formats named like their base (`format F : F`), each
    /// with a `variant` line. Each line copied every opcode of format `F`,
    /// the copies made by the lines above included, so the opcodes doubled
    /// with each such format until an allocation of 368 MiB failed. A
    /// second item of a name and a format based on itself now make no
    /// opcodes (both are errors of their own).
    #[test]
    fn formats_named_like_their_base_make_no_opcodes() {
        let mut text = String::from(
            "isa t { word 32 }\nformat F : 32 {\n  a 0..=25 u\n  opcode 26..=31 opcode\n  syntax \"{a}\"\n}\n",
        );
        for _ in 0..16 {
            text.push_str("format F : F {\n  variant \".w\"\n}\n");
        }
        text.push_str("opcodes {\n  x 0 F\n}\n");
        let source = Source {
            name: NAME.into(),
            text: text.clone(),
        };
        let diags = isa_meta::compile(&source).err().expect("rejected");
        assert!(diags.len() <= 32, "{} errors:\n{}", diags.len(), diags.render(&source));
        assert_eq!(expand(text.as_bytes()), Ok(()));
    }

    /// Fuzz finding 8 (`spec`, after 2.35 million inputs on 2026-11-23): a
    /// backslash before a character of several bytes (`"\ީ`, U+07A9 being
    /// two bytes). The lexer stepped over the backslash and one byte, into
    /// the middle of the character, and panicked slicing the text there.
    #[test]
    fn an_escaped_multibyte_character_is_an_unknown_escape() {
        for (text, message) in [
            ("\"\\\u{7a9}", "fuzz.isa:1:2: unknown escape `\\\u{7a9}` in string"),
            (
                "x \"a\\\u{1F600}b\" y",
                "fuzz.isa:1:5: unknown escape `\\\u{1F600}` in string",
            ),
            (
                "\"a\\\r\nb\"",
                "fuzz.isa:1:3: unknown escape in string: `\\` before U+000D",
            ),
        ] {
            let source = Source {
                name: NAME.into(),
                text: text.into(),
            };
            let rendered = isa_meta::compile(&source).err().expect("rejected").render(&source);
            assert!(rendered.contains(message), "{text:?}:\n{rendered}");
            assert_eq!(front_end(text.as_bytes()), Ok(()), "{text:?}");
        }
        // A backslash that ends the line is kept, and the line ends the string.
        let source = Source {
            name: NAME.into(),
            text: "\"a\\\nb".into(),
        };
        let rendered = isa_meta::compile(&source).err().expect("rejected").render(&source);
        assert!(rendered.contains("fuzz.isa:1:1: unterminated string"), "{rendered}");
        assert!(!rendered.contains("escape"), "{rendered}");
    }
}
