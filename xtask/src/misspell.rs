//! `cargo xtask misspell`: how many errors one misspelling in a shipped
//! spec gives.
//!
//! Every name of three letters or more on every line of the shipped specs
//! (`isa-specs/*/*.isa`), in code, strings and comments alike, is
//! misspelt in turn by swapping its two letters around the middle (`half`
//! → `hlaf`, `state` → `satte`; a name whose two letters are equal is left
//! alone), and the spec with that one edit is compiled by the front end
//! (`isa_meta::compile`). A spec language that reads one mistake as one
//! mistake rejects such an edit with exactly one error, or accepts it when
//! the name was free (a comment, a doc string, a name declared and used
//! once); the table counts the edits by how many errors they gave, and
//! the worst are listed with their errors.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use isa_meta::Source;

/// One edited spec and what the front end said about it.
struct Probe {
    /// The spec file, relative to the workspace root.
    file: String,
    /// 1-based line of the edit.
    line: usize,
    /// The name and what it became.
    name: String,
    edited: String,
    /// The rendered errors (none when the edit compiles).
    errors: Vec<String>,
}

/// The options after `misspell`.
#[derive(Debug, Default)]
pub struct Options {
    /// How many of the edits with the most errors to print, with their errors.
    pub show: usize,
    /// Only edits on this line of each spec, when given.
    pub only_line: Option<usize>,
}

/// Reads `--show N` and `--line N`.
pub fn parse_options(args: &[&str]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(&flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("`{flag}` needs a number"))?;
        let number = value
            .parse::<usize>()
            .map_err(|_| format!("`{flag}` needs a number, found `{value}`"))?;
        match flag {
            "--show" => options.show = number,
            "--line" => options.only_line = Some(number),
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    Ok(options)
}

/// Runs every edit, prints the table (and the worst edits), and returns
/// false when a spec could not be read or does not compile as shipped.
pub fn run(options: &Options) -> bool {
    let root = xtask::docs::workspace_root();
    let specs = match shipped_specs(&root) {
        Ok(specs) => specs,
        Err(e) => {
            eprintln!("misspell: {e}");
            return false;
        }
    };
    let mut probes = Vec::new();
    for path in &specs {
        let file = path.strip_prefix(&root).unwrap_or(path).display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("misspell: cannot read {file}: {e}");
                return false;
            }
        };
        if let Err(diags) = isa_meta::compile(&source(&file, &text)) {
            eprintln!(
                "misspell: {file} does not compile as shipped:\n{}",
                diags.render(&source(&file, &text))
            );
            return false;
        }
        probes.extend(probe_file(&file, &text, options.only_line));
    }
    print!("{}", table(&probes));
    let mut worst: Vec<&Probe> = probes.iter().filter(|p| p.errors.len() > 1).collect();
    worst.sort_by_key(|p| std::cmp::Reverse(p.errors.len()));
    for p in worst.iter().take(options.show) {
        println!(
            "\n{}:{}: `{}` → `{}`: {} errors",
            p.file,
            p.line,
            p.name,
            p.edited,
            p.errors.len()
        );
        for e in &p.errors {
            println!("  {}", e.lines().next().unwrap_or_default());
        }
    }
    true
}

/// The shipped specs, sorted: `isa-specs/<isa>/<name>.isa`.
fn shipped_specs(root: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = root.join("isa-specs");
    let read = |d: &Path| std::fs::read_dir(d).map_err(|e| format!("cannot list {}: {e}", d.display()));
    let mut specs = Vec::new();
    for entry in read(&dir)? {
        let isa = entry.map_err(|e| e.to_string())?.path();
        if !isa.is_dir() {
            continue;
        }
        for file in read(&isa)? {
            let file = file.map_err(|e| e.to_string())?.path();
            if file.extension().is_some_and(|e| e == "isa") {
                specs.push(file);
            }
        }
    }
    specs.sort();
    if specs.is_empty() {
        return Err(format!("no spec under {}", dir.display()));
    }
    Ok(specs)
}

fn source(file: &str, text: &str) -> Source {
    Source {
        name: file.into(),
        text: text.to_owned(),
    }
}

/// Every edit of one spec, compiled.
fn probe_file(file: &str, text: &str, only_line: Option<usize>) -> Vec<Probe> {
    let mut probes = Vec::new();
    let mut line_start = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let number = index + 1;
        if only_line.is_none_or(|only| only == number) {
            for (at, name) in names(line) {
                let Some(edited) = swap_middle(name) else {
                    continue;
                };
                let start = line_start + at;
                let mut spec = String::with_capacity(text.len());
                spec.push_str(&text[..start]);
                spec.push_str(&edited);
                spec.push_str(&text[start + name.len()..]);
                let src = source(file, &spec);
                let errors = match isa_meta::compile(&src) {
                    Ok(_) => Vec::new(),
                    Err(diags) => diags.messages(&src),
                };
                probes.push(Probe {
                    file: file.to_owned(),
                    line: number,
                    name: name.to_owned(),
                    edited,
                    errors,
                });
            }
        }
        line_start += line.len();
    }
    probes
}

/// The names of a line (runs of ASCII letters, digits and `_` that start
/// with a letter or `_`) of three characters or more, with their byte
/// offsets.
fn names(line: &str) -> Vec<(usize, &str)> {
    let bytes = line.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if word(bytes[i]) {
            let start = i;
            while i < bytes.len() && word(bytes[i]) {
                i += 1;
            }
            let name = &line[start..i];
            if !bytes[start].is_ascii_digit() && name.len() >= 3 {
                found.push((start, name));
            }
        } else {
            i += 1;
        }
    }
    found
}

/// `name` with its two characters around the middle swapped (`len / 2 - 1`
/// and `len / 2`), or `None` when they are the same.
fn swap_middle(name: &str) -> Option<String> {
    let mut chars: Vec<char> = name.chars().collect();
    let mid = chars.len() / 2;
    if chars[mid - 1] == chars[mid] {
        return None;
    }
    chars.swap(mid - 1, mid);
    Some(chars.into_iter().collect())
}

/// The counts: edits in all, accepted, and rejected by number of errors.
fn table(probes: &[Probe]) -> String {
    let mut by_count: BTreeMap<&str, usize> = BTreeMap::new();
    for p in probes {
        let bucket = match p.errors.len() {
            0 => "0: accepted",
            1 => "1: rejected with exactly one error",
            2..=5 => "2: with 2 to 5 errors",
            6..=20 => "3: with 6 to 20 errors",
            _ => "4: with more than 20 errors",
        };
        *by_count.entry(bucket).or_default() += 1;
    }
    let rejected = probes.iter().filter(|p| !p.errors.is_empty()).count();
    let most = probes.iter().map(|p| p.errors.len()).max().unwrap_or(0);
    let mut out = format!(
        "| of the {} misspellings | edits |\n| --- | ---: |\n",
        thousands(probes.len())
    );
    out.push_str(&format!("| rejected | {} |\n", thousands(rejected)));
    for (bucket, n) in &by_count {
        out.push_str(&format!("| {} | {} |\n", &bucket[3..], thousands(*n)));
    }
    out.push_str(&format!("| the most errors for one edit | {most} |\n"));
    out
}

/// `16015` → `16,015`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_words_of_three_or_more_that_start_with_a_letter() {
        assert_eq!(
            names("    src1 7..=13 SrcWide // a 2nd go_on_\n"),
            [(4, "src1"), (16, "SrcWide"), (33, "go_on_")]
        );
    }

    #[test]
    fn the_two_middle_letters_are_swapped() {
        assert_eq!(swap_middle("half").as_deref(), Some("hlaf"));
        assert_eq!(swap_middle("state").as_deref(), Some("satte"));
        assert_eq!(swap_middle("no_src").as_deref(), Some("nos_rc"));
        assert_eq!(swap_middle("RegType").as_deref(), Some("ReTgype"));
        assert_eq!(swap_middle("all").as_deref(), Some("lal"));
        assert_eq!(swap_middle("book"), None);
    }

    #[test]
    fn counts_print_with_thousands_separators() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(16015), "16,015");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
