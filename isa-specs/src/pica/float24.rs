//! PICA200 24-bit floats (1 sign bit, 7 exponent bits biased by 63, 16
//! mantissa bits), as stored in `.constf` entries of DVLE constant tables.

/// `f32` → float24 bits exactly as picasso converts them (its `f32tof24`):
/// the mantissa is truncated, zero (of either sign) becomes 0, and for
/// exponents below the float24 range picasso's unsigned arithmetic wraps; the
/// same wrap is reproduced so output stays byte-identical.
pub fn from_f32_picasso(value: f32) -> u32 {
    if value == 0.0 {
        return 0;
    }
    let bits = value.to_bits();
    let sign = bits >> 31;
    let exp = ((bits >> 23) & 0xFF).wrapping_sub(0x40);
    let man = (bits >> 7) & 0xFFFF;
    man | exp.wrapping_shl(16) | (sign << 23)
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
        assert_eq!(from_f32_picasso(-0.0), 0);
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
