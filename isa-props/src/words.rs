//! The properties of any fixed-width ISA (an [`Isa`]): raw little-endian
//! words, and the spec's one-instruction-per-line text that `isa disasm` /
//! `isa asm` use for them.

use isa_runtime::{assemble_stream, decode_stream, BitWord, DecodeErrorKind, Isa};

use crate::{ensure, Outcome, Violation};

/// Raw words: a length that is not a whole number of words is an error at
/// the offset of the partial word; otherwise each word decodes or the
/// error names its offset. What decodes encodes to the same bytes, prints
/// as text that parses back to the same instruction, and the printed lines
/// assemble (as `isa asm --raw` does) to the same bytes.
pub fn round_trip<I: Isa>(bytes: &[u8]) -> Outcome {
    let size = (I::Word::BITS / 8) as usize;
    let insns = match decode_stream::<I>(bytes) {
        Ok(insns) => insns,
        Err(e) => {
            let tail = bytes.len() % size;
            if tail != 0 {
                ensure!(
                    e.offset == Some(bytes.len() - tail)
                        && matches!(e.kind, DecodeErrorKind::Truncated { needed, available }
                            if needed == size && available == tail),
                    "{} bytes ({tail} past the last whole word) gave `{e}` at {:?}",
                    bytes.len(),
                    e.offset
                );
                return Ok(());
            }
            let Some(at) = e.offset.filter(|&at| at % size == 0 && at < bytes.len()) else {
                return Err(Violation(format!(
                    "decode error `{e}` is not at a word: {:?}",
                    e.offset
                )));
            };
            let word = I::Word::from_le_bytes(&bytes[at..at + size]);
            ensure!(
                I::decode(word).is_err(),
                "the stream failed at {at:#x} (`{e}`) but that word decodes alone"
            );
            return Ok(());
        }
    };
    ensure!(bytes.len() % size == 0, "{} bytes decoded as whole words", bytes.len());
    let mut again = Vec::with_capacity(bytes.len());
    let mut text = String::new();
    for (i, insn) in insns.iter().enumerate() {
        let at = i * size;
        let word =
            I::encode(insn).map_err(|e| Violation(format!("word at {at:#x} decodes but does not encode: {e}")))?;
        word.write_le_bytes(&mut again);
        ensure!(
            again[at..] == bytes[at..at + size],
            "word at {at:#x} re-encodes differently: {:#x} → {insn:?} → {:#x}",
            I::Word::from_le_bytes(&bytes[at..at + size]).to_u128(),
            word.to_u128()
        );
        let line = insn.to_string();
        match line.parse::<I::Instruction>() {
            Ok(back) => ensure!(
                back == *insn,
                "word at {at:#x}: `{line}` parses as {back:?}, not {insn:?}"
            ),
            Err(e) => return Err(Violation(format!("word at {at:#x}: `{line}` does not parse: {e}"))),
        }
        text.push_str(&line);
        text.push('\n');
    }
    let (words, errors) = assemble_stream::<I>(text.as_bytes());
    ensure!(errors.is_empty(), "the printed text does not assemble: {}", errors[0]);
    let mut reassembled = Vec::with_capacity(bytes.len());
    for word in &words {
        word.write_le_bytes(&mut reassembled);
    }
    ensure!(
        reassembled == bytes,
        "the printed text assembles to other bytes:\n{text}"
    );
    Ok(())
}

/// Text, as `isa asm <isa> FILE` reads it (any bytes, one instruction per
/// line): every error has a line and column inside the text; when there is
/// none, the words satisfy [`round_trip`] (they disassemble and reassemble to
/// themselves).
pub fn text_round_trip<I: Isa>(bytes: &[u8]) -> Outcome {
    let (words, errors) = assemble_stream::<I>(bytes);
    if !errors.is_empty() {
        let lines = bytes.split(|&b| b == b'\n').count();
        for e in &errors {
            ensure!(
                (1..=lines).contains(&e.line) && e.col >= 1,
                "error `{e}` is outside the text ({lines} lines)"
            );
        }
        return Ok(());
    }
    let mut binary = Vec::new();
    for word in &words {
        word.write_le_bytes(&mut binary);
    }
    round_trip::<I>(&binary)
}

#[cfg(test)]
mod tests {
    use isa_lima_gp::LimaGp;
    use isa_pica::Pica;

    use super::*;

    #[test]
    fn odd_lengths_are_located_errors() {
        // Lima GP words are 16 bytes: 17 bytes is one word and a partial one.
        assert_eq!(round_trip::<LimaGp>(&[0; 17]), Ok(()));
        assert_eq!(round_trip::<Pica>(&[0; 7]), Ok(()));
    }

    #[test]
    fn text_errors_are_inside_the_text() {
        assert_eq!(text_round_trip::<Pica>(b"mov o0, v0 (desc 0)\nfrob\n"), Ok(()));
        assert_eq!(text_round_trip::<Pica>(b"\xff\n"), Ok(()));
    }
}
