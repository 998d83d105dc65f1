//! Adreno ir3 (Qualcomm a3xx and later): files are raw little-endian 64-bit
//! words. `disasm` prints them as Mesa's isaspec disassembler does
//! (`isa_ir3::mesa`), one line per word, with a `{raw field=value …}` note
//! where Mesa's text leaves bits out, and `asm` reads that text back. Both
//! read the words as the generation `--gen` names (default the newest): a
//! word of an a7xx-only opcode is `raw 0x…` for a6xx, and its mnemonic does
//! not assemble there. With `--raw`, both use the spec's field-explicit form
//! instead, one word per line.

use isa_ir3::{mesa, Ir3};

use super::{AsmOptions, AuxLayout, CliIsa, Container, ContainerWord, IsaName, LiftFn, Opened, Words};
use crate::commands::asm::ALLOW_EMPTY;
use crate::failure::Failure;
use crate::input::{self, Input, Place};
use crate::output;

use std::io::Write;

impl CliIsa for Ir3 {
    const NAME: IsaName = IsaName::Ir3;
    const AUX: Option<AuxLayout> = None;
    const CONTAINER: Option<Container<u64>> = Some(Container {
        name: "ir3 program",
        open,
        assemble,
        options: &[],
    });
    const LIFT_AGSL: Option<LiftFn> = None;
}

/// Raw words (a whole number of 8-byte words) as Mesa's text of
/// generation `gen` (the newest when `None`), one line per word, made as
/// they are written; each word's text in `decode` is its line.
fn open(bytes: &[u8], gen: Option<u32>) -> Result<Opened<'_, u64>, String> {
    let gen = gen.unwrap_or(mesa::NEWEST);
    mesa::check_gen(gen).map_err(|e| e.to_string())?;
    let words = input::words::<u64>(bytes).map_err(|e| e.to_string())?;
    let listed = words.clone();
    Ok(Opened {
        count: bytes.len() / 8,
        listing: Box::new(move |out| {
            let mut line = String::new();
            for (_, word) in listed {
                line.clear();
                mesa::write_word(&mut line, word, gen).map_err(std::io::Error::other)?;
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
            Ok(())
        }),
        header: None,
        words: Words::Made(Box::new(words.map(move |(offset, word)| ContainerWord {
            offset,
            word,
            // `gen` is checked above: the text is always there.
            text: mesa::disassemble_word(word, gen).ok(),
        }))),
        aux: Vec::new(),
    })
}

/// Mesa's text (one file) of generation `options.gen` to raw words.
fn assemble(files: &[Input], options: &AsmOptions, out: &mut dyn Write) -> Result<(), Failure> {
    let [file] = files else {
        return Err(Failure::usage(format!(
            "an ir3 program is assembled from one file, not {}",
            files.len()
        )));
    };
    let text = std::str::from_utf8(&file.bytes).map_err(|e| {
        let before = &file.bytes[..e.valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let col = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
        Failure::input_one(format!("{}:{line}:{col}: invalid UTF-8", file.name))
    })?;
    let gen = options.gen.unwrap_or(mesa::NEWEST);
    let words = mesa::assemble(text, gen).map_err(|e| Failure::input_one(format!("{}:{e}", file.name)))?;
    if words.is_empty() && !options.allow_empty {
        return Err(file.empty(Place::Text, Some(ALLOW_EMPTY)));
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    out.write_all(&bytes).map_err(output::write_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The streamed listing and texts are `mesa::disassemble`'s, in every
    /// generation; a partial word is refused.
    #[test]
    fn streamed_words_are_the_whole_programs() {
        let words: Vec<u64> = (0..40u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) & 0x1fff_ffff_0000_00ff | (i % 2 * 7) << 61)
            .chain([0xe3c2_0000_0000_0000, 0, u64::MAX])
            .collect();
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let gens = <Ir3 as isa_runtime::Isa>::LAYOUT.gens.expect("ir3 has generations");
        for gen in gens.lo..=gens.hi {
            let opened = open(&bytes, Some(gen)).unwrap();
            assert_eq!(opened.count, words.len());
            let Words::Made(made) = opened.words else {
                panic!("ir3 words are made one at a time")
            };
            for (i, w) in made.enumerate() {
                assert_eq!((w.offset, w.word), (8 * i, words[i]));
                assert_eq!(w.text, mesa::disassemble_word(words[i], gen).ok());
                assert!(w.text.is_some());
            }
            let mut out = Vec::new();
            (opened.listing)(&mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), mesa::disassemble(&bytes, gen).unwrap());
        }
        assert!(open(&bytes[..20], None).is_err());
    }
}
