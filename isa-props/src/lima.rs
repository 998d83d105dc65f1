//! Lima PP programs and Mesa's text for both Lima processors.

use isa_lima_gp::mesa as gp_mesa;
use isa_lima_pp::{mesa as pp_mesa, Instr, InstrView};

use crate::{ensure, Outcome, Violation};

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
/// whose disassembly assembles to the same bytes.
pub fn pp_asm_disasm(bytes: &[u8]) -> Outcome {
    let text = String::from_utf8_lossy(bytes);
    let Ok(program) = pp_mesa::parse_whole_program(&text) else {
        return Ok(());
    };
    let words = Instr::encode_program(&program);
    let decoded = match Instr::decode_program(&words) {
        Ok(decoded) => decoded,
        Err(_) if words.is_empty() => return Ok(()),
        Err(e) => return Err(Violation(format!("the assembled words do not decode ({e})"))),
    };
    let again = pp_mesa::disassemble(&decoded);
    match pp_mesa::parse_whole_program(&again) {
        Ok(back) => ensure!(
            Instr::encode_program(&back) == words,
            "the disassembly assembles to other words:\n{again}"
        ),
        Err(e) => return Err(Violation(format!("the disassembly does not assemble ({e}):\n{again}"))),
    }
    Ok(())
}
