//! Reading Mesa's text back: one instruction per line, units separated by
//! `, ` (in any order, each at most once), then the labels, branch targets,
//! derived fields and `{raw …}` annotations resolved over the program.

use isa_runtime::layout::{FieldKind, Format, Packed, Unit};
use isa_runtime::lexer::{closest, Cursor};
use isa_runtime::packed::{read_bits, unit_offsets, variant_of, write_bits};
use isa_runtime::{f16, Mask, ParseError, SInt, Swizzle, UInt};

use super::print::{DIALECT, XYZW};
use crate::lima_pp::{
    AddOp, Branch, BranchUnit, CombOp, Combiner, CombinerUnit, CombinerVec, Const, Control, Discard, FbRead, Instr,
    MulOp, OutMod, Sampler, SamplerType, ScalarAdd, ScalarMul, TempWrite, TempWriteUnit, Uniform, UniformSrc, Varying,
    VaryingCube, VaryingDest, VaryingNormalize, VaryingReg, VaryingUnit, Vec4Reg, VecAdd, VecMul,
};

/// Parses a program in Mesa's text (see `docs/lima-pp-text.md`): derived
/// control fields are computed with [`Instr::derive`], branch targets (word
/// offsets or labels) become relative, and `{raw …}` annotations override
/// whatever the text could not say. Errors are at `line:col`.
pub fn parse_program(text: &str) -> Result<Vec<Instr>, ParseError> {
    let lines = parse_lines(text)?;
    resolve(lines)
}

/// One `{raw …}` entry: `unit.field=value` (`unit` may be `control`).
#[derive(Clone, Debug)]
pub(crate) struct Raw {
    /// Index into the bundle's units, or `None` for the control word.
    unit: Option<usize>,
    field: String,
    value: u64,
    at: Pos,
}

/// A 1-based line and column.
#[derive(Clone, Copy, Debug)]
struct Pos {
    line: usize,
    col: usize,
}

impl Pos {
    fn error(self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            col: self.col,
            message: message.into(),
        }
    }
}

/// Positions of cursors that only move forward, without counting each
/// line from its start again (what `Cursor::position` does).
struct Tracker {
    offset: usize,
    line: usize,
    col: usize,
}

impl Tracker {
    fn new() -> Self {
        Tracker {
            offset: 0,
            line: 1,
            col: 1,
        }
    }

    fn pos(&mut self, cur: &Cursor<'_>, text: &str) -> Pos {
        let to = cur.offset();
        if to < self.offset {
            let (line, col) = cur.position();
            return Pos { line, col };
        }
        // Bytes that start a character (not UTF-8 continuation bytes).
        let bytes = text.as_bytes();
        let mut i = self.offset;
        while i < to {
            let b = bytes[i];
            if b == b'\n' {
                self.line += 1;
                self.col = 1;
            } else if b & 0xC0 != 0x80 {
                self.col += 1;
            }
            i += 1;
        }
        self.offset = to;
        Pos {
            line: self.line,
            col: self.col,
        }
    }
}

/// Where a branch goes, as written.
#[derive(Clone, Debug)]
enum Target {
    /// An absolute word offset (what Mesa prints).
    Word(i64),
    /// A label.
    Label(String),
}

/// One instruction line, before the program-wide resolution.
#[derive(Debug)]
struct Line {
    insn: Instr,
    target: Option<(Target, Pos)>,
    raws: Vec<Raw>,
    at: Pos,
}

/// A label and the instruction it names (an index; `len` for the end).
struct Label {
    name: String,
    index: usize,
    at: Pos,
}

struct Lines {
    lines: Vec<Line>,
    labels: Vec<Label>,
}

/// A token of a unit's text: a run without blanks or commas.
struct Tok<'a> {
    s: &'a str,
    at: Pos,
}

fn packed() -> &'static Packed {
    match crate::lima_pp::LAYOUT.packed {
        Some(p) => p,
        None => unreachable!("lima_pp is a presence-mask bundle"),
    }
}

fn skip_line(cur: &mut Cursor<'_>) {
    let rest = cur.rest();
    let n = rest.find('\n').map_or(rest.len(), |i| i + 1);
    cur.eat(&rest[..n]);
}

fn at_comment_or_end(cur: &Cursor<'_>) -> bool {
    let rest = cur.rest();
    rest.is_empty() || rest.starts_with('\n') || rest.starts_with('#') || rest.starts_with("//")
}

fn parse_lines(text: &str) -> Result<Lines, ParseError> {
    let mut cur = Cursor::new(text);
    let mut tr = Tracker::new();
    let mut pos = |cur: &Cursor<'_>| tr.pos(cur, text);
    let mut out = Lines {
        lines: Vec::new(),
        labels: Vec::new(),
    };
    while !cur.rest().is_empty() {
        cur.skip_blanks();
        // Labels: `name:` (several may precede an instruction).
        loop {
            let mut look = cur.clone();
            let at = pos(&look);
            match look.word() {
                Some(name) if look.eat(":") && !name.contains('.') => {
                    if let Some(l) = out.labels.iter().find(|l| l.name == name) {
                        return Err(at.error(format!("label `{name}` is already defined at line {}", l.at.line)));
                    }
                    out.labels.push(Label {
                        name: name.to_string(),
                        index: out.lines.len(),
                        at,
                    });
                    cur = look;
                    cur.skip_blanks();
                }
                _ => break,
            }
        }
        let at = pos(&cur);
        let prefixed = cur.eat("@");
        if prefixed {
            // `@ offset:` as Mesa prints it; the offset is not checked.
            cur.skip_blanks();
            if cur.integer()?.is_none() {
                return Err(cur.expected("a word offset after `@`"));
            }
            cur.expect(":")?;
            cur.skip_blanks();
        }
        if !prefixed && at_comment_or_end(&cur) {
            skip_line(&mut cur);
            continue;
        }
        let line = parse_instr(&mut cur, at, &mut pos)?;
        out.lines.push(line);
        cur.skip_blanks();
        if !at_comment_or_end(&cur) {
            return Err(cur.expected("`,`, `{raw` or the end of the line"));
        }
        skip_line(&mut cur);
    }
    Ok(out)
}

/// The tokens of one unit, up to `,`, `{`, a comment or the line's end.
/// (Byte loops: the delimiters are ASCII, and `str::find` with a closure is
/// slow in unoptimised builds, where the round-trip tests run.)
fn tokens<'a>(cur: &mut Cursor<'a>, pos: &mut impl FnMut(&Cursor<'_>) -> Pos) -> Vec<Tok<'a>> {
    let mut toks = Vec::new();
    loop {
        cur.skip_blanks();
        let rest = cur.rest();
        let bytes = rest.as_bytes();
        match bytes.first() {
            None | Some(b',' | b'{' | b'\n' | b'#') => return toks,
            Some(b'/') if bytes.get(1) == Some(&b'/') => return toks,
            _ => {}
        }
        let mut len = 0;
        while len < bytes.len() && !matches!(bytes[len], b' ' | b'\t' | b'\r' | b'\n' | b',' | b'{') {
            len += 1;
        }
        let at = pos(cur);
        cur.eat(&rest[..len]);
        toks.push(Tok { s: &rest[..len], at });
    }
}

fn empty_instr() -> Instr {
    Instr {
        control: Control {
            count: UInt::from_bits(0),
            stop: false,
            sync: false,
            next_count: UInt::from_bits(0),
            prefetch: false,
            unknown: UInt::from_bits(0),
        },
        varying: None,
        texture: None,
        uniform: None,
        vec_mul: None,
        scalar_mul: None,
        vec_add: None,
        scalar_add: None,
        combiner: None,
        temp_write: None,
        branch: None,
        const0: None,
        const1: None,
    }
}

fn parse_instr(cur: &mut Cursor<'_>, at: Pos, pos: &mut impl FnMut(&Cursor<'_>) -> Pos) -> Result<Line, ParseError> {
    let mut line = Line {
        insn: empty_instr(),
        target: None,
        raws: Vec::new(),
        at,
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut first = true;
    loop {
        let piece_at = pos(cur);
        let toks = tokens(cur, pos);
        if toks.is_empty() {
            // Mesa prints `, sync` even when no unit precedes it.
            let lone = first && (cur.rest().starts_with(',') || at_comment_or_end(cur) || cur.rest().starts_with('{'));
            if !lone {
                return Err(piece_at.error(format!("expected a unit, found {}", cur.describe_next())));
            }
        } else {
            unit(&mut line, &mut seen, &toks)?;
        }
        first = false;
        if !cur.eat(",") {
            break;
        }
    }
    cur.skip_blanks();
    if cur.eat("{") {
        cur.skip_blanks();
        if !cur.eat("raw") {
            return Err(cur.expected("`raw` after `{`"));
        }
        line.raws = raw_entries(cur, pos)?;
    }
    Ok(line)
}

/// The entries of a `{raw …}` block, after `{raw`, through the `}`.
fn raw_entries(cur: &mut Cursor<'_>, pos: &mut impl FnMut(&Cursor<'_>) -> Pos) -> Result<Vec<Raw>, ParseError> {
    let mut raws = Vec::new();
    loop {
        cur.skip_blanks();
        if cur.eat("}") {
            return Ok(raws);
        }
        let at = pos(cur);
        let Some(name) = cur.word() else {
            return Err(cur.expected("`unit.field=value` or `}`"));
        };
        let Some((unit, field)) = name.split_once('.') else {
            return Err(at.error(format!("expected `unit.field`, found `{name}`")));
        };
        let unit = if unit == "control" {
            let f = packed().control.field(field);
            if f.is_none_or(|f| matches!(f.kind, FieldKind::Presence)) {
                let names = packed()
                    .control
                    .fields
                    .iter()
                    .filter(|f| !matches!(f.kind, FieldKind::Presence))
                    .map(|f| f.name);
                return Err(at.error(format!("the control word has no field `{field}`{}", hint(field, names))));
            }
            None
        } else {
            match packed().units.iter().position(|u| u.name == unit) {
                Some(i) => Some(i),
                None => {
                    let names = core::iter::once("control").chain(packed().units.iter().map(|u| u.name));
                    return Err(at.error(format!("unknown unit `{unit}`{}", hint(unit, names))));
                }
            }
        };
        cur.expect("=")?;
        let vat = pos(cur);
        let value = match cur.integer()? {
            Some(v) if (0..=i128::from(u64::MAX)).contains(&v) => v as u64,
            Some(_) => return Err(vat.error("a raw value is unsigned")),
            None => return Err(cur.expected("a number")),
        };
        raws.push(Raw {
            unit,
            field: field.to_string(),
            value,
            at,
        });
    }
}

fn hint<'c>(word: &str, names: impl IntoIterator<Item = &'c str>) -> String {
    match closest(word, names) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

/// A cursor inside one token, for errors at the exact column.
struct Scan<'t, 'a> {
    tok: &'t Tok<'a>,
    pos: usize,
}

impl<'t, 'a> Scan<'t, 'a> {
    fn new(tok: &'t Tok<'a>) -> Self {
        Scan { tok, pos: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.tok.s[self.pos..]
    }

    fn here(&self) -> Pos {
        Pos {
            line: self.tok.at.line,
            col: self.tok.at.col + self.tok.s[..self.pos].chars().count(),
        }
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        self.here().error(message)
    }

    fn found(&self) -> String {
        match self.rest() {
            "" => "the end of the operand".to_string(),
            r => format!("`{r}`"),
        }
    }

    fn expected(&self, what: &str) -> ParseError {
        self.error(format!("expected {what}, found {}", self.found()))
    }

    fn eat(&mut self, lit: &str) -> bool {
        if self.rest().starts_with(lit) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, lit: &str) -> Result<(), ParseError> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{lit}`")))
        }
    }

    /// Decimal digits, at most `max`.
    fn number(&mut self, max: u64, what: &str) -> Result<u64, ParseError> {
        let at = self.here();
        let bytes = self.rest().as_bytes();
        let mut len = 0;
        while len < bytes.len() && bytes[len].is_ascii_digit() {
            len += 1;
        }
        if len == 0 {
            return Err(self.expected(what));
        }
        let digits = &self.rest()[..len];
        match digits.parse::<u64>() {
            Ok(v) if v <= max => {
                self.pos += len;
                Ok(v)
            }
            _ => Err(at.error(format!("{what} {digits} is out of range (at most {max})"))),
        }
    }

    /// An optionally negative decimal number.
    fn signed(&mut self, what: &str) -> Result<i64, ParseError> {
        let at = self.here();
        let neg = self.eat("-");
        let v = self
            .number(i64::MAX as u64, what)
            .map_err(|e| if neg { at.error(e.message) } else { e })?;
        Ok(if neg { -(v as i64) } else { v as i64 })
    }

    fn component(&mut self) -> Result<u64, ParseError> {
        match self
            .rest()
            .chars()
            .next()
            .and_then(|c| XYZW.iter().position(|&x| x == c))
        {
            Some(i) => {
                self.pos += 1;
                Ok(i as u64)
            }
            None => Err(self.expected("a component (`x`, `y`, `z` or `w`)")),
        }
    }

    fn done(&self) -> Result<(), ParseError> {
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected `{}`", self.rest())))
        }
    }

    /// A vec4 register: `$0` to `$15` or a pipeline register.
    fn reg(&mut self) -> Result<u64, ParseError> {
        for (name, r) in [("^const0", 12), ("^const1", 13), ("^texture", 14), ("^uniform", 15)] {
            if self.eat(name) {
                return Ok(r);
            }
        }
        if self.eat("$") {
            return self.number(15, "register");
        }
        Err(self.expected("a register (`$0`…`$15`, `^const0`, `^const1`, `^texture`, `^uniform`)"))
    }

    /// `.xyzw` (four letters) or nothing (the identity).
    fn swizzle(&mut self) -> Result<u64, ParseError> {
        if !self.eat(".") {
            return Ok(0xE4);
        }
        let mut s = 0;
        for i in 0..4 {
            s |= self.component()? << (2 * i);
        }
        Ok(s)
    }

    /// `.xz`-style mask (letters in order; none after the dot is an empty
    /// mask) or nothing (all four).
    fn mask(&mut self) -> Result<u64, ParseError> {
        if !self.eat(".") {
            return Ok(0xF);
        }
        let mut m = 0;
        let mut next = 0;
        while let Some(i) = self
            .rest()
            .chars()
            .next()
            .and_then(|c| XYZW.iter().position(|&x| x == c))
        {
            if i < next {
                return Err(self.error("mask components must be in `xyzw` order, each once"));
            }
            m |= 1 << i;
            next = i + 1;
            self.pos += 1;
        }
        Ok(m)
    }

    /// `[-][abs(]` … `[)]` around `inner`.
    fn modified<T>(
        &mut self,
        inner: impl FnOnce(&mut Self) -> Result<T, ParseError>,
    ) -> Result<(T, bool, bool), ParseError> {
        let neg = self.eat("-");
        let abs = self.eat("abs(");
        let v = inner(self)?;
        if abs {
            self.expect(")")?;
        }
        Ok((v, abs, neg))
    }

    /// A vector operand; `special` (such as `^v0`) parses as `None`.
    fn vector(&mut self, special: Option<&str>) -> Result<VecSrc, ParseError> {
        let ((reg, swizzle), abs, neg) = self.modified(|s| {
            let reg = match special {
                Some(sp) if s.eat(sp) => None,
                _ => Some(s.reg()?),
            };
            Ok((reg, s.swizzle()?))
        })?;
        Ok(VecSrc { reg, swizzle, abs, neg })
    }

    /// A scalar operand `reg.c` (register × 4 + component); `special`
    /// (such as `^s0`) parses as `None`.
    fn scalar(&mut self, special: Option<&str>) -> Result<(Option<u64>, bool, bool), ParseError> {
        self.modified(|s| match special {
            Some(sp) if s.eat(sp) => Ok(None),
            _ => {
                let r = s.reg()?;
                s.expect(".")?;
                Ok(Some(r << 2 | s.component()?))
            }
        })
    }

    /// A plain scalar register `reg.c`.
    fn plain_scalar(&mut self) -> Result<u64, ParseError> {
        let r = self.reg()?;
        self.expect(".")?;
        Ok(r << 2 | self.component()?)
    }
}

/// A parsed vector operand.
struct VecSrc {
    reg: Option<u64>,
    swizzle: u64,
    abs: bool,
    neg: bool,
}

/// The tokens of one unit, consumed in order.
struct Toks<'t, 'a> {
    toks: &'t [Tok<'a>],
    next: usize,
    /// Where the unit's text ends (for "expected … found the end").
    end: Pos,
}

impl<'t, 'a> Toks<'t, 'a> {
    fn new(toks: &'t [Tok<'a>]) -> Self {
        let last = &toks[toks.len() - 1];
        let end = Pos {
            line: last.at.line,
            col: last.at.col + last.s.chars().count(),
        };
        Toks { toks, next: 1, end }
    }

    fn next(&mut self, what: &str) -> Result<&'t Tok<'a>, ParseError> {
        match self.toks.get(self.next) {
            Some(t) => {
                self.next += 1;
                Ok(t)
            }
            None => Err(self.end.error(format!("expected {what}, found the end of the unit"))),
        }
    }

    fn peek(&self) -> Option<&'t Tok<'a>> {
        self.toks.get(self.next)
    }

    fn done(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(t
                .at
                .error(format!("unexpected `{}` (expected `,` or the end of the line)", t.s))),
        }
    }

    /// Applies `f` to the next token, which it must consume entirely.
    fn operand<T>(
        &mut self,
        what: &str,
        f: impl FnOnce(&mut Scan<'t, 'a>) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        let tok = self.next(what)?;
        let mut scan = Scan::new(tok);
        let v = f(&mut scan)?;
        scan.done()?;
        Ok(v)
    }
}

fn u<const N: u32>(v: u64) -> UInt<N>
where
    isa_runtime::Width<N>: isa_runtime::Storage,
{
    UInt::from_bits(v)
}

/// Parses one unit (or `sync`/`stop`) into the line's instruction; `seen`
/// holds the units (by their spec name) and flags already read, for the
/// "appears twice" check.
fn unit(line: &mut Line, seen: &mut Vec<&'static str>, toks: &[Tok<'_>]) -> Result<(), ParseError> {
    let head = &toks[0];
    let m = head.s;
    let mut t = Toks::new(toks);
    let slot = |name: &'static str, seen: &mut Vec<&'static str>| -> Result<(), ParseError> {
        if seen.contains(&name) {
            return Err(head.at.error(format!("`{name}` appears twice in one instruction")));
        }
        seen.push(name);
        Ok(())
    };
    let insn = &mut line.insn;
    match m {
        "sync" => {
            slot("sync", seen)?;
            insn.control.sync = true;
        }
        "stop" => {
            slot("stop", seen)?;
            insn.control.stop = true;
        }
        "const0" | "const1" => {
            let n = usize::from(m == "const1");
            slot(if n == 0 { "const0" } else { "const1" }, seen)?;
            let mut v = [f16::from_bits(0); 4];
            for h in &mut v {
                let tok = t.next("a number")?;
                *h = parse_half(tok)?;
            }
            let c = Const {
                x: v[0],
                y: v[1],
                z: v[2],
                w: v[3],
            };
            if n == 0 {
                insn.const0 = Some(c);
            } else {
                insn.const1 = Some(c);
            }
        }
        "discard" => {
            slot("branch", seen)?;
            insn.branch = Some(BranchUnit::Discard(Discard {}));
        }
        "fb_color" | "fb_depth" => {
            slot("temp_write", seen)?;
            let dest = t.operand("a register", |s| {
                s.expect("$")?;
                s.number(15, "register")
            })?;
            insn.temp_write = Some(TempWriteUnit::FbRead(FbRead {
                color: m == "fb_color",
                dest: u(dest),
                unk10: u(0),
            }));
        }
        "store.t" => {
            slot("temp_write", seen)?;
            let (alignment, index, offset) = t.operand("a temporary index", signed_index)?;
            // A scalar source goes with alignment 0; a vector one with the
            // index's alignment, where `N.c` is 3 (Mesa prints 0 and 3 alike).
            let (source, alignment) = t.operand("a source register", |s| {
                let r = s.reg()?;
                if alignment == 0 && s.eat(".") {
                    Ok((r << 2 | s.component()?, 0))
                } else {
                    Ok((r << 2, if alignment == 0 { 3 } else { alignment }))
                }
            })?;
            // Mesa fills `offset_reg` even without an offset: the index in
            // vec4 units, divided by four.
            let offset_reg = offset.unwrap_or_else(|| (index >> (2 - alignment.min(2))) >> 2 & 63);
            insn.temp_write = Some(TempWriteUnit::TempWrite(TempWrite {
                dest: u(3),
                unk2: u(0),
                source: u(source),
                alignment: u(alignment),
                unk12: u(0),
                offset_reg: u(offset_reg),
                offset_en: offset.is_some(),
                index: u(index),
            }));
        }
        _ if m == "branch" || m.starts_with("branch.") => {
            slot("branch", seen)?;
            let mut b = Branch {
                unk0: u(0),
                arg1_source: u(0),
                arg0_source: u(0),
                cond_gt: true,
                cond_eq: true,
                cond_lt: true,
                unk19: u(0),
                target: SInt::from_bits(0),
                next_count: u(0),
            };
            if let Some(cond) = m.strip_prefix("branch.") {
                // The condition bits of the spec's `mesa` branch line that
                // starts with this word.
                let Some(bits) = branch_condition(m) else {
                    let at = Pos {
                        line: head.at.line,
                        col: head.at.col + 7,
                    };
                    let names: Vec<&str> = branch_heads().filter_map(|(h, _)| h.strip_prefix("branch.")).collect();
                    return Err(at.error(format!(
                        "unknown branch condition `{cond}` (expected one of {})",
                        names.join(", ")
                    )));
                };
                (b.cond_lt, b.cond_eq, b.cond_gt) = bits;
                b.arg0_source = u(t.operand("a scalar register", Scan::plain_scalar)?);
                b.arg1_source = u(t.operand("a scalar register", Scan::plain_scalar)?);
            }
            let tok = t.next("a branch target (word offset or label)")?;
            let target = if tok.s.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                let mut s = Scan::new(tok);
                let v = s.signed("target")?;
                s.done()?;
                Target::Word(v)
            } else if tok.s.chars().all(|c| c.is_alphanumeric() || c == '_') {
                Target::Label(tok.s.to_string())
            } else {
                return Err(tok.at.error(format!(
                    "expected a branch target (word offset or label), found `{}`",
                    tok.s
                )));
            };
            line.target = Some((target, tok.at));
            insn.branch = Some(BranchUnit::Branch(b));
        }
        _ if m.starts_with("texld") => {
            slot("texture", seen)?;
            insn.texture = Some(sampler(head, &mut t)?);
        }
        _ if uniform_source(m).is_some() => {
            slot("uniform", seen)?;
            insn.uniform = Some(uniform(uniform_source(m).unwrap_or(0), &mut t)?);
        }
        _ if m.starts_with("load..u") => {
            slot("uniform", seen)?;
            let mut s = Scan::new(head);
            s.pos = "load..u".len();
            let src = s.number(3, "uniform source")?;
            s.done()?;
            insn.uniform = Some(uniform(src, &mut t)?);
        }
        _ if m.starts_with("load.") && m.ends_with(".v") => {
            slot("varying", seen)?;
            insn.varying = Some(varying(head, &mut t)?);
        }
        _ => {
            let Some((op, which)) = m.rsplit_once('.') else {
                return Err(head.at.error(format!("unknown unit `{m}`")));
            };
            match which {
                "v0" => {
                    slot("vec_mul", seen)?;
                    insn.vec_mul = Some(vec_mul(head, op, &mut t)?);
                }
                "s0" => {
                    slot("scalar_mul", seen)?;
                    insn.scalar_mul = Some(scalar_mul(head, op, &mut t)?);
                }
                "v1" => {
                    slot("vec_add", seen)?;
                    insn.vec_add = Some(vec_add(head, op, &mut t)?);
                }
                "s1" => {
                    slot("scalar_add", seen)?;
                    insn.scalar_add = Some(scalar_add(head, op, &mut t)?);
                }
                "s2" => {
                    slot("combiner", seen)?;
                    insn.combiner = Some(combiner(head, op, &mut t)?);
                }
                _ => {
                    let names = [
                        "load.v", "texld", "load.u", "load.t", "mul.v0", "add.v1", "mul.s0", "add.s1", "rcp.s2",
                        "store.t", "fb_color", "fb_depth", "branch", "discard", "const0", "const1", "sync", "stop",
                    ];
                    return Err(head.at.error(format!("unknown unit `{m}`{}", hint(m, names))));
                }
            }
        }
    }
    t.done()
}

/// A half float as Mesa's `%f` prints it (`inf`, `nan` and their negations
/// too); the nearest half.
fn parse_half(tok: &Tok<'_>) -> Result<f16, ParseError> {
    let s = tok.s;
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let sign = if neg { 0x8000 } else { 0 };
    if body == "nan" {
        return Ok(f16::from_bits(0x7E00 | sign));
    }
    if body == "inf" {
        return Ok(f16::from_bits(0x7C00 | sign));
    }
    let ok = !body.is_empty()
        && body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.starts_with(|c: char| c.is_ascii_digit())
        && body.matches('.').count() <= 1;
    match body.parse::<f64>() {
        Ok(v) if ok => {
            let h = f16::from_f64(v);
            Ok(f16::from_bits(h.to_bits() | sign))
        }
        _ => Err(tok.at.error(format!(
            "expected a number (such as `1.000000`, `inf` or `nan`), found `{s}`"
        ))),
    }
}

/// `N`, `N.xy`/`N.zw` or `N.c` with an optional `+reg.c` offset, as Mesa
/// prints uniform and temporary indices: (alignment, 16-bit index, offset).
fn signed_index(s: &mut Scan<'_, '_>) -> Result<(u64, u64, Option<u64>), ParseError> {
    let at = s.here();
    let q = s.signed("index")?;
    let (alignment, index) = if s.eat(".") {
        if s.eat("xy") {
            (1, q * 2)
        } else if s.eat("zw") {
            // Mesa divides rounding towards zero: `-1.zw` is -3.
            (1, if q < 0 { q * 2 - 1 } else { q * 2 + 1 })
        } else {
            let c = s.component()? as i64;
            (0, if q < 0 && c != 0 { q * 4 + c - 4 } else { q * 4 + c })
        }
    } else {
        (2, q)
    };
    if !(-0x8000..=0xFFFF).contains(&index) {
        return Err(at.error(format!("index {index} does not fit 16 bits")));
    }
    let offset = if s.eat("+") { Some(s.plain_scalar()?) } else { None };
    Ok((alignment, index as u64 & 0xFFFF, offset))
}

fn uniform(source: u64, t: &mut Toks<'_, '_>) -> Result<Uniform, ParseError> {
    let (alignment, index, offset) = t.operand("a uniform index", signed_index)?;
    Ok(Uniform {
        source: UniformSrc::from_bits(source),
        unk2: u(0),
        alignment: u(alignment),
        unk12: u(0),
        offset_reg: u(offset.unwrap_or(0)),
        offset_en: offset.is_some(),
        index: u(index),
    })
}

fn sampler(head: &Tok<'_>, t: &mut Toks<'_, '_>) -> Result<Sampler, ParseError> {
    let mut s = Scan::new(head);
    s.pos = "texld".len();
    let bias = s.eat(".b");
    let ty = if s.eat(".cube") {
        0x1F
    } else if s.eat("_t") {
        s.number(31, "sampler type")?
    } else {
        0
    };
    s.done()?;
    let (index, offset) = t.operand("a sampler index", |s| {
        let index = s.number(0xFFF, "sampler index")?;
        let offset = if s.eat("+") { Some(s.plain_scalar()?) } else { None };
        Ok((index, offset))
    })?;
    let lod_bias = if bias {
        t.operand("a scalar register", Scan::plain_scalar)?
    } else {
        0
    };
    Ok(Sampler {
        lod_bias: u(lod_bias),
        index_offset: u(offset.unwrap_or(0)),
        unk12: u(0),
        explicit_lod: false,
        lod_bias_en: bias,
        unk19: u(0),
        r#type: SamplerType::from_bits(ty),
        offset_en: offset.is_some(),
        index: u(index),
        unk42: u(0x39001),
    })
}

fn varying(head: &Tok<'_>, t: &mut Toks<'_, '_>) -> Result<VaryingUnit, ParseError> {
    let perspective = match &head.s[4..head.s.len() - 2] {
        "" => 0,
        ".perspective.unknown" => 1,
        ".perspective.z" => 2,
        ".perspective.w" => 3,
        _ => {
            let at = Pos {
                line: head.at.line,
                col: head.at.col + 4,
            };
            return Err(at.error(format!(
                "unknown varying form `{}` (expected `load.v` or `load.perspective.{{z,w,unknown}}.v`)",
                head.s
            )));
        }
    };
    let (dest, mask) = t.operand("a destination register", |s| {
        let d = if s.eat("^discard") {
            15
        } else {
            s.expect("$")?;
            s.number(15, "register")?
        };
        Ok((d, s.mask()?))
    })?;
    let dest = VaryingDest::from_bits(dest);
    let mask: Mask<false> = Mask::from_bits(mask);
    let tok = t.next("a varying source")?;
    let mut s = Scan::new(tok);
    let imm = |alignment: u64, source_type: u64, perspective: u64, index: u64, offset: Option<u64>| {
        VaryingUnit::Varying(Varying {
            perspective: u(perspective),
            source_type: u(source_type),
            unk4: u(0),
            alignment: u(alignment),
            unk7: u(0),
            offset_vector: u(offset.map_or(15, |o| o >> 2)),
            unk14: u(0),
            offset_scalar: u(offset.unwrap_or(0) & 3),
            index: u(index),
            dest,
            mask,
            unk32: u(0),
        })
    };
    let special = |s: &mut Scan<'_, '_>, name: &str| s.rest() == name && s.eat(name);
    let unit = if special(&mut s, "gl_FragCoord") {
        imm(3, 2, 3, 0, None)
    } else if special(&mut s, "gl_PointCoord") {
        imm(1, 3, 0, 0, None)
    } else if special(&mut s, "gl_FrontFacing") {
        imm(0, 3, 1, 0, None)
    } else if s.rest().starts_with(|c: char| c.is_ascii_digit()) {
        let (alignment, index, offset) = varying_index(&mut s)?;
        imm(alignment, 0, perspective, index, offset)
    } else if s.eat("cube(") {
        let unit = if s.rest().starts_with(|c: char| c.is_ascii_digit()) {
            let (alignment, index, offset) = varying_index(&mut s)?;
            imm(alignment, 2, 0, index, offset)
        } else {
            let v = s.vector(None)?;
            VaryingUnit::VaryingCube(VaryingCube {
                unk4: u(0),
                normalize: false,
                unk7: u(0),
                source: Vec4Reg::from_bits(v.reg.unwrap_or(0)),
                negate: v.neg,
                absolute: v.abs,
                swizzle: Swizzle::from_bits(v.swizzle),
                dest,
                mask,
                unk32: u(0),
            })
        };
        s.expect(")")?;
        unit
    } else if s.eat("normalize(") {
        let v = s.vector(None)?;
        s.expect(")")?;
        VaryingUnit::VaryingNormalize(VaryingNormalize {
            unk4: u(0),
            normalize: false,
            unk7: u(0),
            source: Vec4Reg::from_bits(v.reg.unwrap_or(0)),
            negate: v.neg,
            absolute: v.abs,
            swizzle: Swizzle::from_bits(v.swizzle),
            dest,
            mask,
            unk32: u(0),
        })
    } else {
        let v = s.vector(None)?;
        VaryingUnit::VaryingReg(VaryingReg {
            perspective: u(perspective),
            unk4: u(0),
            normalize: false,
            unk7: u(0),
            source: Vec4Reg::from_bits(v.reg.unwrap_or(0)),
            negate: v.neg,
            absolute: v.abs,
            swizzle: Swizzle::from_bits(v.swizzle),
            dest,
            mask,
            unk32: u(0),
        })
    };
    s.done()?;
    // Special inputs and cube coordinates have no perspective suffix.
    let has_persp = matches!(unit, VaryingUnit::VaryingReg(_))
        || matches!(&unit, VaryingUnit::Varying(v) if v.source_type.get() == 0);
    if perspective != 0 && !has_persp {
        return Err(head.at.error("only a varying or register source takes `.perspective`"));
    }
    Ok(unit)
}

/// A varying's index: `N.c`, `N.xy`/`N.zw` or `N` (alignment 0, 1 or 3,
/// Mesa's choice for three and four components), then `+reg.c`.
fn varying_index(s: &mut Scan<'_, '_>) -> Result<(u64, u64, Option<u64>), ParseError> {
    let at = s.here();
    let q = s.number(63, "varying index")?;
    let (alignment, index) = if s.eat(".") {
        if s.eat("xy") {
            (1, q * 2)
        } else if s.eat("zw") {
            (1, q * 2 + 1)
        } else {
            (0, q * 4 + s.component()?)
        }
    } else {
        (3, q)
    };
    if index > 63 {
        return Err(at.error(format!("varying index {index} does not fit 6 bits")));
    }
    let offset = if s.eat("+") {
        let o = s.plain_scalar()?;
        if o >> 2 == 15 {
            return Err(at.error("register 15 (`^uniform`) means no offset here"));
        }
        Some(o)
    } else {
        None
    };
    Ok((alignment, index, offset))
}

/// `op[.sat|.pos|.int]`: the op name and the output modifier.
fn split_outmod(op: &str) -> (&str, OutMod) {
    for (suffix, m) in [(".sat", OutMod::Sat), (".pos", OutMod::Pos), (".int", OutMod::Int)] {
        if let Some(name) = op.strip_suffix(suffix) {
            return (name, m);
        }
    }
    (op, OutMod::None)
}

/// An op by its Mesa name, or `opN`.
fn op_value(
    head: &Tok<'_>,
    name: &str,
    named: impl Fn(u64) -> Option<&'static str>,
    max: u64,
) -> Result<u64, ParseError> {
    if let Some(v) = (0..=max).find(|&v| named(v) == Some(name)) {
        return Ok(v);
    }
    if let Some(n) = name.strip_prefix("op") {
        if let Ok(v) = n.parse::<u64>() {
            if v <= max && named(v).is_none() && !n.starts_with('+') {
                return Ok(v);
            }
        }
    }
    let names: Vec<&str> = (0..=max).filter_map(&named).collect();
    Err(head
        .at
        .error(format!("unknown operation `{name}`{}", hint(name, names))))
}

fn mul_value(head: &Tok<'_>, name: &str) -> Result<u64, ParseError> {
    op_value(
        head,
        name,
        |v| {
            super::print::mul_op(MulOp::from_bits(v))
                .0
                .filter(|_| MulOp::from_bits(v).shl() == 0)
        },
        31,
    )
}

fn add_value(head: &Tok<'_>, name: &str, vec: bool) -> Result<u64, ParseError> {
    op_value(head, name, |v| super::print::add_op(AddOp::from_bits(v), vec).0, 31)
}

/// A multiplier's first operand may carry `<<N`: the op whose `shl` is N
/// (in the spec, `mul_shl1` to `mul_shl7`).
fn shift(s: &mut Scan<'_, '_>, op: u64) -> Result<u64, ParseError> {
    if s.rest().starts_with("<<") {
        if op != MulOp::Mul.raw() {
            return Err(s.error("only `mul` takes `<<N`"));
        }
        s.pos += 2;
        let at = s.here();
        let n = s.number(7, "shift")?;
        return match MulOp::NAMED.iter().find(|m| n != 0 && m.shl() == n) {
            Some(m) => Ok(m.raw()),
            None => Err(at.error("a shift is 1 to 7 (`mul` without `<<` is 0)")),
        };
    }
    Ok(op)
}

fn vec_mul(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<VecMul, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let mut opv = mul_value(head, name)?;
    let one = super::print::mul_op(MulOp::from_bits(opv)).1 < 2;
    // The destination is there when one token more than the operands remains.
    let remaining = t.toks.len() - t.next;
    let dest = if remaining > if one { 1 } else { 2 } {
        vec_dest_forced(t)?
    } else {
        None
    };
    let (a0, shifted) = t.operand("an operand", |s| {
        let v = s.vector(None)?;
        let op = shift(s, opv)?;
        Ok((v, op))
    })?;
    opv = shifted;
    let a1 = if one {
        None
    } else {
        Some(t.operand("a second operand", |s| s.vector(None))?)
    };
    let (dest, mask) = dest.unwrap_or((0, 0));
    let a1 = a1.unwrap_or(VecSrc {
        reg: Some(0),
        swizzle: 0,
        abs: false,
        neg: false,
    });
    Ok(VecMul {
        arg0_source: Vec4Reg::from_bits(a0.reg.unwrap_or(0)),
        arg0_swizzle: Swizzle::from_bits(a0.swizzle),
        arg0_abs: a0.abs,
        arg0_neg: a0.neg,
        arg1_source: Vec4Reg::from_bits(a1.reg.unwrap_or(0)),
        arg1_swizzle: Swizzle::from_bits(a1.swizzle),
        arg1_abs: a1.abs,
        arg1_neg: a1.neg,
        dest: u(dest),
        mask: Mask::from_bits(mask),
        dest_modifier,
        op: MulOp::from_bits(opv),
    })
}

/// The destination of a one-operand op when two tokens remain.
fn vec_dest_forced(t: &mut Toks<'_, '_>) -> Result<Option<(u64, u64)>, ParseError> {
    t.operand("a destination", |s| {
        s.expect("$")?;
        let d = s.number(15, "register")?;
        let m = s.mask()?;
        if m == 0 {
            return Err(s.error("an empty mask writes nothing: leave the destination out"));
        }
        Ok(Some((d, m)))
    })
}

fn vec_add(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<VecAdd, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let opv = add_value(head, name, true)?;
    let one = super::print::add_op(AddOp::from_bits(opv), true).1 < 2;
    let remaining = t.toks.len() - t.next;
    let dest = if remaining >= if one { 2 } else { 3 } {
        vec_dest_forced(t)?
    } else {
        None
    };
    let a0 = t.operand("an operand", |s| s.vector(Some("^v0")))?;
    let a1 = if one {
        None
    } else {
        Some(t.operand("a second operand", |s| s.vector(None))?)
    };
    let (dest, mask) = dest.unwrap_or((0, 0));
    let a1 = a1.unwrap_or(VecSrc {
        reg: Some(0),
        swizzle: 0,
        abs: false,
        neg: false,
    });
    Ok(VecAdd {
        arg0_source: Vec4Reg::from_bits(a0.reg.unwrap_or(0)),
        arg0_swizzle: Swizzle::from_bits(a0.swizzle),
        arg0_abs: a0.abs,
        arg0_neg: a0.neg,
        arg1_source: Vec4Reg::from_bits(a1.reg.unwrap_or(0)),
        arg1_swizzle: Swizzle::from_bits(a1.swizzle),
        arg1_abs: a1.abs,
        arg1_neg: a1.neg,
        dest: u(dest),
        mask: Mask::from_bits(mask),
        dest_modifier,
        op: AddOp::from_bits(opv),
        mul_in: a0.reg.is_none(),
    })
}

/// A scalar destination `$N.c` when as many tokens remain as the op's
/// operands plus one.
fn scalar_dest(t: &mut Toks<'_, '_>, operands: usize) -> Result<Option<u64>, ParseError> {
    if t.toks.len() - t.next <= operands {
        return Ok(None);
    }
    t.operand("a destination", |s| {
        s.expect("$")?;
        let r = s.number(15, "register")?;
        s.expect(".")?;
        Ok(Some(r << 2 | s.component()?))
    })
}

fn scalar_mul(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<ScalarMul, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let opv = mul_value(head, name)?;
    let two = super::print::mul_op(MulOp::from_bits(opv)).1 > 1;
    let dest = scalar_dest(t, 1 + usize::from(two))?;
    let (a0, opv) = t.operand("an operand", |s| {
        let a = s.scalar(None)?;
        Ok((a, shift(s, opv)?))
    })?;
    let a1 = if two {
        t.operand("a second operand", |s| s.scalar(None))?
    } else {
        (Some(0), false, false)
    };
    Ok(ScalarMul {
        arg0_source: u(a0.0.unwrap_or(0)),
        arg0_abs: a0.1,
        arg0_neg: a0.2,
        arg1_source: u(a1.0.unwrap_or(0)),
        arg1_abs: a1.1,
        arg1_neg: a1.2,
        dest: u(dest.unwrap_or(0)),
        output_en: dest.is_some(),
        dest_modifier,
        op: MulOp::from_bits(opv),
    })
}

fn scalar_add(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<ScalarAdd, ParseError> {
    let (name, dest_modifier) = split_outmod(op);
    let opv = add_value(head, name, false)?;
    let two = super::print::add_op(AddOp::from_bits(opv), false).1 > 1;
    let dest = scalar_dest(t, 1 + usize::from(two))?;
    let a0 = t.operand("an operand", |s| s.scalar(Some("^s0")))?;
    let a1 = if two {
        t.operand("a second operand", |s| s.scalar(None))?
    } else {
        (Some(0), false, false)
    };
    Ok(ScalarAdd {
        arg0_source: u(a0.0.unwrap_or(0)),
        arg0_abs: a0.1,
        arg0_neg: a0.2,
        arg1_source: u(a1.0.unwrap_or(0)),
        arg1_abs: a1.1,
        arg1_neg: a1.2,
        dest: u(dest.unwrap_or(0)),
        output_en: dest.is_some(),
        dest_modifier,
        op: AddOp::from_bits(opv),
        mul_in: a0.0.is_none(),
    })
}

fn combiner(head: &Tok<'_>, op: &str, t: &mut Toks<'_, '_>) -> Result<CombinerUnit, ParseError> {
    if op == "mul" {
        // The vec4 × scalar form: `mul.s2 $d[.mask] scalar vector`.
        let (dest, mask) = t.operand("a destination", |s| {
            s.expect("$")?;
            let d = s.number(15, "register")?;
            Ok((d, s.mask()?))
        })?;
        let a0 = t.operand("a scalar operand", |s| s.scalar(None))?;
        let a1 = t.operand("a vector operand", |s| {
            let r = s.reg()?;
            Ok((r, s.swizzle()?))
        })?;
        return Ok(CombinerUnit::CombinerVec(CombinerVec {
            arg1_swizzle: Swizzle::from_bits(a1.1),
            arg1_source: Vec4Reg::from_bits(a1.0),
            arg0_abs: a0.1,
            arg0_neg: a0.2,
            arg0_src: u(a0.0.unwrap_or(0)),
            mask: Mask::from_bits(mask),
            dest: u(dest),
        }));
    }
    let (name, dest_modifier) = split_outmod(op);
    let opv = op_value(head, name, |v| super::print::comb_op(CombOp::from_bits(v)), 15)?;
    // A destination with one component (`$N.c`) is scalar; any other mask
    // is Mesa's vector view of `dest` and the output modifier (`dest_vec`).
    // (Mesa prints both kinds of `$N.x` alike, save for one space more after
    // the scalar one; a vector one with a single component reads back as
    // scalar, and the printer's `{raw …}` annotation puts it right.)
    let dtok = t.next("a destination")?;
    let mut s = Scan::new(dtok);
    s.expect("$")?;
    let d = s.number(15, "register")?;
    let m = s.mask()?;
    s.done()?;
    let scalar_dest = [1, 2, 4, 8].iter().position(|&b| b == m).map(|c| d << 2 | c as u64);
    if scalar_dest.is_none() && dest_modifier != OutMod::None {
        return Err(dtok.at.error("a vector destination takes no output modifier"));
    }
    let a0 = t.operand("an operand", |s| s.scalar(None))?;
    let a1 = match t.peek() {
        Some(_) => Some(t.operand("a second operand", |s| s.scalar(None))?),
        None => None,
    };
    if a1.is_some() && scalar_dest.is_none() {
        return Err(head.at.error("a vector destination with a second operand is `mul.s2`"));
    }
    let (dest, dest_modifier) = match scalar_dest {
        Some(r) => (r, dest_modifier),
        None => (d << 2 | m >> 2, OutMod::from_bits(m & 3)),
    };
    let a1v = a1.unwrap_or((Some(0), false, false));
    Ok(CombinerUnit::Combiner(Combiner {
        dest_vec: scalar_dest.is_none(),
        arg1_en: a1.is_some(),
        op: CombOp::from_bits(opv),
        arg1_abs: a1v.1,
        arg1_neg: a1v.2,
        arg1_src: u(a1v.0.unwrap_or(0)),
        arg0_abs: a0.1,
        arg0_neg: a0.2,
        arg0_src: u(a0.0.unwrap_or(0)),
        dest_modifier,
        dest: u(dest),
    }))
}

/// The program-wide pass: derived fields, control annotations, offsets,
/// branch targets, then unit annotations.
fn resolve(parsed: Lines) -> Result<Vec<Instr>, ParseError> {
    let Lines { mut lines, labels } = parsed;
    let mut program: Vec<Instr> = lines.iter().map(|l| l.insn.clone()).collect();
    Instr::derive(&mut program);
    let control_format = packed().control;
    // Control annotations.
    for (insn, line) in program.iter_mut().zip(&lines) {
        let mut word = insn.control.encode();
        for raw in line.raws.iter().filter(|r| r.unit.is_none()) {
            let Some(f) = control_format.field(&raw.field) else {
                return Err(raw.at.error(format!("the control word has no field `{}`", raw.field)));
            };
            check_fits(raw, f.width)?;
            f.write(&mut word, 0, raw.value);
        }
        insn.control = Control::decode(word).map_err(|e| line.at.error(e.to_string()))?;
        let needed = insn.words_needed() as u64;
        let count = insn.control.count.get();
        if count < needed {
            let at = line
                .raws
                .iter()
                .find(|r| r.unit.is_none() && r.field == "count")
                .map_or(line.at, |r| r.at);
            return Err(at.error(format!(
                "the instruction's units need {needed} words but `count` says {count}"
            )));
        }
    }
    // Offsets.
    let mut offsets = Vec::with_capacity(program.len() + 1);
    let mut at = 0u64;
    for insn in &program {
        offsets.push(at);
        at += (insn.control.count.get()).max(insn.words_needed() as u64);
    }
    offsets.push(at);
    let lengths: Vec<u64> = offsets.windows(2).map(|w| w[1] - w[0]).collect();
    // Branch targets and the branch's next_count (the target's length).
    for (i, line) in lines.iter_mut().enumerate() {
        let Some((target, tat)) = line.target.take() else {
            continue;
        };
        let abs = match target {
            Target::Word(w) => w,
            Target::Label(name) => match labels.iter().find(|l| l.name == name) {
                Some(l) => offsets[l.index] as i64,
                None => {
                    let names = labels.iter().map(|l| l.name.as_str());
                    return Err(tat.error(format!("unknown label `{name}`{}", hint(&name, names))));
                }
            },
        };
        let rel = abs - offsets[i] as i64;
        let Some(target) = SInt::<27>::new(rel) else {
            return Err(tat.error(format!(
                "branch target {abs} is {rel} words from this instruction, beyond 27 signed bits"
            )));
        };
        let next = offsets
            .iter()
            .position(|&o| o as i64 == abs)
            .and_then(|j| lengths.get(j).copied())
            .unwrap_or(0);
        if let Some(BranchUnit::Branch(b)) = &mut program[i].branch {
            b.target = target;
            b.next_count = UInt::from_bits(next);
        }
    }
    // Unit annotations, on the unit bits.
    for (insn, line) in program.iter_mut().zip(&lines) {
        if line.raws.iter().all(|r| r.unit.is_none()) {
            continue;
        }
        let mut words = insn.encode();
        let control = words[0];
        let spans: Vec<(&Unit, u32)> = unit_offsets(packed(), control).collect();
        // Each unit's fields are named by the layout its unannotated bits
        // decode as.
        let formats: Vec<(&str, &Format)> = spans
            .iter()
            .map(|&(u, bit)| (u.name, unit_format(u, &read_bits(&words, bit, u.width))))
            .collect();
        for raw in line.raws.iter() {
            let Some(ui) = raw.unit else { continue };
            let unit = &packed().units[ui];
            let Some(&(_, bit)) = spans.iter().find(|(u, _)| u.name == unit.name) else {
                return Err(raw.at.error(format!("unit `{}` is not in this instruction", unit.name)));
            };
            let mut bits = read_bits(&words, bit, unit.width);
            let format = formats
                .iter()
                .find(|(n, _)| *n == unit.name)
                .map_or(unit.variants[0], |f| f.1);
            let Some(f) = format.field(&raw.field) else {
                let names = format.fields.iter().map(|f| f.name);
                return Err(raw.at.error(format!(
                    "unit `{}` (layout `{}`) has no field `{}`{}",
                    unit.name,
                    format.name,
                    raw.field,
                    hint(&raw.field, names)
                )));
            };
            check_fits(raw, f.width)?;
            f.write(&mut bits, 0, raw.value);
            write_bits(&mut words, bit, unit.width, bits);
        }
        *insn = Instr::decode(&words)
            .map(|(i, _)| i)
            .map_err(|e| line.at.error(e.to_string()))?;
    }
    Ok(program)
}

/// The layout that names a unit's annotation fields: the variant its
/// (unannotated) bits decode as.
pub(crate) fn unit_format(unit: &Unit, bits: &u128) -> &'static Format {
    variant_of(unit, *bits)
}

fn check_fits(raw: &Raw, width: u32) -> Result<(), ParseError> {
    if width < 64 && raw.value >> width != 0 {
        return Err(raw.at.error(format!(
            "value {:#x} of `{}` does not fit its {width} bits",
            raw.value, raw.field
        )));
    }
    Ok(())
}

/// The first word and the `(lt, eq, gt)` condition bits of each of the
/// spec's `mesa` branch lines (`branch.lt` → lt), from the `Branch` layout.
fn branch_heads() -> impl Iterator<Item = (&'static str, (bool, bool, bool))> {
    let branch = packed().unit("branch").map(|u| u.variants[0]);
    branch.into_iter().flat_map(|format| {
        isa_runtime::text::dialect_texts(format, DIALECT).filter_map(move |t| {
            let Some(isa_runtime::layout::Piece::Text(head)) = t.pieces.first() else {
                return None;
            };
            let flag = |name: &str| {
                t.when
                    .iter()
                    .find(|c| format.fields[c.field].name == name)
                    .is_some_and(|c| c.equal)
            };
            Some((*head, (flag("cond_lt"), flag("cond_eq"), flag("cond_gt"))))
        })
    })
}

/// The condition bits that `branch.NAME` stands for.
fn branch_condition(word: &str) -> Option<(bool, bool, bool)> {
    branch_heads().find(|(h, _)| *h == word).map(|(_, bits)| bits)
}

/// The uniform source that `load.S` names (`load.u`, `load.t`): the value
/// of the spec's `UniformSrc` spelled `S`.
fn uniform_source(word: &str) -> Option<u64> {
    let spelling = word.strip_prefix("load.")?;
    let e = crate::lima_pp::LAYOUT.enums.iter().find(|e| e.name == "UniformSrc")?;
    e.values
        .iter()
        .find(|v| v.spellings.contains(&spelling))
        .map(|v| v.value)
}
