//! A DVLE's declarations: `.gsh`, uniforms (`.fvec`, `.ivec`, `.bool`,
//! `.in`), constants (`.constf`, `.consti`, `.setf`, `.seti`, `.setb`),
//! outputs (`.out`), `.entry`, and where picasso's directives cannot give
//! the file's bytes, isaforge's `.dvle_override` and `.raw_*` directives.
//!
//! Each table is first planned in picasso's terms and the plan is replayed
//! through picasso's register allocator (`UniformAlloc` in
//! `picasso_assembler.cpp`: uniforms from the bottom of their file,
//! constants from the top, vertex shaders sharing one uniform space and each
//! `.gsh` program having its own). A table whose plan would not give back
//! its exact entries is written raw instead.

use std::collections::HashSet;

use super::super::asm::{AllocBundle, UniformKind};
use super::super::shbin::{constant_kind, Dvle, ShaderKind};
use super::flow::Proc;
use super::names::{source_name, Names};
use super::operands::RegNames;
use super::values::{float24, quoted};

/// A register file of the uniform table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Input,
    Float,
    Int,
    Bool,
}

impl Kind {
    /// The directive that declares it.
    fn directive(self) -> &'static str {
        match self {
            Kind::Input => ".in",
            Kind::Float => ".fvec",
            Kind::Int => ".ivec",
            Kind::Bool => ".bool",
        }
    }

    /// The allocator picasso takes its registers from (inputs share the
    /// float uniforms').
    fn uniform(self) -> UniformKind {
        match self {
            Kind::Int => UniformKind::Ivec,
            Kind::Bool => UniformKind::Bool,
            Kind::Float | Kind::Input => UniformKind::Fvec,
        }
    }

    /// Register letter and the first register's position.
    fn file(self) -> (char, u32) {
        match self {
            Kind::Input => ('v', 0),
            Kind::Float => ('c', 0x20),
            Kind::Int => ('i', 0x80),
            Kind::Bool => ('b', 0x88),
        }
    }
}

/// A uniform picasso's shared vertex space already knows.
#[derive(Clone, Debug)]
struct Global {
    name: String,
    kind: Kind,
    pos: u32,
    size: u32,
}

/// Allocation state carried from one DVLE's text to the next.
#[derive(Clone, Debug)]
pub(super) struct State {
    shared: AllocBundle,
    globals: Vec<Global>,
    pads: usize,
}

impl Default for State {
    fn default() -> Self {
        State {
            shared: AllocBundle::shared(),
            globals: Vec::new(),
            pads: 0,
        }
    }
}

/// What the text of one DVLE needs.
#[derive(Debug, Default)]
pub(super) struct DvlePlan {
    /// Declaration lines, in order.
    pub lines: Vec<String>,
    /// Names of the registers.
    pub names: RegNames,
    /// Whether the text declares a geometry shader.
    pub geometry: bool,
}

/// A uniform table entry in picasso's terms.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    kind: Kind,
    pos: u32,
    size: u32,
}

/// Register position of a uniform-table number (`c` is stored 0x10 lower).
fn position(t: u16) -> Option<(Kind, u32)> {
    let t = u32::from(t);
    match t {
        0x00..=0x0F => Some((Kind::Input, t)),
        0x10..=0x6F => Some((Kind::Float, t + 0x10)),
        0x70..=0x73 => Some((Kind::Int, t + 0x10)),
        0x78..=0x87 => Some((Kind::Bool, t + 0x10)),
        _ => None,
    }
}

/// The semantic names picasso's `.out` knows.
fn semantic(code: u16) -> Option<(&'static str, &'static str)> {
    Some(match code {
        0 => ("position", "outpos"),
        1 => ("normalquat", "outnq"),
        2 => ("color", "outclr"),
        3 => ("texcoord0", "outtc0"),
        4 => ("texcoord0w", "outtc0w"),
        5 => ("texcoord1", "outtc1"),
        6 => ("texcoord2", "outtc2"),
        8 => ("view", "outview"),
        9 => ("dummy", "out"),
        _ => return None,
    })
}

/// Plans one DVLE. `entry` is the procedure its entry point names.
/// `names` is the scope of this DVLE's text (aliases are per source file).
pub(super) fn plan(dvle: &Dvle, entry: Option<&Proc>, state: &mut State, names: Names<'_>) -> DvlePlan {
    let mut planner = Planner {
        dvle,
        state,
        names,
        plan: DvlePlan::default(),
        overrides: Vec::new(),
        raw: Vec::new(),
        aliases: HashSet::new(),
    };
    planner.run(entry);
    let Planner {
        mut plan,
        overrides,
        raw,
        ..
    } = planner;
    plan.lines.extend(overrides);
    plan.lines.extend(raw);
    plan
}

struct Planner<'a, 'n> {
    dvle: &'a Dvle,
    state: &'a mut State,
    names: Names<'n>,
    plan: DvlePlan,
    overrides: Vec<String>,
    raw: Vec<String>,
    /// Alias names used in this text (picasso's aliases are per file).
    aliases: HashSet<String>,
}

impl Planner<'_, '_> {
    fn run(&mut self, entry: Option<&Proc>) {
        let dvle = self.dvle;
        self.state.shared.clear_local();
        let entries = self.entries();
        let gsh = self.geometry(entries.as_deref());
        let mut bundle = match gsh {
            Some(first_free) => AllocBundle::geometry(i64::from(first_free)),
            None => self.state.shared,
        };
        let inputs = self.uniforms(entries, &mut bundle, gsh.is_some());
        self.constants(&mut bundle);
        let (outputs, merge) = self.outputs(gsh.is_some());
        if gsh.is_none() {
            self.state.shared = bundle;
        }
        self.header(entry, inputs, outputs, merge);
        for label in &dvle.labels {
            self.raw.push(format!(
                ".raw_label {:#x} {:#x} {:#x} {:#x}",
                label[0], label[1], label[2], label[3]
            ));
        }
    }

    fn line(&mut self, text: String) {
        self.plan.lines.push(text);
    }

    fn set(&mut self, field: &str, value: impl std::fmt::Display) {
        self.overrides.push(format!(".dvle_override {field} {value}"));
    }

    /// The uniform table in picasso's terms, if every entry has a name and
    /// a register range picasso can declare.
    fn entries(&self) -> Option<Vec<Entry>> {
        let dvle = self.dvle;
        let mut out = Vec::new();
        for u in &dvle.uniforms {
            let (kind, pos) = position(u.first)?;
            let (last_kind, last) = position(u.last)?;
            let name = source_name(dvle.symbol(u.symbol)?)?;
            if kind != last_kind || last < pos || (kind == Kind::Input && last != pos) {
                return None;
            }
            out.push(Entry {
                name,
                kind,
                pos,
                size: last - pos + 1,
            });
        }
        Some(out)
    }

    /// `.gsh` for a geometry shader: its first free float register is where
    /// its first float uniform sits. Returns that register.
    fn geometry(&mut self, entries: Option<&[Entry]>) -> Option<u32> {
        let dvle = self.dvle;
        let (mode, start, variable, fixed) = (
            dvle.gsh_mode,
            dvle.gsh_fixed_start,
            dvle.gsh_variable_count,
            dvle.gsh_fixed_count,
        );
        let mut written = (0, 0, 0, 0);
        let mut first_free = None;
        match dvle.kind {
            ShaderKind::Geometry => {
                let lowest = entries
                    .into_iter()
                    .flatten()
                    .filter(|e| e.kind == Kind::Float)
                    .map(|e| e.pos)
                    .min();
                let free = lowest.unwrap_or(if mode == 2 { 0x21 + u32::from(start) } else { 0x20 });
                let free = if (0x20..0x80).contains(&free) { free } else { 0x20 };
                let c = free - 0x20;
                if mode == 2 && u32::from(start) + 0x20 < free {
                    self.line(format!(".gsh fixed c{c} c{start} {fixed}"));
                    written = (2, start, 0, fixed);
                } else if mode == 1 {
                    self.line(format!(".gsh variable c{c} {variable}"));
                    written = (1, 0, variable, 0);
                } else {
                    self.line(format!(".gsh point c{c}"));
                }
                self.plan.geometry = true;
                first_free = Some(free);
            }
            ShaderKind::Vertex => {}
            ShaderKind::Other(kind) => self.set("kind", kind),
        }
        if written.0 != mode {
            self.set("gsh_mode", mode);
        }
        if written.1 != start {
            self.set("gsh_fixed_start", start);
        }
        if written.2 != variable {
            self.set("gsh_variable_count", variable);
        }
        if written.3 != fixed {
            self.set("gsh_fixed_count", fixed);
        }
        first_free
    }

    /// Uniforms and inputs; returns the input mask the declarations give
    /// (`None` when the table is written raw).
    fn uniforms(&mut self, entries: Option<Vec<Entry>>, bundle: &mut AllocBundle, gsh: bool) -> Option<u16> {
        let dvle = self.dvle;
        if let Some(entries) = entries.filter(|e| self.symbols_match(e)) {
            let mut trial_bundle = *bundle;
            let mut trial_state = self.state.clone();
            if let Some(decls) = allocate(&entries, &mut trial_bundle, &mut trial_state, gsh) {
                *bundle = trial_bundle;
                *self.state = trial_state;
                let mut inputs = 0u16;
                for (kind, list) in decls {
                    self.line(format!("{} {}", kind.directive(), list.join(", ")));
                }
                for e in &entries {
                    let (file, base) = e.kind.file();
                    self.plan.names.add(file, e.pos - base, e.size, &e.name, e.size > 1);
                    self.aliases.insert(e.name.clone());
                    if e.kind == Kind::Input {
                        self.line(format!(".in {} v{}", e.name, e.pos));
                        inputs |= 1 << e.pos;
                    }
                }
                return Some(inputs);
            }
        }
        // Raw: the table as it is, with aliases for the names.
        for u in &dvle.uniforms {
            self.raw
                .push(format!(".raw_uniform {} {:#x} {:#x}", u.symbol, u.first, u.last));
            let (Some((kind, pos)), Some((last_kind, last))) = (position(u.first), position(u.last)) else {
                continue;
            };
            let Some(name) = dvle.symbol(u.symbol).and_then(source_name) else {
                continue;
            };
            let (file, base) = kind.file();
            if kind != last_kind || last < pos || self.aliases.contains(&name) {
                continue;
            }
            self.line(format!(".alias {name} {file}{}", pos - base));
            let size = last - pos + 1;
            self.plan.names.add(file, pos - base, size, &name, size > 1);
            self.aliases.insert(name);
        }
        if !dvle.uniforms.is_empty() || !dvle.symbols.is_empty() {
            self.raw.push(format!(".raw_symbols {}", quoted(&dvle.symbols)));
        }
        None
    }

    /// Whether the symbol table is exactly the names, in table order.
    fn symbols_match(&self, entries: &[Entry]) -> bool {
        let dvle = self.dvle;
        let mut expected = Vec::new();
        let mut seen = HashSet::new();
        for (e, u) in entries.iter().zip(&dvle.uniforms) {
            if u.symbol as usize != expected.len() || !seen.insert(e.name.as_str()) {
                return false;
            }
            expected.extend(e.name.replace('$', ".").bytes());
            expected.push(0);
        }
        let sorted = entries.windows(2).all(|w| w[0].pos < w[1].pos);
        sorted && expected == dvle.symbols
    }

    /// Constants: `.constf`/`.consti` where picasso's allocator would pick
    /// the register, `.setf`/`.seti`/`.setb` elsewhere, raw when a value
    /// cannot be written.
    fn constants(&mut self, bundle: &mut AllocBundle) {
        let dvle = self.dvle;
        let mut trial = *bundle;
        let mut lines = Vec::new();
        let mut named: Vec<(char, u32, String)> = Vec::new();
        let mut ok = true;
        for c in &dvle.constants {
            let (floats, ints) = (
                named.iter().filter(|n| n.0 == 'c').count(),
                named.iter().filter(|n| n.0 == 'i').count(),
            );
            let rest_zero = c.value[1..].iter().all(|&w| w == 0);
            let line = match c.kind {
                constant_kind::FLOAT if c.index < 96 => {
                    let values: Option<Vec<String>> = c.value.iter().map(|&w| float24(w)).collect();
                    values.map(|v| {
                        let reg = 0x20 + u32::from(c.index);
                        if trial.fvec.end() == i64::from(reg) + 1 && trial.fvec.local(1) == Some(i64::from(reg)) {
                            let name = self.names.fresh(&format!("const{floats}"));
                            named.push(('c', u32::from(c.index), name.clone()));
                            format!(".constf {name}({})", v.join(", "))
                        } else {
                            format!(".setf c{}({})", c.index, v.join(", "))
                        }
                    })
                }
                constant_kind::INT if c.index < 4 && rest_zero => {
                    let b = c.value[0].to_le_bytes();
                    let values = format!("{}, {}, {}, {}", b[0], b[1], b[2], b[3]);
                    let reg = 0x80 + u32::from(c.index);
                    Some(
                        if trial.ivec.end() == i64::from(reg) + 1 && trial.ivec.local(1) == Some(i64::from(reg)) {
                            let name = self.names.fresh(&format!("iconst{ints}"));
                            named.push(('i', u32::from(c.index), name.clone()));
                            format!(".consti {name}({values})")
                        } else {
                            format!(".seti i{}({values})", c.index)
                        },
                    )
                }
                constant_kind::BOOL if c.index < 16 && rest_zero && c.value[0] <= 1 => {
                    let value = if c.value[0] == 1 { "true" } else { "false" };
                    Some(format!(".setb b{} {value}", c.index))
                }
                _ => None,
            };
            match line {
                Some(line) => lines.push(line),
                None => ok = false,
            }
        }
        if ok {
            *bundle = trial;
            self.plan.lines.extend(lines);
            for (file, index, name) in named {
                self.plan.names.add(file, index, 1, &name, false);
                self.aliases.insert(name);
            }
        } else {
            for c in &dvle.constants {
                self.raw.push(format!(
                    ".raw_constant {} {} {:#x} {:#x} {:#x} {:#x}",
                    c.kind, c.index, c.value[0], c.value[1], c.value[2], c.value[3]
                ));
            }
        }
    }

    /// `.out` declarations; returns the output mask and merge flag they give
    /// (`None` when the table is written raw).
    fn outputs(&mut self, gsh: bool) -> (Option<u16>, Option<u8>) {
        let dvle = self.dvle;
        let max = if self.plan.geometry { 7 } else { 16 };
        let mut used = [0u16; 16];
        let mut mask = 0u16;
        let mut merge = 0u8;
        let mut lines = Vec::new();
        let mut named = Vec::new();
        let mut ok = true;
        for o in &dvle.outputs {
            let reg = usize::from(o.register);
            let Some((sem, alias)) = semantic(o.semantic) else {
                ok = false;
                break;
            };
            if reg >= max || o.mask == 0 || o.mask > 0xF || o.extra != 0 || (reg >= 7 && o.semantic != 9) {
                ok = false;
                break;
            }
            if used[reg] & o.mask != 0 {
                ok = false;
                break;
            }
            let comps: String = ['x', 'y', 'z', 'w']
                .iter()
                .enumerate()
                .filter(|(i, _)| o.mask & (1 << i) != 0)
                .map(|(_, c)| c)
                .collect();
            let first_on_reg = mask & (1 << reg) == 0;
            let free = (0..max).find(|&i| mask & (1 << i) == 0);
            let name = if first_on_reg {
                let base = if o.semantic == 9 {
                    format!("{alias}{reg}")
                } else {
                    alias.to_owned()
                };
                let name = self.names.fresh(&base);
                named.push((reg as u32, name.clone()));
                name
            } else {
                "-".to_owned()
            };
            let suffix = if o.mask == 0xF {
                String::new()
            } else {
                format!(".{comps}")
            };
            lines.push(if first_on_reg && free == Some(reg) {
                format!(".out {name} {sem}{suffix}")
            } else {
                format!(".out {name} {sem} o{reg}{suffix}")
            });
            used[reg] |= o.mask;
            mask |= 1 << reg;
            if o.semantic == 9 && gsh {
                merge = 1;
            }
        }
        if ok {
            self.plan.lines.extend(lines);
            for (reg, name) in named {
                self.plan.names.add('o', reg, 1, &name, false);
                self.aliases.insert(name);
            }
            return (Some(mask), Some(merge));
        }
        for o in &dvle.outputs {
            self.raw.push(format!(
                ".raw_output {} {} {:#x} {:#x}",
                o.semantic, o.register, o.mask, o.extra
            ));
        }
        (None, None)
    }

    /// `.entry` and overrides for header fields the declarations do not give.
    fn header(&mut self, entry: Option<&Proc>, inputs: Option<u16>, outputs: Option<u16>, merge: Option<u8>) {
        let dvle = self.dvle;
        if let Some(proc) = entry {
            if proc.name != "main" {
                self.line(format!(".entry {}", proc.name));
            }
        }
        let (main, endmain) = entry.map_or((None, None), |p| (Some(p.range.start), Some(p.range.end)));
        if dvle.version != 0x1002 {
            self.set("version", format!("{:#x}", dvle.version));
        }
        if merge != Some(dvle.merge_outmaps) {
            self.set("merge_outmaps", dvle.merge_outmaps);
        }
        if main != Some(dvle.main as usize) {
            self.set("main", dvle.main);
        }
        if endmain != Some(dvle.endmain as usize) {
            self.set("endmain", dvle.endmain);
        }
        if inputs != Some(dvle.input_mask) {
            self.set("input_mask", format!("{:#06x}", dvle.input_mask));
        }
        if outputs != Some(dvle.output_mask) {
            self.set("output_mask", format!("{:#06x}", dvle.output_mask));
        }
    }
}

/// Declarations that make picasso's allocator give every entry its
/// register: per kind, in register order, with private `_padN` uniforms
/// filling gaps. `None` when no such declarations exist.
fn allocate(
    entries: &[Entry],
    bundle: &mut AllocBundle,
    state: &mut State,
    gsh: bool,
) -> Option<Vec<(Kind, Vec<String>)>> {
    let mut decls = Vec::new();
    for kind in [Kind::Float, Kind::Int, Kind::Bool] {
        let mut list = Vec::new();
        let mut of_kind: Vec<&Entry> = entries.iter().filter(|e| e.kind == kind).collect();
        of_kind.sort_by_key(|e| e.pos);
        for e in of_kind {
            let declared = |name: &str, size: u32| {
                if size > 1 {
                    format!("{name}[{size}]")
                } else {
                    name.to_owned()
                }
            };
            if !gsh {
                if let Some(g) = state.globals.iter().find(|g| g.name == e.name) {
                    if g.kind != kind || g.size != e.size || g.pos != e.pos {
                        return None;
                    }
                    list.push(declared(&e.name, e.size));
                    continue;
                }
            }
            let alloc = bundle.of(kind.uniform());
            if alloc.start() < i64::from(e.pos) {
                let gap = e.pos - u32::try_from(alloc.start()).ok()?;
                let at = u32::try_from(alloc.global(i64::from(gap))?).ok()?;
                let name = format!("_pad{}", state.pads);
                state.pads += 1;
                if !gsh {
                    state.globals.push(Global {
                        name: name.clone(),
                        kind,
                        pos: at,
                        size: gap,
                    });
                }
                list.push(declared(&name, gap));
            }
            if alloc.global(i64::from(e.size))? != i64::from(e.pos) {
                return None;
            }
            if !gsh {
                state.globals.push(Global {
                    name: e.name.clone(),
                    kind,
                    pos: e.pos,
                    size: e.size,
                });
            }
            list.push(declared(&e.name, e.size));
        }
        if !list.is_empty() {
            decls.push((kind, list));
        }
    }
    Some(decls)
}
