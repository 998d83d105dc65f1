//! One instruction in picasso's syntax, printed from the spec's `picasso`
//! lines (`text picasso.operands` / `text picasso.opener`) with hooks that
//! know the program: registers by their DVLE names, the destination mask,
//! negation and swizzles from the operand descriptor, conditions, and the
//! targets of jumps and calls. `None` means picasso's syntax cannot give
//! back this exact word (no line holds, or a hook refuses); the caller
//! writes it as `.word`.

use std::collections::HashMap;
use std::fmt::{self, Write};

use isa_runtime::layout::{Field, FieldKind, Format};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{select_text, write_text, TextError, TextHooks};
use isa_runtime::{Component, Mask, Swizzle};

use super::super::asm::{opdesc_need, picasso_name, refuses_two_inputs, DescNeed, OpdescSrc, MAX_OPDESCS};
use super::super::shbin::OpdescEntry;
use super::super::{fields, Instruction, OpDesc, OpcodeAttrs, Reads};
use super::flow::{call_target, jump_target, Flow};

/// The dialect the listing is written in.
const DIALECT: &str = "picasso";

/// Names the DVLE declarations give registers: (file letter, index) →
/// (alias, offset within it when it is an array).
#[derive(Clone, Debug, Default)]
pub(super) struct RegNames {
    map: HashMap<(char, u32), (String, Option<u32>)>,
}

impl RegNames {
    /// Names `count` registers of `file` from `first` after `alias`
    /// (`alias[k]` when `array`), unless they already have a name.
    pub(super) fn add(&mut self, file: char, first: u32, count: u32, alias: &str, array: bool) {
        for k in 0..count {
            self.map
                .entry((file, first + k))
                .or_insert_with(|| (alias.to_owned(), array.then_some(k)));
        }
    }

    /// Writes a register as an operand, without swizzle.
    fn write_reg(&self, out: &mut dyn Write, file: char, index: u32) -> fmt::Result {
        match self.map.get(&(file, index)) {
            Some((alias, None)) => out.write_str(alias),
            Some((alias, Some(k))) => write!(out, "{alias}[{k}]"),
            None => write!(out, "{file}{index}"),
        }
    }

    /// Writes a register addressed relative to an index register (`idx`).
    fn write_relative(&self, out: &mut dyn Write, file: char, index: u32, idx: &str) -> fmt::Result {
        match self.map.get(&(file, index)) {
            Some((alias, Some(k))) if *k > 0 => write!(out, "{alias}[{idx}+{k}]"),
            Some((alias, _)) => write!(out, "{alias}[{idx}]"),
            None => write!(out, "{file}{index}[{idx}]"),
        }
    }
}

/// What rendering needs to know about the surroundings.
pub(super) struct Ctx<'a> {
    /// The file's descriptor table.
    pub opdescs: &'a [OpdescEntry],
    /// Register names of this DVLE.
    pub names: &'a RegNames,
    /// Whether this text is a geometry shader (`setemit`; only `o0`–`o6`).
    pub geometry: bool,
    /// The text (section) the instruction is written in.
    pub section: usize,
    /// Procedures and labels.
    pub flow: &'a Flow,
    /// A descriptor to print instead of the table entry (one that agrees
    /// with it on every bit the instruction reads).
    pub desc_override: Option<u32>,
}

/// An instruction's text and the descriptor it asks for.
#[derive(Debug)]
pub(super) struct Rendered {
    /// picasso syntax.
    pub text: String,
    /// The descriptor the text builds, for instructions that have one.
    pub opdesc: Option<DescNeed>,
}

/// Whether picasso's syntax can write the condition of `insn` (its
/// format's `picasso.cond` line holds).
pub(super) fn prints_condition(insn: &Instruction) -> bool {
    insn.opcode()
        .is_some_and(|op| select_text(op.format, DIALECT, "cond", &insn.encode()).is_some())
}

/// The outputs a geometry shader may write (picasso: `o0`–`o6`).
const GEOMETRY_OUTPUTS: u32 = 7;

impl Ctx<'_> {
    /// The opening line of an accepted block: the opcode's `picasso.opener`
    /// line (`ifc`, `ifu`, `for`).
    pub(super) fn opener(&self, insn: &Instruction) -> Option<String> {
        self.line(insn, "opener").map(|r| r.text)
    }

    /// An instruction that is not a block opener: its `picasso.operands` line.
    pub(super) fn render(&self, insn: &Instruction) -> Option<Rendered> {
        self.line(insn, "operands")
    }

    /// The mnemonic (an inverted form's plain one, as picasso spells it)
    /// and the operands of the `group` line that holds for `insn`.
    fn line(&self, insn: &Instruction, group: &str) -> Option<Rendered> {
        let op = insn.opcode()?;
        let attrs = OpcodeAttrs::of(op)?;
        let word = insn.encode();
        let text = select_text(op.format, DIALECT, group, &word)?;
        let mut out = String::with_capacity(48);
        out.push_str(picasso_name(attrs.inverts.unwrap_or(op.mnemonic)));
        if !text.pieces.is_empty() {
            out.push(' ');
        }
        let mut hooks = Hooks {
            ctx: self,
            insn,
            format: op.format,
            desc: None,
            mask: None,
            srcs: [None; 3],
            inputs: [None; 3],
        };
        write_text(&mut out, op.format, text, &word, &mut hooks).ok()?;
        // Text picasso would refuse to assemble is not printed.
        let inputs = || hooks.inputs.iter().flatten();
        if refuses_two_inputs(op) && inputs().any(|a| inputs().any(|b| a != b)) {
            return None;
        }
        let opdesc = match hooks.desc {
            Some(_) => Some(hooks.need(attrs.reads)?),
            None => None,
        };
        Some(Rendered { text: out, opdesc })
    }

    /// The descriptor `desc` indexes (or the override).
    fn entry(&self, desc: u64) -> Option<u32> {
        let entry = self.opdescs.get(usize::try_from(desc).ok()?)?.desc;
        Some(self.desc_override.unwrap_or(entry))
    }
}

/// The hooks of the `picasso` lines, for one instruction: they print its
/// operands and note what they took from the descriptor.
struct Hooks<'c, 'a> {
    ctx: &'c Ctx<'a>,
    insn: &'c Instruction,
    format: &'static Format,
    /// The descriptor, once a hook has read it.
    desc: Option<OpDesc>,
    /// The write mask the destination printed.
    mask: Option<Mask<true>>,
    /// Descriptor sources 1–3 the operands printed.
    srcs: [Option<OpdescSrc>; 3],
    /// The input registers read.
    inputs: [Option<u64>; 3],
}

impl Hooks<'_, '_> {
    /// The instruction's operand descriptor.
    fn desc(&mut self) -> Result<OpDesc, fmt::Error> {
        if let Some(d) = self.desc {
            return Ok(d);
        }
        let index = fields::get(self.insn, "desc").ok_or(fmt::Error)?;
        let entry = self.ctx.entry(index).ok_or(fmt::Error)?;
        let d = OpDesc::decode(entry).map_err(|_| fmt::Error)?;
        self.desc = Some(d);
        Ok(d)
    }

    /// What the printed operands ask of the descriptor, for an operation
    /// that reads `reads`; sources must be printed from src1 on. Its index
    /// must reach the entry: picasso moves the entries of an instruction
    /// whose index field cannot address the whole table (mad's 5 bits).
    fn need(&self, reads: Reads) -> Option<DescNeed> {
        let count = self.srcs.iter().take_while(|s| s.is_some()).count();
        if self.srcs[count..].iter().any(Option::is_some) {
            return None;
        }
        let srcs = self.srcs.map(|s| s.unwrap_or((false, Swizzle::from_bits(0))));
        let short_index = fields::width(self.insn, "desc").is_some_and(|w| 1usize << w < MAX_OPDESCS);
        Some(opdesc_need(reads, self.mask, &srcs[..count], short_index))
    }

    /// The register file (by its one-letter prefix) and index of `field`.
    fn register(field: Option<&Field>, word: &u32) -> Result<(char, u32, u64), fmt::Error> {
        let field = field.ok_or(fmt::Error)?;
        let FieldKind::Regs(regs) = field.kind else {
            return Err(fmt::Error);
        };
        let raw = field.read(word, 0);
        let (file, index) = regs.lookup(raw).ok_or(fmt::Error)?;
        let letter = file.prefix.chars().next().ok_or(fmt::Error)?;
        Ok((letter, u32::try_from(index).map_err(|_| fmt::Error)?, raw))
    }

    /// Source `field` (`srcN`: descriptor source N): negation, the
    /// register (relative to `idx` when `indexed`), and the swizzle.
    fn source(&mut self, out: &mut dyn Write, field: Option<&Field>, word: &u32, indexed: bool) -> fmt::Result {
        let slot = field
            .and_then(|f| f.name.strip_prefix("src"))
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|n| (1..=3).contains(n))
            .ok_or(fmt::Error)?;
        let d = self.desc()?;
        let (neg, sel) = [(d.neg1, d.sel1), (d.neg2, d.sel2), (d.neg3, d.sel3)][slot - 1];
        self.srcs[slot - 1] = Some((neg, sel));
        let (file, index, raw) = Self::register(field, word)?;
        if file == 'v' {
            self.inputs[slot - 1] = Some(raw);
        }
        let idx = if indexed { self.index_register(word)? } else { None };
        let names = self.ctx.names;
        if neg {
            out.write_char('-')?;
        }
        match idx {
            // Index registers apply to float uniforms only (Citra).
            Some(idx) if file == 'c' => names.write_relative(out, file, index, idx)?,
            Some(_) => return Err(fmt::Error),
            None => names.write_reg(out, file, index)?,
        }
        write_short_swizzle(out, sel)
    }

    /// The index register the format's `idx` field adds, if any (its
    /// spelling without the field-explicit syntax's brackets).
    fn index_register(&self, word: &u32) -> Result<Option<&'static str>, fmt::Error> {
        let field = self.format.field("idx").ok_or(fmt::Error)?;
        let raw = field.read(word, 0);
        let FieldKind::Enum(e) = field.kind else {
            return Err(fmt::Error);
        };
        let text = e.value(raw).and_then(|v| v.spellings.first()).ok_or(fmt::Error)?;
        let name = text.trim_start_matches('[').trim_end_matches(']');
        Ok((!name.is_empty()).then_some(name))
    }
}

/// The hooks the `picasso` lines use.
#[cfg(test)]
const HOOKS: &[&str] = &[
    "dst",
    "src",
    "src_idx",
    "uniform_idx",
    "a0",
    "cond",
    "reg",
    "vertex",
    "proc",
    "label",
];

impl TextHooks<u32> for Hooks<'_, '_> {
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, word: &u32) -> fmt::Result {
        match hook {
            "dst" => {
                let mask = self.desc()?.mask;
                if mask.bits() == 0 {
                    return Err(fmt::Error);
                }
                self.mask = Some(mask);
                let (file, index, _) = Self::register(field, word)?;
                if file == 'o' && self.ctx.geometry && index >= GEOMETRY_OUTPUTS {
                    return Err(fmt::Error);
                }
                self.ctx.names.write_reg(out, file, index)?;
                if mask.bits() != Mask::<true>::from_bits(0xF).bits() {
                    write!(out, ".{mask}")?;
                }
                Ok(())
            }
            "src" => self.source(out, field, word, false),
            "src_idx" => self.source(out, field, word, true),
            "uniform_idx" => {
                if Self::register(field, word)?.0 != 'c' {
                    return Err(fmt::Error);
                }
                self.source(out, field, word, true)
            }
            "a0" => {
                let mask = self.desc()?.mask;
                self.mask = Some(mask);
                // mova writes a0.x and/or a0.y.
                match (
                    mask.has(Component::X),
                    mask.has(Component::Y),
                    mask.has(Component::Z) || mask.has(Component::W),
                ) {
                    (false, false, _) | (_, _, true) => Err(fmt::Error),
                    _ => write!(out, "a0.{mask}"),
                }
            }
            // The format's `picasso.cond` line.
            "cond" => {
                let text = select_text(self.format, DIALECT, "cond", word).ok_or(fmt::Error)?;
                write_text(&mut &mut *out, self.format, text, word, self)
            }
            "reg" => {
                let (file, index, _) = Self::register(field, word)?;
                self.ctx.names.write_reg(out, file, index)
            }
            "vertex" => {
                if !self.ctx.geometry {
                    return Err(fmt::Error);
                }
                write!(out, "{}", field.ok_or(fmt::Error)?.read(word, 0))
            }
            "proc" => {
                let target = call_target(self.insn).ok_or(fmt::Error)?;
                out.write_str(self.ctx.flow.proc_names.get(&target).ok_or(fmt::Error)?)
            }
            "label" => {
                let target = jump_target(self.insn).ok_or(fmt::Error)?;
                let label = self.ctx.flow.jump_label(self.ctx.section, target).ok_or(fmt::Error)?;
                out.write_str(label)
            }
            _ => Err(fmt::Error),
        }
    }

    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        hook: &str,
        _: Option<&Field>,
        _: &mut u32,
    ) -> Result<(), TextError<'a>> {
        // The assembler (`pica::asm`) reads picasso's text itself.
        Err(TextError::message(
            cur,
            format!("the `picasso` hook `@{hook}` is printed, not parsed, here"),
        ))
    }
}

/// Writes a swizzle as picasso does: a short form repeats its last letter,
/// and the identity is left out.
fn write_short_swizzle(out: &mut dyn Write, sel: Swizzle<true>) -> fmt::Result {
    if sel.bits() == Swizzle::<true>::identity().bits() {
        return Ok(());
    }
    let mut len = 4;
    while len > 1 && sel.get(len - 1) == sel.get(len - 2) {
        len -= 1;
    }
    out.write_char('.')?;
    (0..len).try_for_each(|i| out.write_char(sel.get(i).letter()))
}

#[cfg(test)]
mod tests {
    use isa_runtime::text::dialect_texts;

    use super::super::super::LAYOUT;
    use super::*;

    #[test]
    fn every_picasso_hook_is_known_and_every_opcode_has_a_line() {
        let mut used = Vec::new();
        for op in LAYOUT.opcodes {
            let lines: Vec<_> = dialect_texts(op.format, DIALECT).collect();
            assert!(
                lines.iter().any(|t| t.name == "operands" || t.name == "opener"),
                "`{}` ({}) has no `picasso` line",
                op.mnemonic,
                op.format.name
            );
            used.extend(lines.iter().flat_map(|t| t.hooks()));
        }
        for h in &used {
            assert!(HOOKS.contains(h), "unknown hook `@{h}`");
        }
        for h in HOOKS {
            assert!(used.contains(h), "`@{h}` is never used");
        }
    }

    #[test]
    fn swizzles_shorten() {
        let s = |bits: u64| {
            let mut out = String::new();
            write_short_swizzle(&mut out, Swizzle::from_bits(bits)).unwrap();
            out
        };
        assert_eq!(s(0b00_01_10_11), "");
        assert_eq!(s(0b01_01_01_01), ".y");
        assert_eq!(s(0b00_01_10_10), ".xyz");
        assert_eq!(s(0b00_00_00_01), ".xxxy");
    }
}
