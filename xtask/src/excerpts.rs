//! The excerpt check of `cargo xtask docs --check`: a fenced block that the
//! Markdown marks as an excerpt of a file quotes that file line by line.
//!
//! The mark is an HTML comment on the last non-blank line before the block's
//! opening fence, naming the file relative to the repository root:
//!
//! ````text
//! <!-- excerpt: isa-specs/pica/pica.isa -->
//! ```
//! isa pica {
//!     word 32
//!     …
//! }
//! ```
//! ````
//!
//! Every line of the block is a line of the file, exactly (trailing spaces
//! aside), and in the file's order. Lines that follow each other in the
//! block follow each other in the file, unless an elision line stands
//! between them: a line whose first non-blank character is `…`, which
//! stands for any number of the file's lines. The block's lines lose the
//! indentation of its opening fence, as Markdown renders them.

use std::path::Path;

use crate::links::Problem;

/// The start of the excerpt mark.
pub const MARK: &str = "<!-- excerpt:";

/// An excerpt found in Markdown: the file it quotes, the block's lines, and
/// the 1-based line of its mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Excerpt {
    /// The quoted file, relative to the repository root.
    pub source: String,
    /// The line of the mark.
    pub line: usize,
    /// The 1-based line of the block's first line.
    pub first_line: usize,
    /// The block's lines, without the fence's indentation.
    pub lines: Vec<String>,
}

/// Whether a block line is an elision (`…`, or `… text`).
pub fn is_elision(line: &str) -> bool {
    line.trim_start().starts_with('…')
}

/// The excerpts of `markdown`, or a problem for a mark that no fenced block
/// follows.
pub fn excerpts(markdown: &str) -> Vec<Result<Excerpt, (usize, String)>> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim();
        let Some(rest) = trimmed.strip_prefix(MARK) else {
            i += 1;
            continue;
        };
        let mark_line = i + 1;
        let Some(source) = rest.strip_suffix("-->").map(str::trim).filter(|s| !s.is_empty()) else {
            out.push(Err((
                mark_line,
                "an excerpt mark is `<!-- excerpt: PATH -->`".to_string(),
            )));
            i += 1;
            continue;
        };
        let mut j = i + 1;
        while j < lines.len() && lines[j].trim().is_empty() {
            j += 1;
        }
        let fence = lines.get(j).and_then(|l| {
            let indent = l.len() - l.trim_start().len();
            let t = l.trim_start();
            ['`', '~']
                .into_iter()
                .find(|&c| t.starts_with(&c.to_string().repeat(3)))
                .map(|c| (indent, c, t.chars().take_while(|&x| x == c).count()))
        });
        let Some((indent, ch, len)) = fence else {
            out.push(Err((
                mark_line,
                format!("the excerpt of `{source}` has no fenced block after it"),
            )));
            i = j;
            continue;
        };
        let mut block = Vec::new();
        let mut k = j + 1;
        let mut closed = false;
        while k < lines.len() {
            let t = lines[k].trim_start();
            let run = t.chars().take_while(|&x| x == ch).count();
            if run >= len && t[run..].trim().is_empty() {
                closed = true;
                break;
            }
            // Markdown removes up to the fence's indentation from each line.
            let line = lines[k];
            let strip = line.len() - line.trim_start_matches(' ').len();
            block.push(line[strip.min(indent)..].to_string());
            k += 1;
        }
        if !closed {
            out.push(Err((mark_line, format!("the excerpt of `{source}` is not closed"))));
        }
        out.push(Ok(Excerpt {
            source: source.to_string(),
            line: mark_line,
            first_line: j + 2,
            lines: block,
        }));
        i = k + 1;
    }
    out
}

/// Checks that `excerpt` quotes `source` (the quoted file's text): `Err`
/// with the 0-based index of the first block line that breaks the rule, and
/// why.
pub fn verify(excerpt: &[String], source: &str) -> Result<(), (usize, String)> {
    let file: Vec<&str> = source.lines().map(str::trim_end).collect();
    // Runs of lines between elisions, each with its index in the block.
    let mut segments: Vec<Vec<(usize, &str)>> = vec![Vec::new()];
    for (i, line) in excerpt.iter().enumerate() {
        if is_elision(line) {
            segments.push(Vec::new());
        } else {
            segments.last_mut().unwrap().push((i, line.trim_end()));
        }
    }
    let mut from = 0;
    for segment in segments.iter().filter(|s| !s.is_empty()) {
        let fits = |at: usize| {
            segment
                .iter()
                .enumerate()
                .all(|(k, (_, l))| file.get(at + k) == Some(l))
        };
        match (from..file.len()).find(|&at| fits(at)) {
            // The earliest place leaves the most room for the next segment.
            Some(at) => from = at + segment.len(),
            None => {
                // Name the first line of the longest prefix that fits nowhere.
                let mut best = 0;
                for at in from..file.len() {
                    let n = segment
                        .iter()
                        .enumerate()
                        .take_while(|(k, (_, l))| file.get(at + k) == Some(l))
                        .count();
                    best = best.max(n);
                }
                let (index, line) = segment[best];
                let why = if best > 0 && file[from..].contains(&line) {
                    "does not follow the line above it in the file; mark the lines left out with a `…` line"
                } else if file.contains(&line) {
                    "is in the file, but not in this order"
                } else {
                    "is not a line of the file"
                };
                return Err((index, format!("`{}` {why}", line.trim())));
            }
        }
    }
    Ok(())
}

/// Checks every excerpt of one Markdown file, `file` (relative to `root`).
pub fn check_file(root: &Path, file: &str, markdown: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let problem = |line: usize, message: String| Problem {
        file: file.to_string(),
        line,
        message,
    };
    for excerpt in excerpts(markdown) {
        let excerpt = match excerpt {
            Ok(e) => e,
            Err((line, message)) => {
                problems.push(problem(line, message));
                continue;
            }
        };
        let source = match std::fs::read_to_string(root.join(&excerpt.source)) {
            Ok(s) => s,
            Err(e) => {
                problems.push(problem(
                    excerpt.line,
                    format!("the excerpt's file `{}` cannot be read: {e}", excerpt.source),
                ));
                continue;
            }
        };
        if let Err((index, why)) = verify(&excerpt.lines, &source) {
            problems.push(problem(
                excerpt.first_line + index,
                format!("excerpt of `{}`: {why}", excerpt.source),
            ));
        }
    }
    problems
}

/// Checks the excerpts of every Markdown file under `root`.
pub fn check(root: &Path) -> std::io::Result<Vec<Problem>> {
    let mut problems = Vec::new();
    for file in crate::links::markdown_files(root)? {
        let text = std::fs::read_to_string(root.join(&file))?;
        problems.extend(check_file(root, &file, &text));
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = "isa toy {\n    word 32\n}\n\nenum E : 1 {\n    a = 0 \"a\"\n    b = 1 \"b\"\n}\n";

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(String::from).collect()
    }

    #[test]
    fn verbatim_and_elided_excerpts_pass() {
        assert_eq!(verify(&lines(SPEC), SPEC), Ok(()));
        assert_eq!(
            verify(&lines("isa toy {\n    …\n}\n…\n    b = 1 \"b\"\n}"), SPEC),
            Ok(())
        );
        // `}` after `b` is the enum's, found after the first `}`.
        assert_eq!(verify(&lines("enum E : 1 {\n    … values\n}"), SPEC), Ok(()));
    }

    #[test]
    fn stale_reordered_and_silently_shortened_excerpts_fail() {
        let stale = verify(&lines("isa toy {\n    word 16\n}"), SPEC).unwrap_err();
        assert_eq!(stale, (1, "`word 16` is not a line of the file".to_string()));
        let gap = verify(&lines("isa toy {\n}"), SPEC).unwrap_err();
        assert_eq!(gap.0, 1);
        assert!(gap.1.contains("does not follow the line above"), "{}", gap.1);
        let order = verify(&lines("    b = 1 \"b\"\n…\n    a = 0 \"a\""), SPEC).unwrap_err();
        assert_eq!(
            order,
            (2, "`a = 0 \"a\"` is in the file, but not in this order".to_string())
        );
    }

    #[test]
    fn marks_find_their_blocks() {
        let md = "text\n<!-- excerpt: specs/toy.isa -->\n\n  ```\n  isa toy {\n      word 32\n  ```\n\
                  <!-- excerpt: specs/toy.isa -->\nno block\n";
        let found = excerpts(md);
        assert_eq!(
            found[0],
            Ok(Excerpt {
                source: "specs/toy.isa".to_string(),
                line: 2,
                first_line: 5,
                lines: lines("isa toy {\n    word 32"),
            })
        );
        assert_eq!(
            found[1],
            Err((
                8,
                "the excerpt of `specs/toy.isa` has no fenced block after it".to_string()
            ))
        );
    }
}
