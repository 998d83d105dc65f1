//! AGAL programs and AGALMiniAssembler text.

use isa_agal::asm::Assembler;
use isa_agal::{disasm, AgalProgram, ProgramType, Version};

use crate::{asm_disasm, ensure, Outcome, Violation};

/// An AGAL program: it parses or the error's byte offset is inside the
/// file; a program that parses writes back the same bytes, its listing
/// assembles (with the options the listing asks for) to the same program,
/// and its lift to AGSL (`isa lift agal`) gives a shader or an error, its
/// error and warnings at byte offsets inside the file.
pub fn program(bytes: &[u8]) -> Outcome {
    let program = match AgalProgram::from_bytes(bytes) {
        Ok(program) => program,
        Err(e) => {
            ensure!(
                e.offset <= bytes.len(),
                "error `{e}` is past the end ({} bytes)",
                bytes.len()
            );
            return Ok(());
        }
    };
    ensure!(program.to_bytes() == bytes, "the program writes back other bytes");
    let inside = |e: &isa_agal::lift::LiftError| e.offset < bytes.len();
    match isa_agal::lift::lift(&program) {
        Ok(lifted) => {
            if let Some(w) = lifted.warnings.iter().find(|w| !inside(w)) {
                return Err(Violation(format!("a lift warning is outside the file: {w}")));
            }
        }
        Err(e) => ensure!(inside(&e), "the lift's error is outside the file: {e}"),
    }
    let listing = disasm::listing(&program);
    let text = listing.to_string();
    let asm = Assembler {
        kind: listing.kind,
        version: listing.version,
        ignore_limits: listing.needs_ignore_limits,
    };
    match asm.program(&text) {
        Ok(again) => ensure!(
            again.to_bytes() == bytes,
            "the listing assembles to another program:\n{text}"
        ),
        Err(errors) => {
            return Err(Violation(format!(
                "the listing does not assemble ({}):\n{text}",
                errors[0]
            )))
        }
    }
    Ok(())
}

/// The assembler settings an option byte selects: bit 0 the program type
/// (fragment when set), bits 1–2 the version (1, 2, 3; 3 also for the
/// fourth value), bit 3 `--ignore-limits`.
pub fn options(byte: u8) -> Assembler {
    Assembler {
        kind: if byte & 1 == 0 {
            ProgramType::Vertex
        } else {
            ProgramType::Fragment
        },
        version: match (byte >> 1) & 3 {
            0 => Version::V1,
            1 => Version::V2,
            _ => Version::V3,
        },
        ignore_limits: byte & 8 != 0,
    }
}

/// The option byte that selects `asm` (the inverse of [`options`]).
pub fn option_byte(asm: &Assembler) -> u8 {
    let kind = u8::from(asm.kind == ProgramType::Fragment);
    let version = match asm.version {
        Version::V1 => 0,
        Version::V2 => 1,
        Version::V3 => 2,
    };
    kind | version << 1 | u8::from(asm.ignore_limits) << 3
}

/// AGALMiniAssembler text after an option byte ([`options`]): the
/// assembler either reports errors at lines and columns inside the text,
/// or gives a program whose bytes parse back to it and satisfy [`program`].
/// Bytes that are not UTF-8 are replaced, as `isa asm agal` does.
pub fn assemble(bytes: &[u8]) -> Outcome {
    let Some((&byte, text)) = bytes.split_first() else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(text);
    match options(byte).program(&text) {
        Ok(assembled) => {
            let binary = assembled.to_bytes();
            match AgalProgram::from_bytes(&binary) {
                Ok(parsed) => ensure!(parsed == assembled, "the assembled program parses differently"),
                Err(e) => return Err(Violation(format!("the assembled program does not parse: {e}"))),
            }
            program(&binary)
        }
        Err(errors) => {
            ensure!(!errors.is_empty(), "assembly failed without an error");
            let lines = text.split(['\n', '\r']).count();
            for e in &errors {
                ensure!(
                    (1..=lines).contains(&e.line) && e.col >= 1,
                    "error `{e}` is outside the text ({lines} lines)"
                );
            }
            Ok(())
        }
    }
}

/// What `isa asm agal` writes (with the options of an input of
/// [`assemble`]), `isa disasm agal` reads back, and its text assembles, with
/// the options its first line names (`assemble with --type … --version …
/// [--ignore-limits]`), to the same bytes ([`asm_disasm::check`]).
pub fn asm_disasm(bytes: &[u8]) -> Outcome {
    let Some((&byte, text)) = bytes.split_first() else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(text);
    let assembled = options(byte).program(&text).ok().map(|p| p.to_bytes());
    let disasm = |bytes: &[u8]| {
        let program = AgalProgram::from_bytes(bytes).map_err(|e| e.to_string())?;
        Ok(disasm::listing(&program).to_string())
    };
    let reassemble = |text: &str| {
        let asm = named_options(text).ok_or("the first line names no options")?;
        asm.program(text)
            .map(|p| p.to_bytes())
            .map_err(|errors| errors[0].to_string())
    };
    asm_disasm::check(assembled, disasm, reassemble)
}

/// The assembler options the listing's first line names: `// AGAL program,
/// N tokens; assemble with --type TYPE --version V [--ignore-limits]`, read
/// as the CLI reads those flags.
pub fn named_options(listing: &str) -> Option<Assembler> {
    let first = listing.lines().next()?;
    let (_, flags) = first.split_once("; assemble with ")?;
    let mut words = flags.split(' ');
    let (mut kind, mut version, mut ignore_limits) = (None, None, false);
    while let Some(flag) = words.next() {
        match flag {
            "--type" => {
                let name = words.next()?;
                kind = ProgramType::ALL.iter().copied().find(|t| t.spelling() == name);
            }
            "--version" => {
                version = match words.next()? {
                    "1" => Some(Version::V1),
                    "2" => Some(Version::V2),
                    "3" => Some(Version::V3),
                    _ => None,
                }
            }
            "--ignore-limits" => ignore_limits = true,
            _ => return None,
        }
    }
    Some(Assembler {
        kind: kind?,
        version: version?,
        ignore_limits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_bytes_round_trip() {
        for byte in 0..16u8 {
            let asm = options(byte);
            let back = option_byte(&asm);
            // Versions 2 and 3 of bits 1–2 both mean AGAL3.
            assert_eq!(options(back), asm, "byte {byte:#x}");
        }
    }

    #[test]
    fn a_small_program_round_trips() {
        let byte = option_byte(&Assembler {
            kind: ProgramType::Fragment,
            version: Version::V2,
            ignore_limits: false,
        });
        let mut input = vec![byte];
        input.extend_from_slice(b"tex ft0, v0, fs0 <2d,linear,repeat>\nmov oc, ft0\n");
        assert_eq!(assemble(&input), Ok(()));
        assert_eq!(assemble(b"\x01frob ft0\n"), Ok(()));
        assert_eq!(asm_disasm(&input), Ok(()));
        assert_eq!(asm_disasm(b"\x01frob ft0\n"), Ok(()));
    }

    /// More than 4096 tokens assemble with `--ignore-limits`; the listing's
    /// first line asks for it, and reassembled with what it names gives the
    /// same bytes (before, it named no flag, and the text was refused).
    #[test]
    fn a_program_past_the_token_limit_reassembles_with_the_options_it_names() {
        let asm = Assembler {
            kind: ProgramType::Fragment,
            version: Version::V2,
            ignore_limits: true,
        };
        let mut input = vec![option_byte(&asm)];
        input.extend("mov ft0, fc0\n".repeat(5000).bytes());
        assert_eq!(asm_disasm(&input), Ok(()));
        let program = asm.program(&"mov ft0, fc0\n".repeat(5000)).unwrap();
        assert_eq!(named_options(&disasm::listing(&program).to_string()), Some(asm));
    }
}
