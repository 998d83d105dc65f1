//! `isa decode`: every word of a file with its field breakdown, as text or as
//! the JSON object described in DESIGN.md.

use std::path::PathBuf;

use clap::Args;
use isa_runtime::explain::{explain_format, FieldReport};
use isa_runtime::{BitWord, Isa};
use serde_json::json;

use crate::failure::Failure;
use crate::input;
use crate::isas::{self, AuxLayout, CliIsa, IsaName, OpenFn};

use crate::output::Stdout;
use crate::table;

/// Arguments of `isa decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The instruction set.
    #[arg(value_enum)]
    pub isa: IsaName,
    /// The binary to decode (`-` for stdin).
    pub file: PathBuf,
    /// The file holds bare little-endian words, not a container (PICA:
    /// .shbin; AGAL: the 7-byte header and its tokens).
    #[arg(long)]
    pub raw: bool,
    /// Print one JSON object instead of text tables.
    #[arg(long)]
    pub json: bool,
    /// Also decode this file of little-endian operand descriptor words (PICA);
    /// they come out under `"opdescs"`.
    #[arg(long, value_name = "FILE")]
    pub opdescs: Option<PathBuf>,
}

/// One decoded word: where it is, how wide, its text and its fields.
pub struct Decoded {
    /// Byte offset in its file.
    pub offset: usize,
    /// Width in bits.
    pub bits: u32,
    /// The word as hex.
    pub hex: String,
    /// The text `disasm` prints.
    pub text: String,
    /// Fields covering every bit once.
    pub fields: Vec<FieldReport>,
}

/// Decodes the file(s) and prints them. All words that do not decode are
/// reported (`FILE: byte 0x…: message`) and nothing is printed on stdout then.
///
/// A container file (AGAL: the header and its tokens) gives its header
/// first (`"header"` in JSON, before `"instructions"`), and each word's
/// offset counts from the start of the file and its text is the line that
/// `disasm` prints for it.
pub fn run<I: CliIsa>(args: &DecodeArgs) -> Result<(), Failure> {
    let open = match (args.raw, I::OPEN_CONTAINER) {
        (false, Some(open)) => Some(open),
        _ => {
            isas::require_raw::<I>(args.raw)?;
            None
        }
    };
    let aux = match &args.opdescs {
        Some(path) => Some((isas::aux::<I>("--opdescs")?, path)),
        None => None,
    };
    let file = input::read(&args.file)?;
    let mut errors = Vec::new();
    let (header, instructions) = match open {
        Some(open) => decode_container::<I>(open, &file, &mut errors),
        None => (None, decode_instructions::<I>(&file, &mut errors)),
    };
    let aux = match aux {
        Some((layout, path)) => {
            let aux_file = input::read(path)?;
            Some((layout, decode_aux(layout, &aux_file, &mut errors)))
        }
        None => None,
    };
    if !errors.is_empty() {
        return Err(Failure::input(errors));
    }
    let mut out = Stdout::new();
    if args.json {
        // `preserve_order` keeps the keys in DESIGN.md's order.
        let mut object = serde_json::Map::new();
        object.insert("isa".into(), json!(I::NAME.as_str()));
        if let Some(header) = &header {
            object.insert("header".into(), json_entry(header));
        }
        object.insert("instructions".into(), json_list(&instructions));
        if let Some((layout, items)) = &aux {
            object.insert(layout.key.into(), json_list(items));
        }
        out.line(&serde_json::Value::Object(object).to_string())?;
    } else {
        if let Some(header) = &header {
            print_text(&mut out, std::slice::from_ref(header))?;
            out.line("")?;
        }
        print_text(&mut out, &instructions)?;
        if let Some((layout, items)) = &aux {
            out.line("")?;
            out.line(&format!("{}s:", layout.noun))?;
            print_text(&mut out, items)?;
        }
    }
    out.flush()
}

fn decode_instructions<I: Isa>(file: &input::Input, errors: &mut Vec<String>) -> Vec<Decoded> {
    let words = match input::words::<I::Word>(&file.bytes) {
        Ok(words) => words,
        Err(e) => {
            errors.push(format!("{}: {e}", file.name));
            return Vec::new();
        }
    };
    let mut decoded = Vec::with_capacity(words.len());
    for (offset, word) in words {
        match super::instruction_text::<I>(word) {
            Ok(text) => decoded.push(Decoded {
                offset,
                bits: I::Word::BITS,
                hex: super::word_hex(&word),
                text,
                fields: super::instruction_fields::<I>(&word),
            }),
            Err(e) => errors.push(format!("{}: {}", file.name, e.at(offset))),
        }
    }
    decoded
}

fn decode_container<I: Isa>(
    open: OpenFn<I::Word>,
    file: &input::Input,
    errors: &mut Vec<String>,
) -> (Option<Decoded>, Vec<Decoded>) {
    let opened = match open(&file.bytes) {
        Ok(opened) => opened,
        Err(e) => {
            errors.push(format!("{}: {e}", file.name));
            return (None, Vec::new());
        }
    };
    let header = opened.header.map(|h| Decoded {
        offset: 0,
        bits: h.bits,
        hex: h.hex,
        text: h.text,
        fields: h.fields,
    });
    let words = opened
        .words
        .into_iter()
        .map(|(offset, word, text)| Decoded {
            offset,
            bits: I::Word::BITS,
            hex: super::word_hex(&word),
            text,
            fields: super::instruction_fields::<I>(&word),
        })
        .collect();
    (header, words)
}

fn decode_aux(layout: AuxLayout, file: &input::Input, errors: &mut Vec<String>) -> Vec<Decoded> {
    let chunks = match input::chunks(&file.bytes, layout.word_bytes()) {
        Ok(chunks) => chunks,
        Err(e) => {
            errors.push(format!("{}: {e}", file.name));
            return Vec::new();
        }
    };
    let mut decoded = Vec::with_capacity(chunks.len());
    for (offset, chunk) in chunks {
        let word = input::le_u128(chunk);
        match (layout.text)(word) {
            Ok(text) => decoded.push(Decoded {
                offset,
                bits: layout.format.bits,
                hex: format!("0x{word:0width$x}", width = layout.format.bits.div_ceil(4) as usize),
                text,
                fields: explain_format(layout.format, &word, None),
            }),
            Err(e) => errors.push(format!("{}: {}", file.name, e.at(offset))),
        }
    }
    decoded
}

fn print_text(out: &mut Stdout, items: &[Decoded]) -> Result<(), Failure> {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.line("")?;
        }
        out.line(&format!("{:#06x}: {}  {}", item.offset, item.hex, item.text))?;
        for line in table::render(&item.fields, "  ") {
            out.line(&line)?;
        }
    }
    Ok(())
}

fn json_list(items: &[Decoded]) -> serde_json::Value {
    items.iter().map(json_entry).collect()
}

fn json_entry(item: &Decoded) -> serde_json::Value {
    let fields: Vec<serde_json::Value> = item
        .fields
        .iter()
        .map(|f| json!({"name": f.name, "lo": f.lo, "width": f.width, "raw": f.raw, "value": f.value}))
        .collect();
    json!({"offset": item.offset, "bits": item.bits, "text": item.text, "fields": fields})
}
