//! The `sem "…"` of an opcode: what it computes, as AGSL (seed 003). Checked
//! at compile time: it must parse as one or more `target = expression`
//! statements (separated by `;`), name only the instruction's operands, the
//! ISA's declared `state` names and AGSL built-ins, call functions with an
//! arity they have, and use valid swizzles.

use crate::diag::Diagnostics;
use crate::source::Span;
use crate::suggest::did_you_mean;

/// AGSL built-in functions and the argument counts they accept.
const BUILTINS: &[(&str, &[usize])] = &[
    ("radians", &[1]),
    ("degrees", &[1]),
    ("sin", &[1]),
    ("cos", &[1]),
    ("tan", &[1]),
    ("asin", &[1]),
    ("acos", &[1]),
    ("atan", &[1, 2]),
    ("pow", &[2]),
    ("exp", &[1]),
    ("log", &[1]),
    ("exp2", &[1]),
    ("log2", &[1]),
    ("sqrt", &[1]),
    ("inversesqrt", &[1]),
    ("abs", &[1]),
    ("sign", &[1]),
    ("floor", &[1]),
    ("ceil", &[1]),
    ("fract", &[1]),
    ("mod", &[2]),
    ("min", &[2]),
    ("max", &[2]),
    ("clamp", &[3]),
    ("saturate", &[1]),
    ("mix", &[3]),
    ("step", &[2]),
    ("smoothstep", &[3]),
    ("length", &[1]),
    ("distance", &[2]),
    ("dot", &[2]),
    ("cross", &[2]),
    ("normalize", &[1]),
    ("faceforward", &[3]),
    ("reflect", &[2]),
    ("refract", &[3]),
    ("matrixCompMult", &[2]),
    ("inverse", &[1]),
    ("lessThan", &[2]),
    ("lessThanEqual", &[2]),
    ("greaterThan", &[2]),
    ("greaterThanEqual", &[2]),
    ("equal", &[2]),
    ("notEqual", &[2]),
    ("any", &[1]),
    ("all", &[1]),
    ("not", &[1]),
    ("unpremul", &[1]),
    ("toLinearSrgb", &[1]),
    ("fromLinearSrgb", &[1]),
];

/// AGSL type constructors (any number of arguments from 1).
const CONSTRUCTORS: &[&str] = &[
    "float", "float2", "float3", "float4", "half", "half2", "half3", "half4", "int", "int2", "int3", "int4", "short",
    "short2", "short3", "short4", "bool", "bool2", "bool3", "bool4", "float2x2", "float3x3", "float4x4", "half2x2",
    "half3x3", "half4x4",
];

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Number,
    Punct(&'static str),
    End,
}

const PUNCTS: &[&str] = &[
    "==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "(", ")", ",", ".", "[", "]", "?", ":", "<", ">", "!",
    "=", ";",
];

/// What names an expression may use.
pub struct Scope<'a> {
    /// The opcode's operand fields.
    pub operands: &'a [String],
    /// The ISA's declared machine state (`state` in the `isa` item).
    pub state: &'a [String],
}

/// Checks one opcode's semantics; `start` is the byte offset of the string's
/// first character in the spec.
pub fn check(text: &str, start: usize, mnemonic: &str, scope: &Scope<'_>, diags: &mut Diagnostics) {
    let tokens = match lex(text) {
        Ok(t) => t,
        Err((at, msg)) => {
            diags.error(
                Span::new(start + at, start + at + 1),
                format!("semantics of `{mnemonic}`: {msg}"),
            );
            return;
        }
    };
    let mut p = Parser {
        tokens,
        pos: 0,
        start,
        mnemonic,
        scope,
        diags,
        failed: false,
    };
    p.statements();
}

/// A token with its byte range in the semantics string.
type Lexed = (Tok, usize, usize);

fn lex(text: &str) -> Result<Vec<Lexed>, (usize, String)> {
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
            out.push((Tok::Number, s, i));
        } else if let Some(p) = PUNCTS.iter().find(|p| text[i..].starts_with(**p)) {
            out.push((Tok::Punct(p), i, i + p.len()));
            i += p.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err((i, format!("unexpected character `{ch}` in the AGSL expression")));
        }
    }
    out.push((Tok::End, text.len(), text.len()));
    Ok(out)
}

struct Parser<'a, 'd> {
    tokens: Vec<Lexed>,
    pos: usize,
    start: usize,
    mnemonic: &'a str,
    scope: &'a Scope<'a>,
    diags: &'d mut Diagnostics,
    failed: bool,
}

impl Parser<'_, '_> {
    fn peek(&self) -> &Tok {
        &self.tokens[self.pos].0
    }

    fn span(&self) -> Span {
        let (_, s, e) = self.tokens[self.pos];
        Span::new(self.start + s, self.start + e.max(s + 1))
    }

    fn bump(&mut self) -> Lexed {
        let t = self.tokens[self.pos].clone();
        if !matches!(t.0, Tok::End) {
            self.pos += 1;
        }
        t
    }

    fn error(&mut self, span: Span, msg: String) {
        if !self.failed {
            self.diags
                .error(span, format!("semantics of `{}`: {msg}", self.mnemonic));
        }
        self.failed = true;
    }

    fn expect(&mut self, p: &'static str) -> bool {
        if *self.peek() == Tok::Punct(p) {
            self.bump();
            true
        } else {
            let found = describe(self.peek());
            let span = self.span();
            self.error(span, format!("expected `{p}`, found {found}"));
            false
        }
    }

    fn statements(&mut self) {
        loop {
            self.statement();
            if self.failed {
                return;
            }
            match self.peek() {
                Tok::Punct(";") => {
                    self.bump();
                    if *self.peek() == Tok::End {
                        return;
                    }
                }
                Tok::End => return,
                other => {
                    let found = describe(other);
                    let span = self.span();
                    self.error(span, format!("expected `;` or the end, found {found}"));
                    return;
                }
            }
        }
    }

    /// `target[.swizzle] = expression`
    fn statement(&mut self) {
        let Tok::Ident(name) = self.peek().clone() else {
            let found = describe(self.peek());
            let span = self.span();
            self.error(
                span,
                format!("expected an assignment `target = expression`, found {found}"),
            );
            return;
        };
        let span = self.span();
        self.bump();
        self.check_name(&name, span);
        if *self.peek() == Tok::Punct(".") {
            self.bump();
            self.swizzle();
        }
        if self.expect("=") {
            self.expr();
        }
    }

    fn check_name(&mut self, name: &str, span: Span) {
        let known = self.scope.operands.iter().chain(self.scope.state).any(|n| n == name);
        if !known {
            let candidates: Vec<&str> = self
                .scope
                .operands
                .iter()
                .chain(self.scope.state)
                .map(String::as_str)
                .collect();
            let hint = did_you_mean(name, candidates.iter().copied());
            self.error(
                span,
                format!(
                    "`{name}` is not an operand of this instruction (operands: {}){hint}",
                    candidates
                        .iter()
                        .map(|c| format!("`{c}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
    }

    fn swizzle(&mut self) {
        let span = self.span();
        let Tok::Ident(s) = self.peek().clone() else {
            let found = describe(self.peek());
            self.error(span, format!("expected a swizzle after `.`, found {found}"));
            return;
        };
        self.bump();
        let valid = !s.is_empty()
            && s.len() <= 4
            && (s.chars().all(|c| "xyzw".contains(c)) || s.chars().all(|c| "rgba".contains(c)));
        if !valid {
            self.error(span, format!("`.{s}` is not a swizzle: 1 to 4 of xyzw (or of rgba)"));
        }
    }

    fn expr(&mut self) {
        self.binary(0);
        if *self.peek() == Tok::Punct("?") {
            self.bump();
            self.expr();
            if self.expect(":") {
                self.expr();
            }
        }
    }

    fn binary(&mut self, level: usize) {
        const LEVELS: &[&[&str]] = &[
            &["||"],
            &["&&"],
            &["==", "!="],
            &["<", ">", "<=", ">="],
            &["+", "-"],
            &["*", "/", "%"],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        self.binary(level + 1);
        while matches!(self.peek(), Tok::Punct(p) if LEVELS[level].contains(p)) && !self.failed {
            self.bump();
            self.binary(level + 1);
        }
    }

    fn unary(&mut self) {
        while matches!(self.peek(), Tok::Punct("-" | "!" | "+")) {
            self.bump();
        }
        self.postfix();
    }

    fn postfix(&mut self) {
        self.primary();
        loop {
            if self.failed {
                return;
            }
            match self.peek() {
                Tok::Punct(".") => {
                    self.bump();
                    self.swizzle();
                }
                Tok::Punct("[") => {
                    self.bump();
                    self.expr();
                    self.expect("]");
                }
                _ => return,
            }
        }
    }

    fn primary(&mut self) {
        let span = self.span();
        match self.bump().0 {
            Tok::Number => {}
            Tok::Punct("(") => {
                self.expr();
                self.expect(")");
            }
            Tok::Ident(name) => {
                if *self.peek() == Tok::Punct("(") {
                    self.bump();
                    let mut args = 0;
                    if *self.peek() != Tok::Punct(")") {
                        loop {
                            self.expr();
                            args += 1;
                            if *self.peek() == Tok::Punct(",") {
                                self.bump();
                            } else {
                                break;
                            }
                        }
                    }
                    if self.expect(")") {
                        self.check_call(&name, args, span);
                    }
                } else if name != "true" && name != "false" {
                    self.check_name(&name, span);
                }
            }
            other => {
                let found = describe(&other);
                self.error(span, format!("expected an operand, a number or a call, found {found}"));
            }
        }
    }

    fn check_call(&mut self, name: &str, args: usize, span: Span) {
        if CONSTRUCTORS.contains(&name) {
            if args == 0 {
                self.error(span, format!("constructor `{name}` needs at least one argument"));
            }
            return;
        }
        match BUILTINS.iter().find(|(n, _)| *n == name) {
            Some((_, arities)) if arities.contains(&args) => {}
            Some((_, arities)) => {
                let want = arities.iter().map(usize::to_string).collect::<Vec<_>>().join(" or ");
                self.error(span, format!("`{name}` takes {want} argument(s), found {args}"));
            }
            None => {
                let names = BUILTINS.iter().map(|(n, _)| *n).chain(CONSTRUCTORS.iter().copied());
                let hint = did_you_mean(name, names);
                self.error(span, format!("`{name}` is not an AGSL built-in function or type{hint}"));
            }
        }
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Number => "a number".into(),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::End => "the end of the expression".into(),
    }
}
