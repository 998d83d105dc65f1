//! Tokens and the parser: text to [`Statement`]s, or the first
//! [`SyntaxError`] with its byte range.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::ast::{BinaryOp, Expr, ExprKind, Ident, Span, Statement, UnaryOp};

/// Why a semantics string does not parse, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The offending token (one byte past the end for "the end").
    pub span: Span,
    /// What was expected.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Number(String),
    Punct(&'static str),
    End,
}

const PUNCTS: &[&str] = &[
    "==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "(", ")", ",", ".", "[", "]", "?", ":", "<", ">", "!",
    "=", ";",
];

/// How deep an expression may nest: each operator, parenthesis, call,
/// swizzle, index and `?:` adds a level. The checkers, printers and
/// evaluators walk expressions recursively, so a deeper one (`((((…a))))`,
/// or `a + a + … + a` a thousand times) is a syntax error, not a stack
/// overflow.
pub const MAX_DEPTH: usize = 64;

/// A token with its byte range.
type Lexed = (Tok, usize, usize);

fn lex(text: &str) -> Result<Vec<Lexed>, SyntaxError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Ident(text[s..i].to_string()), s, i));
        } else if c.is_ascii_digit() || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let s = i;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                i += 1;
            }
            if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
                i += 1;
                if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
                    i += 1;
                }
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
            out.push((Tok::Number(text[s..i].to_string()), s, i));
        } else if let Some(p) = PUNCTS.iter().find(|p| text[i..].starts_with(**p)) {
            out.push((Tok::Punct(p), i, i + p.len()));
            i += p.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(SyntaxError {
                span: Span::new(i, i + 1),
                message: format!("unexpected character `{ch}` in the AGSL expression"),
            });
        }
    }
    out.push((Tok::End, text.len(), text.len()));
    Ok(out)
}

/// Parses one or more `target[.swizzle] = expression` statements separated
/// by `;` (a trailing `;` is allowed).
pub fn parse(text: &str) -> Result<Vec<Statement>, SyntaxError> {
    let mut p = Parser {
        tokens: lex(text)?,
        pos: 0,
        depth: 0,
    };
    let mut statements = Vec::new();
    loop {
        statements.push(p.statement()?);
        match p.peek() {
            Tok::Punct(";") => {
                p.bump();
                if *p.peek() == Tok::End {
                    return Ok(statements);
                }
            }
            Tok::End => return Ok(statements),
            other => {
                let found = describe(other);
                return Err(p.error(format!("expected `;` or the end, found {found}")));
            }
        }
    }
}

/// Parses one expression (the whole text).
pub fn parse_expr(text: &str) -> Result<Expr, SyntaxError> {
    let mut p = Parser {
        tokens: lex(text)?,
        pos: 0,
        depth: 0,
    };
    let e = p.expr()?;
    match p.peek() {
        Tok::End => Ok(e),
        other => {
            let found = describe(other);
            Err(p.error(format!("expected the end, found {found}")))
        }
    }
}

struct Parser {
    tokens: Vec<Lexed>,
    pos: usize,
    /// Levels of the expression being parsed, counted up to [`MAX_DEPTH`].
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.tokens[self.pos].0
    }

    /// The current token's span, at least one byte wide.
    fn span(&self) -> Span {
        let (_, s, e) = self.tokens[self.pos];
        Span::new(s, e.max(s + 1))
    }

    /// The end of the previous token.
    fn last_end(&self) -> usize {
        self.pos.checked_sub(1).map_or(0, |i| self.tokens[i].2)
    }

    fn bump(&mut self) -> Lexed {
        let t = self.tokens[self.pos].clone();
        if !matches!(t.0, Tok::End) {
            self.pos += 1;
        }
        t
    }

    fn error(&self, message: String) -> SyntaxError {
        SyntaxError {
            span: self.span(),
            message,
        }
    }

    /// One level deeper, or an error past [`MAX_DEPTH`]. Each parsing
    /// function restores the depth it started at when it returns.
    fn deeper(&mut self) -> Result<(), SyntaxError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!(
                "the expression nests deeper than {MAX_DEPTH} levels (each operator, parenthesis, call, swizzle and index is one)"
            )));
        }
        Ok(())
    }

    fn expect(&mut self, p: &'static str) -> Result<(), SyntaxError> {
        if *self.peek() == Tok::Punct(p) {
            self.bump();
            Ok(())
        } else {
            let found = describe(self.peek());
            Err(self.error(format!("expected `{p}`, found {found}")))
        }
    }

    fn ident(&mut self) -> Option<Ident> {
        let span = self.span();
        match self.peek().clone() {
            Tok::Ident(name) => {
                self.bump();
                Some(Ident { name, span })
            }
            _ => None,
        }
    }

    /// `target[.swizzle] = expression`
    fn statement(&mut self) -> Result<Statement, SyntaxError> {
        let Some(target) = self.ident() else {
            let found = describe(self.peek());
            return Err(self.error(format!("expected an assignment `target = expression`, found {found}")));
        };
        let mut swizzle = None;
        if *self.peek() == Tok::Punct(".") {
            self.bump();
            swizzle = Some(self.swizzle_name()?);
        }
        self.expect("=")?;
        let value = self.expr()?;
        Ok(Statement { target, swizzle, value })
    }

    fn swizzle_name(&mut self) -> Result<Ident, SyntaxError> {
        match self.ident() {
            Some(id) => Ok(id),
            None => {
                let found = describe(self.peek());
                Err(self.error(format!("expected a swizzle after `.`, found {found}")))
            }
        }
    }

    fn expr(&mut self) -> Result<Expr, SyntaxError> {
        let base = self.depth;
        self.deeper()?;
        let cond = self.binary(2)?;
        if *self.peek() != Tok::Punct("?") {
            self.depth = base;
            return Ok(cond);
        }
        self.bump();
        let a = self.expr()?;
        self.expect(":")?;
        let b = self.expr()?;
        let span = cond.span.to(b.span);
        self.depth = base;
        Ok(Expr::new(
            ExprKind::Select(Box::new(cond), Box::new(a), Box::new(b)),
            span,
        ))
    }

    /// Operators of precedence `level` and tighter (see [`BinaryOp::precedence`]).
    fn binary(&mut self, level: u8) -> Result<Expr, SyntaxError> {
        if level > 7 {
            return self.unary();
        }
        let base = self.depth;
        let mut left = self.binary(level + 1)?;
        loop {
            let op = match self.peek() {
                Tok::Punct(p) => BinaryOp::from_symbol(p).filter(|op| op.precedence() == level),
                _ => None,
            };
            let Some(op) = op else {
                self.depth = base;
                return Ok(left);
            };
            // `left` grows one level deeper with each operator.
            self.deeper()?;
            self.bump();
            let right = self.binary(level + 1)?;
            let span = left.span.to(right.span);
            left = Expr::new(ExprKind::Binary(op, Box::new(left), Box::new(right)), span);
        }
    }

    fn unary(&mut self) -> Result<Expr, SyntaxError> {
        let op = match self.peek() {
            Tok::Punct("-") => UnaryOp::Neg,
            Tok::Punct("+") => UnaryOp::Plus,
            Tok::Punct("!") => UnaryOp::Not,
            _ => return self.postfix(),
        };
        let start = self.span().start;
        let base = self.depth;
        self.deeper()?;
        self.bump();
        let operand = self.unary()?;
        self.depth = base;
        let span = Span::new(start, operand.span.end);
        Ok(Expr::new(ExprKind::Unary(op, Box::new(operand)), span))
    }

    fn postfix(&mut self) -> Result<Expr, SyntaxError> {
        let base = self.depth;
        let mut e = self.primary()?;
        loop {
            if matches!(self.peek(), Tok::Punct(".") | Tok::Punct("[")) {
                // `e` grows one level deeper with each swizzle, call or index.
                self.deeper()?;
            }
            match self.peek() {
                Tok::Punct(".") => {
                    self.bump();
                    let name = self.swizzle_name()?;
                    if *self.peek() == Tok::Punct("(") {
                        self.bump();
                        let args = self.args()?;
                        let span = Span::new(e.span.start, self.last_end());
                        e = Expr::new(ExprKind::Method(Box::new(e), name, args), span);
                    } else {
                        let span = Span::new(e.span.start, name.span.end);
                        e = Expr::new(ExprKind::Swizzle(Box::new(e), name), span);
                    }
                }
                Tok::Punct("[") => {
                    self.bump();
                    let index = self.expr()?;
                    self.expect("]")?;
                    let span = Span::new(e.span.start, self.last_end());
                    e = Expr::new(ExprKind::Index(Box::new(e), Box::new(index)), span);
                }
                _ => {
                    self.depth = base;
                    return Ok(e);
                }
            }
        }
    }

    /// Arguments after `(`, through `)`.
    fn args(&mut self) -> Result<Vec<Expr>, SyntaxError> {
        let mut args = Vec::new();
        if *self.peek() != Tok::Punct(")") {
            loop {
                args.push(self.expr()?);
                if *self.peek() == Tok::Punct(",") {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        self.expect(")")?;
        Ok(args)
    }

    fn primary(&mut self) -> Result<Expr, SyntaxError> {
        let span = self.span();
        match self.bump().0 {
            Tok::Number(text) => Ok(Expr::new(ExprKind::Number(text), span)),
            Tok::Punct("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Ident(name) => {
                if *self.peek() == Tok::Punct("(") {
                    self.bump();
                    let args = self.args()?;
                    let full = Span::new(span.start, self.last_end());
                    Ok(Expr::new(ExprKind::Call(Ident { name, span }, args), full))
                } else if name == "true" || name == "false" {
                    Ok(Expr::new(ExprKind::Bool(name == "true"), span))
                } else {
                    Ok(Expr::new(ExprKind::Name(name), span))
                }
            }
            other => {
                let found = describe(&other);
                Err(SyntaxError {
                    span,
                    message: format!("expected an operand, a number or a call, found {found}"),
                })
            }
        }
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Number(_) => "a number".into(),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::End => "the end of the expression".into(),
    }
}
