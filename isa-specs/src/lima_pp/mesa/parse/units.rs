//! One unit of Mesa's text (`mul.v0 $1 $2 $3`, `texld.b 0 $1.x`, …) read
//! into its layout: the spec's `mesa` lines of every layout of every unit
//! are the forms, parsed with [`text::parse_text`] and the hooks of
//! `hooks`. Nothing here names a unit form.

use std::sync::OnceLock;

use isa_runtime::layout::{FieldKind, Format, NamedText, Piece};
use isa_runtime::lexer::Cursor;
use isa_runtime::packed::{pack_units, variant_of};
use isa_runtime::text;
use isa_runtime::ParseError;

use super::packed;
use super::pos::hint;
use crate::lima_pp::mesa::hooks::{Hooks, Target};
use crate::lima_pp::mesa::print::DIALECT;
use crate::lima_pp::Instr;

/// One `mesa` line of one unit's layout, with what its first word looks
/// like (to try only the lines that can match a unit's first word).
struct Form {
    /// Index into the bundle's units; `None` for the control word.
    unit: Option<usize>,
    format: &'static Format,
    text: &'static NamedText,
    /// The unit's bits before parsing: the layout's `fixed` values.
    blank: u128,
    /// The literal text that starts the first word (`load.`, `texld`).
    lead: &'static str,
    /// The literal text that ends it (`.v0`); empty if it ends in a field.
    trail: &'static str,
    /// The first word is all literal (`discard`, `fb_color`).
    exact: bool,
}

impl Form {
    fn could_start(&self, head: &str) -> bool {
        // First and last bytes before whole strings: most forms fail there.
        let (h, lead, trail) = (head.as_bytes(), self.lead.as_bytes(), self.trail.as_bytes());
        if lead.first().is_some_and(|b| h.first() != Some(b)) || trail.last().is_some_and(|b| h.last() != Some(b)) {
            return false;
        }
        // Byte loops: these strings are a few bytes long, shorter than a
        // call to `memcmp` (a profile's largest entry before).
        let same = |a: &[u8], b: &[u8]| a.iter().zip(b).all(|(x, y)| x == y);
        if self.exact {
            h.len() == lead.len() && same(h, lead)
        } else {
            h.len() >= lead.len() + trail.len() && same(h, lead) && same(&h[h.len() - trail.len()..], trail)
        }
    }
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
                        lead,
                        trail,
                        exact,
                    }
                })
            })
            .collect()
    })
}

/// The unit forms (indices into [`forms`], in order) whose first word can
/// begin with each byte: those whose literal lead begins with it, and
/// those with no literal lead. Computed once.
fn unit_forms_by_first_byte() -> &'static [Vec<usize>] {
    static INDEX: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        (0..=u8::MAX)
            .map(|b| {
                let forms = forms().iter().enumerate().filter(|(_, f)| f.unit.is_some());
                forms
                    .filter(|(_, f)| f.lead.as_bytes().first().is_none_or(|&l| l == b))
                    .map(|(i, _)| i)
                    .collect()
            })
            .collect()
    })
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

/// Whether the text at the cursor starts with the literal pieces that
/// start `text` (up to its first field or hook): a cheap test before
/// [`text::parse_text`], whose failures build positioned errors.
fn starts_as(cur: &Cursor<'_>, text: &NamedText) -> bool {
    let mut c = cur.clone();
    for piece in text.pieces {
        match piece {
            Piece::Text(t) => {
                if !c.eat(t) {
                    return false;
                }
            }
            Piece::Space => c.skip_blanks(),
            _ => break,
        }
    }
    true
}

/// A control word's group at the cursor (`, sync`, `, stop`: they carry
/// their comma), read into `parts`; `false` (the cursor unmoved) if none.
pub(super) fn control_group(cur: &mut Cursor<'_>, parts: &mut Parts) -> Result<bool, ParseError> {
    for form in forms().iter().filter(|f| f.unit.is_none() && starts_as(cur, f.text)) {
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
    let len = rest
        .find(|c: char| c.is_whitespace() || c == ',' || c == '{')
        .unwrap_or(rest.len());
    let head = &rest[..len];
    // Forms are tried quietly (a failure costs its position only); if none
    // reads the unit, the one that read furthest is parsed again for its
    // message.
    let mut best: Option<((usize, usize), &Form)> = None;
    let first = head
        .as_bytes()
        .first()
        .map_or(&[][..], |&b| &unit_forms_by_first_byte()[usize::from(b)]);
    let candidates = first.iter().map(|&i| &forms()[i]).filter(|f| f.could_start(head));
    for (index, form) in candidates.filter_map(|f| Some((f.unit?, f))) {
        let unit = &packed().units[index];
        let mut c = cur.clone();
        let mut bits = form.blank;
        let mut hooks = Hooks::new(form.format, unit.name, 0);
        hooks.quiet = true;
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
                let rank = (e.line, e.col);
                if best.as_ref().is_none_or(|(r, _)| rank > *r) {
                    best = Some((rank, form));
                }
            }
        }
    }
    match best {
        Some((_, form)) => Err(loud_error(cur, form)),
        None if !head.is_empty() => Err(cur.error(format!(
            "unknown unit `{head}`{}",
            hint(head, example_heads().iter().map(String::as_str))
        ))),
        None => Err(cur.expected("a unit")),
    }
}

/// The error of `form` at the cursor, with its message: the form is parsed
/// again, not quietly.
fn loud_error(cur: &Cursor<'_>, form: &Form) -> ParseError {
    let name = form.unit.map_or("control", |i| packed().units[i].name);
    let mut c = cur.clone();
    let mut bits = form.blank;
    let mut hooks = Hooks::new(form.format, name, 0);
    match text::parse_text(&mut c, form.format, form.text, &mut bits, &mut hooks) {
        Err(e) => e,
        Ok(()) => cur.error(format!("this `{name}` text did not read as it did a moment ago")),
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
                !form.lead.is_empty() || !form.trail.is_empty(),
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
