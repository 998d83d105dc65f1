//! Bit access over instruction words.
//!
//! Generated decoders and encoders call [`BitWord::get`] and [`BitWord::set`]
//! with constant positions; for the primitive words these inline to a shift
//! and a mask, exactly what a hand-written codec does.

use alloc::vec::Vec;

/// A fixed-width little-endian instruction word.
///
/// The bit accessors are the generated codecs' inner loop, called with
/// positions the spec fixes, so they check nothing: `lo + width` must be at
/// most [`BitWord::BITS`] and `width` at most 64. Other positions are a
/// caller's bug (a debug build panics on the shift, a release build reads
/// other bits); code that takes positions from its input checks them
/// first, as [`Field`](crate::layout::Field)'s users do against the
/// format's width.
pub trait BitWord: Copy + Eq + core::fmt::Debug + Default + 'static {
    /// The width in bits.
    const BITS: u32;
    /// Reads `width` (≤ 64) bits starting at bit `lo`.
    fn get(&self, lo: u32, width: u32) -> u64;
    /// Writes the low `width` (≤ 64) bits of `value` at bit `lo`; other bits are kept.
    fn set(&mut self, lo: u32, width: u32, value: u64);
    /// ORs the low `width` (≤ 64) bits of `value` in at bit `lo`. Encoders use
    /// it on a zeroed word whose fields are disjoint, where it equals `set`
    /// and costs one shift, mask and OR.
    #[inline(always)]
    fn or_bits(&mut self, lo: u32, width: u32, value: u64) {
        self.set(lo, width, value);
    }
    /// Reads a word from `BITS / 8` little-endian bytes (generated code and
    /// the stream decoders pass exactly that many; the primitive words
    /// panic on fewer, the wide ones read missing bytes as zero).
    fn from_le_bytes(bytes: &[u8]) -> Self;
    /// Appends the word's little-endian bytes.
    fn write_le_bytes(&self, out: &mut Vec<u8>);
    /// The word as a `u128` (the low 128 bits for wider words).
    fn to_u128(&self) -> u128;
    /// A word from the low `BITS` bits of a `u128`.
    fn from_u128(v: u128) -> Self;
}

/// A mask of the low `width` bits (`width` ≤ 64).
#[inline(always)]
pub const fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

macro_rules! impl_bitword {
    ($t:ty) => {
        impl BitWord for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn get(&self, lo: u32, width: u32) -> u64 {
                ((*self >> lo) as u64) & low_mask(width)
            }
            #[inline(always)]
            fn set(&mut self, lo: u32, width: u32, value: u64) {
                let mask = (low_mask(width) as $t) << lo;
                *self = (*self & !mask) | (((value as $t) << lo) & mask);
            }
            #[inline(always)]
            fn or_bits(&mut self, lo: u32, width: u32, value: u64) {
                *self |= ((value & low_mask(width)) as $t) << lo;
            }
            fn from_le_bytes(bytes: &[u8]) -> Self {
                let mut buf = [0u8; core::mem::size_of::<$t>()];
                buf.copy_from_slice(&bytes[..core::mem::size_of::<$t>()]);
                <$t>::from_le_bytes(buf)
            }
            fn write_le_bytes(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            #[inline(always)]
            fn to_u128(&self) -> u128 {
                *self as u128
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
        }
    };
}

impl_bitword!(u8);
impl_bitword!(u16);
impl_bitword!(u32);
impl_bitword!(u64);
impl_bitword!(u128);

/// The little-endian bytes of a word wider than 128 bits (element 0 first),
/// as an array of `B` bytes: `B` is `8 * N` in generated code; extra bytes
/// stay zero and missing ones are dropped, so it never panics.
pub fn wide_to_le_bytes<const N: usize, const B: usize>(word: &[u64; N]) -> [u8; B] {
    let mut out = [0u8; B];
    for (chunk, limb) in out.chunks_mut(8).zip(word) {
        let bytes = limb.to_le_bytes();
        chunk.copy_from_slice(&bytes[..chunk.len()]);
    }
    out
}

/// Words wider than 128 bits (AGAL's 192-bit tokens) are arrays of `u64`,
/// element 0 holding bits 0..=63. Fields never exceed 64 bits but may
/// straddle two elements.
impl<const N: usize> BitWord for [u64; N]
where
    [u64; N]: Default,
{
    const BITS: u32 = 64 * N as u32;
    #[inline(always)]
    fn get(&self, lo: u32, width: u32) -> u64 {
        let (i, shift) = ((lo / 64) as usize, lo % 64);
        let mut v = self[i] >> shift;
        if shift != 0 && shift + width > 64 && i + 1 < N {
            v |= self[i + 1] << (64 - shift);
        }
        v & low_mask(width)
    }
    #[inline(always)]
    fn set(&mut self, lo: u32, width: u32, value: u64) {
        let (i, shift) = ((lo / 64) as usize, lo % 64);
        let mask = low_mask(width);
        let value = value & mask;
        self[i] = (self[i] & !(mask << shift)) | (value << shift);
        if shift != 0 && shift + width > 64 && i + 1 < N {
            let spill = 64 - shift;
            self[i + 1] = (self[i + 1] & !(mask >> spill)) | (value >> spill);
        }
    }
    fn from_le_bytes(bytes: &[u8]) -> Self {
        let mut out = [0u64; N];
        for (i, chunk) in bytes.chunks_exact(8).take(N).enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            out[i] = u64::from_le_bytes(b);
        }
        out
    }
    fn write_le_bytes(&self, out: &mut Vec<u8>) {
        for v in self {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    fn to_u128(&self) -> u128 {
        u128::from(self[0]) | (u128::from(self.get(64, 64)) << 64)
    }
    fn from_u128(v: u128) -> Self {
        let mut out = [0u64; N];
        out[0] = v as u64;
        if N > 1 {
            out[1] = (v >> 64) as u64;
        }
        out
    }
}

/// The word as `0x…` hex with every digit of its width (most significant first).
pub fn to_hex<W: BitWord>(word: &W) -> alloc::string::String {
    use core::fmt::Write;
    let mut bytes = Vec::new();
    word.write_le_bytes(&mut bytes);
    let mut s = alloc::string::String::from("0x");
    for b in bytes.iter().rev() {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Reads a (possibly split) field: `ranges` are `(lo, width)` pairs, the first
/// holding the least significant bits of the value.
#[inline(always)]
pub fn get_ranges<W: BitWord>(word: &W, ranges: &[(u32, u32)]) -> u64 {
    let mut value = 0u64;
    let mut shift = 0u32;
    for &(lo, width) in ranges {
        value |= word.get(lo, width) << shift;
        shift += width;
    }
    value
}

/// Writes a (possibly split) field; the inverse of [`get_ranges`].
#[inline(always)]
pub fn set_ranges<W: BitWord>(word: &mut W, ranges: &[(u32, u32)], value: u64) {
    let mut shift = 0u32;
    for &(lo, width) in ranges {
        word.set(lo, width, value >> shift);
        shift += width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn get_and_set_round_trip_at_every_position() {
        for lo in 0..32 {
            for width in 1..=(32 - lo) {
                let mut w = 0xA5A5_5A5Au32;
                let v = 0x1234_5678u64 & low_mask(width);
                w.set(lo, width, v);
                assert_eq!(w.get(lo, width), v, "lo={lo} width={width}");
                // Bits outside the field are untouched.
                let outside = !((low_mask(width) as u32) << lo);
                assert_eq!(w & outside, 0xA5A5_5A5A & outside);
            }
        }
    }

    #[test]
    fn wide_words_straddle_elements() {
        assert_eq!(<[u64; 3] as BitWord>::BITS, 192);
        assert_eq!(<[u64; 8] as BitWord>::BITS, 512);
        assert_eq!(<[u64; 3]>::from_u128(1 << 64 | 5), [5, 1, 0]);
        assert_eq!(<[u64; 3]>::from_u128(u128::MAX), [u64::MAX, u64::MAX, 0]);
        assert_eq!(<[u64; 1]>::from_u128(u128::MAX), [u64::MAX]);
        // Fields in each element and across each boundary, on a word whose
        // other bits are all set, against a bit-by-bit reference.
        for lo in [0, 1, 60, 63, 64, 100, 127, 128, 130, 184] {
            for width in [1, 4, 8, 63, 64] {
                if lo + width > 192 {
                    continue;
                }
                let v = 0xF123_4567_89AB_CDEF & low_mask(width);
                let mut w = [u64::MAX; 3];
                w.set(lo, width, v);
                assert_eq!(w.get(lo, width), v, "lo={lo} width={width}");
                for bit in 0..192 {
                    let want = if (lo..lo + width).contains(&bit) {
                        v >> (bit - lo) & 1
                    } else {
                        1
                    };
                    assert_eq!(
                        w[bit as usize / 64] >> (bit % 64) & 1,
                        want,
                        "lo={lo} width={width} bit={bit}"
                    );
                }
                let low = u128::from(w[0]) | u128::from(w[1]) << 64;
                assert_eq!(w.to_u128(), low);
            }
        }
        let mut w = [0u64; 3];
        w.set(60, 8, 0xAB);
        assert_eq!(w, [0xB << 60, 0xA, 0]);
        assert_eq!(w.get(60, 8), 0xAB);
        // On a zeroed word, what encoders do: the same as `set`.
        let mut z = [0u64; 3];
        z.or_bits(60, 8, 0xAB);
        assert_eq!(z, w);
        w.set(128, 64, u64::MAX);
        assert_eq!(w.get(128, 64), u64::MAX);
        assert_eq!(w.get(120, 16), 0xFF00);
        let mut bytes = Vec::new();
        w.write_le_bytes(&mut bytes);
        assert_eq!(<[u64; 3]>::from_le_bytes(&bytes), w);
        assert_eq!(to_hex(&0x1234u32), "0x00001234");
        assert_eq!(wide_to_le_bytes::<3, 24>(&w), bytes.as_slice());
    }

    #[test]
    fn narrow_words_hold_their_bits() {
        let mut w = 0u16;
        w.set(12, 4, 0xA);
        w.or_bits(0, 3, 0b101);
        assert_eq!(w, 0xA005);
        assert_eq!(w.get(12, 4), 0xA);
        assert_eq!(<u16 as BitWord>::from_le_bytes(&[0x05, 0xA0]), 0xA005);
        assert_eq!(to_hex(&w), "0xa005");
        let mut b = 0u8;
        b.set(5, 3, 0b111);
        assert_eq!((b, u8::BITS, b.to_u128()), (0xE0, 8, 0xE0));
        assert_eq!(<u8 as BitWord>::from_u128(0x1FF), 0xFF);
    }

    #[test]
    fn split_fields_put_first_range_in_low_bits() {
        let mut w = 0u128;
        set_ranges(&mut w, &[(100, 4), (2, 3)], 0b101_0110);
        assert_eq!(w, (0b0110u128 << 100) | (0b101 << 2));
        assert_eq!(get_ranges(&w, &[(100, 4), (2, 3)]), 0b101_0110);
    }
}
