//! PICA200 `.shbin` files and picasso text.

use isa_pica::asm::{self as pica_asm, SourceFile};
use isa_pica::disasm::disassemble;
use isa_pica::shbin::{ShaderKind, Shbin};

use crate::{asm_disasm, ensure, Outcome, Violation};

/// A `.shbin`: it parses or the error's byte offset is inside the file. A
/// file that parses is written back (in picasso's or nihstro's layout,
/// whichever the file used) as exactly its bytes, and its disassembly
/// assembles to those bytes (the DVLP's version and reserved words through
/// `.raw_dvlp`).
///
/// One limit is allowed for: files with more code than picasso lets a
/// vertex shader have ([`PICASSO_VERTEX_LIMIT`]) skip the text round trip.
pub fn shbin(bytes: &[u8]) -> Outcome {
    let shbin = match Shbin::from_bytes(bytes) {
        Ok(shbin) => shbin,
        Err(e) => {
            ensure!(
                e.offset <= bytes.len(),
                "error `{e}` is past the end ({} bytes)",
                bytes.len()
            );
            return Ok(());
        }
    };
    let written = shbin
        .to_bytes()
        .map_err(|e| Violation(format!("the file parses but is not written back: {e}")))?;
    ensure!(written == bytes, "the file parses but is written back as other bytes");
    match Shbin::from_bytes(&written) {
        Ok(again) => ensure!(again == shbin, "the written file parses differently: {again:?}"),
        Err(e) => return Err(Violation(format!("the written file does not parse: {e}"))),
    }
    let vertex = shbin.dvles.iter().any(|d| d.kind == ShaderKind::Vertex);
    if vertex && shbin.code.len() > PICASSO_VERTEX_LIMIT {
        return Ok(());
    }
    let text = disassemble(&shbin);
    let files = [SourceFile {
        name: "fuzz.pica".into(),
        text,
    }];
    match pica_asm::assemble(&files, &pica_asm::Options::default()) {
        Ok(again) => {
            ensure!(
                again.to_bytes().as_deref() == Ok(bytes),
                "the disassembly assembles to other bytes:\n{}",
                files[0].text
            );
            Ok(())
        }
        Err(errors) => Err(Violation(format!(
            "the disassembly does not assemble ({}):\n{}",
            errors[0], files[0].text
        ))),
    }
}

/// The most code words picasso (and so the assembler) accepts while a
/// vertex shader is being assembled: the 513th instruction is the last.
pub const PICASSO_VERTEX_LIMIT: usize = 513;

/// picasso text after an option byte (bit 0 set: `--no-nop`), with NUL
/// bytes separating source files (one DVLE each): every error and every
/// warning has a line and column; a file that
/// assembles parses back to the same value and satisfies [`shbin`]. Bytes
/// that are not UTF-8 are replaced.
pub fn assemble(bytes: &[u8]) -> Outcome {
    let Some((files, options)) = files_and_options(bytes) else {
        return Ok(());
    };
    let (assembled, warnings) = pica_asm::assemble_with_warnings(&files, &options);
    for w in &warnings {
        ensure!(w.line >= 1 && w.col >= 1, "warning `{w}` has no position");
    }
    match assembled {
        Ok(assembled) => {
            let binary = assembled
                .to_bytes()
                .map_err(|e| Violation(format!("the assembled file is not written: {e}")))?;
            match Shbin::from_bytes(&binary) {
                Ok(parsed) => ensure!(parsed == assembled, "the assembled file parses differently"),
                Err(e) => return Err(Violation(format!("the assembled file does not parse: {e}"))),
            }
            shbin(&binary)
        }
        Err(errors) => {
            ensure!(!errors.is_empty(), "assembly failed without an error");
            for e in &errors {
                ensure!(e.line >= 1 && e.col >= 1, "error `{e}` has no position");
            }
            Ok(())
        }
    }
}

/// The source files and options of an input of [`assemble`]: an option
/// byte, then the files' texts separated by NUL bytes.
fn files_and_options(bytes: &[u8]) -> Option<(Vec<SourceFile>, pica_asm::Options)> {
    let (&byte, text) = bytes.split_first()?;
    let files: Vec<SourceFile> = text
        .split(|&b| b == 0)
        .enumerate()
        .map(|(i, text)| SourceFile {
            name: format!("f{i}.pica"),
            text: String::from_utf8_lossy(text).into_owned(),
        })
        .collect();
    let options = pica_asm::Options {
        auto_nop: byte & 1 == 0,
    };
    Some((files, options))
}

/// What `isa asm pica` writes (for the files and options of an input of
/// [`assemble`]), `isa disasm pica` reads back, and its text assembles (as
/// one file, without options) to the same `.shbin` ([`asm_disasm::check`]).
/// Unlike [`shbin`], nothing is allowed for: every file the assembler
/// writes is one its disassembly can say.
pub fn asm_disasm(bytes: &[u8]) -> Outcome {
    let Some((files, options)) = files_and_options(bytes) else {
        return Ok(());
    };
    // `isa asm` refuses a file that cannot be written as it refuses bad text.
    let assembled = pica_asm::assemble(&files, &options)
        .ok()
        .and_then(|s| s.to_bytes().ok());
    let disasm = |bytes: &[u8]| {
        let shbin = Shbin::from_bytes(bytes).map_err(|e| e.to_string())?;
        Ok(isa_pica::disasm::listing(&shbin).text)
    };
    let reassemble = |text: &str| {
        let file = SourceFile {
            name: "disasm.pica".into(),
            text: text.to_string(),
        };
        match pica_asm::assemble(&[file], &pica_asm::Options::default()) {
            Ok(shbin) => shbin.to_bytes().map_err(|e| e.to_string()),
            Err(errors) => Err(errors[0].to_string()),
        }
    };
    asm_disasm::check(assembled, disasm, reassemble)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_program_round_trips() {
        assert_eq!(assemble(b"\0.proc main\n  mov o0, v0\n  end\n.end\n"), Ok(()));
        assert_eq!(assemble(b"\0.proc main\n  frob\n"), Ok(()));
        assert_eq!(shbin(b"DVLB\x01\0\0\0"), Ok(()));
        assert_eq!(asm_disasm(b"\0.proc main\n  mov o0, v0\n  end\n.end\n"), Ok(()));
        assert_eq!(
            asm_disasm(b"\x01.proc main\n  mov o0, v0\n  end\n.end\0.proc p2\n  nop\n.end\n.entry p2\n"),
            Ok(())
        );
    }

    /// A jump to a label after the last instruction: `isa asm` wrote it,
    /// and the disassembly (which has no label there) wrote it back as a
    /// label after `.end`; now the assembler refuses it.
    #[test]
    fn a_jump_past_the_last_instruction_is_refused() {
        let input = b"\0.proc main\n  mov o0, v0\n  jmpu b0, done\n  end\ndone:\n.end\n";
        assert_eq!(asm_disasm(input), Ok(()));
        let (files, options) = files_and_options(input).unwrap();
        assert!(pica_asm::assemble(&files, &options).is_err());
    }

    /// Fuzz finding (pica-asm): a line marker `# 0` made the next line's
    /// errors say line 0; positions are 1-based whatever a marker says.
    #[test]
    fn a_line_marker_to_line_0_still_gives_1_based_positions() {
        let files = [SourceFile {
            name: "a.pica".into(),
            text: "#0, v0\n\tmov o0, v0\n".into(),
        }];
        let errors = pica_asm::assemble(&files, &pica_asm::Options::default()).unwrap_err();
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            errors,
            [
                "a.pica:1:1: no DVLE: every file is empty, only defines aliases or procedures, or has `.nodvle`",
                ", v0:1:2: instruction outside a block: put it inside `.proc NAME` … `.end`",
            ]
        );
        assert_eq!(assemble(b"\0#0, v0\n\tmov o0, v0\n"), Ok(()));
    }

    /// Fuzz finding (pica-asm, after 5 million inputs): a file that makes a
    /// DVLE without code of its own (here an empty `.bool`), whose entry is
    /// the next file's `main`. Its disassembled text declared nothing, so
    /// it made no DVLE and the file came back with one DVLE too few; the
    /// disassembler now writes `.entry` in such a text.
    #[test]
    fn a_dvle_without_code_of_its_own_keeps_its_text() {
        let input = b"\0.bool \0.proc main\n  end\n.end\n";
        let files = [
            SourceFile {
                name: "a.pica".into(),
                text: ".bool \n".into(),
            },
            SourceFile {
                name: "b.pica".into(),
                text: ".proc main\n  end\n.end\n".into(),
            },
        ];
        let file = pica_asm::assemble(&files, &pica_asm::Options::default()).unwrap();
        assert_eq!(file.dvles.len(), 2);
        let text = disassemble(&file);
        assert!(text.contains("; DVLE 0: vertex shader\n.entry main\n"), "{text}");
        assert_eq!(assemble(input), Ok(()));
    }

    /// Fuzz finding 9 (pica-asm-disasm, after 10.5 million inputs): two
    /// files, the first with a procedure `k` and no `main`, the second
    /// with `main`, a lone `nop`. Both DVLEs enter at the second file's
    /// `main` (procedures are global, as in picasso). The second text's
    /// only word is a NOP that picasso adds to an empty procedure by
    /// itself, so it printed `.proc main` / `.end` and nothing that makes
    /// a DVLE: the text came back with one DVLE. Such a text now writes
    /// `.entry`.
    #[test]
    fn a_dvle_whose_only_word_is_padding_keeps_its_text() {
        let input = b"\0.proc k\nnop\n.end\0.proc main\nnop\n.end";
        let files = [
            SourceFile {
                name: "a.pica".into(),
                text: ".proc k\nnop\n.end".into(),
            },
            SourceFile {
                name: "b.pica".into(),
                text: ".proc main\nnop\n.end".into(),
            },
        ];
        let file = pica_asm::assemble(&files, &pica_asm::Options::default()).unwrap();
        assert_eq!(file.dvles.len(), 2);
        assert!(file.dvles.iter().all(|d| (d.main, d.endmain) == (1, 2)));
        let text = disassemble(&file);
        assert!(text.contains("; DVLE 1: vertex shader\n.entry main\n"), "{text}");
        assert_eq!(asm_disasm(input), Ok(()));
    }

    /// Fuzz finding (pica-shbin): a vertex shader file with more code than
    /// picasso accepts parses, but its text cannot be assembled; that is
    /// the assembler keeping picasso's limit, and the property allows it.
    #[test]
    fn vertex_code_beyond_picassos_limit_is_allowed() {
        let text: String = std::iter::once(".proc main\n")
            .chain(std::iter::repeat_n("  mov o0, v0\n", PICASSO_VERTEX_LIMIT - 1))
            .chain(["  end\n.end\n"])
            .collect();
        let files = [SourceFile {
            name: "a.pica".into(),
            text,
        }];
        let mut file = pica_asm::assemble(&files, &pica_asm::Options::default()).unwrap();
        assert_eq!(file.code.len(), PICASSO_VERTEX_LIMIT);
        assert_eq!(shbin(&file.to_bytes().expect("writable")), Ok(()));
        let end = file.code[file.code.len() - 1];
        file.code.push(end);
        let bytes = file.to_bytes().expect("writable");
        let text = [SourceFile {
            name: "b.pica".into(),
            text: disassemble(&file),
        }];
        let errors = pica_asm::assemble(&text, &pica_asm::Options::default()).unwrap_err();
        assert!(errors[0].message.contains("picasso's limit is 513"), "{}", errors[0]);
        assert_eq!(shbin(&bytes), Ok(()));
    }

    /// The first fuzz finding (pica-shbin): a DVLE whose code ends in a
    /// `call`. picasso pads the end of a procedure after a call with a NOP,
    /// so the text could not say it; it was allowed for as a limit until the
    /// disassembler learnt to write `.nopad` before such a `.end`.
    #[test]
    fn a_dvle_ending_in_a_call_round_trips() {
        let files = [SourceFile {
            name: "a.pica".into(),
            text: ".proc main\n  mov o0, v0\n  mov o1, v1\n  end\n.end\n".into(),
        }];
        let mut file = pica_asm::assemble(&files, &pica_asm::Options::default()).unwrap();
        let last = file.code.len() - 1;
        file.code[last] = 0x24 << 26 | 1; // call 0, 1 word: no padding NOP after it
        let text = disassemble(&file);
        assert!(text.contains("\t.nopad\n.end\n"), "{text}");
        let again = pica_asm::assemble(
            &[SourceFile {
                name: "b.pica".into(),
                text,
            }],
            &Default::default(),
        )
        .unwrap();
        assert_eq!(again.code, file.code);
        assert_eq!(shbin(&file.to_bytes().expect("writable")), Ok(()));
    }

    /// Fuzz finding (pica-shbin, after 3.5 million inputs): the same at the
    /// end of the first of two DVLEs, whose texts are separate sections, so
    /// the call ends a procedure in the middle of the code. The file is built
    /// here: DVLE 0 is `main` (ending in a call to DVLE 1's `main`), DVLE 1
    /// a procedure of its own.
    #[test]
    fn a_call_at_the_end_of_the_first_dvles_text_round_trips() {
        let files = [
            SourceFile {
                name: "a.pica".into(),
                text: ".proc main\n  mov o0, v0\n  mov o1, v1\n  nop\n.end\n".into(),
            },
            SourceFile {
                name: "b.pica".into(),
                text: ".proc main2\n  mov o0, v1\n  end\n.end\n.entry main2\n".into(),
            },
        ];
        let mut file = pica_asm::assemble(&files, &pica_asm::Options::default()).unwrap();
        assert_eq!((file.dvles[0].main, file.dvles[0].endmain), (0, 3));
        let (start, end) = (file.dvles[1].main, file.dvles[1].endmain);
        // Replace DVLE 0's last word with `call main2`.
        file.code[2] = 0x24 << 26 | start << 10 | (end - start);
        let text = disassemble(&file);
        assert!(text.contains("\t.nopad\n.end\n"), "{text}");
        assert_eq!(shbin(&file.to_bytes().expect("writable")), Ok(()));
        // Without `.nopad`, picasso's rules pad the call with a NOP.
        let plain = text.replace("\t.nopad\n", "");
        let padded = pica_asm::assemble(
            &[SourceFile {
                name: "c.pica".into(),
                text: plain,
            }],
            &Default::default(),
        )
        .unwrap();
        assert_eq!(padded.code.len(), file.code.len() + 1);
    }
}
