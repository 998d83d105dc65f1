//! PICA200 24-bit floats (1 sign bit, 7 exponent bits biased by 63, 16
//! mantissa bits), as stored in `.constf` entries of DVLE constant tables.

/// `f32` → float24 bits exactly as picasso (2.7, `f32tof24`) converts them:
/// the mantissa is truncated; exponents below the float24 range flush to a
/// zero that keeps the sign (so `-0.0` is `0x800000`); exponents above it,
/// infinities and NaNs saturate to an infinity of the same sign.
pub fn from_f32_picasso(value: f32) -> u32 {
    let bits = value.to_bits();
    let sign = bits >> 31;
    let exponent = ((bits >> 23) & 0xFF) as i32 - 127 + 63;
    let mantissa = (bits & 0x7F_FFFF) >> 7;
    if exponent < 0 {
        sign << 23
    } else if exponent > 0x7F {
        (sign << 23) | (0x7F << 16)
    } else {
        (sign << 23) | ((exponent as u32) << 16) | mantissa
    }
}

/// Why a number cannot be a float24 without changing what it says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lossy {
    /// NaN: picasso writes +infinity (`0x7f0000`).
    Nan,
    /// A finite number too large: it would become `word` (an infinity, or a
    /// NaN when the exponent lands on 0x7F with mantissa bits).
    Overflow(u32),
    /// A nonzero number too small: it would become the zero `word`.
    Underflow(u32),
}

/// A decimal literal's value (read as a double, the way `atof` reads it)
/// → float24 bits as picasso writes them, or why that would change the
/// number: NaN, a finite value that becomes infinite or NaN (also when the
/// double overflows `f32`), a nonzero value that becomes zero. Infinity
/// itself converts (to `0x7f0000`/`0xff0000`); inexact mantissas are
/// truncated as picasso does, not refused.
pub fn from_f64_checked(value: f64) -> Result<u32, Lossy> {
    if value.is_nan() {
        return Err(Lossy::Nan);
    }
    let word = from_f32_picasso(value as f32);
    let back = to_f32(word);
    if value.is_finite() && !back.is_finite() {
        Err(Lossy::Overflow(word))
    } else if value != 0.0 && back == 0.0 {
        Err(Lossy::Underflow(word))
    } else {
        Ok(word)
    }
}

/// float24 bits (the low 24 bits of `word`) → the `f32` they denote, exactly.
/// Exponent 0 is read as zero (the PICA200 has no denormals); exponent 0x7F
/// gives infinity or NaN.
pub fn to_f32(word: u32) -> f32 {
    let sign = (word >> 23) & 1;
    let exp = (word >> 16) & 0x7F;
    let man = word & 0xFFFF;
    let bits = match exp {
        0 => sign << 31,
        0x7F => (sign << 31) | (0xFF << 23) | (man << 7),
        e => (sign << 31) | ((e + 64) << 23) | (man << 7),
    };
    f32::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(from_f32_picasso(1.0), 0x3F_0000);
        assert_eq!(from_f32_picasso(-2.0), 0xC0_0000);
        assert_eq!(from_f32_picasso(0.5), 0x3E_0000);
        assert_eq!(from_f32_picasso(0.0), 0);
        assert_eq!(from_f32_picasso(-0.0), 0x80_0000);
        // Checked against picasso 2.7: underflow keeps the sign, overflow,
        // infinities and NaN saturate.
        assert_eq!(from_f32_picasso(1e-30), 0);
        assert_eq!(from_f32_picasso(-5e-20), 0x80_0000);
        assert_eq!(from_f32_picasso(1e30), 0x7F_0000);
        assert_eq!(from_f32_picasso(f32::NEG_INFINITY), 0xFF_0000);
        assert_eq!(from_f32_picasso(f32::NAN), 0x7F_0000);
        assert_eq!(to_f32(0x3F_0000), 1.0);
        assert_eq!(to_f32(0xC0_0000), -2.0);
    }

    #[test]
    fn inexact_values_truncate_toward_zero() {
        // picasso truncates the 23-bit mantissa to 16 bits: never rounds up,
        // whatever the dropped bits (the magnitude shrinks for both signs).
        let just_below_two = f32::from_bits(0x3FFF_FFFF); // 1.99999988
        assert_eq!(from_f32_picasso(just_below_two), 0x3F_FFFF);
        assert_eq!(from_f32_picasso(-just_below_two), 0xBF_FFFF);
        // 1 + 2^-17: half a float24 ulp above 1.0 — nearest-even would give
        // 1.0 too, but 1 + 3·2^-18 (three quarters) would round up; truncation
        // keeps 1.0.
        assert_eq!(from_f32_picasso(1.0 + 2f32.powi(-17)), 0x3F_0000);
        assert_eq!(from_f32_picasso(1.0 + 3.0 * 2f32.powi(-18)), 0x3F_0000);
        assert_eq!(from_f32_picasso(-(1.0 + 3.0 * 2f32.powi(-18))), 0xBF_0000);
        // 0.1 = 0x3DCCCCCD in f32: mantissa 0x4CCCCD >> 7 = 0x9999.
        assert_eq!(from_f32_picasso(0.1), 0x3B_9999);
        assert_eq!(from_f64_checked(0.1), Ok(0x3B_9999));
        // An f64 literal first rounds to f32 (nearest), then truncates.
        assert_eq!(from_f64_checked(1.0 + 2f64.powi(-25)), Ok(0x3F_0000));
        assert_eq!(from_f64_checked(2.0 - 2f64.powi(-30)), Ok(0x40_0000));
    }

    #[test]
    fn checked_conversion_refuses_what_changes_the_number() {
        assert_eq!(from_f64_checked(f64::NAN), Err(Lossy::Nan));
        assert_eq!(from_f64_checked(f64::INFINITY), Ok(0x7F_0000));
        assert_eq!(from_f64_checked(3.4e38), Err(Lossy::Overflow(0x7F_0000)));
        assert_eq!(from_f64_checked(-1e39), Err(Lossy::Overflow(0xFF_0000)));
        // 1.5·2^64 lands on exponent 0x7F with a mantissa: a float24 NaN.
        assert_eq!(from_f64_checked(1.5 * 2f64.powi(64)), Err(Lossy::Overflow(0x7F_8000)));
        assert_eq!(from_f64_checked(1e-50), Err(Lossy::Underflow(0)));
        assert_eq!(from_f64_checked(-1e-30), Err(Lossy::Underflow(0x80_0000)));
        // 2^-63 has float24 exponent 0, which reads as zero.
        assert_eq!(from_f64_checked(2f64.powi(-63)), Err(Lossy::Underflow(0)));
        // The extremes that survive.
        assert_eq!(from_f64_checked(2f64.powi(-62)), Ok(0x01_0000));
        assert_eq!(from_f64_checked(2f64.powi(64) - 2f64.powi(40)), Ok(0x7E_FFFF));
        assert_eq!(from_f64_checked(-0.0), Ok(0x80_0000));
        assert_eq!(from_f64_checked(0.0), Ok(0));
    }

    #[test]
    fn every_finite_float24_survives_the_round_trip() {
        for word in 0..1u32 << 24 {
            let exp = (word >> 16) & 0x7F;
            if exp == 0 || exp == 0x7F {
                continue;
            }
            assert_eq!(from_f32_picasso(to_f32(word)), word, "{word:#08x}");
        }
    }
}
