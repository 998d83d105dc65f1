//! "Did you mean" hints, with the runtime's nearest-name rule
//! (`isa_runtime::lexer::closest`), so spec errors and assembler errors
//! suggest the same way; spec errors also recognise abbreviations (`tgt` for
//! `target`), which spec authors write for field names.

/// `"; did you mean `x`?"` when a candidate is close to `word` or `word`
/// abbreviates exactly one candidate (see [`abbreviates`]), else `""`.
/// Of candidates equally close, the first in byte order: some callers pass
/// a hash map's keys, and a hint must not change from one run to the next.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    hint(nearest(word, candidates))
}

/// `"; did you mean `x`?"` for the candidate [`nearest`] found, else `""`:
/// for a caller that also needs the candidate itself.
pub fn hint(near: Option<&str>) -> String {
    near.map(|c| format!("; did you mean `{c}`?")).unwrap_or_default()
}

/// The candidate [`did_you_mean`] would suggest for `word`, if any.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut candidates: Vec<&str> = candidates.into_iter().collect();
    candidates.sort_unstable();
    candidates.dedup();
    isa_runtime::lexer::closest(word, candidates.iter().copied()).or_else(|| {
        let mut long = candidates.iter().filter(|c| abbreviates(word, c));
        long.next().filter(|_| long.next().is_none()).copied()
    })
}

/// The one keyword that `word` is a slip for: the same word in another
/// case (`Enum`), a near spelling by the nearest-name rule (`formt`), or the
/// long form of a keyword that is short for it (`priority` for `prio`);
/// `None` if no keyword or several are, or if `word` has fewer than three
/// characters (too short to tell a slip from another word).
pub fn slip_for<'a>(word: &str, keywords: &[&'a str]) -> Option<&'a str> {
    if word.chars().count() < 3 {
        return None;
    }
    let lower = word.to_lowercase();
    let mut slips = keywords
        .iter()
        .copied()
        .filter(|k| isa_runtime::lexer::closest(&lower, [*k]).is_some() || abbreviates(k, &lower));
    let slip = slips.next()?;
    slips.next().is_none().then_some(slip)
}

/// Whether `short` abbreviates `long`: at least two characters, the same
/// first character, and every character in `long`'s order (`tgt` for
/// `target`, `src0` for `source0`).
fn abbreviates(short: &str, long: &str) -> bool {
    let mut rest = long.chars();
    short.chars().count() >= 2
        && short.chars().count() < long.chars().count()
        && short.chars().next() == long.chars().next()
        && short.chars().all(|c| rest.any(|l| l == c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_are_suggested_when_unambiguous() {
        assert_eq!(did_you_mean("tgt", ["target", "cond"]), "; did you mean `target`?");
        assert_eq!(did_you_mean("src0", ["source0", "dest"]), "; did you mean `source0`?");
        // Two fields it could abbreviate: no guess.
        assert_eq!(did_you_mean("tg", ["target", "tag_hi"]), "");
        // The nearest-name rule comes first.
        assert_eq!(did_you_mean("scr", ["src", "scratch"]), "; did you mean `src`?");
        assert_eq!(did_you_mean("t", ["target"]), "");
    }

    #[test]
    fn equally_close_candidates_give_one_hint_in_any_order() {
        // `Reg` is one edit from each: the hint is the first in byte order,
        // however the candidates come (a hash map's keys come in any).
        for candidates in [["Rug", "Reb", "Rag"], ["Rag", "Rug", "Reb"], ["Reb", "Rag", "Rug"]] {
            assert_eq!(did_you_mean("Reg", candidates), "; did you mean `Rag`?");
        }
        assert_eq!(did_you_mean("gt", ["target"]), "");
    }

    #[test]
    fn slips_are_near_spellings_other_cases_and_long_forms_of_one_keyword() {
        let items = ["isa", "enum", "regs", "layout", "format", "union", "opcodes", "bundle"];
        for (word, keyword) in [
            ("formt", "format"),
            ("enmu", "enum"),
            ("unoin", "union"),
            ("layot", "layout"),
            ("Opcodes", "opcodes"),
            ("Enum", "enum"),
            ("FORMAT", "format"),
            ("registers", "regs"),
        ] {
            assert_eq!(slip_for(word, &items), Some(keyword), "{word}");
        }
        assert_eq!(slip_for("priority", &["sem", "prio", "gen"]), Some("prio"));
        assert_eq!(slip_for("generation", &["sem", "prio", "gen"]), Some("gen"));
        // Too short, too far, or a slip for two keywords: none.
        assert_eq!(slip_for("is", &items), None);
        assert_eq!(slip_for("syntax", &items), None);
        assert_eq!(slip_for("gem", &["gen", "sem"]), None);
    }
}
