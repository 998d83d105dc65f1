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
