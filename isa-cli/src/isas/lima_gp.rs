//! Lima GP (Mali-200/400 vertex processor): files are raw little-endian
//! 128-bit words. `disasm` prints them as Mesa's `gpir_disassemble_program`
//! does (`isa_lima_gp::mesa`), with a `{raw field=value …}` note where
//! Mesa's text leaves bits out, and `asm` reads that text back. With `--raw`,
//! both use the spec's field-explicit form instead, one word per line.

use isa_lima_gp::{mesa, LimaGp};

use super::{AsmOptions, AuxLayout, CliIsa, Container, ContainerWord, IsaName, LiftFn, Opened};
use crate::commands::asm::ALLOW_EMPTY;
use crate::failure::Failure;
use crate::input::{self, Input, Place};

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

/// Raw words (a whole number of 16-byte words) as Mesa's text; each word's
/// text in `decode` is its instruction's lines.
fn open(bytes: &[u8]) -> Result<Opened<u128>, String> {
    let words: Vec<(usize, u128)> = input::words::<u128>(bytes).map_err(|e| e.to_string())?;
    let plain: Vec<u128> = words.iter().map(|&(_, w)| w).collect();
    let texts: Vec<String> = (0..plain.len()).map(|i| mesa::instruction_text(&plain, i)).collect();
    Ok(Opened {
        listing: texts.concat(),
        header: None,
        words: words
            .into_iter()
            .zip(&texts)
            .map(|((offset, word), text)| ContainerWord {
                offset,
                word,
                text: Some(text.trim_end().to_string()),
            })
            .collect(),
        aux: Vec::new(),
    })
}

/// Mesa's text (one file) to raw words.
fn assemble(files: &[Input], options: &AsmOptions) -> Result<Vec<u8>, Failure> {
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
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let words = mesa::assemble(text).map_err(|e| Failure::input_one(format!("{}:{e}", file.name)))?;
    if words.is_empty() && !options.allow_empty {
        return Err(file.empty(Place::Text, Some(ALLOW_EMPTY)));
    }
    Ok(words.iter().flat_map(|w| w.to_le_bytes()).collect())
}
