//! `isa decode`: every word of a file with its field breakdown, as text or as
//! the JSON object described in DESIGN.md.

use std::path::PathBuf;

use clap::Args;
use isa_runtime::explain::{explain_format, FieldReport};
use isa_runtime::{BitWord, Isa};
use serde_json::json;

use crate::commands::asm::ALLOW_EMPTY;
use crate::failure::Failure;
use crate::input::{self, Place};
use crate::isas::{self, AuxLayout, CliIsa, ContainerWord, IsaName};
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
    /// With --raw: also decode this file of little-endian operand descriptor
    /// words (PICA); they come out under `"opdescs"`. A .shbin brings its own.
    #[arg(long, value_name = "FILE")]
    pub opdescs: Option<PathBuf>,
    /// Accept an empty input (no bytes, or a container of no instructions such as an AGAL header alone), which is an error otherwise,
    /// and print no instructions (JSON: an empty `"instructions"` list).
    #[arg(long)]
    pub allow_empty: bool,
}

/// One decoded word (or a container's header): where it is, how wide, its
/// text and its fields.
pub struct Decoded {
    /// Byte offset in its file.
    pub offset: usize,
    /// Width in bits.
    pub bits: u32,
    /// The word as hex.
    pub hex: String,
    /// Its text: what `disasm --raw` prints for the word, or its line of a
    /// container's listing (see [`ContainerWord::text`]).
    pub text: String,
    /// Fields covering every bit once.
    pub fields: Vec<FieldReport>,
}

/// Decodes the file(s) and prints them. All words that do not decode are
/// reported (`FILE: byte 0x…: message`) and nothing is printed on stdout then.
///
/// A container file (unless `--raw`) is read by the ISA's
/// [`Container`](crate::isas::Container): offsets count from the start of
/// the file, a header (AGAL) comes first (`"header"` in JSON, before
/// `"instructions"`), and auxiliary words (PICA's operand descriptors) come
/// from the file itself.
pub fn run<I: CliIsa>(args: &DecodeArgs) -> Result<(), Failure> {
    let aux_path = match &args.opdescs {
        Some(path) => Some((isas::aux::<I>("--opdescs")?, path)),
        None => None,
    };
    let container = I::CONTAINER.filter(|_| !args.raw);
    if let (Some(container), Some(_)) = (&container, &aux_path) {
        return Err(Failure::usage(format!(
            "--opdescs applies to --raw input; a {} file has its own",
            container.name
        )));
    }
    let file = input::read(&args.file)?;
    if file.bytes.is_empty() && !args.allow_empty {
        return Err(file.empty(Place::Binary, Some(ALLOW_EMPTY)));
    }
    let mut errors = Vec::new();
    let (header, words, aux) = match container {
        Some(_) if file.bytes.is_empty() => (None, Vec::new(), I::AUX.map(|layout| (layout, Vec::new()))),
        Some(container) => {
            let opened =
                (container.open)(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
            if opened.words.is_empty() && !args.allow_empty {
                return Err(super::empty_container(&file, container.name, Some(ALLOW_EMPTY)));
            }
            (opened.header, opened.words, I::AUX.map(|layout| (layout, opened.aux)))
        }
        None => (None, raw_words::<I>(&file, &mut errors), None),
    };
    let instructions = words
        .into_iter()
        .filter_map(|word| instruction::<I>(word, &file.name, &mut errors))
        .collect::<Vec<_>>();
    let aux = match (aux, aux_path) {
        (Some((layout, words)), _) => Some((layout, aux_entries(layout, words, &file.name, &mut errors))),
        (None, Some((layout, path))) => {
            let aux_file = input::read(path)?;
            let words = raw_aux(layout, &aux_file, &mut errors);
            Some((layout, aux_entries(layout, words, &aux_file.name, &mut errors)))
        }
        (None, None) => None,
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

/// A `--raw` file's words, with the spec's text form to come.
fn raw_words<I: Isa>(file: &input::Input, errors: &mut Vec<String>) -> Vec<ContainerWord<I::Word>> {
    match input::words::<I::Word>(&file.bytes) {
        Ok(words) => words
            .into_iter()
            .map(|(offset, word)| ContainerWord {
                offset,
                word,
                text: None,
            })
            .collect(),
        Err(e) => {
            errors.push(format!("{}: {e}", file.name));
            Vec::new()
        }
    }
}

/// One instruction word with its fields, or an error about it in `errors`.
fn instruction<I: Isa>(word: ContainerWord<I::Word>, name: &str, errors: &mut Vec<String>) -> Option<Decoded> {
    let ContainerWord { offset, word, text } = word;
    let text = match text.map_or_else(|| super::instruction_text::<I>(word), Ok) {
        Ok(text) => text,
        Err(e) => {
            errors.push(format!("{name}: {}", e.at(offset)));
            return None;
        }
    };
    Some(Decoded {
        offset,
        bits: I::Word::BITS,
        hex: super::word_hex(&word),
        text,
        fields: super::instruction_fields::<I>(&word),
    })
}

/// The words of a file of auxiliary words (`--opdescs FILE`).
fn raw_aux(layout: AuxLayout, file: &input::Input, errors: &mut Vec<String>) -> Vec<(usize, u128)> {
    match input::chunks(&file.bytes, layout.word_bytes()) {
        Ok(chunks) => (chunks.into_iter())
            .map(|(offset, chunk)| (offset, input::le_u128(chunk)))
            .collect(),
        Err(e) => {
            errors.push(format!("{}: {e}", file.name));
            Vec::new()
        }
    }
}

/// Auxiliary words with their fields; those that do not decode go to `errors`.
fn aux_entries(layout: AuxLayout, words: Vec<(usize, u128)>, name: &str, errors: &mut Vec<String>) -> Vec<Decoded> {
    let mut decoded = Vec::with_capacity(words.len());
    for (offset, word) in words {
        match (layout.text)(word) {
            Ok(text) => decoded.push(Decoded {
                offset,
                bits: layout.format.bits,
                hex: format!("0x{word:0width$x}", width = layout.format.bits.div_ceil(4) as usize),
                text,
                fields: explain_format(layout.format, &word, None),
            }),
            Err(e) => errors.push(format!("{name}: {}", e.at(offset))),
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
