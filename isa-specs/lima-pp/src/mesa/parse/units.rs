//! One unit of Mesa's text (`mul.v0 $1 $2 $3`, `texld.b 0 $1.x`, …) read
//! into its layout: the spec's `mesa` lines of every layout of every unit
//! are the forms, parsed with [`text::parse_text`] and the hooks of
//! `hooks`. Nothing here names a unit form.

use std::sync::OnceLock;

use isa_runtime::layout::{FieldKind, Format, NamedText, Piece};
use isa_runtime::lexer::{ends_with, starts_with, Cursor};
use isa_runtime::packed::{pack_units, variant_of};
use isa_runtime::text::{self, quote_input};
use isa_runtime::ParseError;

use super::packed;
use super::pos::hint;
use crate::mesa::hooks::{Hooks, Target};
use crate::mesa::print::DIALECT;
use crate::Instr;

/// One `mesa` line of one unit's layout, with what its first word looks
/// like (to try only the lines that can match a unit's first word).
struct Form {
    /// Index into the bundle's units; `None` for the control word.
    unit: Option<usize>,
    format: &'static Format,
    text: &'static NamedText,
    /// The unit's bits before parsing: the layout's `fixed` values.
    blank: u128,
    /// What its first word looks like.
    head: Head,
    /// The literals the line starts with, up to its first field or hook
    /// (`,` `sync`): text that does not start so cannot be this form.
    opening: Vec<&'static str>,
}

impl Form {
    /// Whether the text at `cur` starts with the form's opening literals
    /// (each after blanks, as [`text::parse_text`] reads them).
    fn could_open(&self, cur: &Cursor<'_>) -> bool {
        let mut rest = cur.rest();
        for lit in &self.opening {
            rest = rest.trim_start_matches([' ', '\t', '\r']);
            if !starts_with(rest, lit) {
                return false;
            }
            rest = &rest[lit.len()..];
        }
        true
    }
}

/// What a line's first word looks like.
#[derive(Clone, Copy, PartialEq)]
struct Head {
    /// The literal text that starts the first word (`load.`, `texld`).
    lead: &'static str,
    /// The literal text that ends it (`.v0`); empty if it ends in a field.
    trail: &'static str,
    /// The first word is all literal (`discard`, `fb_color`).
    exact: bool,
}

impl Head {
    fn could_start(&self, head: &str) -> bool {
        // First and last bytes before whole strings: most forms fail there.
        let (h, lead, trail) = (head.as_bytes(), self.lead.as_bytes(), self.trail.as_bytes());
        if lead.first().is_some_and(|b| h.first() != Some(b)) || trail.last().is_some_and(|b| h.last() != Some(b)) {
            return false;
        }
        if self.exact {
            h.len() == lead.len() && starts_with(head, self.lead)
        } else {
            h.len() >= lead.len() + trail.len() && starts_with(head, self.lead) && ends_with(head, self.trail)
        }
    }
}

/// Which forms to try: the distinct first-word [`Head`]s of the unit forms
/// (many lines share one: eight `load.v`), each with the set of forms that
/// have it, so a unit's first word is tested once per head; and where the
/// control word's forms start. Computed once.
struct Index {
    /// Each head with its forms, bit `i` for form `i` (empty when there
    /// are more than 128 forms: then each form is tested).
    heads: Vec<(Head, u128)>,
    /// The control word's forms are `forms()[control..]`.
    control: usize,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let all = forms();
        let mut heads: Vec<(Head, u128)> = Vec::new();
        if all.len() <= 128 {
            for (i, f) in all.iter().enumerate().filter(|(_, f)| f.unit.is_some()) {
                match heads.iter_mut().find(|(h, _)| *h == f.head) {
                    Some((_, forms)) => *forms |= 1 << i,
                    None => heads.push((f.head, 1 << i)),
                }
            }
        }
        Index {
            heads,
            control: all.iter().position(|f| f.unit.is_none()).unwrap_or(all.len()),
        }
    })
}

/// The unit forms whose first word can be `word`, in order.
fn candidates(word: &str) -> impl Iterator<Item = &'static Form> + '_ {
    let (all, index) = (forms(), index());
    let mut set = 0u128;
    for (h, forms) in &index.heads {
        if h.could_start(word) {
            set |= forms;
        }
    }
    let by_set = core::iter::from_fn(move || {
        let i = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        all.get(i)
    });
    let tested = all[..index.control].iter().filter(move |f| f.head.could_start(word));
    let (by_set, tested) = match index.heads.is_empty() {
        true => (None, Some(tested)),
        false => (Some(by_set), None),
    };
    by_set.into_iter().flatten().chain(tested.into_iter().flatten())
}

/// Every unit's `mesa` forms in packing order, each unit's layouts in
/// spec order, then the control word's (`, sync`, `, stop`); computed once.
fn forms() -> &'static [Form] {
    static FORMS: OnceLock<Vec<Form>> = OnceLock::new();
    FORMS.get_or_init(|| {
        let packed = packed();
        let units = packed
            .units
            .iter()
            .enumerate()
            .flat_map(|(i, u)| u.variants.iter().map(move |&f| (Some(i), u.name, f)));
        units
            .chain([(None, "control", packed.control)])
            .flat_map(|(unit, name, format)| {
                text::dialect_texts(format, DIALECT).map(move |t| {
                    let (lead, trail, exact) = first_word(t, name);
                    Form {
                        unit,
                        format,
                        text: t,
                        blank: blank(format),
                        head: Head { lead, trail, exact },
                        opening: opening(t),
                    }
                })
            })
            .collect()
    })
}

/// The literal texts a line starts with, up to its first other piece.
fn opening(t: &NamedText) -> Vec<&'static str> {
    let literals = t.pieces.iter().map_while(|p| match p {
        Piece::Text(s) => Some(*s),
        Piece::Space => Some(""),
        _ => None,
    });
    literals.filter(|s| !s.trim().is_empty()).collect()
}

/// A layout's bits with its `fixed` fields set and the rest clear.
fn blank(format: &Format) -> u128 {
    let mut bits = 0;
    for f in format.fields {
        if let FieldKind::Fixed(v) = f.kind {
            f.write(&mut bits, 0, v);
        }
    }
    bits
}

/// The literal start and end of a line's first word, and whether the word
/// is all literal; `{@unit}` is the unit's name.
fn first_word(t: &NamedText, unit: &'static str) -> (&'static str, &'static str, bool) {
    let word: Vec<&Piece> = t.pieces.iter().take_while(|p| !matches!(p, Piece::Space)).collect();
    let literal = |p: Option<&&Piece>| match p {
        Some(Piece::Text(s)) => *s,
        Some(Piece::Hook("unit")) => unit,
        _ => "",
    };
    let exact = word.len() == 1 && matches!(word[0], Piece::Text(_) | Piece::Hook("unit"));
    let trail = if exact { "" } else { literal(word.last()) };
    (literal(word.first()), trail, exact)
}

/// What one line's units and flags have given so far.
pub(super) struct Parts {
    /// Each unit's bits, by the bundle's unit index.
    units: Vec<Option<u128>>,
    /// The control word's bits (`sync`, `stop`).
    control: u128,
    /// The control groups read (`sync`, `stop`).
    flags: Vec<&'static str>,
    /// The branch target, with its line and column.
    pub(super) target: Option<(Target, (usize, usize))>,
}

impl Parts {
    pub(super) fn new() -> Self {
        Parts {
            units: vec![None; packed().units.len()],
            control: 0,
            flags: Vec::new(),
            target: None,
        }
    }

    /// The bits read for unit `index`.
    pub(super) fn unit_bits(&self, index: usize) -> Option<u128> {
        self.units.get(index).copied().flatten()
    }

    /// Nothing given yet, for the next line (the buffers are kept).
    pub(super) fn clear(&mut self) {
        self.units.fill(None);
        self.control = 0;
        self.flags.clear();
        self.target = None;
    }

    /// The instruction: the control word with the units' enables and the
    /// length they need ([`pack_units`]), then the units in packing order.
    pub(super) fn instr(&self) -> Result<Instr, String> {
        let packed = packed();
        let mut words = pack_units(packed, self.control as u32, &self.units);
        if let Some(count) = packed.derived(isa_runtime::layout::DeriveRule::Words) {
            let len = words.len() as u64;
            count.write(&mut words[0], 0, len);
        }
        Instr::decode(&words).map(|(i, _)| i).map_err(|e| e.to_string())
    }
}

/// A control word's group at the cursor (`, sync`, `, stop`: they carry
/// their comma), read into `parts`; `false` (the cursor unmoved) if none.
pub(super) fn control_group(cur: &mut Cursor<'_>, parts: &mut Parts) -> Result<bool, ParseError> {
    let control = &forms()[index().control..];
    for form in control.iter().filter(|f| f.could_open(cur)) {
        let mut c = cur.clone();
        let mut bits = parts.control;
        let mut hooks = Hooks::new(form.format, "control", 0);
        if text::parse_text(&mut c, form.format, form.text, &mut bits, &mut hooks).is_err() {
            continue;
        }
        if parts.flags.contains(&form.text.name) {
            let mut at = cur.clone();
            at.eat(",");
            at.skip_blanks();
            return Err(at.error(format!("`{}` appears twice in one instruction", form.text.name)));
        }
        parts.flags.push(form.text.name);
        parts.control = bits;
        *cur = c;
        return Ok(true);
    }
    Ok(false)
}

/// Reads one unit at the cursor into `parts`: every `mesa` line whose first
/// word can match is tried, in spec order, and the first that reads the
/// whole unit wins. If none does, the error is the one furthest into the
/// text (one whose values break the line's conditions is at its start).
pub(super) fn unit(cur: &mut Cursor<'_>, parts: &mut Parts) -> Result<(), ParseError> {
    let rest = cur.rest();
    let head = &rest[..head_len(rest)];
    let mut best: Option<text::TextError<'_>> = None;
    for (index, form) in candidates(head).filter_map(|f| Some((f.unit?, f))) {
        let unit = &packed().units[index];
        let mut c = cur.clone();
        let mut bits = form.blank;
        let mut hooks = Hooks::new(form.format, unit.name, 0);
        match text::parse_text(&mut c, form.format, form.text, &mut bits, &mut hooks) {
            Ok(()) => {
                let decoded = variant_of(unit, bits);
                if !core::ptr::eq(decoded, form.format) {
                    return Err(cur.error(format!(
                        "this `{}` text gives bits of layout `{}` that read as layout `{}`, which Mesa prints otherwise",
                        unit.name, form.format.name, decoded.name
                    )));
                }
                if parts.units[index].is_some() {
                    return Err(cur.error(format!("`{}` appears twice in one instruction", unit.name)));
                }
                parts.units[index] = Some(bits);
                if hooks.target.is_some() {
                    parts.target = hooks.target;
                }
                *cur = c;
                return Ok(());
            }
            Err(e) => {
                if best.as_ref().is_none_or(|b| e.cmp_place(b).is_gt()) {
                    best = Some(e);
                }
            }
        }
    }
    if let Some(e) = register_out_of_range(cur) {
        return Err(e);
    }
    match best {
        Some(e) => Err(e.report()),
        // `, stop` and `, sync` end the units: text after one is neither.
        None if forms()[index().control..].iter().any(|f| f.text.name == head) => {
            let mut after = cur.clone();
            after.eat(head);
            after.skip_blanks();
            Err(after.expected(&format!("`,`, `{{raw` or the end of the line after `{head}`")))
        }
        None if !head.is_empty() => Err(cur.error(format!(
            "unknown unit {head}{}",
            hint(head, example_heads().iter().map(String::as_str)),
            head = quote_input(head)
        ))),
        None => Err(cur.expected("a unit")),
    }
}

/// The first register `$N` in the unit's text at `cur` (up to `,`, `{` or
/// the end of the line) that no register field can hold: an error there
/// that says which registers exist, from the spec's `Vec4Reg` (its width
/// and its named values). Checked once no form reads the unit, so that
/// the error names the register rather than whatever a form tripped on.
fn register_out_of_range(cur: &Cursor<'_>) -> Option<ParseError> {
    let regs = crate::mesa::hooks::vec4_reg()?;
    let count = crate::mesa::hooks::last_register() + 1;
    let rest = cur.rest();
    let text = &rest[..rest.find([',', '{', '\n']).unwrap_or(rest.len())];
    for (i, _) in text.match_indices('$') {
        let digits = &text[i + 1..];
        let len = digits.bytes().take_while(u8::is_ascii_digit).count();
        if len == 0 || digits[..len].parse::<u64>().is_ok_and(|n| n < count) {
            continue;
        }
        // The values spelled other than `$N`: the pipeline registers.
        let named: Vec<(u64, &str)> = (regs.values.iter())
            .filter_map(|v| Some((v.value, *v.spellings.first()?)))
            .filter(|(_, s)| !s.starts_with('$'))
            .collect();
        let mut message = format!(
            "register {} does not exist: the registers are `$0` to `${}`",
            quote_input(&text[i..i + 1 + len]),
            count - 1
        );
        if let (Some(first), Some(last)) = (named.first(), named.last()) {
            let names: Vec<String> = named.iter().map(|(_, s)| format!("`{s}`")).collect();
            let names = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => names.concat(),
            };
            message.push_str(&format!(
                "; as sources, `${}` to `${}` are written {names}",
                first.0, last.0
            ));
        }
        let mut at = cur.clone();
        at.eat(&rest[..i]);
        return Some(at.error(message));
    }
    None
}

/// The length of the unit's first word: up to whitespace, `,` or `{`
/// (ASCII byte by byte, then by characters from the first other one).
fn head_len(rest: &str) -> usize {
    let stop = |c: char| c.is_whitespace() || c == ',' || c == '{';
    match rest.bytes().position(|b| !b.is_ascii() || stop(char::from(b))) {
        Some(i) if !rest.as_bytes()[i].is_ascii() => i + rest[i..].find(stop).unwrap_or(rest.len() - i),
        Some(i) => i,
        None => rest.len(),
    }
}

/// A first word for each unit form, for "did you mean" hints: the form's
/// literal text with each enum field as its first named value's spelling
/// and each flag left out (`mul.v0`, `texld`, `load.u`, `rcp.s2`).
fn example_heads() -> &'static [String] {
    static HEADS: OnceLock<Vec<String>> = OnceLock::new();
    HEADS.get_or_init(|| {
        let mut heads: Vec<String> = Vec::new();
        let packed = packed();
        for (index, form) in forms().iter().filter_map(|f| Some((f.unit?, f))) {
            let unit = packed.units[index].name;
            let mut head = String::new();
            let mut ok = true;
            for p in form.text.pieces.iter().take_while(|p| !matches!(p, Piece::Space)) {
                match p {
                    Piece::Text(t) => head.push_str(t),
                    Piece::Hook("unit") => head.push_str(unit),
                    Piece::Field { index, style } => match (form.format.fields[*index].kind, style) {
                        (_, isa_runtime::layout::Style::Flag(_) | isa_runtime::layout::Style::Hook(_)) => {}
                        (FieldKind::Enum(e), _) => match e.values.iter().find_map(|v| v.spellings.first()) {
                            Some(s) => head.push_str(s),
                            None => ok = false,
                        },
                        _ => ok = false,
                    },
                    _ => ok = false,
                }
            }
            if ok && !head.is_empty() && !heads.contains(&head) {
                heads.push(head);
            }
        }
        heads
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every unit layout has forms, and each form's first word can match
    /// the text its own line prints (else the parser would never try it).
    #[test]
    fn every_form_can_start_its_own_text() {
        let heads = example_heads();
        for form in forms().iter().filter(|f| f.unit.is_some()) {
            assert!(
                !form.head.lead.is_empty() || !form.head.trail.is_empty(),
                "{}: {:?}",
                form.format.name,
                form.text.pieces
            );
        }
        for want in [
            "mul.v0", "add.v1", "texld", "load.u", "store.t", "fb_color", "discard", "const0", "branch",
        ] {
            assert!(heads.iter().any(|h| h == want), "{want} not in {heads:?}");
        }
    }
}
