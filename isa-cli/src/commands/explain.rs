//! `isa explain`: a field-by-field breakdown of words given on the command line.

use clap::Args;
use isa_runtime::explain::explain_format;
use isa_runtime::BitWord;

use crate::failure::Failure;
use crate::isas::{self, CliIsa, IsaName};
use crate::output::Stdout;
use crate::table;

/// Arguments of `isa explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// Words in hex, with or without `0x` (`_` may separate digits; one
    /// argument may hold several words separated by commas or spaces).
    #[arg(required = true, value_name = "WORD")]
    pub words: Vec<String>,
    /// Explain the words as operand descriptors (PICA), not instructions.
    #[arg(long)]
    pub opdesc: bool,
}

/// Prints each word's text and its field table. A word that does not parse
/// or decode is reported on stderr (its fields are still shown when it
/// parses) and makes the command fail.
pub fn run<I: CliIsa>(args: &ExplainArgs) -> Result<(), Failure> {
    let aux = if args.opdesc {
        Some(isas::aux::<I>("--opdesc")?)
    } else {
        None
    };
    let bits = aux.map_or(I::Word::BITS, |a| a.format.bits);
    let mut words = Vec::new();
    let mut errors = Vec::new();
    for token in args
        .words
        .iter()
        .flat_map(|a| a.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|t| !t.is_empty())
    {
        match parse_word(token, bits) {
            Ok(word) => words.push(word),
            Err(e) => errors.push(format!("error: word `{token}`: {e}")),
        }
    }
    if words.is_empty() && errors.is_empty() {
        return Err(Failure::usage("no words to explain"));
    }
    let mut out = Stdout::new();
    for (i, &value) in words.iter().enumerate() {
        if i > 0 {
            out.line("")?;
        }
        let (header, fields, problem) = match aux {
            Some(aux) => {
                let fields = explain_format(aux.format, &value, None);
                let hex = format!("0x{value:0width$x}", width = bits.div_ceil(4) as usize);
                match (aux.text)(value) {
                    Ok(text) => (format!("{hex}  {text}"), fields, None),
                    Err(e) => (
                        format!("{hex}  (not a valid {})", aux.noun),
                        fields,
                        Some(format!("error: {hex}: {e}")),
                    ),
                }
            }
            None => {
                let word = I::Word::from_u128(value);
                let fields = super::instruction_fields::<I>(&word);
                let hex = super::word_hex(&word);
                match super::instruction_text::<I>(word) {
                    Ok(text) => (format!("{hex}  {text}"), fields, None),
                    Err(e) => (
                        format!("{hex}  (does not decode)"),
                        fields,
                        Some(format!("error: {hex}: {e}")),
                    ),
                }
            }
        };
        out.line(&header)?;
        for line in table::render(&fields, "  ") {
            out.line(&line)?;
        }
        errors.extend(problem);
    }
    out.flush()?;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Failure::input(errors))
    }
}

/// Parses a hex word (optional `0x`, `_` separators) that must fit `bits` bits.
pub fn parse_word(token: &str, bits: u32) -> Result<u128, String> {
    let digits = token
        .strip_prefix("0x")
        .or_else(|| token.strip_prefix("0X"))
        .unwrap_or(token);
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    if clean.is_empty() {
        return Err("expected hex digits".into());
    }
    if let Some(bad) = clean.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(format!("`{bad}` is not a hex digit"));
    }
    let value = u128::from_str_radix(&clean, 16).map_err(|_| format!("does not fit in {bits} bits"))?;
    if bits < 128 && value >> bits != 0 {
        return Err(format!("does not fit in {bits} bits"));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::parse_word;

    #[test]
    fn words_with_and_without_prefix() {
        assert_eq!(parse_word("0x4c00_0000", 32), Ok(0x4c00_0000));
        assert_eq!(parse_word("ff", 32), Ok(0xff));
        assert!(parse_word("0x1_0000_0000", 32).is_err());
        assert!(parse_word("0x", 32).is_err());
        assert!(parse_word("12g", 32).is_err());
        assert!(parse_word(&"f".repeat(40), 128).is_err());
    }
}
