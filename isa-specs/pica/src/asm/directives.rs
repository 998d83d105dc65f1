//! picasso's directives: `.alias`, `.in`, `.out`, `.entry`, `.nodvle` and
//! `.gsh` here; `.proc/.else/.end` in `flow`; the uniform and constant
//! directives in `constants`.

use isa_runtime::{Mask, Swizzle};

use super::constants;
use super::line::{is_identifier, Diag, Stmt};
use super::numbers;
use super::operand::{self, Alias, File, Reg};
use super::state::{Asm, Pos, Uniform, UniformKind, MAX_OUTPUTS, MAX_UNIFORMS};
use crate::shbin::Output;
use isa_runtime::text::{escape_input, quote_input};

/// The directives handled here.
pub(crate) const NAMES: &[&str] = &[
    ".proc", ".else", ".end", ".alias", ".fvec", ".ivec", ".bool", ".constf", ".consti", ".constfa", ".in", ".out",
    ".entry", ".nodvle", ".gsh", ".setf", ".seti", ".setb",
];

/// Runs directive `name` (lowercase, without the dot), if it is picasso's.
/// When it fails, the names it would have declared are marked so that
/// their uses do not add errors of their own.
pub(crate) fn run(asm: &mut Asm, name: &str, stmt: &Stmt<'_>) -> Option<Result<(), Diag>> {
    let result = dispatch(asm, name, stmt)?;
    if result.is_err() {
        for declared in declared_names(name, stmt) {
            if is_identifier(declared) && !asm.aliases.contains_key(declared) {
                asm.poisoned.insert(declared.to_string());
            }
        }
    }
    Some(result)
}

/// The names a directive line declares.
fn declared_names<'a>(name: &str, stmt: &Stmt<'a>) -> Vec<&'a str> {
    let before = |text: &'a str, end: char| super::line::trim(text.split(end).next().unwrap_or(""));
    match name {
        "alias" | "in" | "out" => stmt.words().into_iter().take(1).collect(),
        "fvec" | "ivec" | "bool" => stmt.commas().into_iter().map(|a| before(a, '[')).collect(),
        "constf" | "consti" => vec![before(stmt.args, '(')],
        "constfa" => vec![before(stmt.args, '[')],
        _ => Vec::new(),
    }
}

fn dispatch(asm: &mut Asm, name: &str, stmt: &Stmt<'_>) -> Option<Result<(), Diag>> {
    Some(match name {
        "proc" => asm.dir_proc(stmt),
        "else" => asm.dir_else(stmt),
        "end" => asm.dir_end(stmt),
        "alias" => alias(asm, stmt),
        "fvec" => constants::uniforms(asm, stmt, UniformKind::Fvec),
        "ivec" => constants::uniforms(asm, stmt, UniformKind::Ivec),
        "bool" => constants::uniforms(asm, stmt, UniformKind::Bool),
        "constf" => constants::constant(asm, stmt, UniformKind::Fvec),
        "consti" => constants::constant(asm, stmt, UniformKind::Ivec),
        "constfa" => constants::const_array(asm, stmt),
        "in" => input(asm, stmt),
        "out" => output(asm, stmt),
        "entry" => entry(asm, stmt),
        "nodvle" => nodvle(asm, stmt),
        "gsh" => gsh(asm, stmt),
        "setf" => constants::set_vector(asm, stmt, UniformKind::Fvec),
        "seti" => constants::set_vector(asm, stmt, UniformKind::Ivec),
        "setb" => constants::set_bool(asm, stmt),
        _ => return None,
    })
}

/// An identifier not yet used by an alias of this file.
pub(super) fn new_name<'a>(asm: &mut Asm, stmt: &Stmt<'a>, name: &'a str, what: &str) -> Result<(), Diag> {
    if !is_identifier(name) {
        return Err(stmt.err_at(name, format!("invalid {what} name {name}", name = quote_input(name))));
    }
    if asm.aliases.contains_key(name) {
        return Err(stmt.err_at(
            name,
            format!("{name} is already defined in this file", name = quote_input(name)),
        ));
    }
    // As in picasso, an operand's name is looked up before the register it
    // spells: accepted, but `r1` no longer meaning r1 is worth a word.
    if operand::spells_register(name) {
        let message = format!(
            "{name} is also a register: from here on it names this {what}, not the register (picasso reads names first)",
            name = quote_input(name)
        );
        asm.warn(stmt.line, stmt.err_at(name, message));
    }
    Ok(())
}

/// An error at `text` for a directive that says otherwise than the one
/// at `first`: `what` is what that one set.
pub(super) fn contradicts(asm: &Asm, stmt: &Stmt<'_>, text: &str, what: String, first: &Pos) -> Diag {
    let here = asm.pos(stmt.line, super::line::offset_in(stmt.line, text));
    stmt.err_at(text, format!("{what} (set on {})", first.seen_from(&here)))
}

/// A name for `reg` as it is.
pub(super) fn plain_alias(reg: Reg) -> Alias {
    Alias {
        reg,
        neg: false,
        swizzle: Swizzle::identity(),
        array: None,
    }
}

/// A name for the `size` registers from `reg` (a uniform or constant array).
pub(super) fn array_alias(reg: Reg, size: u16) -> Alias {
    Alias {
        array: Some(size),
        ..plain_alias(reg)
    }
}

/// picasso's register number for a uniform position.
pub(super) fn uniform_reg(kind: UniformKind, pos: i64) -> Reg {
    let (file, base) = match kind {
        UniformKind::Fvec => (File::C, 0x20),
        UniformKind::Ivec => (File::I, 0x80),
        UniformKind::Bool => (File::B, 0x88),
    };
    Reg {
        file,
        index: (pos - base).clamp(0, 255) as u8,
    }
}

fn alias(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    let args = stmt.expect_words(2, 2, ".alias NAME REGISTER")?;
    let name = args[0];
    if !is_identifier(name) {
        return Err(stmt.err_at(name, format!("invalid alias name {name}", name = quote_input(name))));
    }
    let mut chars = name.chars();
    let looks_like_register = matches!(
        chars.next(),
        Some('o' | 'v' | 'r' | 'c' | 'i' | 'b' | 'O' | 'V' | 'R' | 'C' | 'I' | 'B')
    ) && chars.next().is_some_and(|c| c.is_ascii_digit());
    if looks_like_register {
        return Err(stmt.err_at(
            name,
            format!(
                "{name} looks like a register and cannot be an alias",
                name = quote_input(name)
            ),
        ));
    }
    let op = asm.operand(stmt, args[1], false)?;
    new_name(asm, stmt, name, "alias")?;
    asm.aliases.insert(
        name.to_string(),
        Alias {
            reg: op.reg,
            neg: op.neg,
            swizzle: op.swizzle,
            array: None,
        },
    );
    Ok(())
}

/// `.in NAME [REGISTER]`.
fn input(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let args = stmt.expect_words(1, 2, ".in NAME [vN]")?;
    new_name(asm, stmt, args[0], "input")?;
    let index = match args.get(1) {
        Some(text) => asm.plain_register(stmt, text, File::V)?.index,
        None => {
            let mask = asm.dvle(stmt.line).input_mask;
            match (0..16u8).find(|i| mask & (1 << i) == 0) {
                Some(i) => i,
                None => return Err(stmt.err_at(args[0], "too many inputs: v0–v15 are all taken")),
            }
        }
    };
    let dvle = asm.dvle(stmt.line);
    if dvle.uniforms.len() >= MAX_UNIFORMS {
        return Err(stmt.err_at(args[0], "too many uniforms in this DVLE"));
    }
    dvle.input_mask |= 1 << index;
    dvle.uniforms.push(Uniform {
        name: args[0].to_string(),
        pos: u16::from(index),
        size: 1,
        kind: UniformKind::Fvec,
    });
    let reg = Reg { file: File::V, index };
    asm.aliases.insert(args[0].to_string(), plain_alias(reg));
    Ok(())
}

/// Output semantics and their names.
fn semantic(name: &str) -> Option<u16> {
    Some(match name.to_ascii_lowercase().as_str() {
        "pos" | "position" => 0,
        "nquat" | "normalquat" => 1,
        "clr" | "color" => 2,
        "tcoord0" | "texcoord0" => 3,
        "tcoord0w" | "texcoord0w" => 4,
        "tcoord1" | "texcoord1" => 5,
        "tcoord2" | "texcoord2" => 6,
        "view" => 8,
        "dummy" => 9,
        _ => return None,
    })
}

/// The dummy semantic.
const DUMMY: u16 = 9;

/// `.out NAME|- SEMANTIC[.mask] [oN[.mask]]`.
fn output(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let args = stmt.expect_words(2, 3, ".out NAME|- SEMANTIC [oN]")?;
    let name = (args[0] != "-").then_some(args[0]);
    if let Some(name) = name {
        if !is_identifier(name) {
            return Err(stmt.err_at(name, format!("invalid output name {name}", name = quote_input(name))));
        }
    }
    let mut kind_text = args[1];
    let (reg, swizzle) = match args.get(2) {
        Some(text) => {
            let op = asm.operand(stmt, text, false)?;
            if let Some(warning) = operand::mask_warning(stmt, text, op.swizzle) {
                asm.warn(stmt.line, warning);
            }
            let limit = asm.dvle(stmt.line).output_limit();
            if op.reg.file != File::O || op.reg.index >= limit || op.neg {
                return Err(stmt.err_at(
                    text,
                    format!(
                        "invalid output register {text}: expected o0–o{}",
                        limit - 1,
                        text = quote_input(text)
                    ),
                ));
            }
            (Some(op.reg.index), op.swizzle)
        }
        None => match kind_text.find('.') {
            Some(dot) => {
                let mask = &kind_text[dot + 1..];
                kind_text = &kind_text[..dot];
                let swizzle = operand::parse_swizzle(mask)
                    .ok_or_else(|| stmt.err_at(mask, format!("invalid output mask `.{}`", escape_input(mask))))?;
                if let Some(warning) = operand::mask_warning(stmt, args[1], swizzle) {
                    asm.warn(stmt.line, warning);
                }
                (None, swizzle)
            }
            None => (None, Swizzle::identity()),
        },
    };
    let mask = Mask::<false>::from_components(&operand::components(swizzle)).bits() as u16;
    let Some(semantic) = semantic(kind_text) else {
        return Err(stmt.err_at(
            kind_text,
            format!(
                "invalid output type {}: expected position, normalquat, color, texcoord0, \
                 texcoord0w, texcoord1, texcoord2, view or dummy",
                quote_input(kind_text)
            ),
        ));
    };
    let dvle = asm.dvle(stmt.line);
    let register = match reg {
        Some(r) => {
            if dvle.outputs_used & (u64::from(mask) << (4 * r)) != 0 {
                return Err(stmt.err_at(args[2], "this output overlaps components of an earlier one"));
            }
            r
        }
        None => match (0..dvle.output_limit()).find(|i| dvle.output_mask & (1 << i) == 0) {
            Some(r) => r,
            None => return Err(stmt.err_at(args[1], "too many outputs: no output register is free")),
        },
    };
    if dvle.outputs.len() >= MAX_OUTPUTS {
        return Err(stmt.err_at(args[1], "too many outputs"));
    }
    if let Some(name) = name {
        new_name(asm, stmt, name, "output")?;
    }
    if register >= 7 && semantic != DUMMY {
        return Err(stmt.err_at(args[1], format!("o{register} can only be a dummy output")));
    }
    let dvle = asm.dvle(stmt.line);
    dvle.outputs.push(Output {
        semantic,
        register: u16::from(register),
        mask,
        extra: 0,
    });
    dvle.output_mask |= 1 << register;
    dvle.outputs_used |= u64::from(mask) << (4 * register);
    if semantic == DUMMY && dvle.uses_gsh_space() {
        dvle.merge = true;
    }
    if let Some(name) = name {
        let reg = Reg {
            file: File::O,
            index: register,
        };
        asm.aliases.insert(name.to_string(), plain_alias(reg));
    }
    Ok(())
}

/// `.entry PROC`. picasso (`dir_entry`) keeps the last one given; a
/// second that names another procedure is an error here, as a DVLE has one
/// entry point.
fn entry(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let args = stmt.expect_words(1, 1, ".entry PROC")?;
    if !is_identifier(args[0]) {
        return Err(stmt.err_at(args[0], format!("invalid procedure name {}", quote_input(args[0]))));
    }
    let pos = asm.pos(stmt.line, super::line::offset_in(stmt.line, args[0]));
    let (name, first, named) = asm.dvle(stmt.line).entry.clone();
    if named {
        if name != args[0] {
            let what = format!("the entry point is already {}", quote_input(&name));
            return Err(contradicts(asm, stmt, args[0], what, &first));
        }
        return Ok(());
    }
    asm.dvle(stmt.line).entry = (args[0].to_string(), pos, true);
    Ok(())
}

fn nodvle(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    stmt.expect_commas(0, ".nodvle")?;
    asm.dvle(stmt.line).nodvle = true;
    Ok(())
}

/// `.gsh`, `.gsh point cN`, `.gsh variable cN COUNT`, `.gsh fixed cN cM COUNT`.
fn gsh(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    let args = stmt.words();
    let dvle = asm.dvle(stmt.line);
    let Some(&mode_text) = args.first() else {
        dvle.gsh = true;
        dvle.compat_gsh = true;
        return Ok(());
    };
    if dvle.gsh {
        return Err(stmt.err_at(
            stmt.head,
            "this DVLE is already a geometry shader (`.gsh` or `setemit` came before)",
        ));
    }
    if !dvle.constants.is_empty() || !dvle.uniforms.is_empty() || dvle.output_mask != 0 {
        return Err(stmt.err_at(stmt.head, "`.gsh` must come before any constant, uniform or output"));
    }
    let mode = match mode_text.to_ascii_lowercase().as_str() {
        "point" => 0u8,
        "variable" | "subdivision" => 1,
        "fixed" | "particle" => 2,
        _ => {
            return Err(stmt.err_at(
                mode_text,
                format!(
                    "invalid geometry shader mode {mode_text}: expected point, variable or fixed",
                    mode_text = quote_input(mode_text)
                ),
            ))
        }
    };
    let usage = match mode {
        0 => ".gsh point FIRST_FREE_C",
        1 => ".gsh variable FIRST_FREE_C VERTICES",
        _ => ".gsh fixed FIRST_FREE_C ARRAY_START_C VERTICES",
    };
    let args = stmt.expect_words(2 + usize::from(mode), 2 + usize::from(mode), usage)?;
    let first_free = asm.plain_register(stmt, args[1], File::C)?;
    let count = |text: &str| match numbers::c_integer(text) {
        Some(n @ 0..=255) => Ok(n as u8),
        _ => Err(stmt.err_at(
            text,
            format!("invalid vertex count {text}: expected 0–255", text = quote_input(text)),
        )),
    };
    let mut header = [mode, 0, 0, 0];
    match mode {
        1 => header[2] = count(args[2])?,
        2 => {
            let start = asm.plain_register(stmt, args[2], File::C)?;
            if start.index >= first_free.index {
                return Err(stmt.err_at(args[2], "the vertex array must start below the first free register"));
            }
            header[1] = start.index;
            header[3] = count(args[3])?;
        }
        _ => {}
    }
    asm.alloc[1] = super::state::AllocBundle::geometry(0x20 + i64::from(first_free.index));
    let dvle = asm.dvle(stmt.line);
    dvle.gsh = true;
    dvle.gsh_header = header;
    Ok(())
}
