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
    /// Where the bytes come from.
    pub source: Source,
}

/// Where an [`Input`]'s bytes come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A file.
    File,
    /// Stdin.
    Stdin,
    /// Stdin, closed when the command started (`<&-`).
    ClosedStdin,
}

/// Where an empty input's error points: line 1, column 1 of a text, or byte
/// 0 of a binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Assembly text: `FILE:1:1: …`.
    Text,
    /// A binary: `FILE: byte 0x0: …`.
    Binary,
}

impl Input {
    /// The error for an input with no instructions (an empty file, or text of
    /// only blanks and comments): `x.pica:1:1: the input is empty (no
    /// instructions)`, or `stdin is empty` / `stdin is closed` for `-`.
    /// `allow` names the option that accepts it, when the command has one.
    pub fn empty(&self, place: Place, allow: Option<&str>) -> Failure {
        Failure::input_one(self.empty_message(place, allow))
    }

    /// The message of [`Input::empty`].
    pub fn empty_message(&self, place: Place, allow: Option<&str>) -> String {
        let at = match place {
            Place::Text => format!("{}:1:1:", self.name),
            Place::Binary => format!("{}: byte 0x0:", self.name),
        };
        let what = match self.source {
            Source::File => "the input is empty (no instructions)",
            Source::Stdin => "stdin is empty (no instructions)",
            Source::ClosedStdin => "stdin is closed (no input)",
        };
        let hint = allow.map_or_else(String::new, |option| format!("; pass {option} to accept it"));
        format!("{at} {what}{hint}")
    }
}

/// The longest input `isa` reads: 1 GiB. Every command holds its whole
/// input (and at most 64 MiB more, docs/performance.md), so an input that
/// never ends (`/dev/zero`, an endless pipe) or would not fit is refused at
/// this size instead of taking the machine's memory.
pub const MAX_INPUT: u64 = 1 << 30;

/// Reads `path` (`-` reads stdin); an I/O error becomes `FILE: <error>`,
/// and an input longer than [`MAX_INPUT`] an error at the byte past it.
pub fn read(path: &Path) -> Result<Input, Failure> {
    if path.as_os_str() == "-" {
        let name = String::from("<stdin>");
        return match read_bounded(&name, std::io::stdin().lock(), Vec::new()) {
            Ok(bytes) => {
                let closed = bytes.is_empty() && stdin_was_closed();
                Ok(Input {
                    name,
                    bytes,
                    source: if closed { Source::ClosedStdin } else { Source::Stdin },
                })
            }
            Err(Failed::Read(e)) if e.raw_os_error() == Some(EBADF) => Ok(Input {
                name,
                bytes: Vec::new(),
                source: Source::ClosedStdin,
            }),
            Err(failed) => Err(failed.into_failure(&name)),
        };
    }
    let name = shown(path);
    let file = std::fs::File::open(path).map_err(|e| Failure::input_one(format!("{name}: {e}")))?;
    // A regular file says how long it is; a device or a pipe may not.
    let size = file.metadata().map_or(0, |m| m.len());
    let mut bytes = Vec::new();
    if bytes.try_reserve_exact(size.min(MAX_INPUT + 1) as usize).is_err() {
        return Err(Failure::input_one(format!(
            "{name}: out of memory for the input ({size} bytes)"
        )));
    }
    let bytes = read_bounded(&name, file, bytes).map_err(|failed| failed.into_failure(&name))?;
    Ok(Input {
        name,
        bytes,
        source: Source::File,
    })
}

/// Why [`read_bounded`] failed.
enum Failed {
    /// The reader failed (at its first byte: no input was read).
    Read(std::io::Error),
    /// A refusal already worded (too long, or failed part way).
    Refused(Failure),
}

impl Failed {
    /// The failure for input `name`: `FILE: <error>` for a read that
    /// failed at once.
    fn into_failure(self, name: &str) -> Failure {
        match self {
            Failed::Read(e) => Failure::input_one(format!("{name}: {e}")),
            Failed::Refused(failure) => failure,
        }
    }
}

/// Reads all of `reader` into `bytes`, at most [`MAX_INPUT`] bytes: an
/// input that goes on past that, or a read that fails part way, is
/// refused at the byte where it happened.
fn read_bounded(name: &str, reader: impl Read, mut bytes: Vec<u8>) -> Result<Vec<u8>, Failed> {
    match reader.take(MAX_INPUT + 1).read_to_end(&mut bytes) {
        Ok(_) => within_limit(name, &bytes).map_err(Failed::Refused).map(|()| bytes),
        Err(e) if bytes.is_empty() => Err(Failed::Read(e)),
        Err(e) => Err(Failed::Refused(Failure::input_one(format!(
            "{name}: byte {:#x}: reading failed: {e}",
            bytes.len()
        )))),
    }
}

/// Refuses an input that went on past [`MAX_INPUT`] bytes.
fn within_limit(name: &str, bytes: &[u8]) -> Result<(), Failure> {
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::input_one(format!(
            "{name}: byte {MAX_INPUT:#x}: the input goes on past {MAX_INPUT} bytes (1 GiB), the most `isa` reads"
        )));
    }
    Ok(())
}

/// A path as messages show it: control and invisible characters escaped
/// (`\u{1b}`, `\t`), so that no file name can put terminal escapes into a
/// message; bytes that are not UTF-8 show as U+FFFD.
pub fn shown(path: &Path) -> String {
    let mut out = String::new();
    for c in path.to_string_lossy().chars() {
        let _ = isa_runtime::lexer::write_escaped(&mut out, c);
    }
    out
}

/// `EBADF`, which reading a closed descriptor fails with (where the
/// runtime does not reopen it).
const EBADF: i32 = 9;

/// Whether stdin was closed when the command started. Rust's runtime
/// reopens a closed stdin as `/dev/null` for reading *and writing* before
/// `main`; a shell's `< /dev/null` opens it read-only. So, on Linux, a
/// read-write `/dev/null` on descriptor 0 means it was closed (`<&-`).
/// Elsewhere a closed stdin reads as an empty one.
fn stdin_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        let (Ok(fd0), Ok(null)) = (std::fs::metadata("/proc/self/fd/0"), std::fs::metadata("/dev/null")) else {
            return false;
        };
        if !(fd0.file_type().is_char_device() && fd0.rdev() == null.rdev()) {
            return false;
        }
        let info = std::fs::read_to_string("/proc/self/fdinfo/0").unwrap_or_default();
        let flags = info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
        // O_ACCMODE is 3, O_RDWR 2.
        flags.is_some_and(|f| f & 3 == 2)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// The input as whole words of `size` bytes, each with its byte offset, one
/// at a time. A trailing partial word is an error at the offset where it
/// starts (checked before any word is given).
pub fn chunks(bytes: &[u8], size: usize) -> Result<impl Iterator<Item = (usize, &[u8])> + Clone, DecodeError> {
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
        .map(move |(i, chunk)| (i * size, chunk)))
}

/// The input as little-endian instruction words of type `W`, with byte
/// offsets, one at a time (see [`chunks`]).
pub fn words<W: BitWord>(bytes: &[u8]) -> Result<impl Iterator<Item = (usize, W)> + Clone + '_, DecodeError> {
    Ok(chunks(bytes, (W::BITS / 8) as usize)?.map(|(offset, chunk)| (offset, W::from_le_bytes(chunk))))
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
        let Err(err) = chunks(&[0; 7], 4) else {
            panic!("7 bytes are not whole words")
        };
        assert_eq!(err.offset, Some(4));
        assert_eq!(chunks(&[0; 8], 4).unwrap().count(), 2);
    }

    #[test]
    fn little_endian() {
        assert_eq!(le_u128(&[0x78, 0x56, 0x34, 0x12]), 0x1234_5678);
        let w: Vec<(usize, u32)> = words(&[1, 0, 0, 0, 0, 0, 0, 0x80]).unwrap().collect();
        assert_eq!(w, vec![(0, 1), (4, 0x8000_0000)]);
    }
}
