//! Uniform and constant directives: `.fvec/.ivec/.bool` (uniforms, shared
//! by name between vertex shaders), `.constf/.consti` and `.constfa`
//! (constants allocated from the top of the uniform space, per file),
//! `.setf/.seti/.setb` (constant-table entries for given registers).

use super::directives::{array_alias, new_name, plain_alias, uniform_reg};
use super::line::{trim, Diag, Stmt};
use super::numbers;
use super::operand::{File, Reg};
use super::state::{Asm, BlockKind, ConstArray, Uniform, UniformKind, MAX_CONSTANTS, MAX_UNIFORMS};
use crate::float24::{from_f32_picasso, from_f64_checked, to_f32, Lossy};
use crate::shbin::{constant_kind, Constant};
use isa_runtime::text::quote_input;

/// `.fvec/.ivec/.bool NAME, NAME[SIZE], …`.
pub(super) fn uniforms(asm: &mut Asm, stmt: &Stmt<'_>, kind: UniformKind) -> Result<(), Diag> {
    let shared = !asm.dvle(stmt.line).uses_gsh_space();
    for arg in stmt.commas() {
        let (name, size) = match arg.find('[') {
            Some(open) => {
                let Some(close) = arg.find(']') else {
                    return Err(stmt.err_at(&arg[open..], "missing `]`"));
                };
                let inner = trim(arg.get(open + 1..close).unwrap_or(""));
                if !arg[close + 1..].is_empty() {
                    return Err(stmt.err_at(&arg[close + 1..], "unexpected text after `]`"));
                }
                match numbers::decimal(inner) {
                    Some(n) if n >= 1 => (trim(&arg[..open]), n),
                    _ => {
                        return Err(stmt.err_at(
                            inner,
                            format!("invalid uniform size {inner}", inner = quote_input(inner)),
                        ))
                    }
                }
            }
            None => (arg, 1),
        };
        new_name(asm, stmt, name, "uniform")?;
        let mut pos = None;
        if shared {
            if let Some(u) = asm.globals.iter().find(|u| u.name == name) {
                if u.kind != kind {
                    return Err(stmt.err_at(
                        name,
                        format!(
                            "{name} was declared as another kind of uniform",
                            name = quote_input(name)
                        ),
                    ));
                }
                if i64::from(u.size) != size {
                    return Err(stmt.err_at(
                        name,
                        format!("{name} was declared with size {}", u.size, name = quote_input(name)),
                    ));
                }
                pos = Some(i64::from(u.pos));
            }
        }
        let declared = pos.is_some();
        let pos = match pos {
            Some(pos) => pos,
            None => {
                if asm.globals.len() >= MAX_UNIFORMS {
                    return Err(stmt.err_at(name, format!("too many uniforms (the limit is {MAX_UNIFORMS})")));
                }
                match asm.allocator(stmt.line, kind).global(size) {
                    Some(pos) => pos,
                    None => {
                        return Err(stmt.err_at(
                            arg,
                            format!("not enough uniform registers left for {arg}", arg = quote_input(arg)),
                        ))
                    }
                }
            }
        };
        let entry = Uniform {
            name: name.to_string(),
            pos: pos as u16,
            size: size as u16,
            kind,
        };
        // One entry per name. picasso (`dir_uniform`) appends an entry for
        // every declaration, even of a name it found, so a name declared in
        // many vertex shaders counts many times towards the 96 (and past
        // them, it writes beyond its table): a set of files whose
        // disassembly declares each shader's names again did not assemble.
        if shared && !declared {
            asm.globals.push(entry.clone());
        }
        if !name.starts_with('_') {
            let dvle = asm.dvle(stmt.line);
            if dvle.uniforms.len() >= MAX_UNIFORMS {
                return Err(stmt.err_at(name, "too many uniforms in this DVLE"));
            }
            dvle.uniforms.push(entry);
        }
        asm.aliases
            .insert(name.to_string(), array_alias(uniform_reg(kind, pos), size as u16));
    }
    Ok(())
}

/// `NAME(x, y, z, w)`: the name and the four value texts.
fn name_and_vector<'a>(stmt: &Stmt<'a>) -> Result<(&'a str, Vec<&'a str>), Diag> {
    let args = stmt.args;
    let Some(open) = args.find('(') else {
        return Err(stmt.err_end("expected `NAME(x, y, z, w)`"));
    };
    let name = trim(&args[..open]);
    let values = vector(stmt, &args[open..])?;
    Ok((name, values))
}

/// `(x, y, z, w)` exactly.
fn vector<'a>(stmt: &Stmt<'a>, text: &'a str) -> Result<Vec<&'a str>, Diag> {
    let inner = text.strip_prefix('(').unwrap_or(text);
    let Some(close) = inner.find(')') else {
        return Err(stmt.err_end("missing `)`"));
    };
    let after = trim(&inner[close + 1..]);
    if !after.is_empty() {
        return Err(stmt.err_at(
            after,
            format!("unexpected {after} after `)`", after = quote_input(after)),
        ));
    }
    let values: Vec<&str> = inner[..close].split(',').map(trim).collect();
    if values.len() != 4 {
        return Err(stmt.err_at(
            text,
            format!("expected 4 values in parentheses, found {}", values.len()),
        ));
    }
    Ok(values)
}

fn floats<'a>(stmt: &Stmt<'a>, values: &[&'a str]) -> Result<[f32; 4], Diag> {
    let mut out = [0.0; 4];
    for (slot, text) in out.iter_mut().zip(values) {
        let value = numbers::float(text)
            .ok_or_else(|| stmt.err_at(text, format!("invalid number {text}", text = quote_input(text))))?;
        *slot = float24_literal(stmt, text, value)?;
    }
    Ok(out)
}

/// A float literal that a float24 holds without changing what it says:
/// NaN, a finite number that would become infinite (or a float24 NaN) and a
/// nonzero number that would become zero are errors (picasso writes
/// +infinity, the infinity and the zero without a word). `inf` spelled out
/// is allowed; inexact mantissas truncate as in picasso.
fn float24_literal(stmt: &Stmt<'_>, text: &str, value: f64) -> Result<f32, Diag> {
    let checked = literal_word(text, value);
    let quoted = quote_input(text);
    let becomes = |word: u32| match to_f32(word) {
        v if v.is_nan() => format!("NaN ({word:#08x})"),
        v if v.is_infinite() => format!("{}inf ({word:#08x})", if v < 0.0 { "-" } else { "" }),
        v => format!("{v:?} ({word:#08x})"),
    };
    match checked {
        Ok(_) => Ok(value as f32),
        Err(Lossy::Nan) => Err(stmt.err_at(
            text,
            format!("{quoted} is NaN, which a float24 constant cannot hold (it would become inf (0x7f0000))"),
        )),
        Err(Lossy::Overflow(word)) => Err(stmt.err_at(
            text,
            format!(
                "{quoted} is too large for a float24 (the largest is about 1.8e19): it would become {}",
                becomes(word)
            ),
        )),
        Err(Lossy::Underflow(word)) => Err(stmt.err_at(
            text,
            format!(
                "{quoted} is too small for a float24 (the smallest nonzero is about 2.2e-19): it would become {}",
                becomes(word)
            ),
        )),
    }
}

/// The float24 word of the literal `text`, read as `value`, or why it
/// would change what `text` says. Reading the literal as a double can
/// already have lost it: a literal beyond the double's range (`1e400`)
/// reads as infinity, and a nonzero one below it (`1e-400`) as zero, so
/// these are judged by their digits, not by `value` alone.
fn literal_word(text: &str, value: f64) -> Result<u32, Lossy> {
    match from_f64_checked(value) {
        Ok(word) if value.is_infinite() && !spells_infinity(text) => Err(Lossy::Overflow(word)),
        Ok(word) if value == 0.0 && has_nonzero_digit(text) => Err(Lossy::Underflow(word)),
        other => other,
    }
}

/// Whether the literal is `inf` (or `infinity`) spelled out, with any sign.
fn spells_infinity(text: &str) -> bool {
    text.trim_start_matches(['+', '-'])
        .to_ascii_lowercase()
        .starts_with("inf")
}

/// Whether a decimal literal's digits before its exponent (`1` of
/// `1e-400`) are not all zero, so the number it writes is not zero.
fn has_nonzero_digit(text: &str) -> bool {
    let digits = text.split(['e', 'E']).next().unwrap_or(text);
    digits.bytes().any(|b| matches!(b, b'1'..=b'9'))
}

fn bytes<'a>(stmt: &Stmt<'a>, values: &[&'a str]) -> Result<[u8; 4], Diag> {
    let mut out = [0; 4];
    for (slot, text) in out.iter_mut().zip(values) {
        *slot = match numbers::decimal(text) {
            Some(v @ -128..=255) => v as u8,
            _ => {
                return Err(stmt.err_at(
                    text,
                    format!(
                        "invalid integer {text}: expected a decimal number from -128 to 255",
                        text = quote_input(text)
                    ),
                ))
            }
        };
    }
    Ok(out)
}

/// A constant-table entry for register `reg` (picasso's layout per kind).
fn make_constant(reg: Reg, value: ConstValue) -> Constant {
    let index = u16::from(reg.index);
    match value {
        ConstValue::Float(v) => Constant {
            kind: constant_kind::FLOAT,
            index,
            value: v.map(from_f32_picasso),
        },
        ConstValue::Int(b) => Constant {
            kind: constant_kind::INT,
            index,
            value: [u32::from_le_bytes(b), 0, 0, 0],
        },
        ConstValue::Bool(b) => Constant {
            kind: constant_kind::BOOL,
            index,
            value: [u32::from(b), 0, 0, 0],
        },
    }
}

/// A constant's value.
enum ConstValue {
    Float([f32; 4]),
    Int([u8; 4]),
    Bool(bool),
}

fn push_constant(asm: &mut Asm, stmt: &Stmt<'_>, constant: Constant) -> Result<(), Diag> {
    let dvle = asm.dvle(stmt.line);
    if dvle.constants.len() >= MAX_CONSTANTS {
        return Err(stmt.err_at(stmt.head, format!("too many constants (the limit is {MAX_CONSTANTS})")));
    }
    dvle.constants.push(constant);
    Ok(())
}

fn vector_value<'a>(stmt: &Stmt<'a>, kind: UniformKind, values: &[&'a str]) -> Result<ConstValue, Diag> {
    Ok(match kind {
        UniformKind::Ivec => ConstValue::Int(bytes(stmt, values)?),
        _ => ConstValue::Float(floats(stmt, values)?),
    })
}

/// `.constf/.consti NAME(x, y, z, w)`.
pub(super) fn constant(asm: &mut Asm, stmt: &Stmt<'_>, kind: UniformKind) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let (name, values) = name_and_vector(stmt)?;
    let value = vector_value(stmt, kind, &values)?;
    new_name(asm, stmt, name, "constant")?;
    let Some(pos) = asm.allocator(stmt.line, kind).local(1) else {
        return Err(stmt.err_at(
            name,
            format!(
                "not enough uniform registers left for the constant {name}",
                name = quote_input(name)
            ),
        ));
    };
    let reg = uniform_reg(kind, pos);
    push_constant(asm, stmt, make_constant(reg, value))?;
    asm.aliases.insert(name.to_string(), plain_alias(reg));
    Ok(())
}

/// `.constfa NAME[]` / `.constfa NAME[SIZE]` opens an array;
/// `.constfa (x, y, z, w)` adds an element; `.end` closes it.
pub(super) fn const_array(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    let in_array = matches!(asm.stack.last().map(|b| &b.kind), Some(BlockKind::Array));
    if in_array {
        let values = vector(stmt, stmt.args)?;
        if !stmt.args.starts_with('(') {
            return Err(stmt.err_at(stmt.args, "expected `(x, y, z, w)`"));
        }
        let value = floats(stmt, &values)?;
        let Some(array) = asm.array.as_mut() else { return Ok(()) };
        if array.size.is_some_and(|size| array.values.len() >= size) {
            return Err(stmt.err_at(
                stmt.args,
                format!("too many elements: the array has {}", array.values.len()),
            ));
        }
        array.values.push(value);
        return Ok(());
    }
    let args = stmt.expect_commas(1, ".constfa NAME[SIZE]")?;
    let arg = args[0];
    let (Some(open), Some(close)) = (arg.find('['), arg.find(']')) else {
        return Err(stmt.err_at(arg, "expected `NAME[]` or `NAME[SIZE]`"));
    };
    let after = trim(arg.get(close + 1..).unwrap_or(""));
    if close < open || !after.is_empty() {
        return Err(stmt.err_at(arg, "expected `NAME[]` or `NAME[SIZE]`"));
    }
    let name = trim(&arg[..open]);
    let inner = trim(&arg[open + 1..close]);
    let size = match inner {
        "" => None,
        _ => match numbers::decimal(inner) {
            Some(n @ 1..=96) => Some(n as usize),
            Some(n) if n > 96 => {
                return Err(stmt.err_at(inner, format!("array size {n} is more than the 96 c registers")))
            }
            _ => return Err(stmt.err_at(inner, format!("invalid array size {inner}", inner = quote_input(inner)))),
        },
    };
    if !super::line::is_identifier(name) {
        return Err(stmt.err_at(name, format!("invalid array name {name}", name = quote_input(name))));
    }
    let start = asm.code.len();
    super::branches::push_block(asm, stmt, BlockKind::Array, start)?;
    asm.array = Some(ConstArray {
        name: name.to_string(),
        size,
        values: Vec::new(),
    });
    Ok(())
}

impl Asm {
    /// The `.end` of a `.constfa` array: allocate and record its constants.
    pub fn end_array(&mut self, stmt: &Stmt<'_>) -> Result<(), Diag> {
        let Some(array) = self.array.take() else {
            return Ok(());
        };
        let name = array.name.clone();
        let result = self.place_array(stmt, array);
        if result.is_err() && !self.aliases.contains_key(&name) {
            self.poisoned.insert(name);
        }
        result
    }

    fn place_array(&mut self, stmt: &Stmt<'_>, mut array: ConstArray) -> Result<(), Diag> {
        self.dvle(stmt.line);
        if self.aliases.contains_key(&array.name) {
            return Err(stmt.err_at(
                stmt.head,
                format!("{} is already defined in this file", quote_input(&array.name)),
            ));
        }
        if let Some(size) = array.size {
            array.values.resize(size.max(array.values.len()), [0.0; 4]);
        }
        if array.values.is_empty() {
            return Err(stmt.err_at(
                stmt.head,
                format!("the array {} has no elements", quote_input(&array.name)),
            ));
        }
        let count = array.values.len() as i64;
        let Some(pos) = self.allocator(stmt.line, UniformKind::Fvec).local(count) else {
            return Err(stmt.err_at(
                stmt.head,
                format!("not enough uniform registers left for {}", quote_input(&array.name)),
            ));
        };
        if self.dvle(stmt.line).constants.len() + array.values.len() > MAX_CONSTANTS {
            return Err(stmt.err_at(stmt.head, format!("too many constants (the limit is {MAX_CONSTANTS})")));
        }
        for (i, value) in array.values.iter().enumerate() {
            let reg = uniform_reg(UniformKind::Fvec, pos + i as i64);
            self.dvle(stmt.line)
                .constants
                .push(make_constant(reg, ConstValue::Float(*value)));
        }
        let reg = uniform_reg(UniformKind::Fvec, pos);
        self.aliases.insert(array.name, array_alias(reg, count as u16));
        Ok(())
    }
}

/// `.setf cN(x, y, z, w)` / `.seti iN(x, y, z, w)`.
pub(super) fn set_vector(asm: &mut Asm, stmt: &Stmt<'_>, kind: UniformKind) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let (name, values) = name_and_vector(stmt)?;
    let file = if kind == UniformKind::Fvec { File::C } else { File::I };
    let reg = asm.plain_register(stmt, name, file)?;
    let value = vector_value(stmt, kind, &values)?;
    push_constant(asm, stmt, make_constant(reg, value))
}

/// `.setb bN VALUE`.
pub(super) fn set_bool(asm: &mut Asm, stmt: &Stmt<'_>) -> Result<(), Diag> {
    asm.dvle(stmt.line);
    let args = stmt.expect_words(2, 2, ".setb bN true|false")?;
    let reg = asm.plain_register(stmt, args[0], File::B)?;
    let value = match args[1].to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => true,
        "false" | "off" | "0" => false,
        _ => {
            return Err(stmt.err_at(
                args[1],
                format!(
                    "invalid boolean {}: expected true, false, on, off, 1 or 0",
                    quote_input(args[1])
                ),
            ))
        }
    };
    push_constant(asm, stmt, make_constant(reg, ConstValue::Bool(value)))
}
