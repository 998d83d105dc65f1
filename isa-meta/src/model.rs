//! The resolved model of a spec: names bound to definitions, widths known,
//! templates parsed. Validation runs on this; code generation only ever sees
//! a model that passed validation.

use crate::ast::Name;
use crate::source::Span;

/// A validated spec: what [`crate::compile`] returns and [`crate::expand`]
/// generates code from.
pub struct Spec {
    pub(crate) name: Name,
    /// Implicit machine state that semantics may name (`state` in `isa`).
    pub(crate) state: Vec<Name>,
    /// Functions that semantics may call besides AGSL's (`func` in `isa`),
    /// with their argument counts.
    pub(crate) funcs: Vec<(Name, usize)>,
    /// Per-opcode attributes (`attr` in `isa`), in declaration order.
    pub(crate) attrs: Vec<AttrDef>,
    /// Text dialects (`dialect` in `isa`), in declaration order.
    pub(crate) dialects: Vec<DialectDef>,
    pub(crate) doc: String,
    pub(crate) word_bits: u32,
    pub(crate) word_span: Span,
    /// Whether the `isa` item has a `word` line: without one (an error),
    /// `word_bits` is a stand-in that no width is checked against.
    pub(crate) word_given: bool,
    pub(crate) fallback: Option<String>,
    /// `gens LO..=HI` in `isa`: the generations the spec describes.
    pub(crate) gens: Option<Gens>,
    pub(crate) enums: Vec<EnumDef>,
    pub(crate) regs: Vec<RegsDef>,
    pub(crate) layouts: Vec<LayoutDef>,
    /// `union` items: field types that are one of several layouts.
    pub(crate) unions: Vec<UnionDef>,
    pub(crate) opcodes: Vec<OpDef>,
    /// The presence-mask bundle (`bundle` item), if the ISA is one.
    pub(crate) packed: Option<BundleDef>,
    /// A `bundle` item was written (even one that failed to resolve).
    pub(crate) bundle_declared: bool,
    /// Opcode lines were lost to syntax errors (reported): that the spec
    /// has no opcodes is then no second error.
    pub(crate) opcodes_lost: bool,
    /// A line of the `isa` item was lost to a syntax error (reported): a
    /// name a semantics string uses may have been its `state` or `func`,
    /// so an unknown one is then no second error.
    pub(crate) isa_lines_lost: bool,
}

impl Spec {
    /// The ISA's name (`isa NAME { … }`).
    pub fn name(&self) -> &str {
        &self.name.text
    }

    /// The instruction word's width in bits (`word BITS`).
    pub fn word_bits(&self) -> u32 {
        self.word_bits
    }

    /// A bundle ISA has no opcodes and exactly one format, without an
    /// `opcode` field: that format is the whole instruction (Lima GP).
    pub(crate) fn bundle(&self) -> Option<usize> {
        if !self.opcodes.is_empty() || self.packed.is_some() {
            return None;
        }
        let mut formats = self.layouts.iter().enumerate().filter(|(_, l)| l.is_format);
        match (formats.next(), formats.next()) {
            (Some((i, l)), None) if l.opcode_field().is_none() => Some(i),
            _ => None,
        }
    }
}

/// `dialect NAME`: a text syntax made of `text NAME.GROUP` lines.
pub struct DialectDef {
    pub name: Name,
    pub doc: String,
}

/// `attr NAME [TYPE = DEFAULT]`: an attribute every opcode has.
pub struct AttrDef {
    pub name: Name,
    pub kind: AttrKind,
    /// The value of an opcode that does not set it (false, a number or an
    /// enum variant's value).
    pub default: u64,
    pub doc: String,
}

/// What an attribute's values are.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum AttrKind {
    /// Set by naming it (`fragment_only`); false otherwise.
    Flag,
    /// `u`: a number.
    Unsigned,
    /// A variant of the spec's enum with this index.
    Enum(usize),
    /// Another opcode of the spec, by mnemonic; the value is its index + 1,
    /// and 0 (the default) is none.
    Opcode,
}

pub struct EnumDef {
    pub name: Name,
    pub bits: u32,
    pub bits_span: Span,
    pub open: bool,
    /// `operands(a, b)`: the names its variants' semantics may use; the
    /// enum is then an operation, callable with that many arguments.
    pub operands: Option<Vec<Name>>,
    /// Attributes every value has (`attr` lines in the enum).
    pub attrs: Vec<AttrDef>,
    pub variants: Vec<VariantDef>,
    pub doc: String,
    /// Every value line parsed: a name that is no variant may be one of a
    /// lost line, so it is then no second error.
    pub complete: bool,
    /// An `attr` declaration of the enum failed (reported): a condition
    /// naming no attribute may name that one, so it is no second error.
    pub attrs_lost: bool,
}

pub struct VariantDef {
    pub name: Name,
    pub value: u64,
    pub value_span: Span,
    pub spellings: Vec<String>,
    /// `sem "…"`: what the value computes (empty when none).
    pub semantics: String,
    /// The semantics string, quotes included (to point at it).
    pub semantics_span: Option<Span>,
    /// One value per [`EnumDef::attrs`] entry (defaults filled in).
    pub attrs: Vec<u64>,
    pub doc: String,
}

pub struct RegsDef {
    pub name: Name,
    pub bits: u32,
    pub bits_span: Span,
    pub open: bool,
    pub files: Vec<RegFileDef>,
    pub doc: String,
}

pub struct RegFileDef {
    pub prefix: Name,
    pub base: u64,
    pub count: u64,
    pub span: Span,
    pub doc: String,
}

impl RegsDef {
    /// Whether every value of the field names a register.
    pub fn is_total(&self) -> bool {
        let mut covered = 0u128;
        for f in &self.files {
            covered += u128::from(f.count);
        }
        // A width of 128 or more (an error the validator reports) is
        // never covered.
        1u128.checked_shl(self.bits).is_some_and(|all| covered >= all)
    }
}

impl EnumDef {
    /// Whether every value of the field is named.
    pub fn is_total(&self) -> bool {
        let mut values: Vec<u64> = self.variants.iter().map(|v| v.value).collect();
        values.sort_unstable();
        values.dedup();
        // A width of 128 or more (an error the validator reports) is
        // never covered.
        1u128
            .checked_shl(self.bits)
            .is_some_and(|all| values.len() as u128 >= all)
    }
}

/// A `layout` or `format`.
pub struct LayoutDef {
    pub name: Name,
    pub is_format: bool,
    /// `format NAME : BASE`: the index of BASE, whose fields this one
    /// starts from (their lines, and spans, are BASE's).
    pub base: Option<usize>,
    pub bits: u32,
    pub bits_span: Span,
    pub fields: Vec<FieldDef>,
    pub syntax: Option<Template>,
    /// Named, conditional templates (`text NAME when … "…"`), in spec order.
    pub texts: Vec<TextDef>,
    /// `param NAME` lines (a layout's, not a format's).
    pub params: Vec<ParamDef>,
    pub doc: String,
    /// Every line parsed (see `LayoutAst::complete`).
    pub complete: bool,
    /// The fields whose line has an error (an unknown type, a bad range):
    /// their type may not be what the spec meant, so the format's `sem`
    /// strings report no unknown names.
    pub faulty_fields: Vec<usize>,
    /// A derived format's base fields that its own replaced by overlapping
    /// their bits, each with the field that took them.
    pub replaced: Vec<(String, Name)>,
    /// A `text` line was left out (its dialect is not declared): what only
    /// the `text` lines would use (a param) is then no second error.
    pub lost_texts: bool,
}

impl LayoutDef {
    /// Whether an unknown `name` in a line this layout inherited
    /// (`inherited`) was reported already, by the format that wrote the
    /// line or by one between them: only a base field this layout replaced
    /// is its own to report.
    pub(crate) fn reported_by_base(&self, name: &str, inherited: bool) -> bool {
        inherited && !self.replaced.iter().any(|(base, _)| base == name)
    }

    /// The declaration of the field whose name is nearest to `written`
    /// (the part before a `.`), for an error that `written` names no field
    /// ([`crate::diag::Diagnostic::slip`]).
    pub(crate) fn nearest_field<'w>(&self, written: &'w str) -> Option<(Span, &'w str)> {
        let written = written.split('.').next().unwrap_or(written);
        let near = crate::suggest::nearest(written, self.fields.iter().map(|f| f.name.text.as_str()))?;
        let field = self.fields.iter().find(|f| f.name.text == near)?;
        Some((field.name.span, written))
    }

    /// Marks `error`, that `written` names nothing here, as a slip for the
    /// nearest field and the nearest param ([`crate::misspelt`]).
    pub(crate) fn mark_slips(&self, error: &mut crate::diag::Diagnostic, written: &str) {
        if let Some((field, written)) = self.nearest_field(written) {
            error.slip("field", field, written);
        }
        let written = written.split('.').next().unwrap_or(written);
        let near = crate::suggest::nearest(written, self.params.iter().map(|p| p.name.text.as_str()));
        if let Some(param) = near.and_then(|n| self.params.iter().find(|p| p.name.text == n)) {
            error.slip("param", param.name.span, written);
        }
    }

    pub fn opcode_field(&self) -> Option<&FieldDef> {
        self.fields.iter().find(|f| matches!(f.ty, FieldTy::Opcode))
    }

    /// The bits that the `pattern` fields test, and the values they
    /// must hold there: part of every opcode pattern of the format.
    pub fn pattern(&self) -> (u128, u128) {
        let mut mask = 0u128;
        let mut bits = 0u128;
        for f in self.fields.iter().filter(|f| f.pattern) {
            let FieldTy::Fixed(value) = f.ty else { continue };
            mask |= Self::field_mask(f);
            bits |= Self::place(f, value);
        }
        (mask, bits)
    }

    /// `value` placed into the bits of `field` (the first range holds the
    /// least significant bits), over the low 128 bits.
    pub fn place(field: &FieldDef, value: u64) -> u128 {
        let mut bits = 0u128;
        let mut shift = 0u32;
        for r in &field.ranges {
            bits |= (u128::from(value).checked_shr(shift).unwrap_or(0) & low_mask128(r.width))
                .checked_shl(r.lo)
                .unwrap_or(0);
            shift += r.width;
        }
        bits
    }

    /// Mask of the bits of `field`, over the low 128 bits.
    pub fn field_mask(field: &FieldDef) -> u128 {
        field
            .ranges
            .iter()
            .fold(0u128, |m, r| m | low_mask128(r.width).checked_shl(r.lo).unwrap_or(0))
    }
}

pub fn low_mask128(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

#[derive(Clone)]
pub struct BitRange {
    pub lo: u32,
    pub width: u32,
    pub span: Span,
}

impl BitRange {
    pub fn hi(&self) -> u32 {
        self.lo + self.width - 1
    }
}

pub struct FieldDef {
    pub name: Name,
    pub ranges: Vec<BitRange>,
    pub width: u32,
    pub ty: FieldTy,
    pub ty_span: Span,
    /// Its type is reported as wrong (an unknown name): `ty` is then
    /// `Unknown`, and what depends on the type is no second error.
    pub ty_failed: bool,
    pub doc: String,
    /// A `pattern V` field: a `fixed` one whose value is part of every
    /// opcode pattern of its format (a word that differs matches none).
    pub pattern: bool,
}

/// `param NAME`: a bool that a layout's `text` lines print and test,
/// given by the line that prints the layout (`{field(NAME = …)}`).
pub struct ParamDef {
    pub name: Name,
    pub doc: String,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FieldTy {
    Unsigned,
    Signed,
    Bool,
    Half,
    /// `f32`: an IEEE single float.
    Float,
    Enum(usize),
    Regs(usize),
    Layout(usize),
    /// A `union`: one of several layouts of the same width.
    Union(usize),
    /// `true`: x in the high bit.
    Mask(bool),
    /// `true`: x in the high bits.
    Swizzle(bool),
    Opcode,
    Fixed(u64),
    Reserved,
    Unknown,
    /// Unit enables of a bundle's control word (set from the units present).
    Presence,
}

impl FieldTy {
    /// Fields stored in the typed struct and named by templates.
    pub fn is_operand(self) -> bool {
        !matches!(
            self,
            FieldTy::Opcode | FieldTy::Fixed(_) | FieldTy::Reserved | FieldTy::Unknown | FieldTy::Presence
        )
    }

    /// Fields stored in the typed struct (operands and unknown bits).
    pub fn is_stored(self) -> bool {
        self.is_operand() || self == FieldTy::Unknown
    }
}

/// `union NAME : BITS { LAYOUT … }`: a field holds one of the layouts, the
/// first (in order) whose `fixed` fields all hold.
pub struct UnionDef {
    pub name: Name,
    pub bits: u32,
    pub bits_span: Span,
    /// (layout index, where it is named, doc), in the order tried.
    pub variants: Vec<(usize, Span, String)>,
    pub doc: String,
}

/// A range of hardware generations, inclusive (`gens 3..=7`, `gen 6`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Gens {
    pub lo: u32,
    pub hi: u32,
    pub span: Span,
}

pub struct OpDef {
    pub mnemonic: Name,
    pub value: u64,
    pub value_span: Span,
    pub format: usize,
    pub template: Template,
    pub template_source: String,
    pub semantics: String,
    /// Where the semantics string starts (its first character) in the spec.
    pub semantics_at: usize,
    pub priority: Option<i32>,
    /// `gen …` on the opcode line: the generations that have it (`None`:
    /// every generation of the spec).
    pub gens: Option<Gens>,
    /// One value per [`Spec::attrs`] entry (defaults filled in).
    pub attrs: Vec<u64>,
    pub doc: String,
    /// What a `text` line's `{opcode}` prints for it when that is not its
    /// mnemonic: a `variant` opcode's base mnemonic (`sam` for `sam.s2en`).
    pub text_name: Option<String>,
    /// Opcode bits of the word (low 128 bits) and their required values.
    pub mask: u128,
    pub bits: u128,
}

impl OpDef {
    /// The mnemonic a `text` line's `{opcode}` prints and reads.
    pub fn text_mnemonic(&self) -> &str {
        self.text_name.as_deref().unwrap_or(&self.mnemonic.text)
    }

    pub fn priority(&self) -> i32 {
        self.priority.unwrap_or(0)
    }

    /// Whether some generation has both `self` and `other` (an opcode
    /// without `gen` exists in every generation).
    pub fn shares_a_gen(&self, other: &OpDef) -> bool {
        match (self.gens, other.gens) {
            (Some(a), Some(b)) => a.lo <= b.hi && b.lo <= a.hi,
            _ => true,
        }
    }

    /// Whether every generation that has `self` has `other` too.
    pub fn gens_within(&self, other: &OpDef) -> bool {
        match (self.gens, other.gens) {
            (_, None) => true,
            (Some(a), Some(b)) => b.lo <= a.lo && a.hi <= b.hi,
            (None, Some(_)) => false,
        }
    }
}

#[derive(Clone)]
pub struct Template {
    pub pieces: Vec<TPiece>,
    pub span: Span,
    /// A placeholder failed to resolve (already reported).
    pub has_errors: bool,
}

#[derive(Clone, PartialEq, Debug)]
pub enum TPiece {
    Text(String),
    Space,
    Field {
        index: usize,
        style: TStyle,
        span: Span,
    },
    /// `{@hook}`: text that the caller's context prints and parses (only in
    /// `text` templates).
    Hook {
        name: String,
        span: Span,
    },
    /// `{p:'text'}`: a flag on param `index` of the layout; only in
    /// `text` templates.
    Param {
        index: usize,
        text: String,
        span: Span,
    },
    /// `{flag?…}` (`when_set`) or `{!flag?…}`: pieces printed when the
    /// field is non-zero (zero); only in `text` templates.
    Group {
        index: usize,
        when_set: bool,
        pieces: Vec<TPiece>,
        span: Span,
    },
}

#[derive(Clone, PartialEq, Debug)]
pub enum TStyle {
    Default,
    Hex,
    /// `{field:d}`: the raw value in decimal (an enum's number).
    Decimal,
    Flag(String),
    /// `{field:@hook}`: the field printed and parsed by the caller's context.
    Hook(String),
    /// `{opcode}` in a `text` line: the opcode field as the mnemonic of its
    /// value among the format's opcodes.
    Mnemonic,
    /// `{field:.N}` in a `text` line: a float field with N decimals.
    Decimals(u8),
    /// `{field:+}`: a `u` or `s` field with its sign always (`+5`, `-176`).
    Sign,
    /// `{field + N}` in a `text` line: a `u` field's value plus N, in
    /// decimal (Mesa's `<<{SRC2_BYTE_SHIFT}`, a shift field plus 2).
    Plus(u64),
    /// `{field as VIEW}` / `{field as VIEW:.N}` in a `text` line: the
    /// field's low bits read as `f16`, `f32`, `s16` or `s32`.
    View {
        view: String,
        decimals: Option<u8>,
    },
    /// A `layout` or `union` field in a `text` line whose layouts have
    /// lines of the line's dialect: printed through them, with these
    /// bindings for their params (`{src(r = src_r, half = !full)}`).
    Nested(Vec<BindingDef>),
}

/// `NAME = VALUE` in `{field(…)}`: what a nested layout's param is.
#[derive(Clone, Debug)]
pub struct BindingDef {
    pub param: Name,
    pub value: BindValue,
    pub span: Span,
}

impl PartialEq for BindingDef {
    fn eq(&self, other: &Self) -> bool {
        self.param.text == other.param.text && self.value == other.value
    }
}

/// The value of a binding, from the outer layout's bool fields, params and
/// opcode.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BindValue {
    /// `0` or `1`.
    Const(bool),
    /// `f` or `!f`: a bool field.
    Field { index: usize, invert: bool },
    /// `q` or `!q`: a param of the outer layout.
    Param { index: usize, invert: bool },
    /// `f.ATTR` or `!f.ATTR`: a flag attribute of the opcode (`f` the
    /// opcode field) or of an enum field's value.
    OneOf { term: AttrTerm, invert: bool },
    /// `A == b` (`differ`: `A != b`), `A` a bool field or `f.ATTR`, `b` a
    /// bool field: parsing solves `b`.
    Equal { a: Term, b: usize, differ: bool },
}

/// The left side of `A == b` in a binding.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Term {
    Field(usize),
    OneOf(AttrTerm),
}

/// `f.ATTR` in a binding: the field and the attribute's name, then (once
/// the opcodes are read) the values of `f` that have the flag: the
/// format's opcodes with it, or the enum's values with it. Or `f == v|v`
/// of an enum field: the values named.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AttrTerm {
    pub attr: String,
    pub field: usize,
    pub values: Vec<u64>,
    /// `f == v|v` in place of `f.ATTR`: the enum's variants (or numbers)
    /// as written; `attr` is then empty.
    pub variants: Vec<String>,
}

/// A `text NAME when … "…"` line, resolved.
pub struct TextDef {
    /// Index into `Spec::dialects`.
    pub dialect: usize,
    /// The group (alternatives of one piece of text share it).
    pub name: Name,
    pub when: Vec<CondDef>,
    /// `p` / `!p` conditions on the layout's params: (param index, set).
    pub when_params: Vec<(usize, bool)>,
    /// `default FIELD = V`: (field index, value) written before parsing.
    pub defaults: Vec<(usize, u64)>,
    pub template: Template,
    pub doc: String,
}

/// A resolved condition: `field` is (`equal`) or is not one of `values`.
pub struct CondDef {
    pub field: usize,
    /// The condition as the spec writes it (for the docs).
    pub text: String,
    pub span: Span,
    pub equal: bool,
    pub values: Vec<u64>,
    /// `is named` / `is unnamed` (then `values` is empty).
    pub named: Option<bool>,
    /// `field.ATTR`: the index of the attribute (of the field's enum) that
    /// is compared instead of the value. `opcode.ATTR` conditions are
    /// resolved to the matching opcodes' values once the opcodes are known
    /// (see `resolve::fold_opcode_conditions`), and this is then `None`.
    pub attr: Option<usize>,
    /// `field == other` / `field != other`: compared with another field of
    /// the layout (`values` is then empty); checked, never pinned.
    pub other: Option<usize>,
    /// `field > N` / `field < N`: the values that hold, `LO..=HI` (`values`
    /// is then empty); checked, never pinned.
    pub range: Option<(u64, u64)>,
}

impl CondDef {
    /// A condition on field `field` (`equal`: `==` rather than `!=`)
    /// with no values yet, none of the other forms; a struct update names
    /// the rest (`CondDef { values, ..CondDef::on(f, text, span, true) }`).
    pub fn on(field: usize, text: String, span: Span, equal: bool) -> Self {
        CondDef {
            field,
            text,
            span,
            equal,
            values: Vec::new(),
            named: None,
            attr: None,
            other: None,
            range: None,
        }
    }
}

/// A presence-mask bundle: a control word and the units its enables select.
pub struct BundleDef {
    pub name: Name,
    /// Index of the control word's layout.
    pub control: usize,
    pub control_span: Span,
    pub units: Vec<UnitDef>,
    pub derives: Vec<DeriveDef>,
    pub doc: String,
    /// Every line parsed.
    pub complete: bool,
}

impl BundleDef {
    /// Sum of all unit widths: the most unit bits an instruction can hold.
    pub fn max_unit_bits(&self) -> u32 {
        self.units.iter().map(|u| u.width).sum()
    }

    /// The control field that a rule derives, if any.
    #[allow(dead_code)]
    pub fn derived(&self, rule: DeriveRule) -> Option<&DeriveDef> {
        self.derives.iter().find(|d| d.rule == rule)
    }
}

pub struct UnitDef {
    pub name: Name,
    pub enable: u32,
    pub enable_span: Span,
    pub width: u32,
    pub width_span: Span,
    /// Layout indices; the first is the default variant.
    pub variants: Vec<(usize, Span)>,
    pub doc: String,
}

pub struct DeriveDef {
    /// Index into the control layout's fields.
    pub field: usize,
    pub field_span: Span,
    pub rule: DeriveRule,
    pub rule_span: Span,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DeriveRule {
    /// `words`: this instruction's length in words.
    Words,
    /// `next.words`: the next instruction's length (0 for the last).
    NextWords,
    /// `!last`: set on every instruction but the last.
    NotLast,
}

impl DeriveRule {
    pub fn spelling(self) -> &'static str {
        match self {
            DeriveRule::Words => "words",
            DeriveRule::NextWords => "next.words",
            DeriveRule::NotLast => "!last",
        }
    }
}
