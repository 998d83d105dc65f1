//! AGAL: programs (a 7-byte header and 192-bit tokens) in AGALMiniAssembler
//! syntax.

use isa_agal::program::{token_bytes, HEADER_BYTES};
use isa_agal::{asm, disasm, Agal, AgalProgram, Header, ProgramType, Version};
use isa_runtime::explain::explain_format;
use isa_runtime::text::or_list;
use isa_runtime::LayoutCodec;

use super::{AsmOptionGroup, AsmOptions, AuxLayout, CliIsa, Container, ContainerWord, IsaName, LiftFn, Opened, Words};
use crate::commands::asm::ALLOW_EMPTY;
use crate::commands::decode::Decoded;
use crate::failure::Failure;
use crate::input::{Input, Place};
use crate::output;

use std::io::Write;

impl CliIsa for Agal {
    const NAME: IsaName = IsaName::Agal;
    const AUX: Option<AuxLayout> = None;
    const CONTAINER: Option<Container<[u64; 3]>> = Some(Container {
        name: "AGAL program",
        open,
        assemble,
        options: &[AsmOptionGroup::AgalHeader],
    });
    const LIFT_AGSL: Option<LiftFn> = Some(lift_agsl);
}

/// A fragment program to one AGSL shader (`isa_agal::lift`), with
/// its warnings.
fn lift_agsl(bytes: &[u8]) -> Result<(String, Vec<String>), String> {
    let program = AgalProgram::from_bytes(bytes).map_err(|e| e.to_string())?;
    let lifted = isa_agal::lift::lift(&program).map_err(|e| e.to_string())?;
    let warnings = lifted.warnings.iter();
    let warnings = warnings.map(|w| format!("byte {:#x}: warning: {}", w.offset, w.message));
    Ok((lifted.source, warnings.collect()))
}

/// An AGAL program: the header, then tokens that print in mini-assembler
/// syntax, checked whole, then listed one token at a time.
fn open(bytes: &[u8], _gen: Option<u32>) -> Result<Opened<'_, [u64; 3]>, String> {
    let stream = disasm::Stream::new(bytes).map_err(|e| e.to_string())?;
    let word = stream.header.encode();
    let header = Decoded {
        offset: 0,
        bits: 56,
        hex: format!("0x{word:014x}"),
        text: stream.header.to_string(),
        fields: explain_format(<Header as LayoutCodec>::FORMAT, &word, None),
    };
    let words = stream.lines().map(|(token, line)| ContainerWord {
        offset: line.offset,
        word: token.encode(),
        text: Some(line.text),
    });
    Ok(Opened {
        count: stream.count,
        words: Words::Made(Box::new(words)),
        listing: Box::new(move |mut out| stream.write_to(&mut out)),
        header: Some(header),
        aux: Vec::new(),
    })
}

/// AGALMiniAssembler text (one file) to an AGAL program; `--type` and
/// `--version` are required.
fn assemble(files: &[Input], options: &AsmOptions, out: &mut dyn Write) -> Result<(), Failure> {
    let [file] = files else {
        return Err(Failure::usage(format!(
            "an AGAL program is assembled from one file, not {}",
            files.len()
        )));
    };
    let Some(kind) = options.kind else {
        let types: Vec<String> = ProgramType::ALL
            .iter()
            .map(|t| format!("--type {}", t.spelling()))
            .collect();
        return Err(Failure::usage(format!("an AGAL program needs {}", or_list(&types))));
    };
    let versions: Vec<&str> = Version::ALL.iter().map(|v| v.spelling()).collect();
    let version = match options.version {
        Some(n) => Version::from_raw(n.into())
            .ok_or_else(|| Failure::usage(format!("AGAL version {n} does not exist; it is {}", or_list(&versions))))?,
        None => {
            return Err(Failure::usage(format!(
                "an AGAL program needs --version {}",
                or_list(&versions)
            )))
        }
    };
    let located = |errors: Vec<String>| Failure::input(errors.iter().map(|e| format!("{}:{e}", file.name)).collect());
    // Lines that are not UTF-8 are reported as such (at their first bad
    // byte) instead of whatever else is wrong with them; the others assemble.
    let lossy = String::from_utf8_lossy(&file.bytes);
    let bad_lines: Vec<(usize, usize)> = if std::str::from_utf8(&file.bytes).is_ok() {
        Vec::new()
    } else {
        asm::lines(&lossy)
            .enumerate()
            .filter_map(|(i, line)| line.chars().position(|c| c == '\u{FFFD}').map(|col| (i + 1, col + 1)))
            .collect()
    };
    let text: &str = &lossy;
    if !bad_lines.is_empty() {
        let mut errors: Vec<(usize, String)> = bad_lines
            .iter()
            .map(|&(line, col)| (line, format!("{line}:{col}: invalid UTF-8")))
            .collect();
        if let Err(asm) = asm::assemble(text, kind, version, options.ignore_limits) {
            errors.extend(
                asm.iter()
                    .filter(|e| !bad_lines.iter().any(|&(line, _)| line == e.line))
                    .map(|e| (e.line, e.to_string())),
            );
        }
        errors.sort_by_key(|&(line, _)| line);
        return Err(located(errors.into_iter().map(|(_, e)| e).collect()));
    }
    // The header, then each token as its line assembles: on an error the
    // output is dropped.
    let header = Header { version, kind }.encode().to_le_bytes();
    let mut written = out.write_all(&header[..HEADER_BYTES]);
    let assembler = asm::Assembler {
        kind,
        version,
        ignore_limits: options.ignore_limits,
    };
    let mut warnings = Vec::new();
    let count = assembler.program_each_with_warnings(
        text,
        |token| {
            if written.is_ok() {
                written = out.write_all(&token_bytes(&token));
            }
        },
        &mut warnings,
    );
    // Warnings first, as for PICA: `FILE:LINE:COL: warning: …` on stderr.
    for w in &warnings {
        eprintln!("{}:{}:{}: warning: {}", file.name, w.line, w.col, w.message);
    }
    let count = count.map_err(|errors| located(errors.iter().map(ToString::to_string).collect()))?;
    written.map_err(output::write_error)?;
    // No instructions: an error, unless `--allow-empty` (a header alone).
    if count == 0 && !options.allow_empty {
        return Err(file.empty(Place::Text, Some(ALLOW_EMPTY)));
    }
    Ok(())
}
