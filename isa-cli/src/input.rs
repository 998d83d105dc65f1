//! Reading input files and splitting them into little-endian words.

use std::io::Read;
use std::path::Path;

use isa_runtime::{BitWord, DecodeError, DecodeErrorKind};

use crate::failure::Failure;

/// A whole input file (or stdin, for `-`) and the name used in messages.
pub struct Input {
    /// The path as given, or `<stdin>`.
    pub name: String,
    /// The file's contents.
    pub bytes: Vec<u8>,
}

/// Reads `path` (`-` reads stdin); an I/O error becomes `FILE: <error>`.
pub fn read(path: &Path) -> Result<Input, Failure> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        return match std::io::stdin().lock().read_to_end(&mut bytes) {
            Ok(_) => Ok(Input {
                name: "<stdin>".into(),
                bytes,
            }),
            Err(e) => Err(Failure::input_one(format!("<stdin>: {e}"))),
        };
    }
    let name = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => Ok(Input { name, bytes }),
        Err(e) => Err(Failure::input_one(format!("{name}: {e}"))),
    }
}

/// The input as whole words of `size` bytes, each with its byte offset. A
/// trailing partial word is an error at the offset where it starts.
pub fn chunks(bytes: &[u8], size: usize) -> Result<Vec<(usize, &[u8])>, DecodeError> {
    let size = size.max(1);
    let rest = bytes.len() % size;
    if rest != 0 {
        return Err(DecodeError::new(
            "",
            DecodeErrorKind::Truncated {
                needed: size,
                available: rest,
            },
        )
        .at(bytes.len() - rest));
    }
    Ok(bytes
        .chunks_exact(size)
        .enumerate()
        .map(|(i, chunk)| (i * size, chunk))
        .collect())
}

/// The input as little-endian instruction words of type `W`, with byte offsets.
pub fn words<W: BitWord>(bytes: &[u8]) -> Result<Vec<(usize, W)>, DecodeError> {
    Ok(chunks(bytes, (W::BITS / 8) as usize)?
        .into_iter()
        .map(|(offset, chunk)| (offset, W::from_le_bytes(chunk)))
        .collect())
}

/// A little-endian word of up to 16 bytes as a `u128`.
pub fn le_u128(chunk: &[u8]) -> u128 {
    chunk
        .iter()
        .take(16)
        .rev()
        .fold(0u128, |acc, &b| (acc << 8) | u128::from(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncated_input_names_the_offset() {
        let err = chunks(&[0; 7], 4).unwrap_err();
        assert_eq!(err.offset, Some(4));
        assert_eq!(chunks(&[0; 8], 4).unwrap().len(), 2);
    }

    #[test]
    fn little_endian() {
        assert_eq!(le_u128(&[0x78, 0x56, 0x34, 0x12]), 0x1234_5678);
        let w: Vec<(usize, u32)> = words(&[1, 0, 0, 0, 0, 0, 0, 0x80]).unwrap();
        assert_eq!(w, vec![(0, 1), (4, 0x8000_0000)]);
    }
}
