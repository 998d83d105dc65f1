//! A small deterministic generator (SplitMix64), so sweeps are reproducible.

/// SplitMix64.
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next 128 random bits.
    pub fn next_u128(&mut self) -> u128 {
        (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    /// The reference generator's outputs for seed 1234567 (the test vector
    /// published with SplitMix64), so a sweep's words are the ones its seed
    /// promises.
    #[test]
    fn the_reference_sequence() {
        let mut rng = SplitMix64::new(1_234_567);
        let first: [u64; 5] = core::array::from_fn(|_| rng.next_u64());
        assert_eq!(
            first,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
        // 128 bits are two outputs, the first high.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(
            rng.next_u128(),
            (6_457_827_717_110_365_317u128 << 64) | 3_203_168_211_198_807_973
        );
    }
}
