//! The assembler never panics: random token soup, and the corpus sources
//! (read from `../shared` at run time) cut short and mutated thousands of
//! ways. Whatever assembles also writes and re-reads as the same model, and
//! every error has a sane position. `ISAFORGE_FUZZ_SCALE=N` runs N times
//! as many random cases.

use isa_pica::asm::{assemble, Options, SourceFile};
use isa_pica::shbin::Shbin;

/// xorshift64*, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const TOKENS: &[&str] = &[
    ".proc",
    ".end",
    ".else",
    ".alias",
    ".fvec",
    ".ivec",
    ".bool",
    ".constf",
    ".consti",
    ".constfa",
    ".in",
    ".out",
    ".entry",
    ".nodvle",
    ".gsh",
    ".setf",
    ".seti",
    ".setb",
    ".word",
    ".dvle",
    ".layout",
    ".dvle_override",
    ".raw_constant",
    ".raw_label",
    ".raw_output",
    ".raw_uniform",
    ".raw_symbols",
    ".raw_opdesc",
    "main",
    "mov",
    "add",
    "dp4",
    "dph",
    "mad",
    "madi",
    "cmp",
    "mova",
    "ifc",
    "ifu",
    "for",
    "breakc",
    "break",
    "call",
    "callc",
    "callu",
    "jmpc",
    "jmpu",
    "setemit",
    "emit",
    "end",
    "nop",
    "rcp",
    "sgei",
    "r0",
    "r15",
    "r16",
    "v0",
    "v15",
    "c0",
    "c95",
    "c96",
    "o0",
    "o7",
    "o16",
    "i0",
    "i4",
    "b0",
    "b15",
    "a0.x",
    "a0.y",
    "aL",
    "lcnt",
    "cmp.x",
    "!cmp.y",
    "&&",
    "||",
    ",",
    ",",
    ",",
    ":",
    ";",
    "[",
    "]",
    "(",
    ")",
    "-",
    "+",
    ".",
    ".xyzw",
    ".x",
    ".wzyx",
    "[a0.x+4]",
    "[aL]",
    "[-1]",
    "[999999999999]",
    "[9223372036854775807]",
    "[-9223372036854775808]",
    "x[9223372036854775807]",
    "c9223372036854775807",
    "# 18446744073709551615",
    "# 9223372036854775807",
    "0",
    "1",
    "-1",
    "0x10",
    "4294967296",
    "1e999",
    "nan",
    "\"",
    "\"a\\x41\\0\"",
    "\\",
    "#",
    "# 3",
    "position",
    "color",
    "dummy",
    "texcoord0.xy",
    "point",
    "variable",
    "fixed",
    "prim",
    "inv",
    "picasso",
    "nihstro",
    "kind",
    "main",
    "version",
    "é",
    "\u{0}",
    "\t",
    "label:",
    "$x",
    "_u",
    "x[3]",
    "x[0]",
    "arr[]",
];

/// `ISAFORGE_FUZZ_SCALE=N` runs N times as many random cases (default 1).
fn scale() -> usize {
    std::env::var("ISAFORGE_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

fn soup(rng: &mut Rng) -> String {
    let mut text = String::new();
    for _ in 0..rng.below(30) {
        for _ in 0..rng.below(8) {
            text += rng.pick(TOKENS);
            text += rng.pick(&[" ", " ", "", "\t"]);
        }
        text += rng.pick(&["\n", "\n", "\r\n"]);
    }
    text
}

/// Assembles, then checks the invariants.
fn check(files: &[SourceFile]) {
    match assemble(files, &Options::default()) {
        Ok(shbin) => {
            let bytes = shbin.to_bytes().expect("writable");
            assert_eq!(Shbin::from_bytes(&bytes).as_ref(), Ok(&shbin));
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            let marked = files.iter().any(|f| f.text.contains('#'));
            for e in &errors {
                assert!(e.col >= 1, "{e}");
                if !marked {
                    let lines = files.iter().map(|f| f.text.split('\n').count()).max().unwrap_or(1);
                    assert!(e.line >= 1 && e.line <= lines.max(1), "{e}");
                }
            }
        }
    }
}

fn one(text: String) -> Vec<SourceFile> {
    vec![SourceFile {
        name: "soup.pica".into(),
        text,
    }]
}

#[test]
fn random_token_soup() {
    let mut rng = Rng(0x5EED_1234);
    for _ in 0..4000 * scale() {
        let text = soup(&mut rng);
        check(&one(format!(".proc main\n{text}\n.end\n")));
        check(&one(text));
    }
}

/// The picasso sources of the corpus, if `../shared` is there.
fn corpus_sources() -> Vec<String> {
    let Some(dir) = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "pica/src") else {
        return Vec::new();
    };
    let entries = std::fs::read_dir(&dir).unwrap();
    let mut texts: Vec<String> = entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    texts.sort();
    texts
}

#[test]
fn every_truncation_of_a_corpus_source() {
    let texts = corpus_sources();
    let Some(text) = texts.iter().max_by_key(|t| t.len()) else {
        return;
    };
    for (cut, _) in text.char_indices() {
        check(&one(text[..cut].to_string()));
    }
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        if lines.is_empty() {
            break;
        }
        let at = rng.below(lines.len());
        match rng.below(7) {
            0 => {
                lines.remove(at);
            }
            1 => {
                let copy = lines[rng.below(lines.len())].clone();
                lines.insert(at, copy);
            }
            2 => {
                let other = rng.below(lines.len());
                lines.swap(at, other);
            }
            3 => {
                let chars: Vec<char> = lines[at].chars().collect();
                if !chars.is_empty() {
                    let cut = rng.below(chars.len());
                    lines[at] = chars[..cut].iter().collect();
                }
            }
            4 => {
                let mut chars: Vec<char> = lines[at].chars().collect();
                let pos = rng.below(chars.len() + 1);
                let token: Vec<char> = rng.pick(TOKENS).chars().collect();
                chars.splice(pos..pos, token);
                lines[at] = chars.into_iter().collect();
            }
            5 => {
                let mut chars: Vec<char> = lines[at].chars().collect();
                if !chars.is_empty() {
                    let pos = rng.below(chars.len());
                    chars[pos] = rng
                        .pick(&["x", "0", "9", "[", ",", " ", "-", ".", "é"])
                        .chars()
                        .next()
                        .unwrap_or('x');
                }
                lines[at] = chars.into_iter().collect();
            }
            _ => {
                let words: Vec<&str> = lines[at].split_whitespace().collect();
                if let Some(w) = words.get(rng.below(words.len().max(1))) {
                    lines[at] = lines[at].replacen(w, rng.pick(TOKENS), 1);
                }
            }
        }
    }
    lines.join("\n")
}

#[test]
fn mutated_corpus_sources() {
    let texts = corpus_sources();
    if texts.is_empty() {
        return;
    }
    let mut rng = Rng(0xC0FF_EE00);
    let mut assembled = 0;
    for i in 0..6000 * scale() {
        let text = &texts[i % texts.len()];
        let mutated = mutate(&mut rng, text);
        let files = if rng.below(4) == 0 {
            let pick = rng.below(texts.len());
            let other = mutate(&mut rng, &texts[pick]);
            vec![
                SourceFile {
                    name: "a.pica".into(),
                    text: mutated,
                },
                SourceFile {
                    name: "b.pica".into(),
                    text: other,
                },
            ]
        } else {
            one(mutated)
        };
        if assemble(&files, &Options::default()).is_ok() {
            assembled += 1;
        }
        check(&files);
    }
    // Some mutations keep the program valid; most do not.
    assert!(assembled > 100, "{assembled}");
}
