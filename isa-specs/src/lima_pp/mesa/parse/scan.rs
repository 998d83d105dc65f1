//! Tokens of a line and the operand forms of Mesa's text (registers,
//! swizzles, masks, numbers), with their positions for errors.

use isa_runtime::lexer::{closest, Cursor};
use isa_runtime::{ParseError, UInt};

use crate::lima_pp::mesa::print::XYZW;

/// A 1-based line and column.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pos {
    pub(super) line: usize,
    pub(super) col: usize,
}

impl Pos {
    pub(super) fn error(self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            col: self.col,
            message: message.into(),
        }
    }
}

/// Positions of cursors that only move forward, without counting each
/// line from its start again (what `Cursor::position` does).
pub(super) struct Tracker {
    pub(super) offset: usize,
    pub(super) line: usize,
    pub(super) col: usize,
}

impl Tracker {
    pub(super) fn new() -> Self {
        Tracker {
            offset: 0,
            line: 1,
            col: 1,
        }
    }

    pub(super) fn pos(&mut self, cur: &Cursor<'_>, text: &str) -> Pos {
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

/// A token of a unit's text: a run without blanks or commas.
pub(super) struct Tok<'a> {
    pub(super) s: &'a str,
    pub(super) at: Pos,
}

pub(super) fn hint<'c>(word: &str, names: impl IntoIterator<Item = &'c str>) -> String {
    match closest(word, names) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

/// A cursor inside one token, for errors at the exact column.
pub(super) struct Scan<'t, 'a> {
    pub(super) tok: &'t Tok<'a>,
    pub(super) pos: usize,
}

impl<'t, 'a> Scan<'t, 'a> {
    pub(super) fn new(tok: &'t Tok<'a>) -> Self {
        Scan { tok, pos: 0 }
    }

    pub(super) fn rest(&self) -> &'a str {
        &self.tok.s[self.pos..]
    }

    pub(super) fn here(&self) -> Pos {
        Pos {
            line: self.tok.at.line,
            col: self.tok.at.col + self.tok.s[..self.pos].chars().count(),
        }
    }

    pub(super) fn error(&self, message: impl Into<String>) -> ParseError {
        self.here().error(message)
    }

    pub(super) fn found(&self) -> String {
        match self.rest() {
            "" => "the end of the operand".to_string(),
            r => format!("`{r}`"),
        }
    }

    pub(super) fn expected(&self, what: &str) -> ParseError {
        self.error(format!("expected {what}, found {}", self.found()))
    }

    pub(super) fn eat(&mut self, lit: &str) -> bool {
        if self.rest().starts_with(lit) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    pub(super) fn expect(&mut self, lit: &str) -> Result<(), ParseError> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(self.expected(&format!("`{lit}`")))
        }
    }

    /// Decimal digits, at most `max`.
    pub(super) fn number(&mut self, max: u64, what: &str) -> Result<u64, ParseError> {
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
    pub(super) fn signed(&mut self, what: &str) -> Result<i64, ParseError> {
        let at = self.here();
        let neg = self.eat("-");
        let v = self
            .number(i64::MAX as u64, what)
            .map_err(|e| if neg { at.error(e.message) } else { e })?;
        Ok(if neg { -(v as i64) } else { v as i64 })
    }

    pub(super) fn component(&mut self) -> Result<u64, ParseError> {
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

    pub(super) fn done(&self) -> Result<(), ParseError> {
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected `{}`", self.rest())))
        }
    }

    /// A vec4 register: `$0` to `$15` or a pipeline register.
    pub(super) fn reg(&mut self) -> Result<u64, ParseError> {
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
    pub(super) fn swizzle(&mut self) -> Result<u64, ParseError> {
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
    pub(super) fn mask(&mut self) -> Result<u64, ParseError> {
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
    pub(super) fn modified<T>(
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
    pub(super) fn vector(&mut self, special: Option<&str>) -> Result<VecSrc, ParseError> {
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
    pub(super) fn scalar(&mut self, special: Option<&str>) -> Result<(Option<u64>, bool, bool), ParseError> {
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
    pub(super) fn plain_scalar(&mut self) -> Result<u64, ParseError> {
        let r = self.reg()?;
        self.expect(".")?;
        Ok(r << 2 | self.component()?)
    }
}

/// A parsed vector operand.
pub(super) struct VecSrc {
    pub(super) reg: Option<u64>,
    pub(super) swizzle: u64,
    pub(super) abs: bool,
    pub(super) neg: bool,
}

/// The tokens of one unit, consumed in order.
pub(super) struct Toks<'t, 'a> {
    pub(super) toks: &'t [Tok<'a>],
    pub(super) next: usize,
    /// Where the unit's text ends (for "expected … found the end").
    pub(super) end: Pos,
}

impl<'t, 'a> Toks<'t, 'a> {
    pub(super) fn new(toks: &'t [Tok<'a>]) -> Self {
        let last = &toks[toks.len() - 1];
        let end = Pos {
            line: last.at.line,
            col: last.at.col + last.s.chars().count(),
        };
        Toks { toks, next: 1, end }
    }

    pub(super) fn next(&mut self, what: &str) -> Result<&'t Tok<'a>, ParseError> {
        match self.toks.get(self.next) {
            Some(t) => {
                self.next += 1;
                Ok(t)
            }
            None => Err(self.end.error(format!("expected {what}, found the end of the unit"))),
        }
    }

    pub(super) fn peek(&self) -> Option<&'t Tok<'a>> {
        self.toks.get(self.next)
    }

    pub(super) fn done(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(t
                .at
                .error(format!("unexpected `{}` (expected `,` or the end of the line)", t.s))),
        }
    }

    /// Applies `f` to the next token, which it must consume entirely.
    pub(super) fn operand<T>(
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

pub(super) fn u<const N: u32>(v: u64) -> UInt<N>
where
    isa_runtime::Width<N>: isa_runtime::Storage,
{
    UInt::from_bits(v)
}
