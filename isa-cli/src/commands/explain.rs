//! `isa explain`: a field-by-field breakdown of words given on the command line.

use clap::Args;
use isa_runtime::explain::{explain_format, FieldReport};
use isa_runtime::text::quote_input;
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
    // `--gen N`: the help names the ISAs that take it and their
    // generations, read from their specs.
    #[arg(long, value_name = "N", help = isas::gen_help())]
    pub gen: Option<u32>,
}

/// Prints each word's text, its opcode's semantics (AGSL, when the spec
/// gives them) and its field table. A word that does not parse
/// or decode is reported on stderr (its fields are still shown when it
/// parses) and makes the command fail. Words are read as generation `gen`
/// has them (see [`isas::generation`]).
pub fn run<I: CliIsa>(args: &ExplainArgs, gen: Option<u32>) -> Result<(), Failure> {
    let aux = if args.opdesc {
        Some(isas::aux::<I>("--opdesc")?)
    } else {
        None
    };
    let bits = aux.map_or(I::Word::BITS, |a| a.format.bits);
    let mut words = Vec::new();
    let mut errors = Vec::new();
    for arg in &args.words {
        // Words are separated by commas or blanks: nothing between two
        // commas (or after the last) is a slip, not a word.
        let items: Vec<&str> = arg.split(',').map(str::trim).collect();
        if items.len() > 1 && items.iter().any(|i| i.is_empty()) {
            errors.push(format!("error: {}: an empty word between commas", quote_input(arg)));
            continue;
        }
        for token in items.iter().flat_map(|i| i.split_whitespace()) {
            match parse_word_bytes(token, bits) {
                Ok(word) => words.push(word),
                Err(e) => errors.push(format!("error: word {}: {e}", quote_input(token))),
            }
        }
    }
    if words.is_empty() && errors.is_empty() {
        return Err(Failure::usage("no words to explain"));
    }
    let mut out = Stdout::new();
    for (i, bytes) in words.iter().enumerate() {
        if i > 0 {
            out.line("")?;
        }
        let mut semantics = None;
        let (header, fields, problem) = match aux {
            Some(aux) => {
                let value = crate::input::le_u128(bytes);
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
                let word = I::Word::from_le_bytes(bytes);
                semantics = super::opcode_of::<I>(&word, gen)
                    .map(|op| op.semantics)
                    .filter(|s| !s.is_empty());
                let fields = super::instruction_fields::<I>(&word, gen);
                let hex = super::word_hex(&word);
                match super::instruction_text::<I>(word, gen) {
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
        if let Some(sem) = semantics {
            out.line(&format!("  semantics: {sem}"))?;
        }
        for line in value_semantics(I::LAYOUT, &fields) {
            out.line(&line)?;
        }
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

/// One line per enum-typed field whose value states its own semantics (an
/// operation such as Lima GP's `acc_op`): `  acc_op = add: dst = a + b`,
/// in field order.
fn value_semantics(layout: &isa_runtime::layout::IsaLayout, fields: &[FieldReport]) -> Vec<String> {
    fields
        .iter()
        .filter_map(|f| {
            let e = layout
                .enums
                .iter()
                .find(|e| e.name == f.kind && !e.operands.is_empty())?;
            let v = e.value(f.raw).filter(|v| !v.semantics.is_empty())?;
            let args = e.operands.join(", ");
            Some(format!("  {} = {}({args}): {}", f.name, v.name, v.semantics))
        })
        .collect()
}

/// Parses a hex word (optional `0x`, `_` separators) that must fit `bits`
/// bits, as `bits / 8` (rounded up) little-endian bytes. The digits are the
/// word's value, most significant first, even for words wider than 128 bits
/// (AGAL's 192-bit tokens), as `decode` prints them.
pub fn parse_word_bytes(token: &str, bits: u32) -> Result<Vec<u8>, String> {
    let digits = token
        .strip_prefix("0x")
        .or_else(|| token.strip_prefix("0X"))
        .unwrap_or(token);
    let clean: Vec<u8> = digits.bytes().filter(|&c| c != b'_').collect();
    if clean.is_empty() {
        return Err("expected hex digits".into());
    }
    let mut nibbles = Vec::with_capacity(clean.len());
    for &c in &clean {
        match (c as char).to_digit(16) {
            Some(d) => nibbles.push(d as u8),
            None => {
                let bad = digits
                    .chars()
                    .find(|c| *c != '_' && !c.is_ascii_hexdigit())
                    .unwrap_or('?');
                return Err(format!(
                    "{} is not a hex digit",
                    quote_input(bad.encode_utf8(&mut [0; 4]))
                ));
            }
        }
    }
    let first = nibbles.iter().position(|&d| d != 0).unwrap_or(nibbles.len());
    let significant = &nibbles[first..];
    let width = match significant.first() {
        None => 0,
        Some(&top) => 4 * (significant.len() as u32 - 1) + (8 - top.leading_zeros()),
    };
    if width > bits {
        return Err(format!("does not fit in {bits} bits"));
    }
    let mut bytes = vec![0u8; bits.div_ceil(8) as usize];
    for (i, &d) in significant.iter().rev().enumerate() {
        bytes[i / 2] |= d << (4 * (i % 2));
    }
    Ok(bytes)
}

/// Parses a hex word of up to 128 bits (see [`parse_word_bytes`]).
#[cfg(test)]
pub fn parse_word(token: &str, bits: u32) -> Result<u128, String> {
    parse_word_bytes(token, bits).map(|b| crate::input::le_u128(&b))
}

#[cfg(test)]
mod tests {
    use super::{parse_word, parse_word_bytes};

    #[test]
    fn words_with_and_without_prefix() {
        assert_eq!(parse_word("0x4c00_0000", 32), Ok(0x4c00_0000));
        assert_eq!(parse_word("ff", 32), Ok(0xff));
        assert!(parse_word("0x1_0000_0000", 32).is_err());
        assert!(parse_word("0x", 32).is_err());
        assert!(parse_word("12g", 32).is_err());
        assert!(parse_word(&"f".repeat(40), 128).is_err());
        assert_eq!(parse_word(&format!("0{}", "f".repeat(32)), 128), Ok(u128::MAX));
        let wide = parse_word_bytes(&format!("0x1_{}ff", "0".repeat(30)), 192).unwrap();
        assert_eq!(wide.len(), 24);
        assert_eq!((wide[0], wide[1], wide[16], wide[23]), (0xff, 0, 1, 0));
        assert!(parse_word_bytes(&"1".repeat(49), 192).is_err());
    }
}
