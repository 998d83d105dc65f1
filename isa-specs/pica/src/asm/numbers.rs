//! Number and string spellings. picasso reads register numbers with C's
//! `strtoll(…, 0)` (so `c010` is c8), offsets and integer constants with
//! `atoi` (decimal) and floats with `atof`; these accept the same spellings
//! but insist on the whole token, so trailing junk is an error instead of
//! being ignored.

use isa_runtime::text::{escape_input, quote_input};

/// A whole token as C's `strtoll(text, NULL, 0)` reads it: optional sign,
/// then `0x` hex, `0` octal or decimal digits.
pub(crate) fn c_integer(text: &str) -> Option<i64> {
    let (neg, body) = sign(text);
    let (radix, digits) = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        (16, hex)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    let value = unsigned(digits, radix)?;
    Some(if neg { -value } else { value })
}

/// A whole decimal token with an optional sign (what `atoi` reads).
pub(crate) fn decimal(text: &str) -> Option<i64> {
    let (neg, body) = sign(text);
    let value = unsigned(body, 10)?;
    Some(if neg { -value } else { value })
}

/// A whole floating-point token (decimal, with an optional exponent, or
/// `inf`/`nan`) as the double `atof` reads (picasso then assigns it to a
/// `float`, rounding to nearest).
pub(crate) fn float(text: &str) -> Option<f64> {
    let ok = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-'));
    if !ok {
        return None;
    }
    text.parse::<f64>().ok()
}

/// An isaforge-directive number: decimal, `0x` hex or `0b` binary, `_`
/// allowed between digits, no sign.
pub(crate) fn unsigned_ext(text: &str) -> Option<u64> {
    let (radix, digits) = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        (16, hex)
    } else if let Some(bin) = text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
        (2, bin)
    } else {
        (10, text)
    };
    if digits.starts_with('_') || digits.ends_with('_') {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    if clean.is_empty() || !clean.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(&clean, radix).ok()
}

fn sign(text: &str) -> (bool, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

/// Digits only (no sign), at most `i64::MAX`.
fn unsigned(digits: &str, radix: u32) -> Option<i64> {
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    i64::from_str_radix(digits, radix).ok()
}

/// A `"…"` string with `\0`, `\xNN`, `\"`, `\\`, `\n`, `\t` and `\r`
/// escapes, as bytes (other characters as UTF-8). Errors give the byte
/// offset of the problem within `text`.
pub(crate) fn string_literal(text: &str) -> Result<Vec<u8>, (usize, String)> {
    let Some(body) = text.strip_prefix('"') else {
        return Err((0, "expected a string in double quotes".into()));
    };
    let mut out = Vec::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        let at = i + 1;
        match c {
            '"' => {
                let rest = &body[i + 1..];
                let junk = rest.trim_start();
                return match junk.trim_end().is_empty() {
                    true => Ok(out),
                    false => Err((
                        at + 1 + rest.len() - junk.len(),
                        format!("unexpected {} after the string", quote_input(junk.trim_end())),
                    )),
                };
            }
            '\\' => {
                let Some((_, e)) = chars.next() else { break };
                match e {
                    '0' => out.push(0),
                    'n' => out.push(b'\n'),
                    't' => out.push(b'\t'),
                    'r' => out.push(b'\r'),
                    '"' | '\\' => out.push(e as u8),
                    'x' => {
                        let hex: String = chars.by_ref().take(2).map(|(_, h)| h).collect();
                        match u8::from_str_radix(&hex, 16) {
                            Ok(b) if hex.len() == 2 => out.push(b),
                            _ => return Err((at, "`\\x` needs two hex digits".into())),
                        }
                    }
                    other => {
                        return Err((
                            at,
                            format!("unknown escape `\\{}`", escape_input(other.encode_utf8(&mut [0; 4]))),
                        ))
                    }
                }
            }
            c => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    Err((text.len(), "unterminated string".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strtoll_spellings() {
        assert_eq!(c_integer("12"), Some(12));
        assert_eq!(c_integer("0x1f"), Some(31));
        assert_eq!(c_integer("010"), Some(8));
        assert_eq!(c_integer("0"), Some(0));
        assert_eq!(c_integer("-3"), Some(-3));
        assert_eq!(c_integer("08"), None);
        assert_eq!(c_integer("1a"), None);
        assert_eq!(c_integer(""), None);
        assert_eq!(c_integer("99999999999999999999"), None);
    }

    #[test]
    fn decimals_and_floats() {
        assert_eq!(decimal("+4"), Some(4));
        assert_eq!(decimal("007"), Some(7));
        assert_eq!(decimal("0x4"), None);
        assert_eq!(float("0.5"), Some(0.5));
        assert_eq!(float("-1e3"), Some(-1000.0));
        assert_eq!(float(".25"), Some(0.25));
        assert_eq!(float("1.0f"), None);
        assert_eq!(float("0.003921568393707275390625"), Some(0.003_921_568_393_707_275));
    }

    #[test]
    fn extension_numbers() {
        assert_eq!(unsigned_ext("0x5C00_0001"), Some(0x5C00_0001));
        assert_eq!(unsigned_ext("0b101"), Some(5));
        assert_eq!(unsigned_ext("42"), Some(42));
        assert_eq!(unsigned_ext("-1"), None);
        assert_eq!(unsigned_ext("0x"), None);
    }

    #[test]
    fn strings() {
        assert_eq!(string_literal(r#""a\0b\x41\"\\""#).unwrap(), b"a\0bA\"\\".to_vec());
        assert_eq!(string_literal("\"é\"").unwrap(), "é".as_bytes().to_vec());
        assert!(string_literal("\"abc").is_err());
        assert!(string_literal(r#""\q""#).is_err());
        assert!(string_literal(r#""\x4""#).is_err());
        assert_eq!(string_literal(r#""a" x"#).unwrap_err().0, 4);
    }
}
