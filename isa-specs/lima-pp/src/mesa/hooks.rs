//! The hooks of the spec's `mesa` lines: the operand forms Mesa prints that
//! a field's own text does not give (register numbers as `$r.c`, swizzles
//! and masks that vanish when they are the identity, indices by alignment,
//! branch targets in program words, C's `%f`), each printed and parsed here.

use core::fmt::{self, Write};

use isa_runtime::layout::{Field, FieldKind, Format};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{self, escape_input, quote_input, TextError, TextHooks};
use isa_runtime::{f16, Component, Mask, Swizzle};

use crate::Vec4Reg;

/// Where a branch goes, as written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Target {
    /// An absolute word offset (what Mesa prints).
    Word(i64),
    /// A label.
    Label(String),
}

/// The hooks of the `mesa` lines, for one unit of one instruction.
pub(crate) struct Hooks {
    /// The unit's layout (hooks read and write sibling fields by name).
    pub(crate) format: &'static Format,
    /// The unit's name (`@unit`: `const0`, `const1`).
    pub(crate) unit: &'static str,
    /// The instruction's word offset in its program (printing).
    pub(crate) offset: u32,
    /// Printing for reassembly, the branch target to print, worked out by
    /// the printer (`Layout::printed_target`): Mesa's sum, or this
    /// instruction's own offset for a target outside the program or inside
    /// an instruction, which the parser refuses (the printer notes the real
    /// one in `{raw branch.target=…}`). `None` prints what Mesa prints.
    pub(crate) printed_target: Option<i64>,
    /// The branch target read, with its line and column (parsing; the
    /// program-wide pass makes it relative).
    pub(crate) target: Option<(Target, (usize, usize))>,
    /// The sibling fields the hooks read, found once per layout (`None`
    /// for a layout outside the bundle: looked up by name then).
    siblings: Option<&'static Siblings>,
}

/// The sibling fields of one layout that hooks read or write, looked up by
/// name once (a hook runs for most units of most instructions).
pub(crate) struct Siblings {
    format: &'static Format,
    dest_modifier: Option<&'static Field>,
    alignment: Option<&'static Field>,
    offset_vector: Option<&'static Field>,
    offset_scalar: Option<&'static Field>,
    offset_reg: Option<&'static Field>,
}

impl Siblings {
    fn of(format: &'static Format) -> Self {
        Siblings {
            format,
            dest_modifier: format.field("dest_modifier"),
            alignment: format.field("alignment"),
            offset_vector: format.field("offset_vector"),
            offset_scalar: format.field("offset_scalar"),
            offset_reg: format.field("offset_reg"),
        }
    }

    /// Every layout of the bundle (units' variants and the control word).
    fn table() -> &'static [Siblings] {
        static TABLE: std::sync::OnceLock<Vec<Siblings>> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let packed = super::packed();
            packed
                .units
                .iter()
                .flat_map(|u| u.variants.iter().copied())
                .chain([packed.control])
                .map(Siblings::of)
                .collect()
        })
    }

    fn field(&self, name: &str) -> Option<&'static Field> {
        match name {
            "dest_modifier" => self.dest_modifier,
            "alignment" => self.alignment,
            "offset_vector" => self.offset_vector,
            "offset_scalar" => self.offset_scalar,
            "offset_reg" => self.offset_reg,
            _ => self.format.field(name),
        }
    }
}

impl Hooks {
    /// Hooks for printing or parsing one unit of layout `format`.
    pub(crate) fn new(format: &'static Format, unit: &'static str, offset: u32) -> Self {
        Self::with_siblings(format, Self::siblings_of(format), unit, offset)
    }

    /// The sibling table of `format`, for [`Hooks::with_siblings`] (a
    /// printer that makes hooks for every unit looks it up once).
    pub(crate) fn siblings_of(format: &'static Format) -> Option<&'static Siblings> {
        Siblings::table().iter().find(|s| core::ptr::eq(s.format, format))
    }

    /// [`Hooks::new`] with the sibling table of `format` already found.
    pub(crate) fn with_siblings(
        format: &'static Format,
        siblings: Option<&'static Siblings>,
        unit: &'static str,
        offset: u32,
    ) -> Self {
        Hooks {
            format,
            unit,
            offset,
            printed_target: None,
            target: None,
            siblings,
        }
    }

    pub(super) fn sibling_field(&self, name: &str) -> Option<&'static Field> {
        match self.siblings {
            Some(s) => s.field(name),
            None => self.format.field(name),
        }
    }

    /// The value of sibling field `name` (0 if the layout lacks it; a unit
    /// test checks every name the hooks read).
    fn sibling(&self, name: &str, bits: u128) -> u64 {
        self.sibling_field(name).map_or(0, |f| f.read(&bits, 0))
    }

    /// Writes sibling field `name` (nothing if the layout lacks it).
    fn set_sibling(&self, name: &str, bits: &mut u128, value: u64) {
        if let Some(f) = self.sibling_field(name) {
            f.write(bits, 0, value);
        }
    }
}

/// Every hook the `mesa` lines may use, with the sibling fields it reads
/// or writes (a unit test checks them against the spec).
#[cfg(test)]
pub(crate) const HOOKS: &[(&str, &[&str])] = &[
    ("mask", &[]),
    ("swizzle", &[]),
    ("outmod", &[]),
    ("sreg", &[]),
    ("sdest", &[]),
    ("vec_of_sreg", &[]),
    ("vec_dest", &["dest_modifier"]),
    ("varying_index", &["alignment", "offset_vector", "offset_scalar"]),
    ("signed_index", &["alignment"]),
    ("temp_index", &["alignment", "offset_reg"]),
    ("branch_target", &[]),
    ("half", &[]),
    ("unit", &[]),
];

impl Hooks {
    /// Prints hook `hook` for `bits`, `v` being the value of `field` (0
    /// without one).
    fn write_value(
        &mut self,
        out: &mut dyn Write,
        hook: &str,
        field: Option<&Field>,
        v: u64,
        bits: &u128,
    ) -> fmt::Result {
        match hook {
            "mask" => write_mask(out, v),
            // The identity prints nothing.
            "swizzle" if v == IDENTITY.bits() => Ok(()),
            "swizzle" => out.write_str(swizzle_text(v)),
            // `none` (0) prints nothing, the others `.sat`, `.pos`, `.int`.
            "outmod" if v == 0 => Ok(()),
            "outmod" => match field {
                Some(f) => {
                    out.write_char('.')?;
                    text::write_field(out, f, bits)
                }
                None => Err(fmt::Error),
            },
            "sreg" => write_scalar(out, v),
            // A scalar destination: the register by number (`$15.w`).
            "sdest" => {
                out.write_char('$')?;
                text::write_decimal(out, v >> 2)?;
                write_component(out, v)
            }
            "vec_of_sreg" => write_reg(out, v >> 2),
            // Mesa reads the combiner's scalar `dest` as a vec4 register
            // (its top four bits) with a mask (its low two bits over
            // `dest_modifier`).
            "vec_dest" => {
                out.write_char('$')?;
                text::write_decimal(out, v >> 2)?;
                write_mask(out, (v & 3) << 2 | self.sibling("dest_modifier", *bits))
            }
            "varying_index" => write_varying_index(
                out,
                self.sibling("alignment", *bits),
                v,
                self.sibling("offset_vector", *bits),
                self.sibling("offset_scalar", *bits),
            ),
            "signed_index" | "temp_index" => write_signed_index(out, self.sibling("alignment", *bits), v),
            // Mesa adds the signed target to the unsigned offset and prints
            // the 32-bit sum as signed.
            "branch_target" => {
                let target = field.map_or(0, |f| {
                    let shift = 64 - f.width;
                    ((v << shift) as i64 >> shift) as i32
                });
                let mesa = i64::from(target.wrapping_add(self.offset as i32));
                write_int(out, self.printed_target.unwrap_or(mesa))
            }
            "half" => write_half(out, f16::from_bits(v as u16)),
            "unit" => out.write_str(self.unit),
            _ => Err(fmt::Error),
        }
    }
}

impl TextHooks<u128> for Hooks {
    fn write_hook(&mut self, out: &mut dyn Write, hook: &str, field: Option<&Field>, bits: &u128) -> fmt::Result {
        let v = field.map_or(0, |f| f.read(bits, 0));
        self.write_value(out, hook, field, v, bits)
    }

    fn write_field_hook(&mut self, out: &mut dyn Write, hook: &str, field: &Field, v: u64, bits: &u128) -> fmt::Result {
        self.write_value(out, hook, Some(field), v, bits)
    }
    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        hook: &str,
        field: Option<&Field>,
        bits: &mut u128,
    ) -> Result<(), TextError<'a>> {
        let set = |bits: &mut u128, v: u64| {
            if let Some(f) = field {
                f.write(bits, 0, v);
            }
        };
        match hook {
            "mask" => set(bits, parse_mask(cur)?),
            "swizzle" => set(bits, parse_swizzle(cur)?),
            "outmod" => set(bits, field.map_or(0, |f| parse_outmod(cur, f))),
            "sreg" => set(bits, parse_scalar(cur)?),
            "sdest" => {
                expect(cur, "$")?;
                let r = number(cur, last_register(), "register")?;
                expect(cur, ".")?;
                set(bits, r << 2 | component(cur)? as u64);
            }
            "vec_of_sreg" => set(bits, parse_reg(cur)? << 2),
            "vec_dest" => {
                expect(cur, "$")?;
                let r = number(cur, last_register(), "register")?;
                let m = parse_mask(cur)?;
                set(bits, r << 2 | m >> 2);
                self.set_sibling("dest_modifier", bits, m & 3);
            }
            "varying_index" => {
                let (alignment, index, offset) = parse_varying_index(cur)?;
                set(bits, index);
                self.set_sibling("alignment", bits, alignment);
                self.set_sibling("offset_vector", bits, offset.map_or(15, |o| o >> 2));
                self.set_sibling("offset_scalar", bits, offset.unwrap_or(0) & 3);
            }
            "signed_index" | "temp_index" => {
                // `N.c` is alignment 0, or 3 where the line pinned it
                // (both print as `N.c`).
                let current = self.sibling("alignment", *bits);
                let (alignment, index) = parse_signed_index(cur, current == 3)?;
                set(bits, index);
                self.set_sibling("alignment", bits, alignment);
                if hook == "temp_index" {
                    // Mesa's compiler fills `offset_reg` even without an
                    // offset (the `+reg` group overwrites it): the index in
                    // vec4 units, divided by four.
                    let fill = (index >> (2 - alignment.min(2))) >> 2 & 63;
                    self.set_sibling("offset_reg", bits, fill);
                }
            }
            "branch_target" => {
                let at = cur.position();
                let target = parse_target(cur)?;
                self.target = Some((target, at));
            }
            "half" => set(bits, u64::from(parse_half(cur)?.to_bits())),
            "unit" => {
                let rest = cur.rest();
                let ok = rest.starts_with(self.unit)
                    && !rest[self.unit.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_');
                if !(ok && cur.eat(self.unit)) {
                    return Err(TextError::expected_code(cur, self.unit));
                }
            }
            _ => {
                return Err(TextError::message(
                    cur,
                    format!("the spec's `mesa` lines use hook `@{hook}`, which this parser lacks"),
                ))
            }
        }
        Ok(())
    }

    /// A unit's text ends at `,`, `{raw`, a comment or the line's end.
    fn parse_end<'a>(&mut self, cur: &Cursor<'a>) -> Result<(), TextError<'a>> {
        if at_unit_end(cur) {
            return Ok(());
        }
        let mut c = cur.clone();
        c.skip_blanks();
        Err(TextError::with(&c, |c| {
            let rest = c.rest();
            let token = &rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())];
            format!(
                "unexpected {token} (expected `,`, `{{raw` or the end of the line)",
                token = quote_input(token)
            )
        }))
    }
}

/// Whether the cursor is where a unit's text ends: `,`, `{raw`, a comment
/// or the end of the line (blanks skipped).
pub(crate) fn at_unit_end(cur: &Cursor<'_>) -> bool {
    let mut c = cur.clone();
    c.skip_blanks();
    let rest = c.rest();
    rest.is_empty() || rest.starts_with([',', '{', '\n', '#']) || rest.starts_with("//")
}

/// A vec4 register as Mesa prints it: the spelling of `Vec4Reg` (`$0` to
/// `$11`, then the pipeline registers `^const0` …).
fn write_reg(out: &mut dyn Write, r: u64) -> fmt::Result {
    out.write_str(Vec4Reg::from_bits(r & 15).spelling())
}

/// A scalar register (register × 4 + component): `$r.c`.
fn write_scalar(out: &mut dyn Write, r: u64) -> fmt::Result {
    write_reg(out, r >> 2)?;
    write_component(out, r)
}

/// `.c` for the component in the low two bits of `r`.
fn write_component(out: &mut dyn Write, r: u64) -> fmt::Result {
    out.write_str([".x", ".y", ".z", ".w"][(r & 3) as usize])
}

/// A signed decimal number.
fn write_int(out: &mut dyn Write, v: i64) -> fmt::Result {
    if v < 0 {
        out.write_char('-')?;
    }
    text::write_decimal(out, v.unsigned_abs())
}

/// `.xz`-style write mask, nothing for all four (and a lone `.` for none).
fn write_mask(out: &mut dyn Write, m: u64) -> fmt::Result {
    out.write_str(mask_text(m))
}

/// The text of [`write_mask`] for the low four bits of `m`, from a table
/// made once (`""` for the full mask).
fn mask_text(m: u64) -> &'static str {
    static TABLE: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..16u64)
            .map(|bits| {
                let mask = Mask::<false>::from_bits(bits);
                if mask == Mask::full() {
                    return String::new();
                }
                let letters = Component::ALL
                    .into_iter()
                    .filter(|&c| mask.has(c))
                    .map(Component::letter);
                core::iter::once('.').chain(letters).collect()
            })
            .collect()
    });
    &table[(m & 15) as usize]
}

/// `.xyzw`-style text of swizzle bits `v` (8 bits), from a table made once.
fn swizzle_text(v: u64) -> &'static str {
    static TABLE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..256u64)
            .flat_map(|bits| {
                let swizzle = Swizzle::<false>::from_bits(bits);
                core::iter::once('.').chain((0..4).map(move |i| swizzle.get(i).letter()))
            })
            .collect()
    });
    let at = (v & 0xff) as usize * 5;
    &table[at..at + 5]
}

/// Mesa's `%f` of a half float: six decimals, `inf`, `nan` with its sign.
///
/// Each half's text is worked out once (see [`half_text`]) and kept, per
/// thread: constants repeat, and a listing prints four halves per
/// constant unit.
pub(crate) fn write_half(out: &mut dyn Write, h: f16) -> fmt::Result {
    thread_local! {
        /// By a half's bits: where its text is in the arena (`start << 5 |
        /// len`, 0 while not worked out), and the arena.
        static HALVES: core::cell::RefCell<(Vec<u32>, String)> =
            const { core::cell::RefCell::new((Vec::new(), String::new())) };
    }
    HALVES.with_borrow_mut(|(at, arena)| {
        if at.is_empty() {
            // Zeroed memory: the system maps the pages the halves met use.
            *at = vec![0; 1 << 16];
        }
        let bits = usize::from(h.to_bits());
        if at[bits] == 0 {
            let start = arena.len();
            half_text(arena, h)?;
            // Texts are at most 14 bytes; the arena at most about 1 MB.
            at[bits] = u32::try_from(start << 5 | (arena.len() - start)).map_err(|_| fmt::Error)?;
        }
        let e = at[bits] as usize;
        out.write_str(&arena[e >> 5..][..e & 31])
    })
}

/// [`write_half`]'s text, worked out.
///
/// A half is `m × 2^e` with an 11-bit `m` and `e` in -24..=5, so the value
/// times 10^6 is exact in 64 bits: rounded to an integer (ties to even,
/// as `{:.6}` rounds; a test compares all 65,536 halves), it gives the
/// digits without float formatting.
fn half_text(out: &mut String, h: f16) -> fmt::Result {
    let bits = h.to_bits();
    let sign = if bits & 0x8000 != 0 { "-" } else { "" };
    let (exp, frac) = (u32::from(bits >> 10 & 0x1F), u64::from(bits & 0x3FF));
    if exp == 0x1F {
        out.write_str(sign)?;
        return out.write_str(if frac != 0 { "nan" } else { "inf" });
    }
    // value = m × 2^(shift), shift = exp - 25 (subnormals: exp 1, no
    // implicit bit).
    let (m, exp) = if exp == 0 { (frac, 1) } else { (frac | 0x400, exp) };
    let micros = m * 1_000_000;
    let scaled = match exp.checked_sub(25) {
        Some(up) => micros << up,
        None => {
            let down = 25 - exp;
            let (q, r, half) = (micros >> down, micros & ((1 << down) - 1), 1 << (down - 1));
            q + u64::from(r > half || (r == half && q & 1 == 1))
        }
    };
    let (int, fraction) = (scaled / 1_000_000, scaled % 1_000_000);
    let mut buf = [0u8; 16];
    let mut at = buf.len();
    for (i, mut v) in [(0, fraction), (1, int)] {
        loop {
            at -= 1;
            buf[at] = b'0' + (v % 10) as u8;
            v /= 10;
            // Six fraction digits; the integer part has at least one.
            let done = if i == 0 { at == buf.len() - 6 } else { v == 0 };
            if done {
                break;
            }
        }
        if i == 0 {
            at -= 1;
            buf[at] = b'.';
        }
    }
    out.write_str(sign)?;
    out.write_str(core::str::from_utf8(&buf[at..]).map_err(|_| fmt::Error)?)
}

/// A uniform or temporary index as Mesa prints it: a signed 16-bit value,
/// divided (rounding towards zero) by the components of the alignment.
fn write_signed_index(out: &mut dyn Write, alignment: u64, index: u64) -> fmt::Result {
    let index = i64::from(index as u16 as i16);
    match alignment {
        2 => write_int(out, index),
        1 => {
            write_int(out, index / 2)?;
            out.write_str(if index & 1 != 0 { ".zw" } else { ".xy" })
        }
        _ => {
            write_int(out, index / 4)?;
            write_component(out, index as u64)
        }
    }
}

/// A varying's memory source: index (by alignment) and optional offset
/// (`offset_vector` 15 is none).
fn write_varying_index(
    out: &mut dyn Write,
    alignment: u64,
    index: u64,
    offset_vector: u64,
    offset_scalar: u64,
) -> fmt::Result {
    match alignment {
        0 => {
            text::write_decimal(out, index >> 2)?;
            write_component(out, index)?;
        }
        1 => {
            text::write_decimal(out, index >> 1)?;
            out.write_str(if index & 1 != 0 { ".zw" } else { ".xy" })?;
        }
        _ => text::write_decimal(out, index)?,
    }
    if offset_vector != 15 {
        out.write_char('+')?;
        write_scalar(out, offset_vector << 2 | offset_scalar)?;
    }
    Ok(())
}

/// Literal `lit`, or ``expected `lit` ``.
fn expect<'a>(cur: &mut Cursor<'a>, lit: &'static str) -> Result<(), TextError<'a>> {
    match cur.eat(lit) {
        true => Ok(()),
        false => Err(TextError::expected_code(cur, lit)),
    }
}

/// Decimal digits, at most `max`.
fn number<'a>(cur: &mut Cursor<'a>, max: u64, what: &'static str) -> Result<u64, TextError<'a>> {
    let rest = cur.rest();
    let len = rest.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 {
        return Err(TextError::expected(cur, what));
    }
    let digits = &rest[..len];
    match digits.parse::<u64>() {
        Ok(v) if v <= max => {
            cur.eat(digits);
            Ok(v)
        }
        _ => Err(TextError::message(
            cur,
            format!("{what} {} is out of range (at most {max})", escape_input(digits)),
        )),
    }
}

/// An optionally negative decimal number.
fn signed<'a>(cur: &mut Cursor<'a>, what: &'static str) -> Result<i64, TextError<'a>> {
    let at = cur.clone();
    let neg = cur.eat("-");
    let v = number(cur, i64::MAX as u64, what).map_err(|e| match neg {
        true => TextError::message(&at, e.report().message),
        false => e,
    })?;
    Ok(if neg { -(v as i64) } else { v as i64 })
}

fn component<'a>(cur: &mut Cursor<'a>) -> Result<Component, TextError<'a>> {
    match cur.peek().and_then(component_of) {
        Some(c) => {
            cur.eat(&cur.rest()[..1]);
            Ok(c)
        }
        None => Err(TextError::expected(cur, "a component (`x`, `y`, `z` or `w`)")),
    }
}

/// The component a letter names.
fn component_of(letter: char) -> Option<Component> {
    Component::ALL.into_iter().find(|c| c.letter() == letter)
}

/// A vec4 register: a `Vec4Reg` spelling (`$0`…`$11`, `^const0`, …) or
/// `$0` to `$15` by number.
fn parse_reg<'a>(cur: &mut Cursor<'a>) -> Result<u64, TextError<'a>> {
    if cur.eat("$") {
        return number(cur, last_register(), "register");
    }
    let named = (0..16).filter_map(Vec4Reg::from_raw).find(|r| {
        let s = r.spelling();
        s.starts_with('^') && cur.rest().starts_with(s)
    });
    match named {
        Some(r) => {
            cur.eat(r.spelling());
            Ok(r.raw())
        }
        None => Err(TextError::with(cur, |c| {
            // The spellings of `Vec4Reg` beyond `$N`.
            let named = vec4_reg().map_or(&[][..], |e| e.values).iter();
            let named = named.filter_map(|v| v.spellings.first().filter(|s| !s.starts_with('$')));
            let mut list = format!("`$0`…`${}`", last_register());
            for s in named {
                list.push_str(&format!(", `{s}`"));
            }
            format!("expected a register ({list}), found {}", c.describe_next())
        })),
    }
}

/// The spec's `Vec4Reg`: the registers, numbered and named.
pub(crate) fn vec4_reg() -> Option<&'static isa_runtime::layout::Enum> {
    crate::LAYOUT.enums.iter().find(|e| e.name == "Vec4Reg").copied()
}

/// The highest register number `$N`: all values of `Vec4Reg`'s bits.
pub(crate) fn last_register() -> u64 {
    vec4_reg().map_or(15, |e| (1u64 << e.bits.min(63)) - 1)
}

/// A scalar register `reg.c` (register × 4 + component).
fn parse_scalar<'a>(cur: &mut Cursor<'a>) -> Result<u64, TextError<'a>> {
    let r = parse_reg(cur)?;
    expect(cur, ".")?;
    Ok(r << 2 | component(cur)? as u64)
}

/// `.xz`-style mask (letters in order; none after the dot is an empty
/// mask) or nothing (all four).
fn parse_mask<'a>(cur: &mut Cursor<'a>) -> Result<u64, TextError<'a>> {
    if !cur.eat(".") {
        return Ok(Mask::<false>::full().bits());
    }
    let (mut written, mut next) = (Vec::with_capacity(4), 0);
    while let Some(c) = cur.peek().and_then(component_of) {
        if (c as usize) < next {
            return Err(TextError::message(
                cur,
                "mask components must be in `xyzw` order, each once",
            ));
        }
        written.push(c);
        next = c as usize + 1;
        cur.eat(&cur.rest()[..1]);
    }
    Ok(Mask::<false>::from_components(&written).bits())
}

/// `.xyzw` (four letters) or nothing (the identity).
fn parse_swizzle<'a>(cur: &mut Cursor<'a>) -> Result<u64, TextError<'a>> {
    let at = cur.clone();
    if !cur.eat(".") {
        return Ok(IDENTITY.bits());
    }
    let mut sel = Component::ALL;
    for c in &mut sel {
        // Fewer than four (`$1.xy`, or a destination's mask out of order,
        // `$0.yx`, read as a source): say so at the swizzle's start, and
        // leave the cursor there (a form that read further wins).
        *c = component(cur).map_err(|_| {
            *cur = at.clone();
            short_swizzle(&at)
        })?;
    }
    Ok(Swizzle::<false>::from_components(sel).bits())
}

/// "expected a swizzle of four components" at `at`, its `.`.
fn short_swizzle<'a>(at: &Cursor<'a>) -> TextError<'a> {
    let rest = at.rest();
    let len = 1 + rest[1..].bytes().take_while(u8::is_ascii_alphanumeric).count();
    TextError::message(
        at,
        format!(
            "expected a swizzle of four components (`.xyzw`), found {}",
            quote_input(&rest[..len])
        ),
    )
}

/// The identity swizzle, which Mesa leaves out.
const IDENTITY: Swizzle<false> = Swizzle::identity();

/// `.NAME` for a named non-zero value of the output-modifier enum, else 0
/// (nothing is read).
fn parse_outmod(cur: &mut Cursor<'_>, field: &Field) -> u64 {
    let FieldKind::Enum(e) = field.kind else { return 0 };
    let Some(rest) = cur.rest().strip_prefix('.') else {
        return 0;
    };
    for v in e.values.iter().filter(|v| v.value != 0) {
        for s in v.spellings.iter().filter(|s| !s.is_empty()) {
            let Some(after) = rest.strip_prefix(s) else { continue };
            if !after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                cur.eat(&cur.rest()[..1 + s.len()]);
                return v.value;
            }
        }
    }
    0
}

/// `N`, `N.xy`/`N.zw` or `N.c`, as Mesa prints uniform and temporary
/// indices: (alignment, 16-bit index). `N.c` is alignment 3 if `three`,
/// else 0.
fn parse_signed_index<'a>(cur: &mut Cursor<'a>, three: bool) -> Result<(u64, u64), TextError<'a>> {
    let at = cur.clone();
    let q = signed(cur, "index")?;
    let (alignment, index) = if cur.eat(".") {
        if cur.eat("xy") {
            (1, q * 2)
        } else if cur.eat("zw") {
            // Mesa divides rounding towards zero: `-1.zw` is -3.
            (1, if q < 0 { q * 2 - 1 } else { q * 2 + 1 })
        } else {
            let c = component(cur)? as i64;
            (
                if three { 3 } else { 0 },
                if q < 0 && c != 0 { q * 4 + c - 4 } else { q * 4 + c },
            )
        }
    } else {
        (2, q)
    };
    if !(-0x8000..=0xFFFF).contains(&index) {
        return Err(TextError::message(&at, format!("index {index} does not fit 16 bits")));
    }
    Ok((alignment, index as u64 & 0xFFFF))
}

/// A varying's index: `N.c`, `N.xy`/`N.zw` or `N` (alignment 0, 1 or 3,
/// Mesa's choice for three and four components), then `+reg.c`:
/// (alignment, index, offset register).
fn parse_varying_index<'a>(cur: &mut Cursor<'a>) -> Result<(u64, u64, Option<u64>), TextError<'a>> {
    let at = cur.clone();
    let q = number(cur, 63, "varying index")?;
    let (alignment, index) = if cur.eat(".") {
        if cur.eat("xy") {
            (1, q * 2)
        } else if cur.eat("zw") {
            (1, q * 2 + 1)
        } else {
            (0, q * 4 + component(cur)? as u64)
        }
    } else {
        (3, q)
    };
    if index > 63 {
        return Err(TextError::message(
            &at,
            format!("varying index {index} does not fit 6 bits"),
        ));
    }
    let offset = if cur.eat("+") {
        let o = parse_scalar(cur)?;
        if o >> 2 == 15 {
            return Err(TextError::message(&at, "register 15 (`^uniform`) means no offset here"));
        }
        Some(o)
    } else {
        None
    };
    Ok((alignment, index, offset))
}

/// A branch target: a word offset (decimal, maybe negative) or a label.
fn parse_target<'a>(cur: &mut Cursor<'a>) -> Result<Target, TextError<'a>> {
    let what = "a branch target (word offset or label)";
    if cur.rest().starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return Ok(Target::Word(signed(cur, "target")?));
    }
    let rest = cur.rest();
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if len == 0 {
        return Err(TextError::expected(cur, what));
    }
    let name = &rest[..len];
    cur.eat(name);
    Ok(Target::Label(name.to_string()))
}

/// A half float as Mesa's `%f` prints it (`inf`, `nan` and their negations
/// too); the nearest half.
fn parse_half<'a>(cur: &mut Cursor<'a>) -> Result<f16, TextError<'a>> {
    let rest = cur.rest();
    let len = rest.find([' ', '\t', '\r', '\n', ',', '{']).unwrap_or(rest.len());
    let s = &rest[..len];
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let sign = if neg { 0x8000 } else { 0 };
    let ok = !body.is_empty()
        && body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.starts_with(|c: char| c.is_ascii_digit())
        && body.matches('.').count() <= 1;
    let h = match body {
        "nan" => f16::from_bits(0x7E00 | sign),
        "inf" => f16::from_bits(0x7C00 | sign),
        _ => match body.parse::<f64>() {
            Ok(v) if ok => {
                let h = f16::from_f64(v);
                // Rounding to the nearest half is what `%f` text needs;
                // a number no half is near is an error, not `inf` or 0.
                if h.is_infinite() {
                    let message = format!("{} is beyond the range of a half float (±65504)", quote_input(s));
                    return Err(TextError::message(cur, message));
                }
                if h.to_bits() == 0 && v != 0.0 {
                    let message = format!(
                        "{} is too small for a half float: it would read as 0 (the smallest is 0.0000000596)",
                        quote_input(s)
                    );
                    return Err(TextError::message(cur, message));
                }
                f16::from_bits(h.to_bits() | sign)
            }
            _ => {
                return Err(TextError::message(
                    cur,
                    format!(
                        "expected a number (such as `1.000000`, `inf` or `nan`), found {s}",
                        s = quote_input(s)
                    ),
                ))
            }
        },
    };
    cur.eat(s);
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer `%f` of every half is what float formatting prints.
    #[test]
    fn write_half_is_float_formatting_for_every_half() {
        let (mut got, mut want) = (String::new(), String::new());
        for bits in 0..=u16::MAX {
            let h = f16::from_bits(bits);
            got.clear();
            want.clear();
            // Worked out, then kept.
            write_half(&mut got, h).unwrap();
            write_half(&mut got, h).unwrap();
            let v = h.to_f64();
            let sign = if bits & 0x8000 != 0 { "-" } else { "" };
            if v.is_nan() {
                write!(want, "{sign}nan").unwrap();
            } else if v.is_infinite() {
                write!(want, "{sign}inf").unwrap();
            } else {
                write!(want, "{v:.6}").unwrap();
            }
            let once = want.clone();
            want.push_str(&once);
            assert_eq!(got, want, "{bits:#06x}");
        }
    }
}
