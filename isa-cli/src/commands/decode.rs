//! `isa decode`: every word of a file with its field breakdown, as text or as
//! the JSON object described in DESIGN.md.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use isa_runtime::explain::{explain_format, FieldReport};
use isa_runtime::{BitWord, Isa};
#[cfg(test)]
use serde_json::json;

use crate::commands::asm::ALLOW_EMPTY;
use crate::failure::Failure;
use crate::input::{self, Place};
use crate::isas::{self, AuxLayout, AuxWord, CliIsa, ContainerWord, IsaName, Words};
use crate::output::{Emit, Stdout};
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
    // `--gen N`: the help names the ISAs that take it and their
    // generations, read from their specs.
    #[arg(long, value_name = "N", help = isas::gen_help())]
    pub gen: Option<u32>,
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
///
/// The words are checked first, then decoded again and written one at a
/// time (the JSON object too, element by element), so that memory does not
/// grow with the output. They are read as generation `gen` has them (see
/// [`isas::generation`]): texts, opcodes and fields alike.
pub fn run<I: CliIsa>(args: &DecodeArgs, gen: Option<u32>) -> Result<(), Failure> {
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
        Some(_) if file.bytes.is_empty() => (None, Words::Held(Vec::new()), I::AUX.map(|layout| (layout, Vec::new()))),
        Some(container) => {
            let opened =
                (container.open)(&file.bytes, gen).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
            if opened.count == 0 && !args.allow_empty {
                return Err(super::empty_container(&file, container.name, Some(ALLOW_EMPTY)));
            }
            (opened.header, opened.words, I::AUX.map(|layout| (layout, opened.aux)))
        }
        None => match input::words::<I::Word>(&file.bytes) {
            Ok(words) => (
                None,
                Words::Made(Box::new(words.map(|(offset, word)| ContainerWord {
                    offset,
                    word,
                    text: None,
                }))),
                None,
            ),
            Err(e) => {
                errors.push(format!("{}: {e}", file.name));
                (None, Words::Held(Vec::new()), None)
            }
        },
    };
    // Words left to the spec's text form must decode: checked before
    // anything is written (words made with their texts need no check).
    let check = |offset: usize, word: I::Word, errors: &mut Vec<String>| {
        if let Err(e) = super::decode_word::<I>(word, gen) {
            errors.push(format!("{}: {}", file.name, e.at(offset)));
        }
    };
    match &words {
        Words::Held(words) => {
            (words.iter().filter(|w| w.text.is_none())).for_each(|w| check(w.offset, w.word, &mut errors))
        }
        Words::Made(_) if !args.raw => {}
        Words::Made(_) => {
            if let Ok(raw) = input::words::<I::Word>(&file.bytes) {
                raw.for_each(|(offset, word)| check(offset, word, &mut errors));
            }
        }
    }
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
    let instructions: Box<dyn Iterator<Item = ContainerWord<I::Word>>> = match words {
        Words::Held(words) => Box::new(words.into_iter()),
        Words::Made(words) => words,
    };
    let instructions = instructions.map(|word| instruction::<I>(word, gen));
    let mut out = Stdout::new();
    let mut printer = Printer {
        out: &mut out,
        json: args.json,
    };
    printer.start(I::NAME, header.as_ref())?;
    for (i, item) in instructions.enumerate() {
        printer.item(i, &item)?;
    }
    printer.end(aux.as_ref().map(|(layout, items)| (layout, items.as_slice())))?;
    out.flush()
}

/// Writes `decode`'s output as it goes: text tables, or the JSON object
/// that [`json_object`] builds whole, element by element.
pub struct Printer<'a> {
    /// Where it goes.
    pub out: &'a mut dyn Emit,
    /// JSON, not text tables.
    pub json: bool,
}

impl Printer<'_> {
    /// Up to the first instruction: the ISA's name and the header, if any.
    pub fn start(&mut self, isa: IsaName, header: Option<&Decoded>) -> Result<(), Failure> {
        if self.json {
            // The keys in DESIGN.md's order, as `preserve_order` keeps them.
            self.out.bytes(b"{\"isa\":")?;
            write_json_str(self.out, isa.as_str())?;
            if let Some(header) = header {
                self.out.bytes(b",\"header\":")?;
                write_json_entry(self.out, header)?;
            }
            self.out.bytes(b",\"instructions\":[")
        } else {
            if let Some(header) = header {
                print_text(self.out, std::slice::from_ref(header))?;
                self.out.line("")?;
            }
            Ok(())
        }
    }

    /// Instruction `i` (from 0).
    pub fn item(&mut self, i: usize, item: &Decoded) -> Result<(), Failure> {
        if self.json {
            if i > 0 {
                self.out.bytes(b",")?;
            }
            write_json_entry(self.out, item)
        } else {
            if i > 0 {
                self.out.line("")?;
            }
            print_item(self.out, item)
        }
    }

    /// After the last instruction: the auxiliary words, if the ISA has them.
    pub fn end(&mut self, aux: Option<(&AuxLayout, &[Decoded])>) -> Result<(), Failure> {
        if self.json {
            self.out.bytes(b"]")?;
            if let Some((layout, items)) = aux {
                self.out.bytes(b",")?;
                write_json_str(self.out, layout.key)?;
                self.out.bytes(b":[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.bytes(b",")?;
                    }
                    write_json_entry(self.out, item)?;
                }
                self.out.bytes(b"]")?;
            }
            self.out.line("}")
        } else {
            if let Some((layout, items)) = aux {
                self.out.line("")?;
                self.out.line(&format!("{}s:", layout.noun))?;
                print_text(self.out, items)?;
            }
            Ok(())
        }
    }
}

/// Writes what `json_entry(item).to_string()` is, without building it:
/// `{"offset":…,"bits":…,"text":…,"fields":[{"name":…,"lo":…,"width":…,"raw":…,"value":…},…]}`.
fn write_json_entry(out: &mut dyn Emit, item: &Decoded) -> Result<(), Failure> {
    let mut buf = Vec::with_capacity(256 + 64 * item.fields.len());
    let _ = write!(buf, "{{\"offset\":{},\"bits\":{},\"text\":", item.offset, item.bits);
    push_json_str(&mut buf, &item.text);
    buf.extend_from_slice(b",\"fields\":[");
    for (i, f) in item.fields.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        buf.extend_from_slice(b"{\"name\":");
        push_json_str(&mut buf, &f.name);
        let _ = write!(
            buf,
            ",\"lo\":{},\"width\":{},\"raw\":{},\"value\":",
            f.lo, f.width, f.raw
        );
        push_json_str(&mut buf, &f.value);
        buf.push(b'}');
    }
    buf.extend_from_slice(b"]}");
    out.bytes(&buf)
}

/// A JSON string, escaped as serde_json escapes it.
fn push_json_str(buf: &mut Vec<u8>, s: &str) {
    // Writing a string to a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *buf, s);
}

fn write_json_str(out: &mut dyn Emit, s: &str) -> Result<(), Failure> {
    let mut buf = Vec::with_capacity(s.len() + 2);
    push_json_str(&mut buf, s);
    out.bytes(&buf)
}

/// The whole JSON object that [`Printer`] writes, as one value (the
/// non-streaming form, which tests compare with it).
#[cfg(test)]
pub fn json_object(
    isa: IsaName,
    header: Option<&Decoded>,
    instructions: &[Decoded],
    aux: Option<(&AuxLayout, &[Decoded])>,
) -> serde_json::Value {
    let mut object = serde_json::Map::new();
    object.insert("isa".into(), json!(isa.as_str()));
    if let Some(header) = header {
        object.insert("header".into(), json_entry(header));
    }
    object.insert("instructions".into(), json_list(instructions));
    if let Some((layout, items)) = aux {
        object.insert(layout.key.into(), json_list(items));
    }
    serde_json::Value::Object(object)
}

/// One instruction word of generation `gen` with its fields; a word
/// without a text was checked to decode.
fn instruction<I: Isa>(word: ContainerWord<I::Word>, gen: Option<u32>) -> Decoded {
    let ContainerWord { offset, word, text } = word;
    let text = text.unwrap_or_else(|| super::instruction_text::<I>(word, gen).unwrap_or_default());
    Decoded {
        offset,
        bits: I::Word::BITS,
        hex: super::word_hex(&word),
        text,
        fields: super::instruction_fields::<I>(&word, gen),
    }
}

/// The words of a file of auxiliary words (`--opdescs FILE`).
fn raw_aux(layout: AuxLayout, file: &input::Input, errors: &mut Vec<String>) -> Vec<AuxWord> {
    match input::chunks(&file.bytes, layout.word_bytes()) {
        Ok(chunks) => (chunks.into_iter())
            .map(|(offset, chunk)| AuxWord {
                offset,
                word: input::le_u128(chunk),
                trailer: Vec::new(),
            })
            .collect(),
        Err(e) => {
            errors.push(format!("{}: {e}", file.name));
            Vec::new()
        }
    }
}

/// Auxiliary words with their fields; those that do not decode go to `errors`.
fn aux_entries(layout: AuxLayout, words: Vec<AuxWord>, name: &str, errors: &mut Vec<String>) -> Vec<Decoded> {
    let mut decoded = Vec::with_capacity(words.len());
    for AuxWord { offset, word, trailer } in words {
        match (layout.text)(word) {
            Ok(text) => {
                // The entry's bits past the layout's come after its rows.
                let bits = layout.format.bits + trailer.iter().map(|f| f.width).sum::<u32>();
                let whole = (trailer.iter()).fold(word, |w, f| w | u128::from(f.raw) << f.lo);
                let mut fields = explain_format(layout.format, &word, None);
                fields.extend(trailer);
                decoded.push(Decoded {
                    offset,
                    bits,
                    hex: format!("0x{whole:0width$x}", width = bits.div_ceil(4) as usize),
                    text,
                    fields,
                });
            }
            Err(e) => errors.push(format!("{name}: {}", e.at(offset))),
        }
    }
    decoded
}

fn print_text(out: &mut dyn Emit, items: &[Decoded]) -> Result<(), Failure> {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.line("")?;
        }
        print_item(out, item)?;
    }
    Ok(())
}

/// One item's heading line and field table.
pub fn print_item(out: &mut dyn Emit, item: &Decoded) -> Result<(), Failure> {
    out.line(&format!("{:#06x}: {}  {}", item.offset, item.hex, item.text))?;
    for line in table::render(&item.fields, "  ") {
        out.line(&line)?;
    }
    Ok(())
}

#[cfg(test)]
fn json_list(items: &[Decoded]) -> serde_json::Value {
    items.iter().map(json_entry).collect()
}

#[cfg(test)]
fn json_entry(item: &Decoded) -> serde_json::Value {
    let fields: Vec<serde_json::Value> = item
        .fields
        .iter()
        .map(|f| json!({"name": f.name, "lo": f.lo, "width": f.width, "raw": f.raw, "value": f.value}))
        .collect();
    json!({"offset": item.offset, "bits": item.bits, "text": item.text, "fields": fields})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isas::AuxLayout;
    use isa_pica::{OpDesc, Pica};

    fn item(offset: usize, text: &str) -> Decoded {
        let word = 0x4c00_0000u32 + offset as u32;
        Decoded {
            offset,
            bits: 32,
            hex: crate::commands::word_hex(&word),
            text: text.into(),
            fields: crate::commands::instruction_fields::<Pica>(&word, None),
        }
    }

    /// What [`Printer`] writes, element by element.
    fn printed(
        json: bool,
        header: Option<&Decoded>,
        items: &[Decoded],
        aux: Option<(&AuxLayout, &[Decoded])>,
    ) -> String {
        let mut out = Vec::new();
        let mut printer = Printer { out: &mut out, json };
        printer.start(IsaName::Pica, header).unwrap();
        for (i, item) in items.iter().enumerate() {
            printer.item(i, item).unwrap();
        }
        printer.end(aux).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The streamed JSON is the object built whole, byte for byte, and the
    /// streamed tables are the tables printed from a list.
    #[test]
    fn streamed_output_is_the_whole_output() {
        let layout = AuxLayout::of::<OpDesc>("opdescs", "operand descriptor");
        let items = [
            item(0, "mov r0, v0 \"quoted\" \\ é\t\u{1}\u{7f}\u{2028}"),
            item(4, "end"),
            item(8, ""),
        ];
        let header = item(0, "header");
        for header in [None, Some(&header)] {
            for n in 0..=items.len() {
                for aux in [None, Some((&layout, &items[..1])), Some((&layout, &items[..0]))] {
                    let whole = json_object(IsaName::Pica, header, &items[..n], aux).to_string() + "\n";
                    assert_eq!(printed(true, header, &items[..n], aux), whole);
                    let mut tables = Vec::new();
                    if let Some(h) = header {
                        print_text(&mut tables, std::slice::from_ref(h)).unwrap();
                        tables.line("").unwrap();
                    }
                    print_text(&mut tables, &items[..n]).unwrap();
                    if let Some((layout, aux)) = aux {
                        tables.line("").unwrap();
                        tables.line(&format!("{}s:", layout.noun)).unwrap();
                        print_text(&mut tables, aux).unwrap();
                    }
                    assert_eq!(
                        printed(false, header, &items[..n], aux),
                        String::from_utf8(tables).unwrap()
                    );
                }
            }
        }
    }
}
