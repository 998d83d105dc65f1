//! PICA200: `.shbin` files (DVLB), picasso syntax, operand descriptors.

use isa_pica::asm::{self as pica_asm, SourceFile};
use isa_pica::shbin::Shbin;
use isa_pica::{OpDesc, Pica};

use super::{
    AsmOptionGroup, AsmOptions, AuxLayout, AuxWord, CliIsa, Container, ContainerWord, IsaName, LiftFn, Opened, Words,
};
use crate::commands::asm::ALLOW_EMPTY;
use crate::failure::Failure;
use crate::input::{Input, Place};
use crate::output;
use isa_runtime::explain::FieldReport;

use std::io::Write;

impl CliIsa for Pica {
    const NAME: IsaName = IsaName::Pica;
    const AUX: Option<AuxLayout> = Some(AuxLayout::of::<OpDesc>("opdescs", "operand descriptor"));
    const CONTAINER: Option<Container<u32>> = Some(Container {
        name: "SHBIN",
        open,
        assemble,
        options: &[AsmOptionGroup::Padding],
    });
    const LIFT_AGSL: Option<LiftFn> = None;
}

/// A `.shbin`: picasso-syntax text, and its code words (each with its
/// line of that text) and operand descriptors at their byte offsets in the
/// file. Read whole: a `.shbin` holds at most a few hundred instructions.
fn open(bytes: &[u8], _gen: Option<u32>) -> Result<Opened<'_, u32>, String> {
    let shbin = Shbin::from_bytes(bytes).map_err(|e| e.to_string())?;
    // The parse checked the header; its offsets are read again here.
    let u32_at = |at: usize| {
        bytes
            .get(at..at.saturating_add(4))
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let dvlp = 8 + 4 * shbin.dvles.len();
    let code_at = dvlp.saturating_add(u32_at(dvlp + 8));
    let desc_at = dvlp.saturating_add(u32_at(dvlp + 16));
    let listing = isa_pica::disasm::listing(&shbin);
    let text = listing.text;
    Ok(Opened {
        count: shbin.code.len(),
        words: Words::Held(
            (shbin.code.iter().zip(listing.word_lines).enumerate())
                .map(|(i, (&word, text))| ContainerWord {
                    offset: code_at + 4 * i,
                    word,
                    text,
                })
                .collect(),
        ),
        listing: Box::new(move |out| out.write_all(text.as_bytes())),
        header: None,
        aux: (shbin.opdescs.iter().enumerate())
            .map(|(i, e)| AuxWord {
                offset: desc_at + 8 * i,
                word: u128::from(e.desc),
                trailer: vec![FieldReport {
                    name: "extra".into(),
                    lo: 32,
                    width: 32,
                    raw: u64::from(e.extra),
                    value: format!("{:#x}", e.extra),
                    kind: "unknown",
                    doc: "the entry's second word (0 in every known file; `.raw_opdesc` writes it)",
                }],
            })
            .collect(),
    })
}

/// picasso-syntax files → `.shbin` bytes, one DVLE per file in order.
fn assemble(files: &[Input], options: &AsmOptions, out: &mut dyn Write) -> Result<(), Failure> {
    let mut sources = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        match String::from_utf8(file.bytes.clone()) {
            Ok(text) => sources.push(SourceFile {
                name: file.name.clone(),
                text,
            }),
            Err(e) => {
                let good = &file.bytes[..e.utf8_error().valid_up_to()];
                let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
                let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
                let col = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
                problems.push(format!("{}:{line}:{col}: invalid UTF-8", file.name));
            }
        }
    }
    if !problems.is_empty() {
        return Err(Failure::input(problems));
    }
    // A file of only blanks and comments is empty: an error, unless
    // `--allow-empty` (then it adds no DVLE; all of them, no bytes).
    let blank = |s: &SourceFile| pica_asm::is_blank(&s.text);
    if options.allow_empty {
        if sources.iter().all(blank) {
            return Ok(());
        }
    } else {
        let empty: Vec<String> = (files.iter().zip(&sources))
            .filter(|(_, s)| blank(s))
            .map(|(f, _)| f.empty_message(Place::Text, Some(ALLOW_EMPTY)))
            .collect();
        if !empty.is_empty() {
            return Err(Failure::input(empty));
        }
    }
    let options = pica_asm::Options {
        auto_nop: !options.no_nop,
    };
    let (shbin, warnings) = pica_asm::assemble_with_warnings(&sources, &options);
    for w in warnings {
        eprintln!("{}: warning: {}", w.place(), w.message);
    }
    match shbin {
        Ok(shbin) => {
            // The assembler refuses what a layout cannot hold, so this
            // error is not expected; it is reported, never dropped.
            let bytes = shbin
                .to_bytes()
                .map_err(|e| Failure::input_one(format!("error: {e}")))?;
            out.write_all(&bytes).map_err(output::write_error)
        }
        Err(errors) => Err(Failure::input(errors.iter().map(|e| e.to_string()).collect())),
    }
}
