//! Constant values and raw bytes as text.

use super::super::float24::{from_f32_picasso, to_f32};

/// A float24 as a decimal that picasso's conversion turns back into exactly
/// `word`, whether the text is read as an `f32` or as a double rounded to
/// `f32` (picasso uses `atof`). `None` when no decimal does (infinities,
/// NaNs, zeros with mantissa bits, stray high bits).
pub(super) fn float24(word: u32) -> Option<String> {
    if word >> 24 != 0 {
        return None;
    }
    let value = to_f32(word);
    if !value.is_finite() {
        return None;
    }
    let gives_back = |text: &str| {
        let single = text.parse::<f32>().ok();
        let double = text.parse::<f64>().ok().map(|d| d as f32);
        single.is_some_and(|s| s.to_bits() == value.to_bits())
            && double.is_some_and(|d| d.to_bits() == value.to_bits())
            && from_f32_picasso(value) == word
    };
    [decimal(value.to_string()), decimal((value as f64).to_string())]
        .into_iter()
        .find(|text| gives_back(text))
}

/// Rust's shortest decimal, with a `.0` when it has no point.
fn decimal(text: String) -> String {
    if text.contains('.') {
        text
    } else {
        format!("{text}.0")
    }
}

/// Bytes as a quoted string for `.raw_symbols`: letters, digits, `_`, `.`
/// and `$` as themselves, every other byte as `\0` or `\xNN`.
pub(super) fn quoted(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in bytes {
        match b {
            0 => out.push_str("\\0"),
            b if b.is_ascii_alphanumeric() || b"_.$".contains(&b) => out.push(b as char),
            b => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_exactly() {
        assert_eq!(float24(0).as_deref(), Some("0.0"));
        assert_eq!(float24(0x3F_0000).as_deref(), Some("1.0"));
        assert_eq!(float24(0xBF_0000).as_deref(), Some("-1.0"));
        assert_eq!(float24(0x3E_0000).as_deref(), Some("0.5"));
        assert_eq!(float24(0x80_0000).as_deref(), Some("-0.0"));
        // Infinities and zeros with mantissa bits have no decimal.
        assert_eq!(float24(0x7F_0000), None);
        assert_eq!(float24(0x00_0001), None);
        assert_eq!(float24(0x0100_0000), None);
        for word in [0x37_0101, 0x3B_9999, 0x3D_3333, 0x01_0001, 0x7E_FFFF, 0xFE_FFFF] {
            let text = float24(word).unwrap();
            assert_eq!(from_f32_picasso(text.parse().unwrap()), word, "{text}");
        }
    }

    #[test]
    fn every_finite_float24_prints() {
        for word in (0..1u32 << 24).step_by(97) {
            let exp = (word >> 16) & 0x7F;
            if exp == 0 || exp == 0x7F {
                continue;
            }
            assert!(float24(word).is_some(), "{word:#x}");
        }
    }

    #[test]
    fn symbols_quote() {
        assert_eq!(quoted(b"main\0a b\"\\"), "\"main\\0a\\x20b\\x22\\x5C\"");
    }
}
