//! Lima GP (Mali-200/400 vertex processor): files are raw little-endian
//! 128-bit words. `disasm` prints them as Mesa's `gpir_disassemble_program`
//! does (`isa_lima_gp::mesa`), with a `{raw field=value …}` note where
//! Mesa's text leaves bits out, and `asm` reads that text back. With `--raw`,
//! both use the spec's field-explicit form instead, one word per line.

use isa_lima_gp::{mesa, LimaGp};

use super::{AsmOptions, AuxLayout, CliIsa, Container, ContainerWord, IsaName, LiftFn, Opened, Words};
use crate::commands::asm::ALLOW_EMPTY;
use crate::failure::Failure;
use crate::input::{self, Input, Place};
use crate::output;

use std::io::Write;

impl CliIsa for LimaGp {
    const NAME: IsaName = IsaName::LimaGp;
    const AUX: Option<AuxLayout> = None;
    const CONTAINER: Option<Container<u128>> = Some(Container {
        name: "Lima GP program",
        open,
        assemble,
        options: &[],
    });
    const LIFT_AGSL: Option<LiftFn> = None;
}

/// Raw words (a whole number of 16-byte words) as Mesa's text, made one
/// instruction at a time; each word's text in `decode` is its instruction's
/// lines.
fn open(bytes: &[u8], _gen: Option<u32>) -> Result<Opened<'_, u128>, String> {
    let words = input::words::<u128>(bytes).map_err(|e| e.to_string())?;
    let count = bytes.len() / 16;
    Ok(Opened {
        count,
        listing: Box::new(move |mut out| mesa::disassemble_to(bytes, &mut out)),
        header: None,
        words: Words::Made(Box::new(words.scan(0u128, move |prev, (offset, word)| {
            let text = mesa::text_after(word, *prev, offset / 16, count);
            *prev = word;
            Some(ContainerWord {
                offset,
                word,
                text: Some(text.trim_end().to_string()),
            })
        }))),
        aux: Vec::new(),
    })
}

/// Mesa's text (one file) to raw words.
fn assemble(files: &[Input], options: &AsmOptions, out: &mut dyn Write) -> Result<(), Failure> {
    let [file] = files else {
        return Err(Failure::usage(format!(
            "a Lima GP program is assembled from one file, not {}",
            files.len()
        )));
    };
    let text = std::str::from_utf8(&file.bytes).map_err(|e| {
        let before = &file.bytes[..e.valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        Failure::input_one(format!("{}:{line}:{col}: invalid UTF-8", file.name))
    })?;
    // Each word is written as it parses: on an error the output is dropped.
    let mut written = Ok(());
    let count = mesa::assemble_each(text, |w| {
        if written.is_ok() {
            written = out.write_all(&w.to_le_bytes());
        }
    })
    .map_err(|e| Failure::input_one(format!("{}:{e}", file.name)))?;
    written.map_err(output::write_error)?;
    if count == 0 && !options.allow_empty {
        return Err(file.empty(Place::Text, Some(ALLOW_EMPTY)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The streamed listing and texts are the whole program's: `disassemble`
    /// and `instruction_text` of every word.
    #[test]
    fn streamed_words_are_the_whole_programs() {
        let words: Vec<u128> = (0..40u128)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834) ^ (i << 100))
            .chain([mesa::blank(), 0, u128::MAX])
            .collect();
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let opened = open(&bytes, None).unwrap();
        assert_eq!(opened.count, words.len());
        let Words::Made(made) = opened.words else {
            panic!("Lima GP words are made one at a time")
        };
        for (i, w) in made.enumerate() {
            assert_eq!((w.offset, w.word), (16 * i, words[i]));
            assert_eq!(w.text.as_deref(), Some(mesa::instruction_text(&words, i).trim_end()));
        }
        let mut out = Vec::new();
        (opened.listing)(&mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), mesa::disassemble(&words));
        assert!(open(&bytes[..20], None).is_err());
    }
}
