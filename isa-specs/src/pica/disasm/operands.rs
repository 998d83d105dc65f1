//! One instruction in picasso's syntax: registers by their DVLE names,
//! swizzles and negation from the operand descriptor, conditions, and the
//! targets of jumps and calls. `None` means picasso's syntax cannot give
//! back this exact word; the caller writes it as `.word`.

use std::collections::HashMap;

use super::super::asm::picasso_name;
use super::super::shbin::OpdescEntry;
use super::super::{CondOp, Flow as FlowKind, Idx, Instruction, OpcodeAttrs, Reads};
use super::flow::{call_target, flow_of, jump_target, Flow};
use super::opdesc::{fields, OpdescUse};

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

    /// A register as an operand, without swizzle.
    pub(super) fn reg(&self, file: char, index: u32) -> String {
        match self.map.get(&(file, index)) {
            Some((alias, None)) => alias.clone(),
            Some((alias, Some(k))) => format!("{alias}[{k}]"),
            None => format!("{file}{index}"),
        }
    }

    /// A float uniform addressed relative to an index register.
    fn relative(&self, index: u32, idx: &str) -> String {
        match self.map.get(&('c', index)) {
            Some((alias, Some(k))) if *k > 0 => format!("{alias}[{idx}+{k}]"),
            Some((alias, _)) => format!("{alias}[{idx}]"),
            None => format!("c{index}[{idx}]"),
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
    pub opdesc: Option<OpdescUse>,
}

/// A condition on the `cmp` flags (`cmp.x && !cmp.y`), if picasso's syntax
/// can write it: a single flag leaves the other reference bit set.
pub(super) fn condition(op: CondOp, refx: bool, refy: bool) -> Option<String> {
    let flag = |name: &str, want: bool| format!("{}cmp.{name}", if want { "" } else { "!" });
    match op {
        CondOp::Or => Some(format!("{} || {}", flag("x", refx), flag("y", refy))),
        CondOp::And => Some(format!("{} && {}", flag("x", refx), flag("y", refy))),
        CondOp::X => refy.then(|| flag("x", refx)),
        CondOp::Y => refx.then(|| flag("y", refy)),
    }
}

/// picasso rejects two different input registers among an instruction's sources.
fn mixed_inputs(regs: &[u64]) -> bool {
    regs.iter()
        .enumerate()
        .any(|(i, &a)| regs[i + 1..].iter().any(|&b| a < 0x10 && b < 0x10 && a != b))
}

/// A swizzle as a suffix: a short form repeats its last letter, and `xyzw`
/// is the default.
fn swizzle(sel: u32) -> String {
    let letters: Vec<char> = (0..4)
        .map(|i| ['x', 'y', 'z', 'w'][((sel >> (6 - 2 * i)) & 3) as usize])
        .collect();
    let mut len = 4;
    while len > 1 && letters[len - 1] == letters[len - 2] {
        len -= 1;
    }
    let text: String = letters[..len].iter().collect();
    if text == "xyzw" {
        String::new()
    } else {
        format!(".{text}")
    }
}

/// The index register of `idx`, if any.
fn index_register(idx: Idx) -> Option<&'static str> {
    match idx {
        Idx::None => None,
        Idx::A0x => Some("a0.x"),
        Idx::A0y => Some("a0.y"),
        Idx::Al => Some("aL"),
    }
}

impl Ctx<'_> {
    /// Source `which` (1, 2 or 3 of the descriptor): register `reg` with
    /// index `idx`, and its negation and swizzle from `desc`. Index registers
    /// apply to float uniforms only.
    fn source(&self, which: u32, reg: u64, idx: Idx, desc: u32) -> Option<String> {
        let (neg_bit, sel_shift) = match which {
            1 => (4, 5),
            2 => (13, 14),
            _ => (22, 23),
        };
        let neg = if desc >> neg_bit & 1 != 0 { "-" } else { "" };
        let sel = swizzle(desc >> sel_shift & 0xFF);
        let reg = reg as u32;
        let base = match (reg, index_register(idx)) {
            (0x20..=0x7F, Some(idx)) => self.names.relative(reg - 0x20, idx),
            (_, Some(_)) => return None,
            (0x00..=0x0F, None) => self.names.reg('v', reg),
            (0x10..=0x1F, None) => format!("r{}", reg - 0x10),
            (_, None) => self.names.reg('c', reg - 0x20),
        };
        Some(format!("{neg}{base}{sel}"))
    }

    /// A destination register with its write mask from `desc`.
    fn destination(&self, dst: u64, desc: u32) -> Option<String> {
        let mask = desc & 0xF;
        if mask == 0 {
            return None;
        }
        let suffix = if mask == 0xF {
            String::new()
        } else {
            let comps: String = ['x', 'y', 'z', 'w']
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (8 >> i) != 0)
                .map(|(_, c)| c)
                .collect();
            format!(".{comps}")
        };
        let outputs = if self.geometry { 7 } else { 16 };
        let reg = dst as u32;
        let name = match reg {
            r if r < outputs => self.names.reg('o', r),
            0x10..=0x1F => format!("r{}", reg - 0x10),
            _ => return None,
        };
        Some(format!("{name}{suffix}"))
    }

    /// The descriptor entry `desc` indexes.
    fn entry(&self, desc: u64) -> Option<u32> {
        let entry = self.opdescs.get(desc as usize)?.desc;
        Some(self.desc_override.unwrap_or(entry))
    }

    fn bool_reg(&self, index: u64) -> String {
        self.names.reg('b', index as u32)
    }

    fn label(&self, target: usize) -> Option<&str> {
        self.flow.labels.get(&(self.section, target)).map(String::as_str)
    }

    fn proc_name(&self, insn: &Instruction) -> Option<&str> {
        let target = call_target(insn)?;
        self.flow.proc_names.get(&target).map(String::as_str)
    }

    /// The opening line of an accepted block (`flow=if` or `flow=loop`:
    /// `ifc`, `ifu`, `for`).
    pub(super) fn opener(&self, insn: &Instruction) -> Option<String> {
        let name = picasso_name(insn.opcode()?.mnemonic);
        if let Some(f) = insn.as_fmt3_loop() {
            return Some(format!("{name} {}", self.names.reg('i', f.int.raw() as u32)));
        }
        if flow_of(insn) != FlowKind::If {
            return None;
        }
        if let Some(f) = insn.as_fmt2() {
            return Some(format!("{name} {}", condition(f.condop, f.refx, f.refy)?));
        }
        let f = insn.as_fmt3()?;
        Some(format!("{name} {}", self.bool_reg(f.bool.raw())))
    }

    /// An instruction that is not a block opener. The operand formats are
    /// printed from the opcode's format and spec attributes (its mnemonic,
    /// `inverts`, `reads`), so an opcode added to the spec in one of them
    /// prints; flow control goes by the opcode.
    pub(super) fn render(&self, insn: &Instruction) -> Option<Rendered> {
        let op = insn.opcode()?;
        let attrs = OpcodeAttrs::of(op)?;
        // picasso writes an inverted form under its plain form's mnemonic.
        let name = attrs.inverts.unwrap_or(op.mnemonic);
        let reads = attrs.reads;
        let plain = |text: String| Some(Rendered { text, opdesc: None });
        if let Some(f) = insn.as_fmt1() {
            if mixed_inputs(&[f.src1.raw(), f.src2.raw()]) {
                return None;
            }
            let desc = self.entry(f.desc.get())?;
            let text = format!(
                "{name} {}, {}, {}",
                self.destination(f.dst.raw(), desc)?,
                self.source(1, f.src1.raw(), f.idx, desc)?,
                self.source(2, f.src2.raw(), Idx::None, desc)?,
            );
            return Some(with_opdesc(text, reads, false, desc, fields::D12));
        }
        if let Some(f) = insn.as_fmt1i() {
            // picasso picks the inverted form only for a float uniform in src2.
            if f.src2.raw() < 0x20 {
                return None;
            }
            let desc = self.entry(f.desc.get())?;
            let text = format!(
                "{name} {}, {}, {}",
                self.destination(f.dst.raw(), desc)?,
                self.source(1, f.src1.raw(), Idx::None, desc)?,
                self.source(2, f.src2.raw(), f.idx, desc)?,
            );
            return Some(with_opdesc(text, reads, false, desc, fields::D12));
        }
        if let Some(f) = insn.as_fmt1u() {
            if f.src2.get() != 0 {
                return None;
            }
            let desc = self.entry(f.desc.get())?;
            let text = format!(
                "{name} {}, {}",
                self.destination(f.dst.raw(), desc)?,
                self.source(1, f.src1.raw(), f.idx, desc)?,
            );
            return Some(with_opdesc(text, reads, false, desc, fields::D1));
        }
        if let Some(f) = insn.as_fmt1_mova() {
            if f.src2.get() != 0 || f.dst.get() != 0 {
                return None;
            }
            let desc = self.entry(f.desc.get())?;
            let target = match desc & 0xF {
                0x8 => "a0.x",
                0x4 => "a0.y",
                0xC => "a0.xy",
                _ => return None,
            };
            let src = self.source(1, f.src1.raw(), f.idx, desc)?;
            return Some(with_opdesc(
                format!("{name} {target}, {src}"),
                reads,
                false,
                desc,
                fields::D1,
            ));
        }
        if let Some(f) = insn.as_fmt1c() {
            let (Some(x), Some(y)) = (cmp_op(f.cmpx.raw()), cmp_op(f.cmpy.raw())) else {
                return None;
            };
            let desc = self.entry(f.desc.get())?;
            let text = format!(
                "{name} {}, {x}, {y}, {}",
                self.source(1, f.src1.raw(), f.idx, desc)?,
                self.source(2, f.src2.raw(), Idx::None, desc)?,
            );
            return Some(with_opdesc(text, reads, false, desc, fields::S12));
        }
        if let Some(f) = insn.as_fmt5() {
            if mixed_inputs(&[f.src1.raw(), f.src2.raw(), f.src3.raw()]) {
                return None;
            }
            let desc = self.entry(f.desc.get())?;
            let text = format!(
                "{name} {}, {}, {}, {}",
                self.destination(f.dst.raw(), desc)?,
                self.source(1, f.src1.raw(), Idx::None, desc)?,
                self.source(2, f.src2.raw(), f.idx, desc)?,
                self.source(3, f.src3.raw(), Idx::None, desc)?,
            );
            return Some(with_opdesc(text, reads, true, desc, fields::D123));
        }
        if let Some(f) = insn.as_fmt5i() {
            if f.src3.raw() < 0x20 || mixed_inputs(&[f.src1.raw(), f.src2.raw()]) {
                return None;
            }
            let desc = self.entry(f.desc.get())?;
            let text = format!(
                "{name} {}, {}, {}, {}",
                self.destination(f.dst.raw(), desc)?,
                self.source(1, f.src1.raw(), Idx::None, desc)?,
                self.source(2, f.src2.raw(), Idx::None, desc)?,
                self.source(3, f.src3.raw(), f.idx, desc)?,
            );
            return Some(with_opdesc(text, reads, true, desc, fields::D123));
        }
        if let Some(f) = insn.as_fmt0() {
            return if f.unused.get() == 0 {
                plain(name.to_owned())
            } else {
                None
            };
        }
        if let Some(f) = insn.as_fmt4() {
            if f.unused.get() != 0 || f.vertex.get() > 2 || !self.geometry {
                return None;
            }
            let flags = match (f.primitive, f.winding) {
                (false, false) => "",
                (true, false) => ", prim",
                (false, true) => ", inv",
                (true, true) => ", prim inv",
            };
            return plain(format!("{name} {}{flags}", f.vertex.get()));
        }
        // Flow control: conditions, boolean uniforms, targets.
        let flow = attrs.flow;
        if let Some(f) = insn.as_fmt2() {
            let cond = condition(f.condop, f.refx, f.refy)?;
            return match flow {
                FlowKind::Break if f.unused.get() == 0 && f.dst.get() == 0 && f.num.get() == 0 => {
                    plain(format!("{name} {cond}"))
                }
                FlowKind::Call => plain(format!("{name} {cond}, {}", self.proc_name(insn)?)),
                FlowKind::Jump => {
                    let label = self.label(jump_target(insn)?)?;
                    plain(format!("{name} {cond}, {label}"))
                }
                _ => None,
            };
        }
        if let Some(f) = insn.as_fmt3() {
            let reg = self.bool_reg(f.bool.raw());
            return match flow {
                FlowKind::Call => plain(format!("{name} {reg}, {}", self.proc_name(insn)?)),
                FlowKind::Jump => {
                    let label = self.label(jump_target(insn)?)?;
                    let not = if f.num.get() & 1 != 0 { "!" } else { "" };
                    plain(format!("{name} {not}{reg}, {label}"))
                }
                _ => None,
            };
        }
        if insn.as_fmt2_call().is_some() {
            return plain(format!("{name} {}", self.proc_name(insn)?));
        }
        None
    }
}

fn with_opdesc(text: String, reads: Reads, mad: bool, desc: u32, fields: u32) -> Rendered {
    Rendered {
        text,
        opdesc: Some(OpdescUse::new(reads, mad, desc & fields, fields)),
    }
}

/// The comparison's spelling (picasso knows 0–5 only).
fn cmp_op(raw: u64) -> Option<&'static str> {
    ["eq", "ne", "lt", "le", "gt", "ge"].get(raw as usize).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzles_shorten() {
        assert_eq!(swizzle(0b00_01_10_11), "");
        assert_eq!(swizzle(0b01_01_01_01), ".y");
        assert_eq!(swizzle(0b00_01_10_10), ".xyz");
        assert_eq!(swizzle(0b00_00_00_01), ".xxxy");
    }

    #[test]
    fn conditions() {
        assert_eq!(condition(CondOp::X, false, true).as_deref(), Some("!cmp.x"));
        assert_eq!(condition(CondOp::X, true, false), None);
        assert_eq!(condition(CondOp::And, true, false).as_deref(), Some("cmp.x && !cmp.y"));
        assert_eq!(condition(CondOp::Or, true, true).as_deref(), Some("cmp.x || cmp.y"));
    }
}
