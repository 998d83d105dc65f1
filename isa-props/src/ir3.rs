//! Adreno ir3: raw 64-bit words and Mesa's text, in every generation the
//! spec declares (`isa_ir3::LAYOUT.gens`).

use isa_ir3::{mesa, Instruction, LAYOUT};
use isa_runtime::lexer::Cursor;
use isa_runtime::DecodeErrorKind;

use crate::{asm_disasm, ensure, Outcome, Violation};

/// The generations of the spec, oldest first.
pub fn generations() -> std::ops::RangeInclusive<u32> {
    match LAYOUT.gens {
        Some(g) => g.lo..=g.hi,
        None => mesa::NEWEST..=mesa::NEWEST,
    }
}

/// Any bytes as little-endian 64-bit words (`isa disasm ir3`, with and
/// without `--raw`), in every generation. A length that is not a whole
/// number of words is an error at the partial word's offset. Otherwise,
/// for each word and generation: decoding (`Instruction::decode_gen`, and
/// `Isa::decode_gen`, which the CLI calls) does not panic; a word it
/// refuses (a source no layout of its union takes, a value a closed enum
/// does not name) names the field at fault and is Mesa's `raw 0x…`, which
/// assembles back; any other gives an instruction of that generation that
/// encodes to the same word; its
/// field-explicit text reads back (as `isa asm ir3 --raw --gen N` reads
/// it) to the same instruction and word; and the whole program's Mesa
/// text (each line with its `{raw …}` note) assembles to the same words in
/// the same generation. Each line's text is assembled once, as part of
/// the program ([`word_in`] assembles one word's line alone).
pub fn words(bytes: &[u8]) -> Outcome {
    let tail = bytes.len() % 8;
    if tail != 0 {
        for gen in generations() {
            match mesa::disassemble(bytes, gen) {
                Ok(_) => return Err(Violation(format!("{} bytes disassemble (a{gen}xx)", bytes.len()))),
                Err(e) => ensure!(
                    e.offset == Some(bytes.len() - tail)
                        && matches!(e.kind, DecodeErrorKind::Truncated { needed: 8, available } if available == tail),
                    "{} bytes ({tail} past the last whole word) gave `{e}` at {:?} (a{gen}xx)",
                    bytes.len(),
                    e.offset
                ),
            }
        }
        return Ok(());
    }
    let words: Vec<u64> = (bytes.chunks_exact(8))
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()))
        .collect();
    // Each word's field-explicit line, kept from one generation to the next.
    let mut lines: Vec<Option<Explicit>> = words.iter().map(|_| None).collect();
    for gen in generations() {
        for (i, (&word, line)) in words.iter().zip(&mut lines).enumerate() {
            decoded_word_in(word, gen, line).map_err(|v| Violation(format!("word at {:#x}, a{gen}xx: {v}", i * 8)))?;
        }
        let text = mesa::disassemble(bytes, gen).map_err(|e| Violation(format!("whole words refused: {e}")))?;
        match mesa::assemble(&text, gen) {
            Ok(again) => {
                if let Some(i) = (0..words.len().max(again.len())).find(|&i| words.get(i) != again.get(i)) {
                    return Err(Violation(format!(
                        "a{gen}xx: the program's Mesa text assembles to other words, first at {:#x} \
                         ({:#018x} → `{}` → {:?}):\n{text}",
                        i * 8,
                        words.get(i).copied().unwrap_or_default(),
                        text.lines().nth(i).unwrap_or_default(),
                        again.get(i)
                    )));
                }
            }
            Err(e) => {
                return Err(Violation(format!(
                    "a{gen}xx: the program's Mesa text does not assemble ({e}):\n{text}"
                )))
            }
        }
    }
    Ok(())
}

/// [`words`] for one word of generation `gen` (`cargo xtask exhaustive
/// ir3` runs it on a sample of its words): the word's checks, and its
/// Mesa text (with its `{raw …}` note) assembles alone to the same word.
pub fn word_in(word: u64, gen: u32) -> Outcome {
    decoded_word_in(word, gen, &mut None)?;
    let text = mesa_text(word, gen)?;
    match mesa::assemble_line(&text, 1, gen) {
        Ok(again) => ensure!(
            again == word,
            "Mesa text `{text}` assembles to {again:#018x}, not {word:#018x}"
        ),
        Err(e) => return Err(Violation(format!("Mesa text `{text}` does not assemble: {e}"))),
    }
    Ok(())
}

/// Mesa's text for `word` in `gen`, one of the spec's generations.
fn mesa_text(word: u64, gen: u32) -> Result<String, Violation> {
    mesa::disassemble_word(word, gen).map_err(|e| Violation(format!("a{gen}xx is refused: {e}")))
}

/// One word of generation `gen`, all but the assembly of its Mesa text:
/// decoding does not panic; a word refused names the field at fault and
/// prints as Mesa's `raw 0x…`; any other encodes back, is of that
/// generation, and its field-explicit text reads back to it. `line` is
/// the field-explicit line of the last generation that decoded the word,
/// if any: printing and reading that text involve no generation, so an
/// instruction decoded the same way again is not printed and read again.
fn decoded_word_in(word: u64, gen: u32, line: &mut Option<Explicit>) -> Outcome {
    let insn = match Instruction::decode_gen(word, gen) {
        Ok(insn) => insn,
        Err(e) => {
            ensure!(!e.field.is_empty(), "{word:#018x} is refused with no field named: {e}");
            let text = mesa_text(word, gen)?;
            ensure!(
                text.starts_with("raw "),
                "{word:#018x} does not decode ({e}), but its Mesa text is `{text}`"
            );
            return Ok(());
        }
    };
    let by_trait = <isa_ir3::Ir3 as isa_runtime::Isa>::decode_gen(word, gen);
    ensure!(
        by_trait.as_ref() == Ok(&insn),
        "{word:#018x}: Isa::decode_gen gives {by_trait:?}, Instruction::decode_gen {insn:?}"
    );
    ensure!(
        insn.encode() == word,
        "{word:#018x} → {insn:?} → {:#018x}",
        insn.encode()
    );
    if let Some(op) = insn.opcode() {
        ensure!(
            op.in_gen(gen),
            "{word:#018x} decodes as `{}`, which a{gen}xx does not have",
            op.mnemonic
        );
    }
    let explicit = match line {
        Some(known) if known.insn == insn => known,
        _ => line.insert(Explicit::of(insn)),
    };
    let text = &explicit.text;
    let back = explicit
        .bits
        .clone()
        .and_then(|bits| in_gen(text, bits, gen))
        .map_err(|e| Violation(format!("`{text}` does not assemble: {e}")))?;
    ensure!(back == insn, "`{text}` assembles as {back:?}, not {insn:?}");
    Ok(())
}

/// An instruction's field-explicit line and the bits it reads back as.
struct Explicit {
    insn: Instruction,
    text: String,
    bits: Result<u64, String>,
}

impl Explicit {
    fn of(insn: Instruction) -> Self {
        let text = insn.to_string();
        let bits = bits_of(&text);
        Explicit { insn, text, bits }
    }
}

/// The bits of a field-explicit line, read as `isa asm ir3 --raw` reads
/// it (no generation involved).
fn bits_of(line: &str) -> Result<u64, String> {
    let mut cur = Cursor::new(line);
    isa_runtime::text::parse_instruction(&LAYOUT, &mut cur).map_err(|e| e.to_string())
}

/// The bits `word` of field-explicit `line`, decoded as generation `gen`
/// has them; its mnemonic must be of that generation.
fn in_gen(line: &str, word: u64, gen: u32) -> Result<Instruction, String> {
    let mut at = Cursor::new(line);
    at.skip_blanks();
    if let Some(op) = at.word().and_then(|m| LAYOUT.opcode(m)).filter(|op| !op.in_gen(gen)) {
        return Err(format!("`{}` is not an a{gen}xx instruction", op.mnemonic));
    }
    Instruction::decode_gen(word, gen).map_err(|e| e.to_string())
}

/// Mesa's text (`isa asm ir3 --gen N`), in every generation: errors lie
/// inside the text; whatever assembles, `isa disasm ir3 --gen N` prints as
/// text that assembles to the same bytes ([`asm_disasm::check`]).
pub fn asm_disasm(bytes: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(bytes);
    let lines = text.split('\n').count();
    for gen in generations() {
        let assemble = |text: &str| {
            mesa::assemble(text, gen)
                .map(|words| words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>())
                .map_err(|e| e.to_string())
        };
        let disasm = |bytes: &[u8]| mesa::disassemble(bytes, gen).map_err(|e| e.to_string());
        let assembled = match mesa::assemble(&text, gen) {
            Ok(words) => Some(words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()),
            Err(e) => {
                ensure!(
                    (1..=lines).contains(&e.line) && e.col >= 1,
                    "a{gen}xx: error `{e}` is outside the text ({lines} lines)"
                );
                None
            }
        };
        asm_disasm::check(assembled, disasm, assemble).map_err(|v| Violation(format!("a{gen}xx: {v}")))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line of the spec's field-explicit text, read as `isa asm ir3
    /// --raw --gen N` reads it: its bits, decoded as generation `gen` has
    /// them (a mnemonic of another generation is an error).
    fn field_explicit(line: &str, gen: u32) -> Result<Instruction, String> {
        in_gen(line, bits_of(line)?, gen)
    }

    #[test]
    fn words_of_every_kind_hold() {
        let words = [
            0u64,
            5,
            0x0080_0200_0000_0004,
            0xe3c2_0000_0000_0000,
            0x0222_0000_0000_0004,
            u64::MAX,
        ];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(super::words(&bytes), Ok(()));
        assert_eq!(super::words(&bytes[..13]), Ok(()));
        assert_eq!(super::words(&[]), Ok(()));
    }

    /// `lock` is a7xx only: its text does not read back for a6xx, where
    /// its word is `raw`.
    #[test]
    fn field_explicit_text_keeps_to_its_generation() {
        assert!(field_explicit("lock", 6).is_err());
        assert_eq!(field_explicit("lock", 7).map(|i| i.encode()), Ok(0xe3c2_0000_0000_0000));
        assert_eq!(
            field_explicit("raw 0xe3c2000000000000", 6).map(|i| i.encode()),
            Ok(0xe3c2_0000_0000_0000)
        );
    }

    #[test]
    fn texts_hold() {
        assert_eq!(asm_disasm(b"(sy)nop\nbr !p0.y, #2\nlock\nend\n"), Ok(()));
        assert_eq!(asm_disasm(b"nop {raw immed=0x5}\nfrob\n"), Ok(()));
        assert_eq!(asm_disasm(b""), Ok(()));
        assert_eq!(asm_disasm(b"\xff\xfe"), Ok(()));
    }
}
