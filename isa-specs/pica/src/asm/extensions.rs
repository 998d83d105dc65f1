//! isaforge's own directives, which picasso never writes. They let any
//! `.shbin` be written as text (the disassembler prints them where picasso
//! syntax cannot say something):
//!
//! - `.word VALUE`: one raw instruction word here, never rewritten;
//! - `.dvle`: the next DVLE starts here, as if a new source file began;
//! - `.nopad`: the next `.else` or `.end` gets no padding NOP, where
//!   picasso's rules would add one;
//! - `.layout picasso|nihstro`: the container's section layout;
//! - `.raw_dvlp VERSION W0 W1 W2`: the DVLP header's version word and its
//!   three reserved words (picasso writes 0 in each; the nihstro layout has
//!   no reserved words, so with it they must be 0);
//! - `.dvle_override FIELD VALUE`: sets a header field of this DVLE after
//!   assembly;
//! - `.raw_constant`, `.raw_label`, `.raw_output`, `.raw_uniform`,
//!   `.raw_symbols`: this DVLE's table is exactly the listed entries;
//! - `.raw_opdesc DESC EXTRA`: the operand-descriptor table is exactly the
//!   listed entries, and each instruction takes the first that fits it.
//!
//! Numbers are decimal, `0x` hex or `0b` binary; arguments are separated
//! by blanks or commas.

use super::directives::contradicts;
use super::line::{self, Diag, Stmt};
use super::numbers;
use super::state::{Asm, HeaderField, Word};
use crate::shbin::{Constant, Layout, OpdescEntry, Output, Uniform};
use isa_runtime::text::quote_input;

/// The directives handled here.
pub(crate) const NAMES: &[&str] = &[
    ".word",
    ".dvle",
    ".nopad",
    ".layout",
    ".raw_dvlp",
    ".dvle_override",
    ".raw_constant",
    ".raw_label",
    ".raw_output",
    ".raw_uniform",
    ".raw_symbols",
    ".raw_opdesc",
];

/// Runs directive `name` (lowercase, without the dot), if it is isaforge's.
pub(crate) fn run(asm: &mut Asm, name: &str, stmt: &Stmt<'_>) -> Option<Result<(), Diag>> {
    Some(match name {
        "word" => word(asm, stmt),
        "dvle" => dvle(asm, stmt),
        "nopad" => nopad(asm, stmt),
        "layout" => layout(asm, stmt),
        "raw_dvlp" => raw_dvlp(asm, stmt),
        "dvle_override" => dvle_override(asm, stmt),
        "raw_constant" => raw_constant(asm, stmt),
        "raw_label" => raw_label(asm, stmt),
        "raw_output" => raw_output(asm, stmt),
        "raw_uniform" => raw_uniform(asm, stmt),
        "raw_symbols" => raw_symbols(asm, stmt),
        "raw_opdesc" => raw_opdesc(asm, stmt),
        _ => return None,
    })
}

/// The arguments, split at blanks and commas.
fn fields<'a>(stmt: &Stmt<'a>) -> Vec<&'a str> {
    stmt.args
        .split(|c: char| line::is_space(c) || c == ',')
        .filter(|f| !f.is_empty())
        .collect()
}

/// Exactly `N` numbers, each at most `max[i]`.
fn numbers<const N: usize>(stmt: &Stmt<'_>, usage: &str, max: [u64; N]) -> Result<[u64; N], Diag> {
    let args = fields(stmt);
    if args.len() < N {
        return Err(stmt.err_end(format!("missing operand: expected `{usage}`")));
    }
    if args.len() > N {
        return Err(stmt.err_at(args[N], format!("too many operands: expected `{usage}`")));
    }
    let mut out = [0; N];
    for i in 0..N {
        out[i] = match numbers::unsigned_ext(args[i]) {
            Some(v) if v <= max[i] => v,
            Some(_) => {
                return Err(stmt.err_at(
                    args[i],
                    format!("{} does not fit (the largest is {:#x})", quote_input(args[i]), max[i]),
                ))
            }
            None => return Err(stmt.err_at(args[i], format!("invalid number {}", quote_input(args[i])))),
        };
    }
    Ok(out)
}

const U8: u64 = u8::MAX as u64;
const U16: u64 = u16::MAX as u64;
const U32: u64 = u32::MAX as u64;

fn word(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.last_was_end = false;
    asm.dvle(stmt.line);
    let [value] = numbers(stmt, ".word VALUE", [U32])?;
    let pos = asm.pos(stmt.line, line::offset_in(stmt.line, stmt.head));
    asm.emit(Word::Raw(value as u32), None, pos);
    Ok(())
}

fn dvle(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    numbers(stmt, ".dvle", [])?;
    asm.end_file();
    asm.begin_section();
    Ok(())
}

fn nopad(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    numbers(stmt, ".nopad", [])?;
    asm.no_pad = true;
    Ok(())
}

/// `.raw_dvlp`: the DVLP is one per file set, so a second one must agree.
fn raw_dvlp(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    const WORD: u64 = u32::MAX as u64;
    let [version, a, b, c] = numbers(stmt, ".raw_dvlp VERSION W0 W1 W2", [WORD; 4])?;
    let (version, reserved) = (version as u32, [a as u32, b as u32, c as u32]);
    if let Some(first) = &asm.dvlp_at {
        if (asm.dvlp_version, asm.dvlp_reserved) != (version, reserved) {
            let [a, b, c] = asm.dvlp_reserved;
            let what = format!(
                "the DVLP words are already `.raw_dvlp {:#x} {a:#x} {b:#x} {c:#x}`",
                asm.dvlp_version
            );
            return Err(contradicts(asm, stmt, stmt.args, what, first));
        }
    }
    reserved_words_fit_layout(asm, stmt, reserved)?;
    asm.dvlp_version = version;
    asm.dvlp_reserved = reserved;
    if asm.dvlp_at.is_none() {
        asm.dvlp_at = Some(asm.pos(stmt.line, line::offset_in(stmt.line, stmt.head)));
    }
    Ok(())
}

/// `.layout`: one for the whole file set, so a second one must agree.
fn layout(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    let args = stmt.expect_words(1, 1, ".layout picasso|nihstro")?;
    let layout = match args[0].to_ascii_lowercase().as_str() {
        "picasso" => Layout::Picasso,
        "nihstro" => Layout::Nihstro,
        _ => {
            return Err(stmt.err_at(
                args[0],
                format!("unknown layout {}: expected picasso or nihstro", quote_input(args[0])),
            ))
        }
    };
    if let Some(first) = &asm.layout_at {
        if asm.layout != layout {
            let what = format!("the layout is already {}", layout_name(asm.layout));
            return Err(contradicts(asm, stmt, args[0], what, first));
        }
    }
    layout_fits_reserved_words(asm, stmt, layout, args[0])?;
    asm.layout = layout;
    if asm.layout_at.is_none() {
        asm.layout_at = Some(asm.pos(stmt.line, line::offset_in(stmt.line, stmt.head)));
    }
    Ok(())
}

/// `.raw_dvlp`'s reserved words must be 0 once `.layout nihstro` is given:
/// nihstro's 7-word DVLP header has no place for them.
fn reserved_words_fit_layout(asm: &Asm, stmt: &Stmt<'_>, reserved: [u32; 3]) -> Result<(), Diag> {
    let (Layout::Nihstro, Some(layout_at)) = (asm.layout, &asm.layout_at) else {
        return Ok(());
    };
    if reserved == [0; 3] {
        return Ok(());
    }
    let w0 = fields(stmt)[1];
    let here = asm.pos(stmt.line, line::offset_in(stmt.line, w0));
    Err(stmt.err_at(
        w0,
        format!(
            "the layout is nihstro (set on {}), whose 7-word DVLP header has no reserved words: W0 W1 W2 must be 0",
            layout_at.seen_from(&here)
        ),
    ))
}

/// `.layout nihstro` (at `text`) cannot follow a `.raw_dvlp` whose reserved
/// words are not 0: nihstro's 7-word DVLP header has no place for them.
fn layout_fits_reserved_words(asm: &Asm, stmt: &Stmt<'_>, layout: Layout, text: &str) -> Result<(), Diag> {
    let (Layout::Nihstro, Some(dvlp_at)) = (layout, &asm.dvlp_at) else {
        return Ok(());
    };
    if asm.dvlp_reserved == [0; 3] {
        return Ok(());
    }
    let [a, b, c] = asm.dvlp_reserved;
    let what = format!(
        "the nihstro layout's 7-word DVLP header has no reserved words, but `.raw_dvlp` gives them as \
         {a:#x} {b:#x} {c:#x}"
    );
    Err(contradicts(asm, stmt, text, what, dvlp_at))
}

/// The name `.layout` gives `layout`.
fn layout_name(layout: Layout) -> &'static str {
    match layout {
        Layout::Picasso => "picasso",
        Layout::Nihstro => "nihstro",
    }
}

/// Header fields, their names and widths.
const HEADER_FIELDS: &[(&str, HeaderField, u64)] = &[
    ("version", HeaderField::Version, U16),
    ("kind", HeaderField::Kind, U8),
    ("merge_outmaps", HeaderField::MergeOutmaps, U8),
    ("main", HeaderField::Main, U32),
    ("endmain", HeaderField::Endmain, U32),
    ("input_mask", HeaderField::InputMask, U16),
    ("output_mask", HeaderField::OutputMask, U16),
    ("gsh_mode", HeaderField::GshMode, U8),
    ("gsh_fixed_start", HeaderField::GshFixedStart, U8),
    ("gsh_variable_count", HeaderField::GshVariableCount, U8),
    ("gsh_fixed_count", HeaderField::GshFixedCount, U8),
];

fn dvle_override(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let args = fields(stmt);
    let usage = ".dvle_override FIELD VALUE";
    let Some(&name) = args.first() else {
        return Err(stmt.err_end(format!("missing operand: expected `{usage}`")));
    };
    let Some(&(_, field, max)) = HEADER_FIELDS.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(name)) else {
        let names: Vec<&str> = HEADER_FIELDS.iter().map(|f| f.0).collect();
        return Err(stmt.err_at(
            name,
            format!(
                "unknown DVLE field {name}: expected one of {}",
                names.join(", "),
                name = quote_input(name)
            ),
        ));
    };
    let Some(&value_text) = args.get(1) else {
        return Err(stmt.err_end(format!("missing operand: expected `{usage}`")));
    };
    if let Some(extra) = args.get(2) {
        return Err(stmt.err_at(extra, format!("too many operands: expected `{usage}`")));
    }
    let value = match numbers::unsigned_ext(value_text) {
        Some(v) if v <= max => v as u32,
        Some(_) => {
            return Err(stmt.err_at(
                value_text,
                format!(
                    "{value_text} does not fit {name} (at most {max:#x})",
                    name = quote_input(name),
                    value_text = quote_input(value_text)
                ),
            ))
        }
        None => {
            return Err(stmt.err_at(
                value_text,
                format!("invalid number {value_text}", value_text = quote_input(value_text)),
            ))
        }
    };
    let at = asm.pos(stmt.line, line::offset_in(stmt.line, stmt.head));
    let earlier = asm.dvle(stmt.line).overrides.iter().find(|o| o.0 == field).cloned();
    match earlier {
        Some((_, old, _)) if old == value => {}
        Some((_, old, first)) => {
            let what = format!("{} is already overridden to {old:#x}", quote_input(name));
            return Err(contradicts(asm, stmt, value_text, what, &first));
        }
        None => asm.dvle(stmt.line).overrides.push((field, value, at)),
    }
    Ok(())
}

fn raw_constant(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let [kind, index, w0, w1, w2, w3] = numbers(
        stmt,
        ".raw_constant KIND INDEX W0 W1 W2 W3",
        [U16, U16, U32, U32, U32, U32],
    )?;
    let constant = Constant {
        kind: kind as u16,
        index: index as u16,
        value: [w0 as u32, w1 as u32, w2 as u32, w3 as u32],
    };
    asm.dvle(stmt.line)
        .raw
        .constants
        .get_or_insert_with(Vec::new)
        .push(constant);
    Ok(())
}

fn raw_label(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let words = numbers(stmt, ".raw_label W0 W1 W2 W3", [U32; 4])?;
    let label = words.map(|w| w as u32);
    asm.dvle(stmt.line).raw.labels.get_or_insert_with(Vec::new).push(label);
    Ok(())
}

fn raw_output(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let [semantic, register, mask, extra] = numbers(stmt, ".raw_output SEMANTIC REGISTER MASK EXTRA", [U16; 4])?;
    let output = Output {
        semantic: semantic as u16,
        register: register as u16,
        mask: mask as u16,
        extra: extra as u16,
    };
    asm.dvle(stmt.line)
        .raw
        .outputs
        .get_or_insert_with(Vec::new)
        .push(output);
    Ok(())
}

fn raw_uniform(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let [symbol, first, last] = numbers(stmt, ".raw_uniform SYMBOL FIRST LAST", [U32, U16, U16])?;
    let uniform = Uniform {
        symbol: symbol as u32,
        first: first as u16,
        last: last as u16,
    };
    asm.dvle(stmt.line)
        .raw
        .uniforms
        .get_or_insert_with(Vec::new)
        .push(uniform);
    Ok(())
}

fn raw_symbols(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    if stmt.args.is_empty() {
        return Err(stmt.err_end("missing operand: expected `.raw_symbols \"TEXT\"`"));
    }
    let bytes = numbers::string_literal(stmt.args).map_err(|(at, message)| Diag {
        at: line::offset_in(stmt.line, stmt.args) + at,
        message,
    })?;
    asm.dvle(stmt.line)
        .raw
        .symbols
        .get_or_insert_with(Vec::new)
        .extend(bytes);
    Ok(())
}

fn raw_opdesc(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    let [desc, extra] = numbers(stmt, ".raw_opdesc DESC EXTRA", [U32, U32])?;
    let entry = OpdescEntry {
        desc: desc as u32,
        extra: extra as u32,
    };
    asm.raw_opdescs.get_or_insert_with(Vec::new).push(entry);
    Ok(())
}
