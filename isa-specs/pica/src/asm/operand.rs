//! Operands: `-name[index].swizzle`, where `name` is a register (`r3`,
//! `c10`, …) or an alias, `index` is an offset (`[4]`), an index register
//! (`[a0.x]`, `[aL]`, old names `a0`/`a1`/`a2`/`lcnt`) or both
//! (`[a0.y+2]`), and the swizzle has one to four of `xyzw`/`rgba`/`stpq`
//! (a short one repeats its last component). Also the `cmp.x && !cmp.y`
//! condition expressions of format-2 instructions.

use std::fmt;

use isa_runtime::{Component, Mask, MaskSlip, Swizzle};

use super::line::{is_identifier, trim, Diag, Stmt};
use super::numbers;
use super::state::Asm;
use crate::{CondOp, Dst, Idx, SrcNarrow, SrcWide};
use isa_runtime::text::{escape_input, quote_input};

/// A register file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum File {
    /// Outputs.
    O,
    /// Input attributes.
    V,
    /// Temporaries.
    R,
    /// Float uniforms.
    C,
    /// Integer uniforms.
    I,
    /// Boolean uniforms.
    B,
}

impl File {
    fn from_prefix(c: char) -> Option<File> {
        Some(match c {
            'o' => File::O,
            'v' => File::V,
            'r' => File::R,
            'c' => File::C,
            'i' => File::I,
            'b' => File::B,
            _ => return None,
        })
    }

    /// The register prefix.
    pub fn letter(self) -> char {
        match self {
            File::O => 'o',
            File::V => 'v',
            File::R => 'r',
            File::C => 'c',
            File::I => 'i',
            File::B => 'b',
        }
    }

    /// Registers in the file.
    pub fn count(self) -> u8 {
        match self {
            File::C => 96,
            File::I => 4,
            _ => 16,
        }
    }
}

/// A register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reg {
    /// Its file.
    pub file: File,
    /// Its number within the file.
    pub index: u8,
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file.letter(), self.index)
    }
}

/// An alias: a register with a negation and swizzle applied.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Alias {
    /// The register.
    pub reg: Reg,
    /// Negated.
    pub neg: bool,
    /// Its swizzle.
    pub swizzle: Swizzle<true>,
    /// How many registers the name declares, for a uniform (`.fvec a[2]`)
    /// or `.constfa` array; `None` for a register or `.alias`.
    pub array: Option<u16>,
}

/// A parsed operand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Operand {
    /// The register (aliases and offsets resolved).
    pub reg: Reg,
    /// Negated (`-x`, or an alias of a negated register, each flipping it).
    pub neg: bool,
    /// The swizzle, composed with the alias's.
    pub swizzle: Swizzle<true>,
    /// The index register.
    pub idx: Idx,
}

impl Operand {
    /// As a wide source (v, r or c).
    pub fn wide(&self) -> Option<SrcWide> {
        let i = u64::from(self.reg.index);
        match self.reg.file {
            File::V => SrcWide::v(i),
            File::R => SrcWide::r(i),
            File::C => SrcWide::c(i),
            _ => None,
        }
    }

    /// As a narrow source (v or r).
    pub fn narrow(&self) -> Option<SrcNarrow> {
        let i = u64::from(self.reg.index);
        match self.reg.file {
            File::V => SrcNarrow::v(i),
            File::R => SrcNarrow::r(i),
            _ => None,
        }
    }

    /// As a destination (o or r).
    pub fn dst(&self) -> Option<Dst> {
        let i = u64::from(self.reg.index);
        match self.reg.file {
            File::O => Dst::o(i),
            File::R => Dst::r(i),
            _ => None,
        }
    }

    /// The write mask its swizzle spells (opdesc order: bit 3 is x).
    pub fn write_mask(&self) -> Mask<true> {
        Mask::from_components(&components(self.swizzle))
    }
}

/// The four selectors of a swizzle.
pub(crate) fn components(s: Swizzle<true>) -> [Component; 4] {
    [s.get(0), s.get(1), s.get(2), s.get(3)]
}

/// A warning when `swizzle`, read as a write mask from operand `text`,
/// names a component twice (`r0.xx`) or is not in x, y, z, w order
/// (`r0.zyx`): a mask only selects components, so the repeat and the order
/// are lost. picasso (`maskFromSwizzling`) warns of the order and drops a
/// repeat without a word; a repeat is as likely a slip, so it warns too.
pub(crate) fn mask_warning(stmt: &Stmt<'_>, text: &str, swizzle: Swizzle<true>) -> Option<Diag> {
    let letters = swizzle_letters(text).chars();
    let written: Vec<Component> = letters
        .filter_map(|l| Some(parse_swizzle(&l.to_string())?.get(0)))
        .collect();
    let slip = MaskSlip::of(&written)?;
    let mask = Mask::<true>::from_components(&components(swizzle));
    Some(stmt.err_at(text, format!("{} {slip}, so this writes `.{mask}`", quote_input(text))))
}

/// The swizzle letters written in operand `text` (after `]`, or after the
/// first `.`); empty when there are none.
fn swizzle_letters(text: &str) -> &str {
    let after = text.rfind(']').map_or(text, |close| &text[close + 1..]);
    after.find('.').map_or("", |dot| &after[dot + 1..])
}

/// Whether `name` is spelled as a register (a file's letter and a number,
/// as `resolve` reads one: `r1`, `o0x1`), in range or not.
pub(crate) fn spells_register(name: &str) -> bool {
    let mut chars = name.chars();
    let file = chars.next().and_then(File::from_prefix);
    let digits = chars.as_str();
    file.is_some() && digits.starts_with(|c: char| c.is_ascii_digit()) && numbers::c_integer(digits).is_some()
}

/// One to four components; a short swizzle repeats its last one.
pub(crate) fn parse_swizzle(text: &str) -> Option<Swizzle<true>> {
    let letters: Vec<char> = text.chars().collect();
    if letters.is_empty() || letters.len() > 4 {
        return None;
    }
    let mut sel = [Component::X; 4];
    for (i, slot) in sel.iter_mut().enumerate() {
        *slot = match letters[i.min(letters.len() - 1)].to_ascii_lowercase() {
            'x' | 'r' | 's' => Component::X,
            'y' | 'g' | 't' => Component::Y,
            'z' | 'b' | 'p' => Component::Z,
            'w' | 'a' | 'q' => Component::W,
            _ => return None,
        };
    }
    Some(Swizzle::from_components(sel))
}

/// An index register name (`a0.x`/`a0`, `a0.y`/`a1`, `aL`/`a2`/`lcnt`).
pub(crate) fn index_register(text: &str) -> Option<Idx> {
    match text.to_ascii_lowercase().as_str() {
        "a0" | "a0.x" => Some(Idx::A0x),
        "a1" | "a0.y" => Some(Idx::A0y),
        "a2" | "lcnt" | "al" => Some(Idx::Al),
        _ => None,
    }
}

/// `outer` applied on top of `inner`: component j reads `inner[outer[j]]`.
fn compose(inner: Swizzle<true>, outer: Swizzle<true>) -> Swizzle<true> {
    let inner = components(inner);
    Swizzle::from_components(components(outer).map(|c| inner[c as usize]))
}

/// What the brackets of an operand say.
struct Bracket {
    idx: Idx,
    offset: i64,
}

/// The error for `name`, found before `+` in brackets `[inner]`, that is
/// not an index register (`m[+1]` has none at all).
fn bad_index_register(stmt: &Stmt<'_>, inner: &str, name: &str) -> Diag {
    if name.is_empty() {
        return stmt.err_at(
            inner,
            format!(
                "missing index register before `+` in `[{}]`: expected a0.x, a0.y or aL",
                escape_input(inner)
            ),
        );
    }
    stmt.err_at(
        name,
        format!(
            "invalid index register {name}: expected a0.x, a0.y or aL",
            name = quote_input(name)
        ),
    )
}

/// What `[inner]` says: an offset, an index register, or both.
fn parse_bracket<'a>(stmt: &Stmt<'a>, inner: &'a str) -> Result<Bracket, Diag> {
    let inner = trim(inner);
    if inner.is_empty() {
        return Err(stmt.err_at(inner, "empty `[]`: expected an offset or an index register"));
    }
    if let Some(idx) = index_register(inner) {
        return Ok(Bracket { idx, offset: 0 });
    }
    if let Some(plus) = inner.find('+') {
        let name = trim(&inner[..plus]);
        let number = trim(&inner[plus + 1..]);
        let Some(idx) = index_register(name) else {
            return Err(bad_index_register(stmt, inner, name));
        };
        if number.is_empty() {
            return Err(stmt.err_at(
                &inner[plus..],
                format!(
                    "missing offset after `+` in `[{}]`: expected a decimal number",
                    escape_input(inner)
                ),
            ));
        }
        return match numbers::decimal(number) {
            Some(offset) if offset >= 0 => Ok(Bracket { idx, offset }),
            Some(_) => Err(stmt.err_at(number, "the offset after an index register must not be negative")),
            None => Err(stmt.err_at(
                number,
                format!(
                    "invalid offset {number}: expected a decimal number",
                    number = quote_input(number)
                ),
            )),
        };
    }
    if let Some(minus) = inner.find('-').filter(|&m| m > 0) {
        let name = trim(&inner[..minus]);
        if index_register(name).is_some() {
            return Err(stmt.err_at(
                &inner[minus..],
                format!(
                    "`[{}]`: an index register can only be followed by `+offset` \
                     (picasso would silently drop it and the offset)",
                    escape_input(inner)
                ),
            ));
        }
    }
    match numbers::decimal(inner) {
        Some(offset) => Ok(Bracket { idx: Idx::None, offset }),
        None => Err(stmt.err_at(
            inner,
            format!(
                "invalid index {inner}: expected an offset, an index register, or `index register + offset`",
                inner = quote_input(inner)
            ),
        )),
    }
}

/// An error when a constant offset reaches outside the array `name` declares.
/// picasso (picasso_assembler.cpp, `parseReg`) adds the offset to an
/// alias's register without looking at the uniform's size, so `a[3]` of
/// `.fvec a[2]` silently reads whatever uniform comes next: that is a
/// slip, not an idiom (shaders index within their arrays), so it is an
/// error. With an index register the offset is only a base
/// (`a[a0.x+3]`) and the register may be negative, so it is not checked.
fn past_array_end(stmt: &Stmt<'_>, text: &str, name: &str, base: &Alias, offset: i64) -> Result<(), Diag> {
    let Some(size) = base.array else {
        return Ok(());
    };
    if (0..i64::from(size)).contains(&offset) {
        return Ok(());
    }
    let name = escape_input(name);
    let declared = match size {
        1 => format!("a single register (only `{name}[0]`)"),
        _ => format!("an array of {size} (`{name}[0]`–`{name}[{}]`)", size - 1),
    };
    Err(stmt.err_at(
        text,
        format!("{text} is outside `{name}`, {declared}", text = quote_input(text)),
    ))
}

impl Asm {
    /// Parses one operand. `allow_index` says whether an index register may
    /// appear (only sources that can be wide).
    pub fn operand<'a>(&mut self, stmt: &Stmt<'a>, text: &'a str, allow_index: bool) -> Result<Operand, Diag> {
        if text.is_empty() {
            return Err(stmt.err_at(text, "missing operand"));
        }
        let (neg, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (name, bracket, swizzle_text) = match body.find('[') {
            Some(open) => {
                let Some(close) = body[open..].find(']').map(|c| open + c) else {
                    return Err(stmt.err_at(
                        &body[open..],
                        format!("missing `]` in {text}", text = quote_input(text)),
                    ));
                };
                let after = &body[close + 1..];
                let swizzle = match after.strip_prefix('.') {
                    Some(s) => Some(s),
                    None if after.is_empty() => None,
                    None => {
                        return Err(stmt.err_at(
                            after,
                            format!("unexpected {after} after `]`", after = quote_input(after)),
                        ))
                    }
                };
                (&body[..open], Some(&body[open + 1..close]), swizzle)
            }
            None => match body.find('.') {
                Some(dot) => (&body[..dot], None, Some(&body[dot + 1..])),
                None => (body, None, None),
            },
        };
        let bracket = match bracket {
            Some(inner) => parse_bracket(stmt, inner)?,
            None => Bracket {
                idx: Idx::None,
                offset: 0,
            },
        };
        if bracket.idx != Idx::None && !allow_index {
            return Err(stmt.err_at(
                text,
                format!(
                    "{text}: an index register is not allowed here",
                    text = quote_input(text)
                ),
            ));
        }
        let swizzle = match swizzle_text {
            Some(s) => parse_swizzle(s).ok_or_else(|| {
                stmt.err_at(
                    s,
                    format!(
                        "invalid swizzle `.{}`: expected one to four of x, y, z, w (or r, g, b, a / s, t, p, q)",
                        escape_input(s)
                    ),
                )
            })?,
            None => Swizzle::identity(),
        };
        let base = self.resolve(stmt, name)?;
        if bracket.idx == Idx::None {
            past_array_end(stmt, text, name, &base, bracket.offset)?;
        }
        let index = i64::from(base.reg.index).saturating_add(bracket.offset);
        let limit = self.limit(base.reg.file);
        if index < 0 || index >= i64::from(limit) {
            let file = base.reg.file.letter();
            return Err(stmt.err_at(
                text,
                format!(
                    "{text} is {file}{index}, outside {file}0–{file}{}",
                    i64::from(limit) - 1,
                    text = quote_input(text)
                ),
            ));
        }
        let reg = Reg {
            file: base.reg.file,
            index: index as u8,
        };
        if bracket.idx != Idx::None && reg.file != File::C {
            return Err(stmt.err_at(
                text,
                format!(
                    "{text}: relative addressing needs a float uniform (c register), not {reg}",
                    text = quote_input(text)
                ),
            ));
        }
        Ok(Operand {
            reg,
            neg: neg ^ base.neg,
            swizzle: compose(base.swizzle, swizzle),
            idx: bracket.idx,
        })
    }

    /// How many registers of `file` may be named here.
    fn limit(&self, file: File) -> u8 {
        match (file, self.dvle_if_any()) {
            (File::O, Some(dvle)) => dvle.output_limit(),
            _ => file.count(),
        }
    }

    /// An alias, or a register written as prefix and number.
    fn resolve<'a>(&mut self, stmt: &Stmt<'a>, name: &'a str) -> Result<Alias, Diag> {
        if let Some(alias) = self.aliases.get(name) {
            return Ok(*alias);
        }
        if self.poisoned.contains(name) {
            return Err(stmt.err_at(name, String::new()));
        }
        let mut chars = name.chars();
        let file = chars.next().and_then(File::from_prefix);
        let digits = chars.as_str();
        match file {
            Some(file) if digits.starts_with(|c: char| c.is_ascii_digit()) => {
                if file == File::O {
                    // picasso creates the DVLE here, to learn its output limit.
                    self.dvle(stmt.line);
                }
                let limit = self.limit(file);
                match numbers::c_integer(digits) {
                    Some(n) if n >= 0 && n < i64::from(limit) => Ok(Alias {
                        reg: Reg { file, index: n as u8 },
                        neg: false,
                        swizzle: Swizzle::identity(),
                        array: None,
                    }),
                    _ => Err(stmt.err_at(
                        name,
                        format!(
                            "invalid register {name}: {0} registers are {0}0–{0}{1}",
                            file.letter(),
                            limit - 1,
                            name = quote_input(name)
                        ),
                    )),
                }
            }
            _ => {
                let mut message = format!("unknown register or alias {name}", name = quote_input(name));
                if name.len() <= 64 {
                    if let Some(near) = isa_runtime::lexer::closest(name, self.aliases.keys().map(String::as_str)) {
                        message += &format!(" (did you mean `{near}`?)");
                    }
                }
                if !is_identifier(name) && !name.is_empty() {
                    message = format!("invalid operand {name}", name = quote_input(name));
                }
                Err(stmt.err_at(name, message))
            }
        }
    }

    /// A destination operand: o or r, no `-`, no index register.
    pub fn destination<'a>(&mut self, stmt: &Stmt<'a>, text: &'a str) -> Result<(Dst, Mask<true>), Diag> {
        if text.starts_with('-') {
            return Err(stmt.err_at(text, "a destination cannot be negated"));
        }
        // A negated alias is fine: as in picasso, its negation only applies to reads.
        let op = self.operand(stmt, text, false)?;
        if let Some(warning) = mask_warning(stmt, text, op.swizzle) {
            self.warn(stmt.line, warning);
        }
        match op.dst() {
            Some(dst) => Ok((dst, op.write_mask())),
            None => Err(stmt.err_at(
                text,
                format!(
                    "{text} is {}: a destination must be an output (o) or temporary (r) register",
                    op.reg,
                    text = quote_input(text)
                ),
            )),
        }
    }

    /// A register of `file` given plainly (no negation, swizzle or index
    /// register), such as the operand of `for`, `ifu` or `.setf`.
    pub fn plain_register<'a>(&mut self, stmt: &Stmt<'a>, text: &'a str, file: File) -> Result<Reg, Diag> {
        let op = self.operand(stmt, text, false)?;
        if op.reg.file != file {
            let what = match file {
                File::B => "a boolean uniform (b register)",
                File::I => "an integer uniform (i register)",
                File::C => "a float uniform (c register)",
                File::V => "an input register (v)",
                File::O => "an output register (o)",
                File::R => "a temporary register (r)",
            };
            return Err(stmt.err_at(
                text,
                format!("{text} is {}: expected {what}", op.reg, text = quote_input(text)),
            ));
        }
        if op.neg {
            return Err(stmt.err_at(
                text,
                format!("{text}: this register cannot be negated", text = quote_input(text)),
            ));
        }
        Ok(op.reg)
    }
}

/// A parsed `cmp.x`/`cmp.y` condition: how the flags combine and the value
/// each is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Condition {
    /// How the two tests combine.
    pub op: CondOp,
    /// Value the x flag must have.
    pub refx: bool,
    /// Value the y flag must have.
    pub refy: bool,
}

/// `flag`, `flag && flag` (or `&`) or `flag || flag` (or `|`), where a flag
/// is `cmp.x` or `cmp.y` with any number of `!`.
pub(crate) fn condition<'a>(stmt: &Stmt<'a>, text: &'a str) -> Result<Condition, Diag> {
    let mut cond = Condition {
        op: CondOp::Or,
        refx: true,
        refy: true,
    };
    let flag = |cond: &mut Condition, part: &'a str| -> Result<bool, Diag> {
        let mut negated = false;
        let mut rest = trim(part);
        while let Some(r) = rest.strip_prefix('!') {
            negated = !negated;
            rest = trim(r);
        }
        match rest.to_ascii_lowercase().as_str() {
            "cmp.x" => {
                cond.refx ^= negated;
                Ok(false)
            }
            "cmp.y" => {
                cond.refy ^= negated;
                Ok(true)
            }
            _ => Err(stmt.err_at(
                part,
                format!(
                    "invalid condition {}: expected cmp.x or cmp.y, optionally with `!`",
                    quote_input(trim(part))
                ),
            )),
        }
    };
    match text.find(['&', '|']) {
        Some(at) => {
            let kind = text.as_bytes()[at];
            let mut second = &text[at + 1..];
            if second.as_bytes().first() == Some(&kind) {
                second = &second[1..];
            }
            cond.op = if kind == b'&' { CondOp::And } else { CondOp::Or };
            let is_y2 = flag(&mut cond, second)?;
            let is_y1 = flag(&mut cond, &text[..at])?;
            if is_y1 == is_y2 {
                return Err(stmt.err_at(text, "the same condition flag is tested twice"));
            }
        }
        None => {
            let is_y = flag(&mut cond, text)?;
            cond.op = if is_y { CondOp::Y } else { CondOp::X };
        }
    }
    Ok(cond)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzles() {
        assert_eq!(parse_swizzle("x").map(|s| s.to_string()), Some("xxxx".into()));
        assert_eq!(parse_swizzle("rgB").map(|s| s.to_string()), Some("xyzz".into()));
        assert_eq!(parse_swizzle("stpq").map(|s| s.to_string()), Some("xyzw".into()));
        assert!(parse_swizzle("").is_none());
        assert!(parse_swizzle("xyzwx").is_none());
        assert!(parse_swizzle("xk").is_none());
    }

    #[test]
    fn composition_reads_through_the_alias() {
        let inner = parse_swizzle("wyxz").unwrap();
        let outer = parse_swizzle("xxww").unwrap();
        assert_eq!(compose(inner, outer).to_string(), "wwzz");
    }

    #[test]
    fn index_register_names() {
        assert_eq!(index_register("A0"), Some(Idx::A0x));
        assert_eq!(index_register("a0.Y"), Some(Idx::A0y));
        assert_eq!(index_register("LCNT"), Some(Idx::Al));
        assert_eq!(index_register("a3"), None);
    }
}
