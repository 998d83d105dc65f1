//! The context of the `mesa` lines' hooks for one instruction: result
//! numbers, stores, loads and register sources, printed and parsed.

use std::fmt::{self, Write};

use isa_runtime::layout::{Field, NamedText, Piece};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{self, TextError, TextHooks};
use isa_runtime::ParseError;

use super::*;

/// A source's text that names a register0 or register1, resolved once the
/// whole instruction is read.
#[derive(Clone)]
pub(super) struct Pending {
    /// Index of the source field in `FORMAT.fields`.
    pub(super) field: usize,
    /// `aN` rather than `$N`.
    pub(super) attr: bool,
    pub(super) n: u64,
    pub(super) comp: u64,
    /// Where the text is (line, column), for errors.
    pub(super) at: (usize, usize),
}

impl Pending {
    #[inline]
    pub(super) fn error(&self, message: &str) -> ParseError {
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
pub(super) enum Slot {
    Reg0,
    Reg1,
    Prev,
}

/// The fields of a word that printing reads, read once per word.
#[derive(Clone, Copy)]
pub(super) struct Unpacked {
    word: u128,
    /// store0_src_x, store0_src_y, store1_src_z, store1_src_w.
    pub(super) store_src: [u64; 4],
    pub(super) store_temp: [bool; 2],
    pub(super) store_varying: [bool; 2],
    pub(super) store_addr: [u64; 2],
    /// register0: (reads an attribute, address).
    pub(super) reg0: (bool, u64),
    pub(super) reg1: u64,
    /// The load's address and offset.
    pub(super) load: (u64, u64),
    pub(super) complex_op: u64,
}

impl Unpacked {
    /// Before the first word (never read: `Ctx::unpacked_valid` is false).
    const NONE: Unpacked = Unpacked {
        word: 0,
        store_src: [0; 4],
        store_temp: [false; 2],
        store_varying: [false; 2],
        store_addr: [0; 2],
        reg0: (false, 0),
        reg1: 0,
        load: (0, 0),
        complex_op: 0,
    };

    #[inline]
    fn of(word: u128) -> Self {
        let ix = ix();
        let flag = |i: usize| get(word, i) != 0;
        Unpacked {
            word,
            store_src: ix.store_src.map(|i| get(word, i)),
            store_temp: ix.store_temp.map(flag),
            store_varying: ix.store_varying.map(flag),
            store_addr: ix.store_addr.map(|i| get(word, i)),
            reg0: (flag(ix.register0_attr), get(word, ix.register0_addr)),
            reg1: get(word, ix.register1_addr),
            load: (get(word, ix.load_addr), get(word, ix.load_offset)),
            complex_op: get(word, ix.complex_op),
        }
    }

    /// Whether each of store `store`'s two slots stores `unit`'s result.
    #[inline]
    pub(super) fn hits(&self, store: usize, unit: usize) -> [bool; 2] {
        let want = STORE_SRC[unit];
        [self.store_src[2 * store] == want, self.store_src[2 * store + 1] == want]
    }
}

/// The context of one instruction: its place and its predecessor (for
/// printing), and what its sources have said so far (for parsing).
pub(super) struct Ctx {
    /// Result number of the instruction's acc0: 6 × its index.
    pub(super) base: i64,
    pub(super) prev: u128,
    pub(super) pending: Vec<Pending>,
    /// The load address and offset, once a `t[…]` names them.
    pub(super) load: Option<(u64, u64)>,
    /// Each store's (temporary, varying, address), once a result names it.
    pub(super) stores: [Option<(u64, u64, Option<u64>)>; 2],
    /// Fields that lines have spelled, with their values.
    pub(super) said: Vec<(usize, u64)>,
    /// Printing for reassembly, the program's length in instructions: a
    /// branch target outside it prints as this instruction's own number
    /// (the `{raw …}` note gives the real one). `None` prints Mesa's text.
    pub(super) total: Option<usize>,
    /// Parsing, the branch target the text gave and its line and column
    /// (checked against the program's length once it is read).
    pub(super) target: Option<(u64, (usize, usize))>,
    /// Printing, set when a hook prints what the parser refuses (see
    /// `carry`).
    pub(super) unreadable: bool,
    /// The previous instruction's register0: (reads an attribute, address).
    pub(super) prev_reg0: (bool, u64),
    /// The word printing reads, unpacked (see [`Ctx::fields`]), once
    /// `unpacked_valid`.
    unpacked: Unpacked,
    unpacked_valid: bool,
}

/// What a failed alternative must not leave behind.
pub(super) type Saved = (usize, Option<(u64, u64)>, [Option<(u64, u64, Option<u64>)>; 2]);

impl Ctx {
    #[inline]
    pub(super) fn new(index: i64, prev: u128) -> Self {
        Ctx {
            base: index.saturating_mul(UNITS),
            prev,
            pending: Vec::new(),
            load: None,
            stores: [None; 2],
            said: Vec::new(),
            total: None,
            target: None,
            unreadable: false,
            prev_reg0: (get(prev, ix().register0_attr) != 0, get(prev, ix().register0_addr)),
            unpacked: Unpacked::NONE,
            unpacked_valid: false,
        }
    }

    #[inline]
    pub(super) fn save(&self) -> Saved {
        (self.pending.len(), self.load, self.stores)
    }

    #[inline]
    pub(super) fn restore(&mut self, (len, load, stores): Saved) {
        self.pending.truncate(len);
        self.load = load;
        self.stores = stores;
    }

    /// Fields that several lines spell (`acc_op` in `floor.a0` and
    /// `floor.a1`) must agree: records what line `t` said, or fails at its
    /// start if an earlier line said otherwise.
    #[inline]
    pub(super) fn agree(&mut self, at: &Cursor<'_>, t: &NamedText, word: u128) -> Result<(), ParseError> {
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

    /// The branch target that `@branch_target` prints for the field's
    /// value `raw`: the instruction number its bits give, or, for one
    /// outside a program of `total` instructions, this instruction's own.
    #[inline]
    pub(super) fn printed_target(&self, raw: u64, word: u128) -> u64 {
        let target = branch_target(raw, word);
        match self.total {
            Some(total) if target >= total as u64 => (self.base / UNITS) as u64,
            _ => target,
        }
    }

    /// The fields of `word` that printing reads (unpacked once per word).
    #[inline]
    pub(super) fn fields(&mut self, word: u128) -> &Unpacked {
        if !self.unpacked_valid || self.unpacked.word != word {
            self.unpacked = Unpacked::of(word);
            self.unpacked_valid = true;
        }
        &self.unpacked
    }

    /// Mesa's print_src.
    #[inline]
    pub(super) fn write_src(&self, out: &mut dyn Write, src: u64, identity: Option<char>, u: &Unpacked) -> fmt::Result {
        let comp = XYZW[(src & 3) as usize];
        match src {
            0..=3 => {
                let reg = if u.reg0.0 { 'a' } else { '$' };
                register(out, reg, u.reg0.1, comp)
            }
            4..=7 => register(out, '$', u.reg1, comp),
            8..=11 => {
                out.write_str("unknown")?;
                text::write_decimal(out, src - SRC_UNKNOWN)
            }
            12..=15 => self.write_load(out, comp, u),
            SRC_UNUSED => out.write_str("unused"),
            SRC_P1_COMPLEX if identity.is_some() => out.write_char(identity.unwrap_or('0')),
            28..=31 => {
                let reg = if self.prev_reg0.0 { 'a' } else { '$' };
                register(out, reg, self.prev_reg0.1, comp)
            }
            _ => {
                let (back, unit) = result_of(src).ok_or(fmt::Error)?;
                result(out, self.base - back * UNITS + unit as i64)
            }
        }
    }

    #[inline]
    pub(super) fn write_load(&self, out: &mut dyn Write, comp: char, u: &Unpacked) -> fmt::Result {
        out.write_str("t[")?;
        text::write_decimal(out, u.load.0)?;
        match u.load.1 {
            n @ 1..=3 => {
                out.write_str("+addr")?;
                text::write_decimal(out, n)?;
            }
            LOAD_OFFSET_NONE => {}
            n => {
                out.write_str("+unk")?;
                text::write_decimal(out, n)?;
            }
        }
        out.write_str("].")?;
        out.write_char(comp)
    }

    /// Mesa's print_dest.
    #[inline]
    pub(super) fn write_dest(&self, out: &mut dyn Write, unit: usize, u: &Unpacked) -> fmt::Result {
        result(out, self.base + unit as i64)?;
        for store in 0..2 {
            let hits = u.hits(store, unit);
            if !hits.contains(&true) {
                continue;
            }
            if u.store_temp[store] {
                out.write_str("/t[addr0]")?;
            } else {
                let kind = if u.store_varying[store] { 'v' } else { '$' };
                out.write_char('/')?;
                out.write_char(kind)?;
                text::write_decimal(out, u.store_addr[store])?;
            }
            out.write_char('.')?;
            for (k, hit) in hits.into_iter().enumerate() {
                if hit {
                    out.write_char(XYZW[2 * store + k])?;
                }
            }
        }
        if unit == 5 {
            let op = u.complex_op;
            if (COMPLEX_TEMP_STORE_ADDR..COMPLEX_TEMP_STORE_ADDR + 4).contains(&op) {
                out.write_str("/addr")?;
                text::write_decimal(out, op - COMPLEX_TEMP_STORE_ADDR)?;
            }
        }
        Ok(())
    }

    #[inline]
    pub(super) fn parse_dest(&mut self, cur: &mut Cursor<'_>, unit: usize, word: &mut u128) -> Result<(), ParseError> {
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
    pub(super) fn parse_src(
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
    pub(super) fn parse_load(&mut self, cur: &mut Cursor<'_>, word: &mut u128) -> Result<u64, ParseError> {
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
    pub(super) fn resolve_registers(&self, word: &mut u128) -> Result<(), ParseError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let ix = ix();
        // The distinct register texts (at most three registers can be
        // read), each with the slots it may read, in order of preference.
        let mut keys = [(false, 0u64); 3];
        let mut count = 0;
        for p in &self.pending {
            if !keys[..count].contains(&(p.attr, p.n)) {
                if count == 3 {
                    return Err(p.error(
                        "too many registers: an instruction reads register0, register1 and the previous register0",
                    ));
                }
                keys[count] = (p.attr, p.n);
                count += 1;
            }
        }
        let keys = &keys[..count];
        let prev_key = self.prev_reg0;
        let mut choices = [([Slot::Prev; 3], 0usize); 3];
        for (key, (slots, len)) in keys.iter().zip(&mut choices) {
            let prev = *key == prev_key;
            let order: &[Slot] = match (key.0, prev) {
                (true, true) => &[Slot::Prev, Slot::Reg0],
                (true, false) => &[Slot::Reg0],
                (false, true) => &[Slot::Reg1, Slot::Reg0, Slot::Prev],
                (false, false) => &[Slot::Reg1, Slot::Reg0],
            };
            slots[..order.len()].copy_from_slice(order);
            *len = order.len();
        }
        let choices = &choices[..count];
        let mut pick = [0usize; 3];
        let found = loop {
            // Whether the keys that `slot` is picked for are one register.
            let fits = |slot: Slot| {
                let mut held = keys
                    .iter()
                    .zip(&pick)
                    .zip(choices)
                    .filter(|((_, &p), c)| c.0[p] == slot);
                let first = held.next().map(|((k, _), _)| k);
                held.all(|((k, _), _)| Some(k) == first)
            };
            if fits(Slot::Reg0) && fits(Slot::Reg1) {
                break true;
            }
            // Next assignment, the last key varying fastest.
            let mut k = count;
            let exhausted = loop {
                if k == 0 {
                    break true;
                }
                k -= 1;
                pick[k] += 1;
                if pick[k] < choices[k].1 {
                    break false;
                }
                pick[k] = 0;
            };
            if exhausted {
                break false;
            }
        };
        if !found {
            return Err(self.pending[0].error(
                "these registers do not fit: register0 holds one attribute or register, register1 one register",
            ));
        }
        for (key, (&p, c)) in keys.iter().zip(pick.iter().zip(choices)) {
            match c.0[p] {
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
            let base = match choices[k].0[pick[k]] {
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
pub(super) fn result_of(src: u64) -> Option<(i64, usize)> {
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
pub(super) fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[inline]
pub(super) fn eat_word(cur: &mut Cursor<'_>, w: &str) -> bool {
    let rest = cur.rest();
    rest.starts_with(w) && !rest[w.len()..].starts_with(is_word) && cur.eat(w)
}

#[inline]
pub(super) fn component(cur: &mut Cursor<'_>) -> Result<u64, ParseError> {
    match cur.peek().and_then(|c| XYZW.iter().position(|&x| x == c)) {
        Some(k) => {
            cur.eat(&XYZW[k].to_string());
            Ok(k as u64)
        }
        None => Err(cur.expected("a component (x, y, z or w)")),
    }
}

#[inline]
pub(super) fn unit_of(hook: &str) -> Option<usize> {
    let unit = hook.strip_prefix("dest_")?;
    UNIT_NAMES.iter().position(|&u| u == unit)
}

impl TextHooks<u128> for Ctx {
    #[inline]
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, word: &u128) -> fmt::Result {
        let raw = field.map_or(0, |f| f.read(word, 0));
        self.write_value(out, hook, raw, *word)
    }

    #[inline]
    fn write_field_hook(
        &mut self,
        out: &mut dyn Write,
        hook: &str,
        _field: &Field,
        value: u64,
        word: &u128,
    ) -> fmt::Result {
        self.write_value(out, hook, value, *word)
    }

    #[inline]
    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        hook: &str,
        field: Option<&Field>,
        word: &mut u128,
    ) -> Result<(), TextError<'a>> {
        Ok(self.parse_hook_at(cur, hook, field, word)?)
    }
}

impl Ctx {
    /// Prints hook `hook` of `word`, whose field (if it has one) holds
    /// `raw`.
    #[inline]
    fn write_value(&mut self, out: &mut dyn Write, hook: &str, raw: u64, word: u128) -> fmt::Result {
        self.fields(word);
        let u = &self.unpacked;
        match hook {
            "src" => self.write_src(out, raw, None, u),
            "src_or_0" => self.write_src(out, raw, Some('0'), u),
            "src_or_1" => self.write_src(out, raw, Some('1'), u),
            "load_x" => self.write_load(out, 'x', u),
            "load_y" => self.write_load(out, 'y', u),
            "pass_result" => result(out, self.base + 4),
            "branch_target" => write!(out, "{:03}", self.printed_target(raw, word)),
            _ => match unit_of(hook) {
                Some(unit) => self.write_dest(out, unit, u),
                None => Err(fmt::Error),
            },
        }
    }

    #[inline]
    pub(super) fn parse_hook_at<'a>(
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
                self.target = Some((n, at.position()));
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

/// `{reg}{n}.{comp}` (`$3.x`, `a0.y`), without the formatting machinery.
#[inline]
fn register(out: &mut dyn Write, reg: char, n: u64, comp: char) -> fmt::Result {
    out.write_char(reg)?;
    text::write_decimal(out, n)?;
    out.write_char('.')?;
    out.write_char(comp)
}

/// `^N`, a result number (negative before the program's third instruction).
#[inline]
fn result(out: &mut dyn Write, n: i64) -> fmt::Result {
    out.write_char('^')?;
    if n < 0 {
        out.write_char('-')?;
    }
    text::write_decimal(out, n.unsigned_abs())
}

/// The instruction number a branch of `word` targets, from its target
/// field's value `raw`: `branch_target_lo` clear adds 0x100.
#[inline]
pub(super) fn branch_target(raw: u64, word: u128) -> u64 {
    let hi = if get(word, ix().branch_target_lo) != 0 {
        0
    } else {
        0x100
    };
    raw + hi
}
