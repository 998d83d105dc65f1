//! The link check of `cargo xtask docs --check`: every relative link in the
//! repository's Markdown resolves to a file or directory inside the
//! repository, and a `#anchor` on a Markdown target names one of its
//! headings.
//!
//! The docs must stand alone: a reader of the repository has nothing beside
//! it, so a link that leaves it (`../shared/…`) fails like a missing file.
//! `http://`, `https://` and `mailto:` links are not checked; any other
//! scheme, and an absolute path, is a problem. Links are read from inline
//! links and images (`[text](target)`, `![alt](target)`), reference
//! definitions (`[label]: target`) and HTML `href`/`src` attributes, outside
//! fenced code blocks, code spans and HTML comments. Anchors are GitHub's:
//! a heading's text, lowercased, without punctuation, spaces as `-`, with
//! `-1`, `-2`, … on repeats; explicit `id`/`name` attributes count too.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io;
use std::path::Path;

/// One problem in a Markdown file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The Markdown file, relative to the repository, with `/` separators.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// A link target found in Markdown, with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The line the target is on.
    pub line: usize,
    /// The target as written (`../docs/a.md#b`).
    pub target: String,
}

/// Every Markdown file under `root` (directories named `target` or starting
/// with `.` skipped), as sorted `/` paths relative to `root`.
pub fn markdown_files(root: &Path) -> io::Result<Vec<String>> {
    let mut out = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    pending.push(path);
                }
            } else if name.ends_with(".md") {
                if let Ok(rel) = path.strip_prefix(root) {
                    let parts: Vec<String> = rel
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect();
                    out.push(parts.join("/"));
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The lines of `markdown` that are prose: fenced code blocks are blanked
/// (their fence lines too), and so are code spans and HTML comments, so
/// that what remains can be scanned for links and headings. Line numbers
/// are kept (one output line per input line).
pub fn prose_lines(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence: Option<(char, usize)> = None;
    let mut in_comment = false;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if let Some((ch, len)) = fence {
            let run = trimmed.chars().take_while(|&c| c == ch).count();
            if run >= len && trimmed[run * ch.len_utf8()..].trim().is_empty() {
                fence = None;
            }
            out.push(String::new());
            continue;
        }
        if !in_comment {
            if let Some(ch) = ['`', '~']
                .into_iter()
                .find(|&c| trimmed.starts_with(&c.to_string().repeat(3)))
            {
                fence = Some((ch, trimmed.chars().take_while(|&c| c == ch).count()));
                out.push(String::new());
                continue;
            }
        }
        let (text, still_in_comment) = strip_comments(line, in_comment);
        in_comment = still_in_comment;
        out.push(strip_code_spans(&text));
    }
    out
}

/// `line` without HTML comments; `in_comment` says whether the line starts
/// inside one, and the result whether it ends inside one.
fn strip_comments(line: &str, mut in_comment: bool) -> (String, bool) {
    let mut out = String::new();
    let mut rest = line;
    loop {
        if in_comment {
            match rest.find("-->") {
                Some(end) => {
                    rest = &rest[end + 3..];
                    in_comment = false;
                }
                None => return (out, true),
            }
        } else {
            match rest.find("<!--") {
                Some(start) => {
                    out.push_str(&rest[..start]);
                    rest = &rest[start + 4..];
                    in_comment = true;
                }
                None => {
                    out.push_str(rest);
                    return (out, false);
                }
            }
        }
    }
}

/// `line` with each code span (a run of backticks up to the next run of the
/// same length) replaced by spaces; an unmatched run stays as it is.
fn strip_code_spans(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '`').count();
        let mut j = i + run;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let other = chars[j..].iter().take_while(|&&c| c == '`').count();
                if other == run {
                    close = Some(j);
                    break;
                }
                j += other;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                out.extend(std::iter::repeat_n(' ', end + run - i));
                i = end + run;
            }
            None => {
                out.extend(std::iter::repeat_n('`', run));
                i += run;
            }
        }
    }
    out
}

/// The link destination starting at `s` (after `](`): `<…>`, or up to the
/// first space or the `)` that closes the link (balanced parentheses and
/// backslash escapes allowed).
fn destination(s: &str) -> Option<String> {
    let s = s.trim_start();
    if let Some(rest) = s.strip_prefix('<') {
        return rest.find('>').map(|end| rest[..end].to_string());
    }
    let mut depth = 0usize;
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            '(' => {
                depth += 1;
                out.push(c);
            }
            ')' if depth == 0 => return Some(out),
            ')' => {
                depth -= 1;
                out.push(c);
            }
            c if c.is_whitespace() => return Some(out),
            c => out.push(c),
        }
    }
    Some(out)
}

/// Every link target in `markdown` (see the module docs for the forms read).
pub fn links(markdown: &str) -> Vec<Link> {
    let mut out = Vec::new();
    for (i, line) in prose_lines(markdown).iter().enumerate() {
        let number = i + 1;
        // A reference definition: `[label]: target`, indented at most 3.
        let trimmed = line.trim_start();
        if line.len() - trimmed.len() <= 3 && trimmed.starts_with('[') && !trimmed.starts_with("[^") {
            if let Some(end) = trimmed.find("]:") {
                if let Some(target) = destination(&trimmed[end + 2..]) {
                    if !target.is_empty() {
                        out.push(Link { line: number, target });
                    }
                }
                continue;
            }
        }
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            if let Some(target) = destination(rest) {
                if !target.is_empty() {
                    out.push(Link { line: number, target });
                }
            }
        }
        for attr in ["href=\"", "src=\""] {
            let mut rest = line.as_str();
            while let Some(i) = rest.find(attr) {
                rest = &rest[i + attr.len()..];
                if let Some(end) = rest.find('"') {
                    out.push(Link {
                        line: number,
                        target: rest[..end].to_string(),
                    });
                }
            }
        }
    }
    out
}

/// GitHub's anchor for a heading's text: inline links reduced to their text,
/// lowercased, everything but letters, digits, `-`, `_` and spaces dropped,
/// spaces turned into `-`.
pub fn slug(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // `[text](target)` and `![alt](target)` read as their text.
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        match after.find("](") {
            Some(close) => {
                text.push_str(&rest[..open]);
                text.push_str(&after[..close]);
                let tail = &after[close + 2..];
                rest = match tail.find(')') {
                    Some(end) => &tail[end + 1..],
                    None => "",
                };
            }
            None => {
                text.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text.chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors a Markdown file defines: its headings' slugs (repeats get
/// `-1`, `-2`, …) and `id="…"`/`name="…"` attributes.
pub fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let raw: Vec<&str> = markdown.lines().collect();
    for (i, line) in prose_lines(markdown).iter().enumerate() {
        let trimmed = line.trim_start();
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        if line.len() - trimmed.len() <= 3 && (1..=6).contains(&hashes) {
            let after = &trimmed[hashes..];
            if after.is_empty() || after.starts_with(' ') {
                // The heading as written (code spans included), without a
                // closing run of `#`.
                let mut written = raw[i].trim_start()[hashes..].trim();
                let without_closing = written.trim_end_matches('#');
                if without_closing.is_empty() || without_closing.ends_with(' ') {
                    written = without_closing.trim_end();
                }
                let base = slug(&written.replace('`', ""));
                let n = seen.entry(base.clone()).or_insert(0);
                out.insert(if *n == 0 { base.clone() } else { format!("{base}-{n}") });
                *n += 1;
            }
        }
        for attr in ["id=\"", "name=\""] {
            let mut rest = raw[i];
            while let Some(at) = rest.find(attr) {
                rest = &rest[at + attr.len()..];
                if let Some(end) = rest.find('"') {
                    out.insert(rest[..end].to_string());
                }
            }
        }
    }
    out
}

/// Decodes `%XX` escapes (a link to `a%20b.md` is the file `a b.md`).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            if let Some(Ok(b)) = s.get(i + 1..i + 3).map(|hex| u8::from_str_radix(hex, 16)) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a target has a URL scheme (`https:`, `mailto:`, `ftp:`).
fn scheme(target: &str) -> Option<&str> {
    let colon = target.find(':')?;
    let name = &target[..colon];
    let mut chars = name.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))).then_some(name)
}

/// Resolves `target` (without its `#anchor`) against the directory of
/// `from`, both `/` paths relative to the repository: `None` when it climbs
/// out of the repository.
pub fn resolve(from: &str, target: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for piece in target.split('/') {
        match piece {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// Checks the links of one Markdown file, `file` (relative to `root`, `/`
/// separators) with contents `markdown`, against the files under `root`.
/// `cache` keeps the anchors of the Markdown files already read.
pub fn check_file(
    root: &Path,
    file: &str,
    markdown: &str,
    cache: &mut BTreeMap<String, BTreeSet<String>>,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    for Link { line, target } in links(markdown) {
        let problem = |message: String| Problem {
            file: file.to_string(),
            line,
            message: format!("link `{target}`: {message}"),
        };
        if let Some(name) = scheme(&target) {
            if !["http", "https", "mailto"].contains(&name.to_ascii_lowercase().as_str()) {
                problems.push(problem(format!(
                    "a `{name}:` link; write a path relative to this file, or an http(s) URL"
                )));
            }
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target.as_str(), None),
        };
        let path = path.split('?').next().unwrap_or_default();
        if path.starts_with('/') {
            problems.push(problem("an absolute path; write it relative to this file".to_string()));
            continue;
        }
        let resolved = if path.is_empty() {
            file.to_string()
        } else {
            match resolve(file, &percent_decode(path)) {
                Some(r) => r,
                None => {
                    problems.push(problem("leaves the repository; the docs must stand alone".to_string()));
                    continue;
                }
            }
        };
        let full = root.join(&resolved);
        if !resolved.is_empty() && !full.exists() {
            problems.push(problem(format!("`{resolved}` does not exist in the repository")));
            continue;
        }
        let Some(anchor) = anchor.filter(|a| !a.is_empty()) else {
            continue;
        };
        if !resolved.ends_with(".md") || full.is_dir() {
            continue;
        }
        let defined = cache.entry(resolved.clone()).or_insert_with(|| {
            if resolved == file {
                anchors(markdown)
            } else {
                std::fs::read_to_string(&full).map(|t| anchors(&t)).unwrap_or_default()
            }
        });
        let anchor = percent_decode(anchor);
        if !defined.contains(&anchor) {
            problems.push(problem(format!("`{resolved}` has no heading or anchor `#{anchor}`")));
        }
    }
    problems
}

/// Checks the links of every Markdown file under `root`.
pub fn check(root: &Path) -> io::Result<Vec<Problem>> {
    let mut cache = BTreeMap::new();
    let mut problems = Vec::new();
    for file in markdown_files(root)? {
        let text = std::fs::read_to_string(root.join(&file))?;
        problems.extend(check_file(root, &file, &text, &mut cache));
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_skip_code_and_comments_and_read_every_form() {
        let md = "see [a](a.md) and ![b](img/b.svg \"title\")\n\
                  `[not](code.md)` and <!-- [nor](comment.md) -->\n\
                  ```\n[nor](fenced.md)\n```\n\
                  [ref]: <ref target.md>\n\
                  <a href=\"h.md\">h</a> [p](x_(1).md)\n";
        let found: Vec<(usize, String)> = links(md).into_iter().map(|l| (l.line, l.target)).collect();
        assert_eq!(
            found,
            [
                (1, "a.md".to_string()),
                (1, "img/b.svg".to_string()),
                (6, "ref target.md".to_string()),
                (7, "x_(1).md".to_string()),
                (7, "h.md".to_string()),
            ]
        );
    }

    #[test]
    fn slugs_and_anchors_are_githubs() {
        assert_eq!(
            slug("10. Lima GP (Mali-200/400 vertex processor)"),
            "10-lima-gp-mali-200400-vertex-processor"
        );
        assert_eq!(
            slug("Text dialects: dialect, text lines"),
            "text-dialects-dialect-text-lines"
        );
        assert_eq!(slug("See [the spec](spec.md) — now"), "see-the-spec--now");
        let md =
            "# Title\n## `isa` item\n### Attributes\n```\n# not a heading\n```\n### Attributes\n<a id=\"x\"></a>\n";
        let found: Vec<String> = anchors(md).into_iter().collect();
        assert_eq!(found, ["attributes", "attributes-1", "isa-item", "title", "x"]);
    }

    #[test]
    fn resolve_stays_inside_the_repository() {
        assert_eq!(resolve("docs/a.md", "../README.md"), Some("README.md".to_string()));
        assert_eq!(resolve("docs/a.md", "isa/./b.md"), Some("docs/isa/b.md".to_string()));
        assert_eq!(resolve("docs/a.md", "../../shared/DESIGN.md"), None);
        assert_eq!(resolve("README.md", "../x"), None);
    }

    /// A scratch directory under the system temp dir, removed on drop.
    struct Scratch(std::path::PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn check_reports_each_bad_link_and_passes_the_good_ones() {
        let dir = std::env::temp_dir().join(format!("xtask-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let scratch = Scratch(dir);
        let root = scratch.0.as_path();
        std::fs::create_dir_all(root.join("docs/sub")).unwrap();
        std::fs::create_dir_all(root.join("target")).unwrap();
        std::fs::write(root.join("docs/guide.md"), "# Guide\n## Two words\n").unwrap();
        std::fs::write(root.join("docs/sub/data.json"), "{}").unwrap();
        // Skipped: build output.
        std::fs::write(root.join("target/x.md"), "[bad](nowhere.md)\n").unwrap();
        std::fs::write(
            root.join("README.md"),
            "[ok](docs/guide.md) [dir](docs/sub) [file](docs/sub/data.json) \
             [anchor](docs/guide.md#two-words) [here](#readme) [web](https://example.com/x)\n\
             # Readme\n\
             [missing](docs/gone.md)\n\
             [outside](../shared/DESIGN.md)\n\
             [anchor](docs/guide.md#three-words)\n\
             [abs](/docs/guide.md) [ftp](ftp://example.com/x)\n\
             [self](#nowhere)\n",
        )
        .unwrap();
        assert_eq!(markdown_files(root).unwrap(), ["README.md", "docs/guide.md"]);
        let problems = check(root).unwrap();
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "README.md:3: link `docs/gone.md`: `docs/gone.md` does not exist in the repository",
                "README.md:4: link `../shared/DESIGN.md`: leaves the repository; the docs must stand alone",
                "README.md:5: link `docs/guide.md#three-words`: `docs/guide.md` has no heading or anchor `#three-words`",
                "README.md:6: link `/docs/guide.md`: an absolute path; write it relative to this file",
                "README.md:6: link `ftp://example.com/x`: a `ftp:` link; write a path relative to this file, or an http(s) URL",
                "README.md:7: link `#nowhere`: `README.md` has no heading or anchor `#nowhere`",
            ]
        );
    }
}
