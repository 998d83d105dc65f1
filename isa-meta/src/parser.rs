//! Tokens → [`SpecAst`]. Errors are collected; after one, the parser skips
//! to the end of the line (or the block) and carries on, so one run reports
//! every syntax error in the file. Blocks do not nest, so a line that starts
//! an item ends a block whose `}` is missing (one error, not one per line
//! read as the block's), and a run of lines that start no item is one
//! error. A `}` too many (or a header line missing), before lines that
//! start no item and hold a `}` of their own, is one error at those lines
//! with a note at that `}`, and the block it closed is taken as one that
//! may lack lines. A slip for an item keyword (`formt`) is one error, and the item
//! is read as the keyword's; so is an item's line that lacks its `{`, whose
//! block is read from the lines below.

use crate::ast::*;
use crate::diag::Diagnostics;
use crate::lexer::{Tok, Token};
use crate::source::Span;
use crate::suggest;

pub fn parse(tokens: &[Token], diags: &mut Diagnostics) -> SpecAst {
    let mut p = Parser {
        toks: tokens,
        pos: 0,
        diags,
        early_close: None,
        in_isa: false,
        isa_cut: false,
    };
    p.spec()
}

/// Marks a syntax error that has already been reported.
struct Reported;

type PResult<T> = Result<T, Reported>;

struct Parser<'a, 'd> {
    toks: &'a [Token],
    pos: usize,
    diags: &'d mut Diagnostics,
    /// A `}` that closed its block before lines that start no item and hold
    /// a `}` of their own ([`Parser::closed_early`]): the error at those
    /// lines notes it. With it, whether that block was an `opcodes` block.
    early_close: Option<(Span, bool)>,
    /// Reading the block of an `isa` item.
    in_isa: bool,
    /// The last `isa` block read was cut by a line that starts another
    /// `isa` item, whose error says so.
    isa_cut: bool,
}

const ITEM_KEYWORDS: &str = "`isa`, `enum`, `regs`, `layout`, `format`, `union`, `opcodes` or `bundle`";

/// The words that start an item (the spellings of [`ITEM_KEYWORDS`]).
const ITEM_STARTS: [&str; 8] = ["isa", "enum", "regs", "layout", "format", "union", "opcodes", "bundle"];

/// The properties an `isa` item's lines start with.
const ISA_PROPERTIES: &str = "`word`, `fallback`, `gens`, `state`, `func`, `attr`, `dialect` or `doc`";

/// The spellings of [`ISA_PROPERTIES`].
const ISA_PROPERTY_NAMES: [&str; 8] = ["word", "fallback", "gens", "state", "func", "attr", "dialect", "doc"];

/// Whether `next` can start what the `isa` property `property` takes.
fn isa_property_takes(property: &str, next: &Tok) -> bool {
    match property {
        "word" | "gens" => matches!(next, Tok::Int(_) | Tok::BadInt),
        "fallback" | "doc" => matches!(next, Tok::Str(_)),
        _ => matches!(next, Tok::Ident(_)),
    }
}

impl Parser<'_, '_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn span(&self) -> Span {
        self.toks[self.pos].span
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if !matches!(t.tok, Tok::Eof) {
            self.pos += 1;
        }
        t
    }

    fn fail<T>(&mut self, expected: &str) -> PResult<T> {
        if *self.peek() == Tok::BadInt {
            // The literal has its error already; the line is lost with it.
            return Err(Reported);
        }
        let found = self.peek().describe();
        let span = self.span();
        self.diags.error(span, format!("expected {expected}, found {found}"));
        Err(Reported)
    }

    fn ident(&mut self, what: &str) -> PResult<Name> {
        match self.peek().clone() {
            Tok::Ident(text) => Ok(Name {
                text,
                span: self.bump().span,
            }),
            _ => self.fail(what),
        }
    }

    fn int(&mut self, what: &str) -> PResult<Lit<u128>> {
        match *self.peek() {
            Tok::Int(value) => Ok(Lit {
                value,
                span: self.bump().span,
            }),
            _ => self.fail(what),
        }
    }

    fn string(&mut self, what: &str) -> PResult<Lit<String>> {
        match self.peek().clone() {
            Tok::Str(value) => Ok(Lit {
                value,
                span: self.bump().span,
            }),
            _ => self.fail(what),
        }
    }

    /// An enum variant's name or a number.
    fn value(&mut self, what: &str) -> PResult<CondValue> {
        match self.peek() {
            Tok::Int(_) | Tok::BadInt => Ok(CondValue::Int(self.int(what)?)),
            _ => Ok(CondValue::Name(self.ident(what)?)),
        }
    }

    fn punct(&mut self, c: char) -> PResult<Span> {
        if *self.peek() == Tok::Punct(c) {
            Ok(self.bump().span)
        } else {
            self.fail(&format!("`{c}`"))
        }
    }

    fn eat_keyword(&mut self, kw: &str) -> bool {
        if matches!(self.peek(), Tok::Ident(s) if s == kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Skips the rest of the current line.
    fn skip_line(&mut self) {
        while !matches!(self.peek(), Tok::Newline | Tok::Eof) {
            self.bump();
        }
        self.bump();
    }

    /// Leading `///` lines and blank lines before an item; returns the doc.
    fn leading_docs(&mut self, inner: &mut String) -> String {
        let mut doc = String::new();
        loop {
            match self.peek().clone() {
                Tok::Newline => {
                    self.bump();
                }
                Tok::Doc(text) => {
                    self.bump();
                    push_line(&mut doc, &text);
                }
                Tok::InnerDoc(text) => {
                    self.bump();
                    push_line(inner, &text);
                }
                _ => return doc,
            }
        }
    }

    /// The end of an item's line: an optional trailing `///` doc, then a newline.
    fn line_end(&mut self, doc: &mut String) -> PResult<()> {
        if let Tok::Doc(text) = self.peek().clone() {
            self.bump();
            push_line(doc, &text);
        }
        match self.peek() {
            Tok::Newline => {
                self.bump();
                Ok(())
            }
            Tok::Eof | Tok::Punct('}') => Ok(()),
            _ => self.fail("end of line"),
        }
    }

    fn spec(&mut self) -> SpecAst {
        let mut spec = SpecAst::default();
        loop {
            let doc = self.leading_docs(&mut spec.inner_doc);
            let start = self.pos;
            if matches!(self.peek(), Tok::Eof) {
                break;
            }
            let result = match self.item_keyword() {
                Some(keyword) => self.item(keyword, doc, &mut spec),
                None => self.stray_lines(start, &mut spec.lost_mnemonics),
            };
            if result.is_err() {
                self.recover_item(start);
            }
        }
        spec
    }

    /// The item that `keyword` starts at the cursor, added to `spec`.
    fn item(&mut self, keyword: &str, mut doc: String, spec: &mut SpecAst) -> PResult<()> {
        match keyword {
            "isa" => {
                let cut = std::mem::take(&mut self.isa_cut);
                self.isa(&mut doc).map(|i| {
                    if let Some(first) = &mut spec.isa {
                        let error = self
                            .diags
                            .error(i.name.span, "a spec has one `isa` item; found a second");
                        if cut {
                            error.label("the block above is not closed");
                        }
                        error.note(first.name.span, "first `isa` item here");
                        merge_isa(first, i);
                    } else {
                        spec.isa = Some(i);
                    }
                })
            }
            "enum" => self.enumeration(doc).map(|e| spec.enums.push(e)),
            "regs" => self.regs(doc).map(|r| spec.regs.push(r)),
            "layout" => self.layout(false, doc).map(|l| spec.layouts.push(l)),
            "format" => self.layout(true, doc).map(|l| spec.layouts.push(l)),
            "opcodes" => self.opcodes(&mut spec.opcodes, &mut spec.lost_mnemonics),
            "bundle" => self.bundle(doc).map(|b| spec.bundles.push(b)),
            _ => self.union(doc).map(|u| spec.unions.push(u)),
        }
    }

    /// The item keyword at the cursor: the word itself, or the one it is a
    /// slip for ([`Parser::misspelt_item`]), reported as an unknown item
    /// with a "did you mean" and read as that item, so nothing that uses
    /// the item errors as well.
    fn item_keyword(&mut self) -> Option<&'static str> {
        let Tok::Ident(word) = self.peek() else {
            return None;
        };
        if let Some(keyword) = ITEM_STARTS.iter().find(|k| *k == word) {
            return Some(keyword);
        }
        let keyword = self.misspelt_item()?;
        let message = format!("unknown item `{word}`; did you mean `{keyword}`?");
        self.diags.error(self.span(), message);
        Some(keyword)
    }

    /// The item keyword that the word at the cursor is a slip for
    /// ([`suggest::slip_for`]: `formt`, `Enum`), when its line reads like
    /// that item's header: a name next (a `{` for `opcodes`), and a `{` on
    /// the line.
    fn misspelt_item(&self) -> Option<&'static str> {
        let Tok::Ident(word) = self.peek() else {
            return None;
        };
        let keyword = suggest::slip_for(word, &ITEM_STARTS)?;
        let next = &self.toks.get(self.pos + 1)?.tok;
        let fits = match keyword {
            "opcodes" => *next == Tok::Punct('{'),
            _ => matches!(next, Tok::Ident(_)),
        };
        (fits && self.line_opens_block()).then_some(keyword)
    }

    /// A line at item level that starts no item: one error for it and the
    /// lines after it (and any block they open), up to the next line that
    /// starts with an item keyword (or a slip for one that opens a block:
    /// [`Parser::misspelt_item`]). The mnemonics of the lines that read
    /// like opcode lines go to `lost` (an `opcodes {` line deleted: the
    /// spec is not said to have no opcodes as well). Returns `Ok`: nothing
    /// is left to recover.
    fn stray_lines(&mut self, start: usize, lost: &mut Vec<String>) -> PResult<()> {
        let early_close = self.early_close.take();
        let opcode_like = self.opcode_line_at(self.pos);
        // A bad number has its error already.
        if *self.peek() != Tok::BadInt {
            let (span, found) = (self.span(), self.peek().describe());
            // After an `opcodes` block closed early, the note says enough.
            let hint = if opcode_like.is_some() && !early_close.is_some_and(|(_, opcodes)| opcodes) {
                ": this reads like an opcode line; is the `opcodes {` line above it missing?"
            } else {
                ""
            };
            let error = self
                .diags
                .error(span, format!("expected an item ({ITEM_KEYWORDS}), found {found}{hint}"));
            if let Some((close, _)) = early_close {
                let note = "the block above ends here: is this `}` one too many, or a line that starts an item missing below it?";
                error.note(close, note);
            }
        }
        lost.extend(opcode_like);
        self.recover_item(start);
        while !self.at_next_item() {
            lost.extend(self.opcode_line_at(self.pos));
            self.recover_item(self.pos);
        }
        Ok(())
    }

    /// The mnemonic of the line starting at token `at` when it reads like
    /// an opcode line (`MNEMONIC VALUE FORMAT …`).
    fn opcode_line_at(&self, at: usize) -> Option<String> {
        match self.toks.get(at..at + 3)? {
            [Token {
                tok: Tok::Ident(mnemonic),
                ..
            }, Token { tok: Tok::Int(_), .. }, Token { tok: Tok::Ident(_), .. }] => Some(mnemonic.clone()),
            _ => None,
        }
    }

    /// After an error at item level: skip the item's line and, if it opened a
    /// block, the whole block (up to its `}`, or to a line that starts
    /// another item: blocks do not nest).
    fn recover_item(&mut self, start: usize) {
        let line_start = self.pos == 0 || self.toks[self.pos - 1].tok == Tok::Newline;
        if line_start && self.opens_item() {
            return;
        }
        let opened = self.toks[start..self.pos].iter().any(|t| t.tok == Tok::Punct('{'));
        let mut depth = usize::from(opened);
        loop {
            match self.peek() {
                Tok::Eof => return,
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => depth = depth.saturating_sub(1),
                Tok::Newline if depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::Newline => {
                    self.bump();
                    if self.opens_item() {
                        return;
                    }
                    continue;
                }
                _ => {}
            }
            self.bump();
            if depth == 0 && matches!(self.toks[self.pos - 1].tok, Tok::Punct('}')) {
                return;
            }
        }
    }

    /// Whether the cursor is at one of the words that start an item.
    fn at_item_keyword(&self) -> bool {
        matches!(self.peek(), Tok::Ident(word) if ITEM_STARTS.contains(&word.as_str()))
    }

    /// Whether the line at the cursor starts an item: an item keyword
    /// first, and a `{` on the line (no entry of a block opens one).
    fn opens_item(&self) -> bool {
        self.at_item_keyword() && self.line_opens_block()
    }

    /// Whether the rest of the line at the cursor holds a `{`.
    fn line_opens_block(&self) -> bool {
        self.toks[self.pos..]
            .iter()
            .take_while(|t| !matches!(t.tok, Tok::Newline | Tok::Eof))
            .any(|t| t.tok == Tok::Punct('{'))
    }

    /// `{`, newline-separated entries parsed by `entry`, `}`.
    /// Returns whether every entry parsed and the block was closed; a
    /// block left open (at the end of the file, or where a line starts
    /// another item) is reported and ends there.
    fn block(&mut self, mut entry: impl FnMut(&mut Self, String) -> PResult<()>) -> PResult<bool> {
        let open = self.block_open()?;
        let mut ignored = String::new();
        let mut complete = true;
        let mut lines = 0;
        loop {
            let doc = self.leading_docs(&mut ignored);
            match self.peek() {
                Tok::Punct('}') => {
                    let close = self.bump().span;
                    if !self.closed_early() {
                        return Ok(complete);
                    }
                    // A `}` too many, or a header line missing below it:
                    // which one, the lines after cannot tell, so they are
                    // one error (noting this `}`), and this block is taken
                    // as one that may lack lines.
                    self.early_close = Some((close, false));
                    return Ok(false);
                }
                Tok::Eof => {
                    self.diags
                        .error(self.span(), "expected `}`, found end of file")
                        .note(open, "the block opened here");
                    return Ok(false);
                }
                Tok::Ident(word) if self.in_isa && word == "isa" && self.opens_item() => {
                    // An `isa` item cut by another (its line written
                    // twice, say): the second's error says both.
                    self.isa_cut = true;
                    return Ok(false);
                }
                Tok::Ident(word) if self.opens_item() => {
                    // Blocks do not nest: a `}` is missing. Close the block
                    // here and let the item be read as one, rather than
                    // read its lines as this block's entries.
                    let message = format!("expected `}}`, found the start of another item (`{word}`)");
                    self.diags
                        .error(self.span(), message)
                        .label("the block above is not closed")
                        .note(open, "the block opened here");
                    // A header with nothing under it (a header line written
                    // twice) is dropped: the item after it is the one.
                    return if lines == 0 { Err(Reported) } else { Ok(false) };
                }
                _ => {
                    lines += 1;
                    if entry(self, doc).is_err() {
                        complete = false;
                        self.skip_line();
                    }
                }
            }
        }
    }

    /// Whether the `}` just read seems one too many: the lines below it
    /// start no item and hold, before the next line that starts with an
    /// item keyword, a `}` that no `{` of theirs opened (the block's own).
    fn closed_early(&mut self) -> bool {
        let here = self.pos;
        let (mut depth, mut unopened) = (0usize, false);
        loop {
            self.skip_blank_lines();
            if unopened || self.at_next_item() {
                break;
            }
            while !matches!(self.peek(), Tok::Newline | Tok::Eof) {
                match self.bump().tok {
                    Tok::Punct('{') => depth += 1,
                    Tok::Punct('}') if depth == 0 => unopened = true,
                    Tok::Punct('}') => depth -= 1,
                    _ => {}
                }
            }
        }
        self.pos = here;
        unopened
    }

    /// Whether the cursor is at the end of the file or at a line that
    /// starts with an item keyword (or a slip for one that opens a block).
    fn at_next_item(&self) -> bool {
        matches!(self.peek(), Tok::Eof) || self.at_item_keyword() || self.misspelt_item().is_some()
    }

    /// The `{` that opens a block. An item's line that ends without one,
    /// before a line that starts no item, is one error, and the lines
    /// below are read as the block (a `{` alone on the next line as its
    /// `{`); the span returned is then the end of the item's line.
    fn block_open(&mut self) -> PResult<Span> {
        if *self.peek() == Tok::Punct('{') {
            return Ok(self.bump().span);
        }
        if *self.peek() != Tok::Newline || self.next_line_starts_item() {
            return self.fail("`{`");
        }
        // Just past the header, before any trailing `///` doc.
        let header = self.toks[..self.pos]
            .iter()
            .rev()
            .find(|t| !matches!(t.tok, Tok::Doc(_)));
        let end = header.map_or(self.span(), |t| Span::new(t.span.end, t.span.end));
        self.diags
            .error(end, "expected `{` at the end of the line, found end of line")
            .label("a block opens at the end of its item's line");
        let here = self.pos;
        self.skip_blank_lines();
        if *self.peek() == Tok::Punct('{') {
            self.bump();
        } else {
            self.pos = here;
        }
        Ok(end)
    }

    /// Whether the next line that is not blank or a doc starts an item
    /// (an item keyword first, or a slip for one that opens a block) or
    /// is the end of the file: then it is not the block of an item whose
    /// `{` is missing.
    fn next_line_starts_item(&mut self) -> bool {
        let here = self.pos;
        self.skip_blank_lines();
        let item = self.at_next_item();
        self.pos = here;
        item
    }

    /// Moves past newlines and `///` docs.
    fn skip_blank_lines(&mut self) {
        while matches!(self.peek(), Tok::Newline | Tok::Doc(_)) {
            self.bump();
        }
    }

    fn isa(&mut self, doc: &mut String) -> PResult<IsaAst> {
        self.bump();
        let name = self.ident("the ISA's name")?;
        if let Tok::Doc(text) = self.peek().clone() {
            self.bump();
            push_line(doc, &text);
        }
        let mut isa = IsaAst {
            name,
            state: Vec::new(),
            funcs: Vec::new(),
            attrs: Vec::new(),
            dialects: Vec::new(),
            word: None,
            fallback: None,
            gens: None,
            doc: std::mem::take(doc),
            complete: true,
        };
        self.in_isa = true;
        let read = self.block(|p, mut doc| {
            let key = p.ident(ISA_PROPERTIES)?;
            let unknown = || {
                format!(
                    "unknown `isa` property `{}`; expected {ISA_PROPERTIES}{}",
                    key.text,
                    suggest::did_you_mean(&key.text, ISA_PROPERTY_NAMES.iter().copied())
                )
            };
            match p.line_key(&key, &ISA_PROPERTY_NAMES, isa_property_takes, unknown)? {
                // A second `word`, `fallback` or `gens` line is reported at
                // it, and the first one's value is kept.
                "word" => {
                    let word = p.int("the word width in bits")?;
                    once(p.diags, &mut isa.word, word, |w| w.span, "word");
                }
                "fallback" => {
                    let fallback = p.string("the fallback spelling, such as \".word\"")?;
                    once(p.diags, &mut isa.fallback, fallback, |f| f.span, "fallback");
                }
                "gens" => {
                    let gens = p.gen_range()?;
                    once(p.diags, &mut isa.gens, gens, |g| g.span, "gens");
                }
                "state" => {
                    while let Tok::Ident(_) = p.peek() {
                        let n = p.ident("a state name")?;
                        if let Some(first) = isa.state.iter().find(|s| s.text == n.text) {
                            p.diags
                                .error(n.span, format!("duplicate `state {}`", n.text))
                                .label("second declaration")
                                .note(first.span, "first declared here");
                        } else {
                            isa.state.push(n);
                        }
                    }
                }
                "func" => {
                    while let Tok::Ident(_) = p.peek() {
                        let n = p.ident("a function name")?;
                        p.punct('(')?;
                        let arity = p.int("the function's argument count")?;
                        p.punct(')')?;
                        isa.funcs.push((n, arity));
                    }
                }
                "attr" => {
                    let decl = p.attr_decl(doc)?;
                    isa.attrs.push(decl);
                    return Ok(());
                }
                "dialect" => {
                    let name = p.ident("the dialect's name")?;
                    p.line_end(&mut doc)?;
                    isa.dialects.push(DialectAst { name, doc });
                    return Ok(());
                }
                "doc" => {
                    let text = p.string("a doc string")?;
                    push_line(&mut isa.doc, &text.value);
                }
                // `line_key` gives one of the names.
                _ => return Err(Reported),
            }
            p.line_end(&mut doc)
        });
        self.in_isa = false;
        isa.complete = read?;
        Ok(isa)
    }

    /// The keyword `key` is, one of `keywords`. Else reports `unknown`, and
    /// reads a slip for one of them (`wrod 32`) followed by what that one
    /// takes (`takes`) as it: the line is not lost, so nothing it declares
    /// is a second error.
    fn line_key(
        &mut self,
        key: &Name,
        keywords: &[&'static str],
        takes: fn(&str, &Tok) -> bool,
        unknown: impl FnOnce() -> String,
    ) -> PResult<&'static str> {
        if let Some(known) = keywords.iter().find(|k| **k == key.text) {
            return Ok(known);
        }
        self.diags.error(key.span, unknown());
        match suggest::slip_for(&key.text, keywords) {
            Some(slip) if takes(slip, self.peek()) => Ok(slip),
            _ => Err(Reported),
        }
    }

    /// After `attr`: `NAME [TYPE [= DEFAULT]]`, to the end of the line.
    fn attr_decl(&mut self, mut doc: String) -> PResult<AttrDeclAst> {
        let name = self.ident("the attribute's name")?;
        let (ty, default) = if let Tok::Ident(_) = self.peek() {
            let ty = self.ident("the attribute's type (`u`, `opcode` or an enum's name)")?;
            let default = if *self.peek() == Tok::Punct('=') {
                self.bump();
                Some(self.value("the attribute's default (an enum variant or a number)")?)
            } else {
                None
            };
            (Some(ty), default)
        } else {
            (None, None)
        };
        self.line_end(&mut doc)?;
        Ok(AttrDeclAst { name, ty, default, doc })
    }

    /// The string after `sem`: what an opcode or an enum value (`owner`)
    /// computes. An empty one (or one of spaces) says nothing, which is
    /// what leaving `sem` out says: an error, and no semantics.
    fn semantics(&mut self, owner: &str, example: &str) -> PResult<Option<Lit<String>>> {
        let sem = self.string("the semantics (an AGSL expression in a string)")?;
        if sem.value.trim().is_empty() {
            self.diags.error(
                sem.span,
                format!(
                    "an empty `sem`: a `sem` holds what the {owner} computes, as AGSL statements `target = expression` separated by `;` (such as `{example}`); leave `sem` out to give none"
                ),
            );
            return Ok(None);
        }
        Ok(Some(sem))
    }

    /// `NAME` or `NAME=VALUE`: an attribute setting.
    fn attr_setting(&mut self) -> PResult<AttrAst> {
        let name = self.ident("an attribute")?;
        let value = if *self.peek() == Tok::Punct('=') {
            self.bump();
            Some(self.value("the attribute's value (an enum variant or a number)")?)
        } else {
            None
        };
        Ok(AttrAst { name, value })
    }

    /// `NAME : BITS [open]`
    fn header(&mut self, what: &str) -> PResult<(Name, Lit<u128>, bool)> {
        self.bump();
        let name = self.ident(&format!("the {what}'s name"))?;
        self.punct(':')?;
        let bits = self.int("a width in bits")?;
        let open = self.header_keyword("open", |next| {
            matches!(next, Tok::Punct('{') | Tok::Ident(_) | Tok::Doc(_) | Tok::Newline)
        });
        Ok((name, bits, open))
    }

    /// `keyword` at the cursor, consumed; or a slip for it
    /// ([`suggest::slip_for`]: `oepn` in `enum K : 3 oepn {`), reported with
    /// a "did you mean" and read as the keyword, when the token after it
    /// is one that may follow the keyword. No other word may stand there,
    /// so reading the slip loses nothing: without it, the item would be
    /// lost, with an error at each line that names it.
    fn header_keyword(&mut self, keyword: &'static str, follows: fn(&Tok) -> bool) -> bool {
        if self.eat_keyword(keyword) {
            return true;
        }
        let Tok::Ident(word) = self.peek() else {
            return false;
        };
        let next = self.toks.get(self.pos + 1).map(|t| &t.tok);
        if !next.is_some_and(follows) || suggest::slip_for(word, &[keyword]).is_none() {
            return false;
        }
        let message = format!("unknown keyword `{word}`; did you mean `{keyword}`?");
        self.diags.error(self.span(), message);
        self.bump();
        true
    }

    /// `(NAME, NAME…)`, at least one name.
    fn name_list(&mut self, what: &str) -> PResult<Vec<Name>> {
        self.punct('(')?;
        let mut names = vec![self.ident(what)?];
        while *self.peek() == Tok::Punct(',') {
            self.bump();
            names.push(self.ident(what)?);
        }
        self.punct(')')?;
        Ok(names)
    }

    fn trailing_doc(&mut self, doc: &mut String) {
        if let Tok::Doc(text) = self.peek().clone() {
            self.bump();
            push_line(doc, &text);
        }
    }

    fn enumeration(&mut self, mut doc: String) -> PResult<EnumAst> {
        let (name, bits, open) = self.header("enum")?;
        let operands = if self.header_keyword("operands", |next| *next == Tok::Punct('(')) {
            Some(self.name_list("an operand name")?)
        } else {
            None
        };
        self.trailing_doc(&mut doc);
        let mut variants = Vec::new();
        let mut attrs = Vec::new();
        let complete = self.block(|p, mut doc| {
            let name = p.ident("a variant name or `attr`")?;
            if name.text == "attr" && matches!(p.peek(), Tok::Ident(_)) {
                attrs.push(p.attr_decl(doc)?);
                return Ok(());
            }
            p.punct('=')?;
            let value = p.int("the variant's value")?;
            let mut spellings = vec![p.string("the variant's spelling (a string)")?];
            while let Tok::Str(_) = p.peek() {
                spellings.push(p.string("a spelling")?);
            }
            let mut semantics = None;
            let mut settings = Vec::new();
            loop {
                if p.line_keyword(&["sem"]).is_some() {
                    semantics = p.semantics("value", "dst = a + b")?;
                } else if let Tok::Ident(_) = p.peek() {
                    settings.push(p.attr_setting()?);
                } else {
                    break;
                }
            }
            if !matches!(p.peek(), Tok::Doc(_) | Tok::Newline | Tok::Eof | Tok::Punct('}')) {
                return p.fail("another spelling, `sem`, an attribute, a `///` doc or end of line");
            }
            p.line_end(&mut doc)?;
            variants.push(VariantAst {
                name,
                value,
                spellings,
                semantics,
                attrs: settings,
                doc,
            });
            Ok(())
        })?;
        Ok(EnumAst {
            name,
            bits,
            open,
            operands,
            attrs,
            variants,
            doc,
            complete,
        })
    }

    /// `union NAME : BITS { LAYOUT /// doc … }`, one layout per line.
    fn union(&mut self, mut doc: String) -> PResult<UnionAst> {
        self.bump();
        let name = self.ident("the union's name")?;
        self.punct(':')?;
        let bits = self.int("a width in bits")?;
        self.trailing_doc(&mut doc);
        let mut variants = Vec::new();
        self.block(|p, mut doc| {
            let layout = p.ident("a layout name (one per line)")?;
            p.line_end(&mut doc)?;
            variants.push((layout, doc));
            Ok(())
        })?;
        Ok(UnionAst {
            name,
            bits,
            variants,
            doc,
        })
    }

    fn regs(&mut self, mut doc: String) -> PResult<RegsAst> {
        let (name, bits, open) = self.header("register file")?;
        self.trailing_doc(&mut doc);
        let mut files = Vec::new();
        self.block(|p, mut doc| {
            let prefix = p.ident("a register prefix")?;
            p.punct('=')?;
            let base = p.int("the encoding of register 0")?;
            if !p.eat_keyword("count") {
                return p.fail("`count`");
            }
            let count = p.int("the number of registers")?;
            p.line_end(&mut doc)?;
            files.push(RegFileAst {
                prefix,
                base,
                count,
                doc,
            });
            Ok(())
        })?;
        Ok(RegsAst {
            name,
            bits,
            open,
            files,
            doc,
        })
    }

    /// `layout NAME : BITS { … }`, or a format (`is_format`), whose width
    /// may be a base format's name.
    fn layout(&mut self, is_format: bool, mut doc: String) -> PResult<LayoutAst> {
        let what = if is_format { "format" } else { "layout" };
        self.bump();
        let name = self.ident(&format!("the {what}'s name"))?;
        self.punct(':')?;
        // `format NAME : BITS` or `format NAME : BASE` (inherit BASE's fields).
        let (bits, base) = match self.peek().clone() {
            Tok::Ident(base) if is_format => {
                let span = self.bump().span;
                (Lit { value: 0, span }, Some(Name { text: base, span }))
            }
            _ => (
                self.int(if is_format {
                    "a width in bits or a base format"
                } else {
                    "a width in bits"
                })?,
                None,
            ),
        };
        self.trailing_doc(&mut doc);
        let mut fields = Vec::new();
        let mut syntax: Option<Lit<String>> = None;
        let mut texts = Vec::new();
        let mut params = Vec::new();
        let mut variants = Vec::new();
        let complete = self.block(|p, mut doc| {
            // A field line starts with its name and a bit number, so a
            // slip for a keyword before a string or a name is the keyword.
            let keyword = p.line_keyword(&["variant", "param", "text", "syntax"]);
            if keyword == Some("variant") {
                let suffix = p.string("the variant's mnemonic suffix (a string: `variant \".s2en\"`)")?;
                let mut variant = OpVariantAst {
                    suffix,
                    priority: None,
                    gens: None,
                    doc: String::new(),
                };
                while p.priority_or_gens(&mut variant.priority, &mut variant.gens)? {}
                p.line_end(&mut doc)?;
                variant.doc = doc;
                variants.push(variant);
                return Ok(());
            }
            if keyword == Some("param") {
                let name = p.ident("the param's name (`param NAME`)")?;
                p.line_end(&mut doc)?;
                params.push(ParamAst { name, doc });
                return Ok(());
            }
            if keyword == Some("text") {
                // `mesa.acc0` lexes as one identifier: split it at its dot.
                let both = p.ident("the text's dialect and group (`text DIALECT.GROUP`)")?;
                let (dialect, name) = match both.text.split_once('.') {
                    Some((d, g)) => {
                        let at = both.span.start + d.len();
                        let dialect = Name {
                            text: d.to_string(),
                            span: Span::new(both.span.start, at),
                        };
                        let group = Name {
                            text: g.to_string(),
                            span: Span::new(at + 1, both.span.end),
                        };
                        (Some(dialect), group)
                    }
                    None => (None, both),
                };
                let when = if p.eat_keyword("when") {
                    p.conditions()?
                } else {
                    Vec::new()
                };
                let mut defaults = Vec::new();
                if p.eat_keyword("default") {
                    loop {
                        let field = p.ident("a field name after `default`")?;
                        p.punct('=')?;
                        defaults.push((field, p.value("a value (an enum variant or a number)")?));
                        if *p.peek() != Tok::Punct(',') {
                            break;
                        }
                        p.bump();
                    }
                }
                let template = p.string("the text template (a string)")?;
                p.line_end(&mut doc)?;
                texts.push(TextAst {
                    dialect,
                    name,
                    when,
                    defaults,
                    template,
                    doc,
                    inherited: false,
                });
                return Ok(());
            }
            if keyword == Some("syntax") {
                let s = p.string("the syntax template (a string)")?;
                if let Some(first) = &syntax {
                    p.diags
                        .error(s.span, "a second `syntax` line")
                        .note(first.span, "first `syntax` line here");
                }
                syntax = Some(s);
                return p.line_end(&mut doc);
            }
            let name = p.ident("a field name, `syntax` or `text`")?;
            let mut ranges = vec![p.range()?];
            while *p.peek() == Tok::Punct('+') {
                p.bump();
                ranges.push(p.range()?);
            }
            let ty = p.field_type()?;
            p.line_end(&mut doc)?;
            fields.push(FieldAst { name, ranges, ty, doc });
            Ok(())
        })?;
        Ok(LayoutAst {
            is_format,
            name,
            bits,
            base,
            fields,
            syntax,
            syntax_inherited: false,
            texts,
            params,
            variants,
            doc,
            complete,
            replaced: Vec::new(),
        })
    }

    /// `COND, COND, …` after `when`: `flag`, `!flag`, `field == v|v`,
    /// `field != v|v` (values are enum variant names or numbers),
    /// `field is named|unnamed`; `field.attr` in place of a field reads an
    /// attribute of its enum value.
    fn conditions(&mut self) -> PResult<Vec<CondAst>> {
        let mut out = Vec::new();
        loop {
            let start = self.span();
            let negated = if *self.peek() == Tok::Punct('!') {
                self.bump();
                true
            } else {
                false
            };
            let both = self.ident("a field name in the condition")?;
            // `op.args` (an attribute of the field's enum value) lexes as one
            // identifier.
            let (field, attr) = match both.text.split_once('.') {
                Some((f, a)) => {
                    let at = both.span.start + f.len();
                    (
                        Name {
                            text: f.to_string(),
                            span: Span::new(both.span.start, at),
                        },
                        Some(Name {
                            text: a.to_string(),
                            span: Span::new(at + 1, both.span.end),
                        }),
                    )
                }
                None => (both, None),
            };
            let mut cond = CondAst {
                span: start.to(field.span),
                attr,
                field,
                equal: !negated,
                values: Vec::new(),
                named: None,
                greater: None,
            };
            if !negated && self.eat_keyword("is") {
                let which = self.ident("`named` or `unnamed`")?;
                cond.named = match which.text.as_str() {
                    "named" => Some(true),
                    "unnamed" => Some(false),
                    _ => {
                        self.diags.error(
                            which.span,
                            format!("expected `named` or `unnamed` after `is`, found `{}`", which.text),
                        );
                        return Err(Reported);
                    }
                };
                cond.span = cond.span.to(which.span);
                out.push(cond);
                if *self.peek() != Tok::Punct(',') {
                    return Ok(out);
                }
                self.bump();
                continue;
            }
            let op = self.peek().clone();
            if !negated && matches!(op, Tok::Punct('>') | Tok::Punct('<')) {
                // `field > N`, `field < N`: a number.
                self.bump();
                let n = self.int("a number to compare the field with")?;
                cond.span = cond.span.to(n.span);
                cond.greater = Some(op == Tok::Punct('>'));
                cond.values.push(CondValue::Int(n));
            } else if !negated && matches!(op, Tok::Punct('=') | Tok::Punct('!')) {
                self.bump();
                self.punct('=')?;
                cond.equal = op == Tok::Punct('=');
                loop {
                    let value = self.value("a value (an enum variant or a number)")?;
                    let span = value.span();
                    cond.span = cond.span.to(span);
                    cond.values.push(value);
                    if *self.peek() != Tok::Punct('|') {
                        break;
                    }
                    self.bump();
                }
            }
            out.push(cond);
            if *self.peek() != Tok::Punct(',') {
                return Ok(out);
            }
            self.bump();
        }
    }

    fn range(&mut self) -> PResult<RangeAst> {
        let lo = self.int("a bit range (`LO..=HI` or a bit number)")?;
        if *self.peek() == Tok::RangeTo {
            self.bump();
            let hi = self.int("the range's last bit")?;
            if hi.value < lo.value {
                self.diags.error(
                    lo.span.to(hi.span),
                    format!(
                        "bit range {}..={} is backwards; write the low bit first",
                        lo.value, hi.value
                    ),
                );
                return Err(Reported);
            }
            Ok(RangeAst {
                lo: lo.value,
                hi: hi.value,
                span: lo.span.to(hi.span),
            })
        } else {
            Ok(RangeAst {
                lo: lo.value,
                hi: lo.value,
                span: lo.span,
            })
        }
    }

    /// `prio N` or `gen LO..=HI`, which an opcode line and a `variant`
    /// line both take, into `priority` or `gens`; `false` if neither comes
    /// next.
    fn priority_or_gens(&mut self, priority: &mut Option<Lit<i64>>, gens: &mut Option<GenRangeAst>) -> PResult<bool> {
        match self.line_keyword(&["prio", "gen"]) {
            Some("prio") => *priority = Some(self.priority()?),
            Some(_) => *gens = Some(self.gen_range()?),
            None => return Ok(false),
        }
        Ok(true)
    }

    /// The keyword of `keywords` (`sem`, `prio`, `gen`, `syntax`, `fixed`,
    /// `pattern`) at the cursor, consumed: the keyword itself (`gen` only
    /// before a number, so a flag attribute called `gen` stays one), or a
    /// slip for the one keyword whose argument follows ([`suggest::slip_for`]: `priority 1`),
    /// reported with a "did you mean" and read as that keyword. A word
    /// before a number or a string is no attribute setting, so the slip
    /// is an error either way.
    fn line_keyword(&mut self, keywords: &[&'static str]) -> Option<&'static str> {
        let Tok::Ident(word) = self.peek() else {
            return None;
        };
        let next = self.toks.get(self.pos + 1).map(|t| &t.tok);
        let takes = |keyword: &str| match keyword {
            "sem" | "syntax" | "variant" => matches!(next, Some(Tok::Str(_))),
            "text" | "param" => matches!(next, Some(Tok::Ident(_))),
            "prio" => matches!(next, Some(Tok::Int(_) | Tok::BadInt | Tok::Punct('-'))),
            _ => matches!(next, Some(Tok::Int(_) | Tok::BadInt)),
        };
        if let Some(keyword) = keywords.iter().find(|k| *k == word) {
            let keyword = (*keyword != "gen" || takes(keyword)).then_some(*keyword);
            if keyword.is_some() {
                self.bump();
            }
            return keyword;
        }
        let fitting: Vec<&'static str> = keywords.iter().copied().filter(|k| takes(k)).collect();
        let keyword = suggest::slip_for(word, &fitting)?;
        let message = format!("unknown keyword `{word}`; did you mean `{keyword}`?");
        self.diags.error(self.span(), message);
        self.bump();
        Some(keyword)
    }

    /// `N` or `-N` after `prio`.
    fn priority(&mut self) -> PResult<Lit<i64>> {
        let neg = *self.peek() == Tok::Punct('-');
        if neg {
            self.bump();
        }
        let v = self.int("a priority")?;
        let value = i64::try_from(v.value).unwrap_or(i64::MAX);
        Ok(Lit {
            value: if neg { -value } else { value },
            span: v.span,
        })
    }

    /// `LO..=HI` or `N`: a range of generations (`gens` in `isa`, `gen`
    /// on an opcode or `variant` line).
    fn gen_range(&mut self) -> PResult<GenRangeAst> {
        let lo = self.int("a generation (`N`) or a range of them (`LO..=HI`)")?;
        if *self.peek() != Tok::RangeTo {
            return Ok(GenRangeAst {
                lo: lo.value,
                hi: lo.value,
                span: lo.span,
            });
        }
        self.bump();
        let hi = self.int("the range's last generation")?;
        if hi.value < lo.value {
            self.diags.error(
                lo.span.to(hi.span),
                format!(
                    "generation range {}..={} is backwards; write the oldest first",
                    lo.value, hi.value
                ),
            );
            return Err(Reported);
        }
        Ok(GenRangeAst {
            lo: lo.value,
            hi: hi.value,
            span: lo.span.to(hi.span),
        })
    }

    fn field_type(&mut self) -> PResult<TypeAst> {
        // `fixed V`, `pattern V`, or a slip for either before a number
        // (`ptatern 0b01`; no other type takes one), reported and read as
        // the keyword, so that the format keeps the line.
        let span = self.span();
        if let Some(keyword) = self.line_keyword(&["fixed", "pattern"]) {
            let value = self.int(if keyword == "fixed" {
                "the fixed value"
            } else {
                "the pattern's value"
            })?;
            let name = Name {
                text: keyword.to_owned(),
                span,
            };
            return Ok(TypeAst::Fixed(name, value));
        }
        let name = self.ident(
            "a field type (`u`, `s`, `bool`, `f16`, `f32`, `opcode`, `fixed V`, `pattern V`, `reserved`, `unknown`, or a type name)",
        )?;
        if *self.peek() == Tok::Punct('(') {
            self.bump();
            let param = self.ident("a parameter (`x_high` or `x_low`)")?;
            self.punct(')')?;
            return Ok(TypeAst::Param(name, param));
        }
        Ok(TypeAst::Named(name))
    }

    /// `opcodes { MNEMONIC VALUE FORMAT … }`: each line read goes to `out`;
    /// the mnemonic of a line that does not read goes to `lost`.
    fn opcodes(&mut self, out: &mut Vec<OpAst>, lost: &mut Vec<String>) -> PResult<()> {
        self.bump();
        self.block(|p, doc| {
            let mnemonic = p.ident("a mnemonic")?;
            let text = mnemonic.text.clone();
            p.opcode_line(mnemonic, doc)
                .map(|op| out.push(op))
                .inspect_err(|_| lost.push(text))
        })?;
        if let Some((_, opcodes)) = &mut self.early_close {
            *opcodes = true;
        }
        Ok(())
    }

    /// The rest of an opcode line after its mnemonic.
    fn opcode_line(&mut self, mnemonic: Name, mut doc: String) -> PResult<OpAst> {
        let value = self.int("the opcode value")?;
        let format = self.ident("the opcode's format")?;
        let mut op = OpAst {
            mnemonic,
            value,
            format,
            template: None,
            semantics: None,
            priority: None,
            gens: None,
            attrs: Vec::new(),
            doc: String::new(),
            text_name: None,
        };
        if let Tok::Str(_) = self.peek() {
            op.template = Some(self.string("a template")?);
        }
        loop {
            if self.line_keyword(&["sem"]).is_some() {
                op.semantics = self.semantics("opcode", "dst = src1 + src2")?;
            } else if self.priority_or_gens(&mut op.priority, &mut op.gens)? {
                continue;
            } else if let Tok::Ident(_) = self.peek() {
                op.attrs.push(self.attr_setting()?);
            } else {
                break;
            }
        }
        if !matches!(self.peek(), Tok::Doc(_) | Tok::Newline | Tok::Eof | Tok::Punct('}')) {
            return self.fail("`sem`, `prio`, `gen`, an attribute, a `///` doc or end of line");
        }
        self.line_end(&mut doc)?;
        op.doc = doc;
        Ok(op)
    }
}

impl Parser<'_, '_> {
    /// `bundle NAME { control LAYOUT / unit … / derive … }`.
    fn bundle(&mut self, mut doc: String) -> PResult<BundleAst> {
        self.bump();
        let name = self.ident("the bundle's name")?;
        self.trailing_doc(&mut doc);
        let mut bundle = BundleAst {
            name,
            control: None,
            units: Vec::new(),
            derives: Vec::new(),
            doc,
            complete: true,
        };
        let complete = self.block(|p, mut doc| {
            let key = p.ident("`control`, `unit` or `derive`")?;
            let unknown = || {
                format!(
                    "unknown bundle line `{}`; expected `control`, `unit` or `derive`",
                    key.text
                )
            };
            let takes_a_name = |_: &str, next: &Tok| matches!(next, Tok::Ident(_));
            match p.line_key(&key, &["control", "unit", "derive"], takes_a_name, unknown)? {
                "control" => {
                    let layout = p.ident("the control word's layout")?;
                    if let Some(first) = &bundle.control {
                        let first = first.span;
                        p.diags
                            .error(layout.span, "a bundle has one `control` line; found a second")
                            .note(first, "first `control` line here");
                        return Err(Reported);
                    }
                    bundle.control = Some(layout);
                }
                "unit" => {
                    let name = p.ident("the unit's name")?;
                    if !p.eat_keyword("enable") {
                        return p.fail("`enable BIT`");
                    }
                    let enable = p.int("the control-word bit that enables the unit")?;
                    if !p.eat_keyword("width") {
                        return p.fail("`width BITS`");
                    }
                    let width = p.int("the unit's width in bits")?;
                    let mut variants = vec![p.ident("the unit's layout")?];
                    while *p.peek() == Tok::Punct('|') {
                        p.bump();
                        variants.push(p.ident("a variant layout after `|`")?);
                    }
                    p.line_end(&mut doc)?;
                    bundle.units.push(UnitAst {
                        name,
                        enable,
                        width,
                        variants,
                        doc,
                    });
                    return Ok(());
                }
                "derive" => {
                    let field = p.ident("the derived control field")?;
                    p.punct('=')?;
                    let rule = if *p.peek() == Tok::Punct('!') {
                        let bang = p.bump().span;
                        let last = p.ident("`last` after `!`")?;
                        Name {
                            text: format!("!{}", last.text),
                            span: bang.to(last.span),
                        }
                    } else {
                        p.ident("a rule: `words`, `next.words` or `!last`")?
                    };
                    bundle.derives.push(DeriveAst { field, rule });
                }
                // Reported by `line_key`: the key is one of the three.
                _ => return Err(Reported),
            }
            p.line_end(&mut doc)
        })?;
        bundle.complete = complete;
        Ok(bundle)
    }
}

/// Keeps what a second `isa` item (an error) declares that the first lacks:
/// its `word`, `fallback`, `gens` and doc where the first has none, and its
/// state, functions, attributes and dialects of names the first does not
/// declare. Dropping them would make each of their uses an error too.
fn merge_isa(first: &mut IsaAst, second: IsaAst) {
    first.word = first.word.take().or(second.word);
    first.fallback = first.fallback.take().or(second.fallback);
    first.gens = first.gens.take().or(second.gens);
    if first.doc.is_empty() {
        first.doc = second.doc;
    }
    fn add<T>(to: &mut Vec<T>, from: Vec<T>, name: impl Fn(&T) -> &str) {
        let known: Vec<String> = to.iter().map(|t| name(t).to_owned()).collect();
        to.extend(from.into_iter().filter(|t| !known.iter().any(|k| k == name(t))));
    }
    add(&mut first.state, second.state, |n| &n.text);
    add(&mut first.funcs, second.funcs, |(n, _)| &n.text);
    add(&mut first.attrs, second.attrs, |a| &a.name.text);
    add(&mut first.dialects, second.dialects, |d| &d.name.text);
}

/// Sets `slot` to `value` from a `KEY` line of the `isa` item, which has
/// at most one: a second is an error at it, with a note at the first, whose
/// value is kept.
fn once<T>(diags: &mut Diagnostics, slot: &mut Option<T>, value: T, span: impl Fn(&T) -> Span, key: &str) {
    match slot {
        Some(first) => {
            diags
                .error(span(&value), format!("a second `{key}` line"))
                .note(span(first), format!("first `{key}` line here"));
        }
        None => *slot = Some(value),
    }
}

fn push_line(doc: &mut String, line: &str) {
    if !doc.is_empty() {
        doc.push('\n');
    }
    doc.push_str(line);
}
