//! Mesa's Lima GP text: what `gpir_disassemble_program` prints
//! (`src/gallium/drivers/lima/ir/gp/disasm.c`), and back.
//!
//! The unit lines come from the spec: each `text` group of `Instr` in
//! `specs/lima_gp.isa` is one line (`mul.m0 ^2/$0.y t[1].z a0.y`), printed and
//! parsed by the table-driven [`isa_runtime::text::write_text`] and
//! [`isa_runtime::text::parse_text`]. This module is the program context
//! that the templates' hooks ask for:
//!
//! - the instruction lines `NNN:` and the order of the groups (the spec's);
//! - result numbers: unit `u` of instruction `i` is `^(6i + u)` (acc0, acc1,
//!   mul0, mul1, pass, complex), so sources that read the previous two
//!   instructions print as earlier numbers (`^-6` at instruction 0, as Mesa's
//!   arithmetic gives);
//! - stores, printed after the result that they write (`/$0.y`, `/v1.x`,
//!   `/t[addr0].z`, the complex unit's `/addr1`);
//! - sources that name register0 of the previous instruction (`a0.y` may be
//!   this instruction's attribute or the previous one's). Instruction 0 reads
//!   an all-zero "previous instruction", where Mesa reads before its buffer;
//! - Mesa's quirks: the `nop` line when nothing prints, and the lone tab that
//!   an operand-less complex `nop` leaves.
//!
//! Mesa's text leaves bits out (fields of unused units, sources it does not
//! print, which of `$0.x`'s registers is meant). [`disassemble`] parses
//! each instruction's text back and, where the result differs from the word,
//! appends the differing fields in the spec's field-explicit spelling as
//! `{raw field=value …}` at the end of the instruction's last line. A reader
//! of Mesa's text can ignore it; [`assemble`] applies it last, so every word
//! round-trips. What the text does not say, [`assemble`] takes from
//! [`blank`]: every source `unused`, no stores, no load offset.
//!
//! Parsing a line tries the spec's alternatives in order and keeps the
//! first that reads the whole line (the error, if none does, is that of the
//! one that read furthest). Register sources are settled once the whole
//! instruction is read (see `Ctx::resolve_registers`).

// Every function is `#[inline]`: isa-specs builds at the default dev
// opt-level (fast spec edits), and inlinable code is compiled again, with
// the caller's settings, in optimised callers such as the test sweeps.

use std::fmt::{self, Write};
use std::sync::OnceLock;

use isa_runtime::layout::{Field, NamedText, Piece};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{self, TextHooks};
use isa_runtime::ParseError;

use super::__layout::LAYOUT_INSTR as FORMAT;
use super::{ComplexOp, LoadOffset, PassOp, Src, StoreSrc};

/// The spec's dialect whose `text` lines this layer prints and parses.
pub const DIALECT: &str = "mesa";

/// Results per instruction: Mesa numbers unit `u` of instruction `i` `6i + u`.
const UNITS: i64 = 6;
/// Unit names as the hooks spell them (`dest_acc0`), in Mesa's unit order.
const UNIT_NAMES: [&str; 6] = ["acc0", "acc1", "mul0", "mul1", "pass", "complex"];
/// The `StoreSrc` value that stores each unit's result.
const STORE_SRC: [u64; 6] = [
    StoreSrc::Acc0.raw(),
    StoreSrc::Acc1.raw(),
    StoreSrc::Mul0.raw(),
    StoreSrc::Mul1.raw(),
    StoreSrc::Pass.raw(),
    StoreSrc::Complex.raw(),
];
const XYZW: [char; 4] = ['x', 'y', 'z', 'w'];

// `Src` values: the first of each run of four (x, y, z, w follow it in the
// spec; a test checks the runs).
const SRC_ATTR: u64 = Src::AttrX.raw();
const SRC_REG: u64 = Src::RegX.raw();
const SRC_UNKNOWN: u64 = Src::Unknown0.raw();
const SRC_LOAD: u64 = Src::LoadX.raw();
const SRC_UNUSED: u64 = Src::Unused.raw();
const SRC_P1_COMPLEX: u64 = Src::P1Complex.raw();
const SRC_P1_ATTR: u64 = Src::P1AttrX.raw();
/// `Src` values that read the previous instruction's units, by unit.
const SRC_P1: [Option<u64>; 6] = [
    Some(Src::P1Acc0.raw()),
    Some(Src::P1Acc1.raw()),
    Some(Src::P1Mul0.raw()),
    Some(Src::P1Mul1.raw()),
    Some(Src::P1Pass.raw()),
    Some(Src::P1Complex.raw()),
];
/// `Src` values that read the units two instructions back, by unit.
const SRC_P2: [Option<u64>; 6] = [
    Some(Src::P2Acc0.raw()),
    Some(Src::P2Acc1.raw()),
    Some(Src::P2Mul0.raw()),
    Some(Src::P2Mul1.raw()),
    Some(Src::P2Pass.raw()),
    None,
];
const LOAD_OFFSET_NONE: u64 = LoadOffset::None.raw();
/// What compilers leave in an unused pass unit.
const PASS_OP_PASS: u64 = PassOp::Pass.raw();
const STORE_NONE: u64 = StoreSrc::None.raw();
/// The three load-address ops follow it in the spec (a test checks).
const COMPLEX_TEMP_STORE_ADDR: u64 = ComplexOp::TempStoreAddr.raw();

/// Indices of the fields this layer reads besides the ones its hooks get.
struct Ix {
    load_addr: usize,
    load_offset: usize,
    register0_addr: usize,
    register0_attr: usize,
    register1_addr: usize,
    store_temp: [usize; 2],
    store_addr: [usize; 2],
    store_varying: [usize; 2],
    /// store0_src_x, store0_src_y, store1_src_z, store1_src_w.
    store_src: [usize; 4],
    complex_op: usize,
    complex_src: usize,
    pass_op: usize,
    branch_target_lo: usize,
    srcs: [usize; 12],
    /// Fields that [`blank`] sets to `StoreSrc::none`/`LoadOffset::none`.
    none_fields: [usize; 5],
}

#[inline]
fn ix() -> &'static Ix {
    static IX: OnceLock<Ix> = OnceLock::new();
    IX.get_or_init(|| {
        // A name the spec lacks maps past the end; `get`/`set` then read 0
        // and write nothing (a unit test checks that every name exists).
        let i = |name: &str| FORMAT.fields.iter().position(|f| f.name == name).unwrap_or(usize::MAX);
        Ix {
            load_addr: i("load_addr"),
            load_offset: i("load_offset"),
            register0_addr: i("register0_addr"),
            register0_attr: i("register0_attr"),
            register1_addr: i("register1_addr"),
            store_temp: [i("store0_temp"), i("store1_temp")],
            store_addr: [i("store0_addr"), i("store1_addr")],
            store_varying: [i("store0_varying"), i("store1_varying")],
            store_src: [
                i("store0_src_x"),
                i("store0_src_y"),
                i("store1_src_z"),
                i("store1_src_w"),
            ],
            complex_op: i("complex_op"),
            complex_src: i("complex_src"),
            pass_op: i("pass_op"),
            branch_target_lo: i("branch_target_lo"),
            srcs: [
                i("mul0_src0"),
                i("mul0_src1"),
                i("mul1_src0"),
                i("mul1_src1"),
                i("acc0_src0"),
                i("acc0_src1"),
                i("acc1_src0"),
                i("acc1_src1"),
                i("complex_src"),
                i("pass_src"),
                usize::MAX,
                usize::MAX,
            ],
            none_fields: [
                i("store0_src_x"),
                i("store0_src_y"),
                i("store1_src_z"),
                i("store1_src_w"),
                i("load_offset"),
            ],
        }
    })
}

#[inline]
fn get(word: u128, index: usize) -> u64 {
    FORMAT.fields.get(index).map_or(0, |f| f.read(&word, 0))
}

#[inline]
fn set(word: &mut u128, index: usize, value: u64) {
    if let Some(f) = FORMAT.fields.get(index) {
        f.write(word, 0, value);
    }
}

/// The word that [`assemble`] starts each instruction from: every source
/// `unused`, stores and the load offset `none`, the pass unit's operation
/// `pass` (as ARM's compiler leaves it), every other field 0.
#[inline]
pub fn blank() -> u128 {
    static BLANK: OnceLock<u128> = OnceLock::new();
    *BLANK.get_or_init(|| {
        let ix = ix();
        let mut w = 0u128;
        for &s in &ix.srcs {
            set(&mut w, s, SRC_UNUSED);
        }
        for &f in &ix.none_fields {
            set(
                &mut w,
                f,
                if f == ix.load_offset {
                    LOAD_OFFSET_NONE
                } else {
                    STORE_NONE
                },
            );
        }
        set(&mut w, ix.pass_op, PASS_OP_PASS);
        w
    })
}

/// The `text` groups of `Instr` with their alternatives, in the order the
/// groups first appear in the spec (Mesa's line order).
#[inline]
fn groups() -> &'static [(&'static str, Vec<&'static NamedText>)] {
    static GROUPS: OnceLock<Vec<(&'static str, Vec<&'static NamedText>)>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let mut groups: Vec<(&'static str, Vec<&'static NamedText>)> = Vec::new();
        for t in text::dialect_texts(&FORMAT, DIALECT) {
            match groups.iter_mut().find(|(name, _)| *name == t.name) {
                Some((_, alts)) => alts.push(t),
                None => groups.push((t.name, vec![t])),
            }
        }
        groups
    })
}

/// For each `text` line, in spec order: the literal text that starts the
/// line's first word and the literal that ends it (`""` where a field
/// stands), and whether the word is that literal alone.
#[inline]
fn heads() -> &'static [(&'static NamedText, &'static str, &'static str, bool)] {
    static HEADS: OnceLock<Vec<(&'static NamedText, &'static str, &'static str, bool)>> = OnceLock::new();
    HEADS.get_or_init(|| {
        text::dialect_texts(&FORMAT, DIALECT)
            .map(|t| {
                let first: Vec<&Piece> = t.pieces.iter().take_while(|p| !matches!(p, Piece::Space)).collect();
                let literal = |p: Option<&&Piece>| match p {
                    Some(Piece::Text(s)) => *s,
                    _ => "",
                };
                let exact = first.len() == 1 && matches!(first[0], Piece::Text(_));
                (t, literal(first.first()), literal(first.last()), exact)
            })
            .collect()
    })
}

/// Prints a whole program (128-bit words, in order) as Mesa does, with a
/// `{raw …}` annotation on the instructions whose text leaves bits out.
#[inline]
pub fn disassemble(words: &[u128]) -> String {
    let mut out = String::new();
    for i in 0..words.len() {
        out.push_str(&instruction_text(words, i));
    }
    out
}

/// The text of instruction `i` of `words`: Mesa's lines (ending in a
/// newline, or in Mesa's stray tab), with the `{raw …}` annotation if the
/// lines alone do not give back the word.
#[inline]
pub fn instruction_text(words: &[u128], i: usize) -> String {
    let Some(&word) = words.get(i) else {
        return String::new();
    };
    let prev = if i == 0 { 0 } else { words[i - 1] };
    let mut text = mesa_text(word, prev, i);
    let lines: Vec<&str> = text.split('\n').collect();
    let implied = parse_instruction(&lines, 1, word_index(i), prev, None).unwrap_or_else(|_| blank());
    if implied != word {
        let mut note = String::from(" {raw");
        for f in FORMAT.fields {
            if f.read(&implied, 0) != f.read(&word, 0) {
                let _ = write!(note, " {}=", f.name);
                let _ = text::write_field(&mut note, f, &word);
            }
        }
        note.push('}');
        let at = text.rfind('\n').unwrap_or(text.len());
        text.insert_str(at, &note);
    }
    text
}

#[inline]
fn word_index(i: usize) -> i64 {
    i64::try_from(i).unwrap_or(i64::MAX / 8)
}

/// Exactly what Mesa prints for `word` at index `i`, after `prev`.
#[inline]
fn mesa_text(word: u128, prev: u128, i: usize) -> String {
    let mut out = String::new();
    let _ = write!(out, "{i:03}:");
    let mut ctx = Ctx::new(word_index(i), prev);
    let mut printed = false;
    let ix = ix();
    for (group, alternatives) in groups() {
        if *group == "complex" && get(word, ix.complex_src) != SRC_UNUSED && get(word, ix.complex_op) == 0 {
            // Mesa's print_complex writes the tab, then returns for `nop`.
            out.push('\t');
        }
        if let Some(t) = alternatives.iter().find(|t| t.holds(&FORMAT, &word, 0)) {
            out.push('\t');
            let _ = text::write_text(&mut out, &FORMAT, t, &word, &mut ctx);
            out.push('\n');
            printed = true;
        }
    }
    if !printed {
        out.push_str("\tnop\n");
    }
    out
}

/// Parses a whole program in Mesa's text (with or without `{raw …}`
/// annotations) into its words. Errors carry `line:col`.
#[inline]
pub fn assemble(source: &str) -> Result<Vec<u128>, ParseError> {
    let mut words = Vec::new();
    // The current instruction: its first line number and its lines.
    let mut start: Option<(usize, usize)> = None;
    let lines: Vec<&str> = source.split('\n').collect();
    let flush = |words: &mut Vec<u128>, from: usize, to: usize| -> Result<(), ParseError> {
        let prev = words.last().copied().unwrap_or(0);
        let word = parse_instruction(
            &lines[from..to],
            from + 1,
            word_index(words.len()),
            prev,
            Some(words.len()),
        )?;
        words.push(word);
        Ok(())
    };
    for (n, line) in lines.iter().enumerate() {
        let mut cur = Cursor::at(line, n + 1, 1);
        if cur.at_line_end() {
            continue;
        }
        if label(&mut cur.clone()).is_some() {
            if let Some((from, _)) = start.take() {
                flush(&mut words, from, n)?;
            }
            start = Some((n, n));
        } else if start.is_none() {
            return Err(cur.expected("an instruction number such as `000:`"));
        }
    }
    if let Some((from, _)) = start {
        flush(&mut words, from, lines.len())?;
    }
    Ok(words)
}

/// `NNN:` at the cursor: the number, with the cursor after the colon.
#[inline]
fn label(cur: &mut Cursor<'_>) -> Option<i128> {
    cur.skip_blanks();
    let rest = cur.rest();
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    if digits == 0 || !rest[digits..].starts_with(':') {
        return None;
    }
    let n = rest[..digits].parse::<i128>().ok()?;
    cur.eat(&rest[..=digits]);
    Some(n)
}

/// Parses one instruction's lines (the first holds its `NNN:`, which must be
/// `number` when given), starting at line `first_line` of the file.
#[inline]
fn parse_instruction(
    lines: &[&str],
    first_line: usize,
    index: i64,
    prev: u128,
    number: Option<usize>,
) -> Result<u128, ParseError> {
    let mut word = blank();
    let mut ctx = Ctx::new(index, prev);
    let mut seen: Vec<&'static str> = Vec::new();
    let mut annotation: Option<Cursor<'_>> = None;
    for (k, line) in lines.iter().enumerate() {
        let mut cur = Cursor::at(line, first_line + k, 1);
        if k == 0 {
            let at = cur.clone();
            match label(&mut cur) {
                Some(n) if number.is_none_or(|want| n == want as i128) => {}
                Some(n) => {
                    let want = number.unwrap_or(0);
                    return Err(at.error(format!(
                        "instruction {n:03} out of order: this is instruction {want:03} (they count from 000)"
                    )));
                }
                None => return Err(at.expected("an instruction number such as `000:`")),
            }
        }
        if cur.at_line_end() {
            continue;
        }
        if annotation.is_some() {
            return Err(cur.error("the `{raw …}` annotation ends its instruction: nothing may follow it"));
        }
        let group = statement(&mut cur, &mut word, &mut ctx)?;
        if let Some(g) = group {
            if seen.contains(&g) {
                return Err(Cursor::at(line, first_line + k, 1)
                    .error(format!("a second `{g}` line in one instruction: each unit prints once")));
            }
            seen.push(g);
        }
        cur.skip_blanks();
        if cur.peek() == Some('{') {
            annotation = Some(cur.clone());
            skip_annotation(&mut cur)?;
        }
        if !cur.at_line_end() {
            return Err(cur.expected("end of line"));
        }
    }
    ctx.resolve_registers(&mut word)?;
    if let Some(mut cur) = annotation {
        apply_annotation(&mut cur, &mut word)?;
    }
    Ok(word)
}

/// One unit line (or `nop`) at the cursor: the alternative of any group
/// that parses, or the error of the one that got furthest. Returns the group.
#[inline]
fn statement(cur: &mut Cursor<'_>, word: &mut u128, ctx: &mut Ctx) -> Result<Option<&'static str>, ParseError> {
    cur.skip_blanks();
    let mut probe = cur.clone();
    if probe.word() == Some("nop") && probe.at_line_end() {
        *cur = probe;
        return Ok(None);
    }
    let start = cur.clone();
    let rest = cur.rest();
    let head = &rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())];
    let mut best: Option<(usize, ParseError)> = None;
    let candidates = heads().iter().filter(|&&(_, start, end, exact)| {
        if exact {
            head == start
        } else {
            head.starts_with(start) && head.ends_with(end)
        }
    });
    for &(t, ..) in candidates {
        let mut c = cur.clone();
        let mut w = *word;
        let saved = ctx.save();
        match text::parse_text(&mut c, &FORMAT, t, &mut w, ctx).and_then(|()| line_rest(&mut c)) {
            Ok(()) => {
                ctx.agree(&start, t, w)?;
                *cur = c;
                *word = w;
                return Ok(Some(t.name));
            }
            Err(e) => {
                ctx.restore(saved);
                let reached = c.offset();
                if best.as_ref().is_none_or(|(r, _)| reached > *r) {
                    best = Some((reached, e));
                }
            }
        }
    }
    Err(best.map_or_else(|| cur.expected("a unit line"), |(_, e)| e))
}

/// After a unit line: the end of the line or an annotation.
#[inline]
fn line_rest(cur: &mut Cursor<'_>) -> Result<(), ParseError> {
    let mut c = cur.clone();
    c.skip_blanks();
    if c.peek() == Some('{') || c.at_line_end() {
        Ok(())
    } else {
        Err(c.expected("end of line"))
    }
}

#[inline]
fn skip_annotation(cur: &mut Cursor<'_>) -> Result<(), ParseError> {
    match cur.rest().find('}') {
        Some(end) => {
            let body = &cur.rest()[..=end];
            cur.eat(body);
            Ok(())
        }
        None => Err(cur.expected("`}` closing the `{raw …}` annotation")),
    }
}

/// `{raw field=value …}`: fields in the spec's field-explicit spelling.
#[inline]
fn apply_annotation(cur: &mut Cursor<'_>, word: &mut u128) -> Result<(), ParseError> {
    cur.expect("{")?;
    cur.skip_blanks();
    if cur.word() != Some("raw") {
        return Err(cur.expected("`raw` (an annotation is `{raw field=value …}`)"));
    }
    loop {
        cur.skip_blanks();
        if cur.eat("}") {
            return Ok(());
        }
        let at = cur.clone();
        let Some(name) = cur.word() else {
            return Err(cur.expected("a field name or `}`"));
        };
        let Some(field) = field_named(name) else {
            let mut msg = format!("`{name}` is not a field of a Lima GP instruction");
            if let Some(s) = isa_runtime::lexer::closest(name, FORMAT.fields.iter().map(|f| f.name)) {
                let _ = write!(msg, "; did you mean `{s}`?");
            }
            return Err(at.error(msg));
        };
        cur.expect("=")?;
        text::parse_field(cur, field, word)?;
    }
}

/// The field called `name`, through a table (annotations name many).
#[inline]
fn field_named(name: &str) -> Option<&'static Field> {
    static BY_NAME: OnceLock<std::collections::HashMap<&'static str, &'static Field>> = OnceLock::new();
    BY_NAME
        .get_or_init(|| FORMAT.fields.iter().map(|f| (f.name, f)).collect())
        .get(name)
        .copied()
}

/// A source's text that names a register0 or register1, resolved once the
/// whole instruction is read.
#[derive(Clone)]
struct Pending {
    /// Index of the source field in `FORMAT.fields`.
    field: usize,
    /// `aN` rather than `$N`.
    attr: bool,
    n: u64,
    comp: u64,
    /// Where the text is (line, column), for errors.
    at: (usize, usize),
}

impl Pending {
    #[inline]
    fn error(&self, message: &str) -> ParseError {
        ParseError {
            line: self.at.0,
            col: self.at.1,
            message: message.to_string(),
        }
    }
}

/// Where a register source reads: this instruction's register0 or
/// register1, or the previous instruction's register0.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Reg0,
    Reg1,
    Prev,
}

/// The context of one instruction: its place and its predecessor (for
/// printing), and what its sources have said so far (for parsing).
struct Ctx {
    /// Result number of the instruction's acc0: 6 × its index.
    base: i64,
    prev: u128,
    pending: Vec<Pending>,
    /// The load address and offset, once a `t[…]` names them.
    load: Option<(u64, u64)>,
    /// Each store's (temporary, varying, address), once a result names it.
    stores: [Option<(u64, u64, Option<u64>)>; 2],
    /// Fields that lines have spelled, with their values.
    said: Vec<(usize, u64)>,
}

/// What a failed alternative must not leave behind.
type Saved = (usize, Option<(u64, u64)>, [Option<(u64, u64, Option<u64>)>; 2]);

impl Ctx {
    #[inline]
    fn new(index: i64, prev: u128) -> Self {
        Ctx {
            base: index.saturating_mul(UNITS),
            prev,
            pending: Vec::new(),
            load: None,
            stores: [None; 2],
            said: Vec::new(),
        }
    }

    #[inline]
    fn save(&self) -> Saved {
        (self.pending.len(), self.load, self.stores)
    }

    #[inline]
    fn restore(&mut self, (len, load, stores): Saved) {
        self.pending.truncate(len);
        self.load = load;
        self.stores = stores;
    }

    /// Fields that several lines spell (`acc_op` in `floor.a0` and
    /// `floor.a1`) must agree: records what line `t` said, or fails at its
    /// start if an earlier line said otherwise.
    #[inline]
    fn agree(&mut self, at: &Cursor<'_>, t: &NamedText, word: u128) -> Result<(), ParseError> {
        let named = t.pieces.iter().filter_map(|p| match p {
            Piece::Field { index, .. } => Some(*index),
            _ => None,
        });
        let pinned = t
            .when
            .iter()
            .filter(|c| c.equal && c.values.len() == 1)
            .map(|c| c.field);
        for index in named.chain(pinned) {
            let value = get(word, index);
            match self.said.iter().find(|&&(i, _)| i == index) {
                Some(&(_, earlier)) if earlier != value => {
                    let field = &FORMAT.fields[index];
                    let mut now = String::new();
                    let mut before = String::new();
                    let _ = text::write_field(&mut now, field, &word);
                    let mut old = word;
                    field.write(&mut old, 0, earlier);
                    let _ = text::write_field(&mut before, field, &old);
                    return Err(at.error(format!(
                        "`{}` is `{now}` here but `{before}` on an earlier line: the units share it",
                        field.name
                    )));
                }
                Some(_) => {}
                None => self.said.push((index, value)),
            }
        }
        Ok(())
    }

    /// Mesa's print_src.
    #[inline]
    fn write_src(&self, out: &mut dyn Write, src: u64, identity: Option<char>, word: u128) -> fmt::Result {
        let ix = ix();
        let comp = XYZW[(src & 3) as usize];
        match src {
            0..=3 => {
                let reg = if get(word, ix.register0_attr) != 0 { 'a' } else { '$' };
                write!(out, "{reg}{}.{comp}", get(word, ix.register0_addr))
            }
            4..=7 => write!(out, "${}.{comp}", get(word, ix.register1_addr)),
            8..=11 => write!(out, "unknown{}", src - SRC_UNKNOWN),
            12..=15 => self.write_load(out, comp, word),
            SRC_UNUSED => out.write_str("unused"),
            SRC_P1_COMPLEX if identity.is_some() => out.write_char(identity.unwrap_or('0')),
            28..=31 => {
                let reg = if get(self.prev, ix.register0_attr) != 0 {
                    'a'
                } else {
                    '$'
                };
                write!(out, "{reg}{}.{comp}", get(self.prev, ix.register0_addr))
            }
            _ => {
                let (back, unit) = result_of(src).ok_or(fmt::Error)?;
                write!(out, "^{}", self.base - back * UNITS + unit as i64)
            }
        }
    }

    #[inline]
    fn write_load(&self, out: &mut dyn Write, comp: char, word: u128) -> fmt::Result {
        let ix = ix();
        write!(out, "t[{}", get(word, ix.load_addr))?;
        match get(word, ix.load_offset) {
            n @ 1..=3 => write!(out, "+addr{n}")?,
            LOAD_OFFSET_NONE => {}
            n => write!(out, "+unk{n}")?,
        }
        write!(out, "].{comp}")
    }

    /// Mesa's print_dest.
    #[inline]
    fn write_dest(&self, out: &mut dyn Write, unit: usize, word: u128) -> fmt::Result {
        let ix = ix();
        write!(out, "^{}", self.base + unit as i64)?;
        for store in 0..2 {
            let slots = [ix.store_src[2 * store], ix.store_src[2 * store + 1]];
            let hits = slots.map(|s| get(word, s) == STORE_SRC[unit]);
            if !hits.contains(&true) {
                continue;
            }
            if get(word, ix.store_temp[store]) != 0 {
                out.write_str("/t[addr0]")?;
            } else {
                let kind = if get(word, ix.store_varying[store]) != 0 {
                    'v'
                } else {
                    '$'
                };
                write!(out, "/{kind}{}", get(word, ix.store_addr[store]))?;
            }
            out.write_char('.')?;
            for (k, hit) in hits.into_iter().enumerate() {
                if hit {
                    out.write_char(XYZW[2 * store + k])?;
                }
            }
        }
        if unit == 5 {
            let op = get(word, ix.complex_op);
            if (COMPLEX_TEMP_STORE_ADDR..COMPLEX_TEMP_STORE_ADDR + 4).contains(&op) {
                write!(out, "/addr{}", op - COMPLEX_TEMP_STORE_ADDR)?;
            }
        }
        Ok(())
    }

    #[inline]
    fn parse_dest(&mut self, cur: &mut Cursor<'_>, unit: usize, word: &mut u128) -> Result<(), ParseError> {
        let ix = ix();
        let want = self.base + unit as i64;
        let at = cur.clone();
        cur.expect("^")?;
        if cur.integer()? != Some(i128::from(want)) {
            return Err(at.error(format!(
                "expected `^{want}`: {} of this instruction is result {want}",
                UNIT_NAMES[unit]
            )));
        }
        while cur.eat("/") {
            let at = cur.clone();
            if unit == 5 && cur.rest().starts_with("addr") {
                cur.eat("addr");
                let n = match cur.integer()? {
                    Some(n @ 0..=3) => n as u64,
                    _ => return Err(at.error("expected `/addr0` to `/addr3` (the address the complex unit sets)")),
                };
                set(word, ix.complex_op, COMPLEX_TEMP_STORE_ADDR + n);
                continue;
            }
            let (temp, varying, addr) = if cur.eat("t[addr0]") {
                (1, 0, None)
            } else if cur.eat("v") || cur.peek() == Some('$') {
                let varying = u64::from(!cur.eat("$"));
                let a = cur.clone();
                match cur.integer()? {
                    Some(n @ 0..=15) => (0, varying, Some(n as u64)),
                    _ => return Err(a.expected("a store address 0..=15")),
                }
            } else {
                return Err(at.expected("a store (`/$N.c`, `/vN.c`, `/t[addr0].c`)"));
            };
            cur.expect(".")?;
            let comps_at = cur.clone();
            let mut store = None;
            let mut any = false;
            while let Some(k) = cur.peek().and_then(|c| XYZW.iter().position(|&x| x == c)) {
                let s = k / 2;
                if store.is_some_and(|t| t != s) {
                    return Err(cur.error("x and y are store0's components, z and w store1's: one store per `/`"));
                }
                store = Some(s);
                set(word, ix.store_src[k], STORE_SRC[unit]);
                cur.eat(&XYZW[k].to_string());
                any = true;
            }
            let Some(s) = store.filter(|_| any) else {
                return Err(comps_at.expected("the stored components (x, y, z or w)"));
            };
            let claim = (temp, varying, addr);
            match self.stores[s] {
                Some(earlier) if earlier != claim => {
                    return Err(at.error(format!(
                        "store{s} writes one place: an earlier result stores it elsewhere"
                    )));
                }
                _ => self.stores[s] = Some(claim),
            }
            set(word, ix.store_temp[s], temp);
            set(word, ix.store_varying[s], varying);
            if let Some(a) = addr {
                set(word, ix.store_addr[s], a);
            }
        }
        Ok(())
    }

    #[inline]
    fn parse_src(
        &mut self,
        cur: &mut Cursor<'_>,
        field: &Field,
        identity: Option<char>,
        word: &mut u128,
    ) -> Result<(), ParseError> {
        let at = cur.clone();
        let rest = cur.rest();
        let value = if let Some(id) = identity.filter(|&c| rest.starts_with(c) && !rest[1..].starts_with(is_word)) {
            cur.eat(&id.to_string());
            SRC_P1_COMPLEX
        } else if cur.eat("^") {
            let n = cur.integer()?.ok_or_else(|| cur.expected("a result number"))?;
            let k = i64::try_from(n).unwrap_or(i64::MAX).saturating_sub(self.base);
            let found = match k {
                -6..=-1 => SRC_P1[(k + 6) as usize],
                -12..=-7 => SRC_P2[(k + 12) as usize],
                _ => None,
            };
            found.ok_or_else(|| {
                at.error(format!(
                    "^{n} is not a result this instruction can read: the previous one's are ^{}..^{}, acc/mul/pass two back ^{}..^{}",
                    self.base - 6,
                    self.base - 1,
                    self.base - 12,
                    self.base - 8
                ))
            })?
        } else if eat_word(cur, "unused") {
            SRC_UNUSED
        } else if cur.eat("unknown") {
            match cur.integer()? {
                Some(n @ 0..=3) => SRC_UNKNOWN + n as u64,
                _ => return Err(at.error("expected `unknown0` to `unknown3`")),
            }
        } else if rest.starts_with("t[") {
            let comp = self.parse_load(cur, word)?;
            SRC_LOAD + comp
        } else if rest.starts_with('a') || rest.starts_with('$') {
            let attr = rest.starts_with('a');
            cur.eat(&rest[..1]);
            let a = cur.clone();
            let n = match cur.integer()? {
                Some(n @ 0..=15) => n as u64,
                _ => return Err(a.expected("a register number 0..=15")),
            };
            cur.expect(".")?;
            let comp = component(cur)?;
            self.pending.push(Pending {
                field: FORMAT
                    .fields
                    .iter()
                    .position(|f| std::ptr::eq(f, field))
                    .unwrap_or(usize::MAX),
                attr,
                n,
                comp,
                at: at.position(),
            });
            // Provisional; `resolve_registers` decides.
            if attr {
                SRC_ATTR + comp
            } else {
                SRC_REG + comp
            }
        } else {
            return Err(cur.expected("a source (`^N`, `$N.c`, `aN.c`, `t[N].c`, `unused` or `unknownN`)"));
        };
        field.write(word, 0, value);
        Ok(())
    }

    /// `t[N]`, `t[N+addrK]` or `t[N+unkK]`, then `.c`: the component.
    #[inline]
    fn parse_load(&mut self, cur: &mut Cursor<'_>, word: &mut u128) -> Result<u64, ParseError> {
        let ix = ix();
        let at = cur.clone();
        cur.expect("t[")?;
        let a = cur.clone();
        let addr = match cur.integer()? {
            Some(n @ 0..=511) => n as u64,
            _ => return Err(a.expected("a load address 0..=511")),
        };
        let offset = if cur.eat("+addr") {
            match cur.integer()? {
                Some(n @ 1..=3) => n as u64,
                _ => return Err(cur.expected("`+addr1` to `+addr3`")),
            }
        } else if cur.eat("+unk") {
            match cur.integer()? {
                Some(n @ 0..=7) => n as u64,
                _ => return Err(cur.expected("a load offset 0..=7")),
            }
        } else {
            LOAD_OFFSET_NONE
        };
        cur.expect("].")?;
        let comp = component(cur)?;
        match self.load {
            Some(l) if l != (addr, offset) => {
                return Err(at.error("an instruction loads from one address: an earlier `t[…]` names another"));
            }
            _ => self.load = Some((addr, offset)),
        }
        set(word, ix.load_addr, addr);
        set(word, ix.load_offset, offset);
        Ok(comp)
    }

    /// Decides which register each `aN.c`/`$N.c` source reads. Each
    /// distinct register text goes, in order of preference, to: the
    /// previous instruction's register0 when it holds it (`aN`), else this
    /// instruction's register0; `$N` to register1, then register0, then the
    /// previous register0. The first assignment that fits (one value per
    /// register) wins. Whatever the text cannot tell, the `{raw}` annotation
    /// does.
    #[inline]
    fn resolve_registers(&self, word: &mut u128) -> Result<(), ParseError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let ix = ix();
        let mut keys: Vec<(bool, u64)> = Vec::new();
        for p in &self.pending {
            if !keys.contains(&(p.attr, p.n)) {
                if keys.len() == 3 {
                    return Err(p.error(
                        "too many registers: an instruction reads register0, register1 and the previous register0",
                    ));
                }
                keys.push((p.attr, p.n));
            }
        }
        let prev_key = (
            get(self.prev, ix.register0_attr) != 0,
            get(self.prev, ix.register0_addr),
        );
        let options = |key: (bool, u64)| -> Vec<Slot> {
            let prev = (key == prev_key).then_some(Slot::Prev);
            if key.0 {
                prev.into_iter().chain([Slot::Reg0]).collect()
            } else {
                [Slot::Reg1, Slot::Reg0].into_iter().chain(prev).collect()
            }
        };
        let choices: Vec<Vec<Slot>> = keys.iter().map(|&k| options(k)).collect();
        let mut pick = vec![0usize; keys.len()];
        let found = loop {
            let fits = |slot: Slot| {
                let held: Vec<(bool, u64)> = keys
                    .iter()
                    .zip(&pick)
                    .zip(&choices)
                    .filter(|((_, &p), c)| c[p] == slot)
                    .map(|((&k, _), _)| k)
                    .collect();
                held.windows(2).all(|w| w[0] == w[1])
            };
            if fits(Slot::Reg0) && fits(Slot::Reg1) {
                break true;
            }
            // Next assignment, the last key varying fastest.
            let mut k = keys.len();
            loop {
                if k == 0 {
                    break;
                }
                k -= 1;
                pick[k] += 1;
                if pick[k] < choices[k].len() {
                    break;
                }
                pick[k] = 0;
                if k == 0 {
                    k = usize::MAX;
                    break;
                }
            }
            if k == usize::MAX {
                break false;
            }
        };
        if !found {
            return Err(self.pending[0].error(
                "these registers do not fit: register0 holds one attribute or register, register1 one register",
            ));
        }
        for (key, (&p, c)) in keys.iter().zip(pick.iter().zip(&choices)) {
            match c[p] {
                Slot::Reg0 => {
                    set(word, ix.register0_attr, u64::from(key.0));
                    set(word, ix.register0_addr, key.1);
                }
                Slot::Reg1 => set(word, ix.register1_addr, key.1),
                Slot::Prev => {}
            }
        }
        for p in &self.pending {
            let k = keys.iter().position(|&k| k == (p.attr, p.n)).unwrap_or(0);
            let base = match choices[k][pick[k]] {
                Slot::Reg0 => SRC_ATTR,
                Slot::Reg1 => SRC_REG,
                Slot::Prev => SRC_P1_ATTR,
            };
            set(word, p.field, base + p.comp);
        }
        Ok(())
    }
}

/// What a source reads back: (instructions back, unit) for results.
#[inline]
fn result_of(src: u64) -> Option<(i64, usize)> {
    (0..6).find_map(|u| {
        if SRC_P1[u] == Some(src) {
            Some((1, u))
        } else if SRC_P2[u] == Some(src) {
            Some((2, u))
        } else {
            None
        }
    })
}

#[inline]
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[inline]
fn eat_word(cur: &mut Cursor<'_>, w: &str) -> bool {
    let rest = cur.rest();
    rest.starts_with(w) && !rest[w.len()..].starts_with(is_word) && cur.eat(w)
}

#[inline]
fn component(cur: &mut Cursor<'_>) -> Result<u64, ParseError> {
    match cur.peek().and_then(|c| XYZW.iter().position(|&x| x == c)) {
        Some(k) => {
            cur.eat(&XYZW[k].to_string());
            Ok(k as u64)
        }
        None => Err(cur.expected("a component (x, y, z or w)")),
    }
}

#[inline]
fn unit_of(hook: &str) -> Option<usize> {
    let unit = hook.strip_prefix("dest_")?;
    UNIT_NAMES.iter().position(|&u| u == unit)
}

/// The hooks of `specs/lima_gp.isa`'s `text` lines.
pub const HOOKS: &[&str] = &[
    "dest_acc0",
    "dest_acc1",
    "dest_mul0",
    "dest_mul1",
    "dest_pass",
    "dest_complex",
    "src",
    "src_or_0",
    "src_or_1",
    "load_x",
    "load_y",
    "pass_result",
    "branch_target",
];

impl TextHooks<u128> for Ctx {
    #[inline]
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, word: &u128) -> fmt::Result {
        let word = *word;
        let raw = field.map_or(0, |f| f.read(&word, 0));
        match hook {
            "src" => self.write_src(out, raw, None, word),
            "src_or_0" => self.write_src(out, raw, Some('0'), word),
            "src_or_1" => self.write_src(out, raw, Some('1'), word),
            "load_x" => self.write_load(out, 'x', word),
            "load_y" => self.write_load(out, 'y', word),
            "pass_result" => write!(out, "^{}", self.base + 4),
            "branch_target" => {
                let hi = if get(word, ix().branch_target_lo) != 0 {
                    0
                } else {
                    0x100
                };
                write!(out, "{:03}", raw + hi)
            }
            _ => match unit_of(hook) {
                Some(unit) => self.write_dest(out, unit, word),
                None => Err(fmt::Error),
            },
        }
    }

    #[inline]
    fn parse_hook(
        &mut self,
        cur: &mut Cursor<'_>,
        hook: &str,
        field: Option<&Field>,
        word: &mut u128,
    ) -> Result<(), ParseError> {
        self.parse_hook_at(cur, hook, field, word)
    }
}

impl Ctx {
    #[inline]
    fn parse_hook_at<'a>(
        &mut self,
        cur: &mut Cursor<'_>,
        hook: &str,
        field: Option<&'a Field>,
        word: &mut u128,
    ) -> Result<(), ParseError> {
        let need = |f: Option<&'a Field>| f.ok_or_else(|| cur.error(format!("the hook `{hook}` needs a field")));
        match hook {
            "src" => self.parse_src(cur, need(field)?, None, word),
            "src_or_0" => self.parse_src(cur, need(field)?, Some('0'), word),
            "src_or_1" => self.parse_src(cur, need(field)?, Some('1'), word),
            "load_x" | "load_y" => {
                let at = cur.clone();
                let comp = self.parse_load(cur, word)?;
                let want = if hook == "load_x" { 0 } else { 1 };
                if comp != want {
                    return Err(at.error(format!(
                        "clamp's bounds are the loaded x and y: expected `.{}` here",
                        XYZW[want as usize]
                    )));
                }
                Ok(())
            }
            "pass_result" => {
                let at = cur.clone();
                let want = self.base + 4;
                cur.expect("^")?;
                if cur.integer()? != Some(i128::from(want)) {
                    return Err(at.error(format!(
                        "expected `^{want}`: a branch tests this instruction's pass result"
                    )));
                }
                Ok(())
            }
            "branch_target" => {
                let f = need(field)?;
                let at = cur.clone();
                let n = match cur.integer()? {
                    Some(n @ 0..=511) => n as u64,
                    _ => return Err(at.expected("a branch target 0..=511")),
                };
                f.write(word, 0, n & 0xff);
                set(word, ix().branch_target_lo, u64::from(n < 0x100));
                Ok(())
            }
            _ => match unit_of(hook) {
                Some(unit) => self.parse_dest(cur, unit, word),
                None => Err(cur.error(format!("unknown hook `{hook}` in a Lima GP template"))),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field this layer names exists in the spec.
    #[test]
    fn the_spec_has_every_field_the_layer_reads() {
        let ix = ix();
        let mut all = vec![
            ix.load_addr,
            ix.load_offset,
            ix.register0_addr,
            ix.register0_attr,
            ix.register1_addr,
            ix.complex_op,
            ix.complex_src,
            ix.pass_op,
            ix.branch_target_lo,
        ];
        all.extend(ix.store_temp);
        all.extend(ix.store_addr);
        all.extend(ix.store_varying);
        all.extend(ix.store_src);
        all.extend(&ix.srcs[..10]);
        assert!(all.iter().all(|&i| i < FORMAT.fields.len()));
    }

    /// The `Src`, `StoreSrc` and other values spelled out here are the
    /// spec's.
    #[test]
    fn constants_match_the_spec() {
        let value = |e: &str, v: &str| {
            let e = super::super::LAYOUT.enums.iter().find(|x| x.name == e)?;
            e.values.iter().find(|x| x.name == v).map(|x| x.value)
        };
        assert_eq!(value("Src", "attr_x"), Some(SRC_ATTR));
        assert_eq!(value("Src", "reg_x"), Some(SRC_REG));
        assert_eq!(value("Src", "unknown0"), Some(SRC_UNKNOWN));
        assert_eq!(value("Src", "load_x"), Some(SRC_LOAD));
        assert_eq!(value("Src", "unused"), Some(SRC_UNUSED));
        assert_eq!(value("Src", "p1_complex"), Some(SRC_P1_COMPLEX));
        assert_eq!(value("Src", "p1_attr_x"), Some(SRC_P1_ATTR));
        let p1 = ["p1_acc0", "p1_acc1", "p1_mul0", "p1_mul1", "p1_pass", "p1_complex"];
        let p2 = ["p2_acc0", "p2_acc1", "p2_mul0", "p2_mul1", "p2_pass"];
        for (u, name) in p1.iter().enumerate() {
            assert_eq!(value("Src", name), SRC_P1[u]);
        }
        for (u, name) in p2.iter().enumerate() {
            assert_eq!(value("Src", name), SRC_P2[u]);
        }
        let stores = ["acc0", "acc1", "mul0", "mul1", "pass", "complex"];
        for (u, name) in stores.iter().enumerate() {
            assert_eq!(value("StoreSrc", name), Some(STORE_SRC[u]));
        }
        assert_eq!(value("StoreSrc", "none"), Some(STORE_NONE));
        assert_eq!(value("LoadOffset", "none"), Some(LOAD_OFFSET_NONE));
        assert_eq!(value("PassOp", "pass"), Some(PASS_OP_PASS));
        assert_eq!(value("ComplexOp", "temp_store_addr"), Some(COMPLEX_TEMP_STORE_ADDR));
        // The layer counts from the first of each run.
        for (base, run) in [
            (SRC_ATTR, ["attr_x", "attr_y", "attr_z", "attr_w"]),
            (SRC_REG, ["reg_x", "reg_y", "reg_z", "reg_w"]),
            (SRC_UNKNOWN, ["unknown0", "unknown1", "unknown2", "unknown3"]),
            (SRC_LOAD, ["load_x", "load_y", "load_z", "load_w"]),
            (SRC_P1_ATTR, ["p1_attr_x", "p1_attr_y", "p1_attr_z", "p1_attr_w"]),
        ] {
            for (k, name) in run.iter().enumerate() {
                assert_eq!(value("Src", name), Some(base + k as u64), "{name}");
            }
        }
        for (k, name) in ["temp_load_addr1", "temp_load_addr2", "temp_load_addr3"]
            .iter()
            .enumerate()
        {
            assert_eq!(value("ComplexOp", name), Some(COMPLEX_TEMP_STORE_ADDR + 1 + k as u64));
        }
    }

    /// Every hook in the spec's `text` lines is one this layer implements.
    #[test]
    fn every_hook_of_the_spec_is_known() {
        for t in text::dialect_texts(&FORMAT, DIALECT) {
            for p in t.pieces {
                let hook = match p {
                    Piece::Hook(h) => h,
                    Piece::Field {
                        style: isa_runtime::layout::Style::Hook(h),
                        ..
                    } => h,
                    _ => continue,
                };
                assert!(HOOKS.contains(hook), "`{}` uses unknown hook `{hook}`", t.name);
            }
        }
    }

    #[test]
    fn empty_programs_and_lone_nops() {
        assert_eq!(disassemble(&[]), "");
        assert_eq!(assemble(""), Ok(Vec::new()));
        assert_eq!(disassemble(&[blank()]), "000:\tnop\n");
        assert_eq!(assemble("000:\tnop\n"), Ok(vec![blank()]));
    }
}
