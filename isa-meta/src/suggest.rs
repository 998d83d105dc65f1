//! "Did you mean" hints, with the runtime's nearest-name rule
//! (`isa_runtime::lexer::closest`), so spec errors and assembler errors
//! suggest the same way.

/// `"; did you mean `x`?"` when a candidate is close to `word`, else `""`.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    isa_runtime::lexer::closest(word, candidates)
        .map(|c| format!("; did you mean `{c}`?"))
        .unwrap_or_default()
}
