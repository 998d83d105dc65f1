//! The presence-mask bundle ISA (Lima PP): variable-length instructions of
//! 32-bit words, so its commands work on whole programs rather than on one
//! word at a time as [`CliIsa`](crate::isas::CliIsa) does.
//!
//! - `disasm`: raw little-endian words (one program) to Mesa's text with
//!   `{raw …}` annotations ([`isa_lima_pp::mesa::disassemble`]).
//! - `asm`: that text (labels allowed) back to the same words.
//! - `decode --json`: per instruction, fields covering every bit, named
//!   `control.FIELD` and `UNIT.FIELD` (and `padding`), with `lo` counted
//!   from bit 0 of the control word.
//! - `explain`: the same breakdown for words given in hex.

use isa_lima_pp::{mesa, Instr, LAYOUT};
use isa_runtime::explain::{explain_format, FieldReport};
use isa_runtime::layout::{DeriveRule, Packed};
use isa_runtime::packed::{read_bits, unit_offsets, variant_of};
use isa_runtime::text::quote_input;

use crate::commands::asm::{AsmArgs, ALLOW_EMPTY};
use crate::commands::decode::{DecodeArgs, Decoded, Printer};
use crate::commands::disasm::DisasmArgs;
use crate::commands::explain::{parse_word_bytes, ExplainArgs};
use crate::failure::Failure;
use crate::input::{self, Place};
use crate::isas::IsaName;
use crate::output::{self, Stdout};
use crate::table;
use crate::Command;

/// Runs a command for Lima PP.
pub fn run(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Disasm(args) => disasm(args),
        Command::Asm(args) => asm(args),
        Command::Explain(args) => explain(args),
        Command::Decode(args) => decode(args),
        Command::Lift(_) => Err(Failure::usage("`lima-pp` does not lift (only `agal` does)")),
    }
}

fn packed() -> &'static Packed {
    match LAYOUT.packed {
        Some(p) => p,
        None => unreachable!("lima_pp is a presence-mask bundle"),
    }
}

fn disasm(args: &DisasmArgs) -> Result<(), Failure> {
    // Lima files are raw words: `--raw` changes nothing. The program is
    // checked first (nothing is printed if it does not decode), then
    // written instruction by instruction.
    let file = input::read(&args.file)?;
    if file.bytes.is_empty() {
        return match args.allow_empty {
            true => Ok(()),
            false => Err(file.empty(Place::Binary, Some(ALLOW_EMPTY))),
        };
    }
    let listing = mesa::Listing::new(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?;
    Stdout::new().stream(|mut sink| listing.write_to(&mut sink))?;
    // Padding is no instruction: the text leaves it out, and says so.
    if let Some((at, words)) = listing.padding() {
        let plural = if words == 1 { "" } else { "s" };
        eprintln!(
            "{}: byte {at:#x}: warning: {words} zero word{plural} of padding after the program's last instruction; the text leaves {} out (`isa asm` writes no padding)",
            file.name,
            if words == 1 { "it" } else { "them" }
        );
    }
    Ok(())
}

fn asm(args: &AsmArgs) -> Result<(), Failure> {
    if args.no_nop || args.kind.is_some() || args.version.is_some() || args.ignore_limits {
        return Err(Failure::usage(
            "--no-nop, --type, --version and --ignore-limits do not apply to `lima-pp`",
        ));
    }
    let [path] = args.files.as_slice() else {
        return Err(Failure::usage("`lima-pp` assembles exactly one input file"));
    };
    let file = input::read(path)?;
    let text = match std::str::from_utf8(&file.bytes) {
        Ok(text) => text,
        Err(e) => {
            let good = &file.bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let col = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
            return Err(Failure::input_one(format!("{}:{line}:{col}: invalid UTF-8", file.name)));
        }
    };
    // Read twice (see `mesa::assemble_each`), each instruction's words
    // written as they are resolved: on an error the output is dropped.
    output::write_with(&args.output, |out| {
        let mut written = Ok(());
        let mut bytes = Vec::new();
        let count = mesa::assemble_each(text, |words| {
            if written.is_ok() {
                bytes.clear();
                bytes.extend(words.iter().flat_map(|w| w.to_le_bytes()));
                written = out.write_all(&bytes);
            }
        })
        .map_err(|e| Failure::input_one(format!("{}:{e}", file.name)))?;
        written.map_err(output::write_error)?;
        if count == 0 && !args.allow_empty {
            return Err(file.empty(Place::Text, Some(ALLOW_EMPTY)));
        }
        Ok(())
    })
}

/// Fields covering every bit of the instruction at the start of `words`
/// (`len` words long): the control word's, each unit's (in its layout,
/// `lo` from bit 0 of the control word) and the zero padding after the
/// last unit, one row per word or part of one.
fn fields(words: &[u32], len: usize) -> Vec<FieldReport> {
    let control = words[0];
    let mut out = prefixed("control", explain_format(packed().control, &control, None), 0);
    let mut end = 32;
    for (unit, at) in unit_offsets(packed(), control) {
        let bits = read_bits(words, at, unit.width);
        out.extend(prefixed(
            unit.name,
            explain_format(variant_of(unit, bits), &bits, None),
            at,
        ));
        end = at + unit.width;
    }
    let total = len as u32 * 32;
    while end < total {
        let width = (32 - end % 32).min(total - end);
        out.push(FieldReport {
            name: "padding".into(),
            lo: end,
            width,
            raw: u64::from(read_bits(words, end, width) as u32),
            value: match read_bits(words, end, width) {
                0 => "0".into(),
                bits => format!("{bits:#x}"),
            },
            kind: "reserved",
            doc: "after the last unit; zero",
        });
        end += width;
    }
    out
}

fn prefixed(prefix: &str, fields: Vec<FieldReport>, base: u32) -> Vec<FieldReport> {
    fields
        .into_iter()
        .map(|mut f| {
            f.name = format!("{prefix}.{}", f.name);
            f.lo += base;
            f
        })
        .collect()
}

/// Each instruction's text as `disasm` prints its line, without the
/// `@ offset: ` prefix.
fn texts(program: &[Instr]) -> Vec<String> {
    mesa::disassemble(program)
        .lines()
        .map(|l| l.split_once(": ").map_or(l, |(_, rest)| rest).to_string())
        .collect()
}

fn decode(args: &DecodeArgs) -> Result<(), Failure> {
    if args.opdescs.is_some() {
        return Err(Failure::usage(
            "--opdescs does not apply to `lima-pp`: it has no operand descriptors",
        ));
    }
    // The program is checked first (nothing is printed if it does not
    // decode), then written instruction by instruction: each line of the
    // streamed listing is its instruction's text.
    let file = input::read(&args.file)?;
    if file.bytes.is_empty() && !args.allow_empty {
        return Err(file.empty(Place::Binary, Some(ALLOW_EMPTY)));
    }
    let listing = match file.bytes.is_empty() {
        true => None,
        false => Some(mesa::Listing::new(&file.bytes).map_err(|e| Failure::input_one(format!("{}: {e}", file.name)))?),
    };
    let mut out = Stdout::new();
    let mut printer = Printer {
        out: &mut out,
        json: args.json,
    };
    printer.start(IsaName::LimaPp, None)?;
    if let Some(listing) = listing {
        let mut items = Items {
            bytes: &file.bytes,
            at: 0,
            index: 0,
            printer: &mut printer,
            failure: None,
        };
        let mut lines = Lines {
            line: Vec::new(),
            each: |line: &[u8]| items.item(line),
        };
        if listing.write_to(&mut lines).is_err() {
            return Err(items
                .failure
                .take()
                .unwrap_or_else(|| Failure::input_one("error: writing to stdout")));
        }
    }
    printer.end(None)?;
    out.flush()
}

/// Lima PP's decoded instructions, one for each line of the listing.
struct Items<'a, 'p> {
    bytes: &'a [u8],
    /// The next instruction's first word.
    at: usize,
    /// The next instruction's index.
    index: usize,
    printer: &'a mut Printer<'p>,
    /// The first failure to write.
    failure: Option<Failure>,
}

impl Items<'_, '_> {
    /// Writes the next instruction, whose listing line (`@ offset: text`,
    /// without its newline) is `line`.
    fn item(&mut self, line: &[u8]) -> std::io::Result<()> {
        let line = String::from_utf8_lossy(line);
        let text = line.split_once(": ").map_or(&*line, |(_, rest)| rest).to_string();
        let words: Vec<u32> = (self.bytes[self.at * 4..].chunks_exact(4).take(32))
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let len = Instr::decode(&words)
            .map_or(1, |(_, len)| len)
            .clamp(1, words.len().max(1));
        let words = &words[..len.min(words.len())];
        let item = Decoded {
            offset: self.at * 4,
            bits: len as u32 * 32,
            hex: hex(words),
            text,
            fields: fields(words, len),
        };
        self.at += len;
        let index = self.index;
        self.index += 1;
        self.printer.item(index, &item).map_err(|f| {
            self.failure = Some(f);
            std::io::Error::other("stdout")
        })
    }
}

/// An `io::Write` that hands each complete line (without its newline) to `each`.
struct Lines<F: FnMut(&[u8]) -> std::io::Result<()>> {
    line: Vec<u8>,
    each: F,
}

impl<F: FnMut(&[u8]) -> std::io::Result<()>> std::io::Write for Lines<F> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut rest = buf;
        while let Some(end) = rest.iter().position(|&b| b == b'\n') {
            if self.line.is_empty() {
                (self.each)(&rest[..end])?;
            } else {
                self.line.extend_from_slice(&rest[..end]);
                let line = std::mem::take(&mut self.line);
                (self.each)(&line)?;
                self.line = line;
                self.line.clear();
            }
            rest = &rest[end + 1..];
        }
        self.line.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn hex(words: &[u32]) -> String {
    words.iter().map(|w| format!("0x{w:08x}")).collect::<Vec<_>>().join(" ")
}

/// Explains the words of one or more instructions, given in hex.
fn explain(args: &ExplainArgs) -> Result<(), Failure> {
    if args.opdesc {
        return Err(Failure::usage(
            "--opdesc does not apply to `lima-pp`: it has no operand descriptors",
        ));
    }
    let mut words = Vec::new();
    let mut errors = Vec::new();
    for token in args
        .words
        .iter()
        .flat_map(|a| a.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|t| !t.is_empty())
    {
        match parse_word_bytes(token, 32) {
            Ok(bytes) => words.push(input::le_u128(&bytes) as u32),
            Err(e) => errors.push(format!("error: word {}: {e}", quote_input(token))),
        }
    }
    if !errors.is_empty() {
        return Err(Failure::input(errors));
    }
    if words.is_empty() {
        return Err(Failure::usage("no words to explain"));
    }
    let mut out = Stdout::new();
    let mut at = 0;
    while at < words.len() {
        if at > 0 {
            out.line("")?;
        }
        let (insn, len) = match Instr::decode(&words[at..]) {
            Ok(decoded) => decoded,
            Err(e) => {
                // Its fields as the control word lays them out, when the
                // words it announces are all there: what a reverse
                // engineer needs to see which bits are at fault.
                let error = Failure::input_one(format!("error: word {}: {}", at, e.shifted(at * 4)));
                let Some(len) = announced_len(&words[at..]) else {
                    return Err(error);
                };
                out.line(&format!("{}  (does not decode)", hex(&words[at..at + len])))?;
                for line in table::render(&fields(&words[at..at + len], len), "  ") {
                    out.line(&line)?;
                }
                out.flush()?;
                return Err(error);
            }
        };
        let text = texts(std::slice::from_ref(&insn)).concat();
        out.line(&format!("{}  {text}", hex(&words[at..at + len])))?;
        for line in table::render(&fields(&words[at..at + len], len), "  ") {
            out.line(&line)?;
        }
        at += len;
    }
    out.flush()
}

/// The length in words the control word at the start of `words` gives
/// (its `derive words` field), when that many words are there and its
/// units fit in them.
fn announced_len(words: &[u32]) -> Option<usize> {
    let control = *words.first()?;
    let len = packed().derived(DeriveRule::Words)?.read(&control, 0) as usize;
    let end = unit_offsets(packed(), control)
        .map(|(unit, at)| at + unit.width)
        .max()
        .unwrap_or(32);
    (len >= 1 && len <= words.len() && end as usize <= len * 32).then_some(len)
}
