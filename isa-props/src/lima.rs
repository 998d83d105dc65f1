//! Lima PP programs and Mesa's text for both Lima processors.

use isa_lima_gp::mesa as gp_mesa;
use isa_lima_pp::{mesa as pp_mesa, Instr, InstrView};

use crate::{asm_disasm, ensure, Outcome, Violation};

/// Lines in `text`, as the assemblers count them.
fn line_count(text: &str) -> usize {
    text.split('\n').count()
}

/// Raw little-endian Lima PP words of one program: they decode, or the
/// error's byte offset is inside the input; a program that decodes
/// re-encodes to the same words (zero padding after it aside), and its Mesa
/// text (with `{raw …}` annotations) assembles back to the same words.
pub fn pp_program(bytes: &[u8]) -> Outcome {
    pp_views_agree(bytes)?;
    let program = match Instr::program_from_bytes(bytes) {
        Ok(program) => program,
        Err(e) => {
            let offset = e.offset.unwrap_or(usize::MAX);
            ensure!(
                offset <= bytes.len(),
                "error `{e}` is past the end ({} bytes)",
                bytes.len()
            );
            return Ok(());
        }
    };
    let words = Instr::encode_program(&program);
    let encoded: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    ensure!(
        bytes.starts_with(&encoded) && bytes[encoded.len()..].iter().all(|&b| b == 0),
        "the program re-encodes to other bytes"
    );
    let text = pp_mesa::disassemble(&program);
    match pp_mesa::parse_program(&text) {
        Ok(again) => ensure!(
            Instr::encode_program(&again) == words,
            "the Mesa text assembles to other words:\n{text}"
        ),
        Err(e) => return Err(Violation(format!("the Mesa text does not assemble ({e}):\n{text}"))),
    }
    Ok(())
}

/// The instruction views of the words agree with the eager decoder: the
/// same error, or the same instructions (compared as words: a half-float
/// NaN is not equal to itself).
fn pp_views_agree(bytes: &[u8]) -> Outcome {
    let Ok(words) = isa_runtime::packed::words_of(bytes) else {
        return Ok(());
    };
    match (Instr::decode_program(&words), InstrView::decode_program(&words)) {
        (Ok(program), Ok(views)) => {
            let from_views: Vec<Instr> = views.iter().map(InstrView::to_instr).collect();
            ensure!(
                Instr::encode_program(&from_views) == Instr::encode_program(&program),
                "the views decode to other instructions"
            );
        }
        (Err(eager), Err(view)) => ensure!(
            view == eager,
            "the views fail with `{view}`, the decoder with `{eager}`"
        ),
        (eager, views) => {
            return Err(Violation(format!(
                "the decoder gives {:?} but the views {:?}",
                eager.map(|p| p.len()),
                views.map(|v| v.len())
            )))
        }
    }
    Ok(())
}

/// Lima PP Mesa text (`isa asm lima-pp`): errors lie inside the text, and
/// whatever assembles satisfies [`pp_program`].
pub fn pp_assemble(bytes: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(bytes);
    match pp_mesa::parse_program(&text) {
        Ok(program) => {
            let words = Instr::encode_program(&program);
            let binary: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            pp_program(&binary)
        }
        Err(e) => {
            ensure!(
                (1..=line_count(&text)).contains(&e.line) && e.col >= 1,
                "error `{e}` is outside the text"
            );
            Ok(())
        }
    }
}

/// Lima GP Mesa text (`isa asm lima-gp`): errors lie inside the text, and
/// whatever assembles prints (with its `{raw …}` notes) as text that
/// assembles to the same words.
pub fn gp_assemble(bytes: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(bytes);
    match gp_mesa::assemble(&text) {
        Ok(words) => {
            let again = gp_mesa::disassemble(&words);
            match gp_mesa::assemble(&again) {
                Ok(back) => ensure!(back == words, "the disassembly assembles to other words:\n{again}"),
                Err(e) => return Err(Violation(format!("the disassembly does not assemble ({e}):\n{again}"))),
            }
            Ok(())
        }
        Err(e) => {
            ensure!(
                (1..=line_count(&text)).contains(&e.line) && e.col >= 1,
                "error `{e}` is outside the text"
            );
            Ok(())
        }
    }
}

/// What `isa asm lima-pp` writes, `isa disasm lima-pp` reads back: text
/// that assembles as a whole program gives bytes that decode as one, and
/// whose disassembly assembles to the same bytes ([`asm_disasm::check`]).
pub fn pp_asm_disasm(bytes: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(bytes);
    let assemble = |text: &str| {
        pp_mesa::parse_whole_program(text)
            .map(|program| pp_bytes(&program))
            .map_err(|e| e.to_string())
    };
    let disasm = |bytes: &[u8]| {
        // `isa asm --allow-empty` writes no bytes, which the listing reads
        // as an error (the CLI prints nothing for them with `--allow-empty`).
        if bytes.is_empty() {
            return Ok(String::new());
        }
        let listing = pp_mesa::Listing::new(bytes).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        listing.write_to(&mut out).map_err(|e| e.to_string())?;
        String::from_utf8(out).map_err(|e| e.to_string())
    };
    asm_disasm::check(assemble(&text).ok(), disasm, assemble)
}

/// A Lima PP program's little-endian bytes.
fn pp_bytes(program: &[Instr]) -> Vec<u8> {
    Instr::encode_program(program)
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

/// What `isa asm lima-gp` writes, `isa disasm lima-gp` reads back (as it
/// streams it) and reassembles to the same bytes ([`asm_disasm::check`]).
pub fn gp_asm_disasm(bytes: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(bytes);
    let assemble = |text: &str| {
        gp_mesa::assemble(text)
            .map(|words| words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>())
            .map_err(|e| e.to_string())
    };
    let disasm = |bytes: &[u8]| {
        let mut out = Vec::new();
        gp_mesa::disassemble_to(bytes, &mut out).map_err(|e| e.to_string())?;
        String::from_utf8(out).map_err(|e| e.to_string())
    };
    asm_disasm::check(assemble(&text).ok(), disasm, assemble)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_programs_round_trip() {
        let gp = b"000:\tnop\n001:\tmov.p ^10 t[3].x\n\tbranch ^10 000\n";
        assert_eq!(gp_asm_disasm(gp), Ok(()));
        assert_eq!(gp_asm_disasm(b"000:\tfrob\n"), Ok(()));
        assert_eq!(pp_asm_disasm(b"mov.v1 $0 $1\nbranch.lt $0.x $1.y 0, stop\n"), Ok(()));
        assert_eq!(pp_asm_disasm(b""), Ok(()));
    }

    /// Branch targets outside the program: `isa asm` wrote them, and Mesa's
    /// text of the result, with its absolute target, was the same text; now
    /// the assemblers refuse them (the printers keep such a binary's target
    /// in a `{raw …}` note).
    #[test]
    fn branches_outside_the_program_are_refused() {
        assert!(gp_mesa::assemble("000:\tmov.p ^4 t[3].x\n\tbranch ^4 005\n").is_err());
        assert!(pp_mesa::parse_whole_program("branch -5, stop\n").is_err());
        assert_eq!(gp_asm_disasm(b"000:\tmov.p ^4 t[3].x\n\tbranch ^4 005\n"), Ok(()));
    }
}
