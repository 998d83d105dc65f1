//! The syntax tree of a spec file, as written, with spans.

use crate::source::Span;

/// A name and where it was written.
#[derive(Clone, Debug)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// A literal and where it was written.
#[derive(Clone, Debug)]
pub struct Lit<T> {
    pub value: T,
    pub span: Span,
}

#[derive(Default, Debug)]
pub struct SpecAst {
    /// `//!` lines.
    pub inner_doc: String,
    pub isa: Option<IsaAst>,
    pub enums: Vec<EnumAst>,
    pub regs: Vec<RegsAst>,
    pub layouts: Vec<LayoutAst>,
    pub opcodes: Vec<OpAst>,
    /// The mnemonics of opcode lines lost to syntax errors: naming one
    /// elsewhere is no second error.
    pub lost_mnemonics: Vec<String>,
    pub bundles: Vec<BundleAst>,
    pub unions: Vec<UnionAst>,
}

/// `union NAME : BITS { LAYOUT /// doc … }`: a field type whose value is
/// one of several layouts, chosen by their `fixed` fields.
#[derive(Debug)]
pub struct UnionAst {
    pub name: Name,
    pub bits: Lit<u128>,
    /// The layouts, in the order they are tried, with their docs.
    pub variants: Vec<(Name, String)>,
    pub doc: String,
}

#[derive(Debug)]
pub struct IsaAst {
    pub name: Name,
    /// `state NAME…`: implicit machine state that semantics may name.
    pub state: Vec<Name>,
    /// `func NAME(ARITY)…`: functions that semantics may call besides
    /// AGSL's built-ins (opaque steps such as a stack push).
    pub funcs: Vec<(Name, Lit<u128>)>,
    /// `attr NAME [TYPE = DEFAULT]`: per-opcode attributes.
    pub attrs: Vec<AttrDeclAst>,
    /// `dialect NAME`: the text syntaxes that `text` lines belong to.
    pub dialects: Vec<DialectAst>,
    pub word: Option<Lit<u128>>,
    pub fallback: Option<Lit<String>>,
    /// `gens LO..=HI`: the hardware generations the spec describes.
    pub gens: Option<GenRangeAst>,
    pub doc: String,
    /// False when a line of the item failed to parse (reported): it may
    /// have declared the `state` or `func` a semantics string names.
    pub complete: bool,
}

/// A range of generations, `LO..=HI` or one `N`, as written.
#[derive(Debug, Clone, Copy)]
pub struct GenRangeAst {
    pub lo: u128,
    pub hi: u128,
    pub span: Span,
}

/// `attr NAME` (a flag) or `attr NAME TYPE = DEFAULT` in the `isa` item.
#[derive(Debug)]
pub struct AttrDeclAst {
    pub name: Name,
    /// `u` or an enum's name; `None` for a flag.
    pub ty: Option<Name>,
    pub default: Option<CondValue>,
    pub doc: String,
}

/// `dialect NAME` in the `isa` item: a text syntax (besides the
/// field-explicit `syntax` lines) made of `text NAME.GROUP …` lines.
#[derive(Debug)]
pub struct DialectAst {
    pub name: Name,
    pub doc: String,
}

/// `NAME` or `NAME=VALUE` on an opcode line.
#[derive(Debug, Clone)]
pub struct AttrAst {
    pub name: Name,
    pub value: Option<CondValue>,
}

#[derive(Debug)]
pub struct EnumAst {
    pub name: Name,
    pub bits: Lit<u128>,
    pub open: bool,
    /// `operands(a, b)`: the names its variants' semantics may use.
    pub operands: Option<Vec<Name>>,
    /// `attr NAME [TYPE = DEFAULT]` lines: attributes every value has.
    pub attrs: Vec<AttrDeclAst>,
    pub variants: Vec<VariantAst>,
    pub doc: String,
    /// False when a line of the block failed to parse (reported).
    pub complete: bool,
}

#[derive(Debug)]
pub struct VariantAst {
    pub name: Name,
    pub value: Lit<u128>,
    pub spellings: Vec<Lit<String>>,
    pub semantics: Option<Lit<String>>,
    /// Attribute settings, in the order written.
    pub attrs: Vec<AttrAst>,
    pub doc: String,
}

#[derive(Debug)]
pub struct RegsAst {
    pub name: Name,
    pub bits: Lit<u128>,
    pub open: bool,
    pub files: Vec<RegFileAst>,
    pub doc: String,
}

#[derive(Debug)]
pub struct RegFileAst {
    pub prefix: Name,
    pub base: Lit<u128>,
    pub count: Lit<u128>,
    pub doc: String,
}

/// A `layout` or `format` item.
#[derive(Debug)]
pub struct LayoutAst {
    pub is_format: bool,
    pub name: Name,
    /// Width; for a derived format, taken from its base.
    pub bits: Lit<u128>,
    /// `format NAME : BASE`: fields not overridden come from BASE.
    pub base: Option<Name>,
    pub fields: Vec<FieldAst>,
    pub syntax: Option<Lit<String>>,
    /// The `syntax` line is a base format's, inherited.
    pub syntax_inherited: bool,
    /// `text NAME [when COND, …] "TEMPLATE"` lines: named, conditional
    /// templates with context hooks.
    pub texts: Vec<TextAst>,
    /// `param NAME` lines: bools the `text` lines read, given by the line
    /// that prints the layout.
    pub params: Vec<ParamAst>,
    /// `variant ".SUFFIX"` lines of a derived format: every opcode of its
    /// base also has this form.
    pub variants: Vec<OpVariantAst>,
    pub doc: String,
    /// False when a line of the block failed to parse (checks that need
    /// every field are then skipped, to avoid follow-on errors).
    pub complete: bool,
    /// A derived format's base fields that its own fields replaced by
    /// overlapping their bits, each with the field that took them.
    pub replaced: Vec<(String, Name)>,
}

/// `variant ".SUFFIX" [prio N] [gen LO..=HI] /// doc` in a derived format: each
/// opcode of the base format also exists in this format, as the opcode
/// `MNEMONIC.SUFFIX` (the base opcode's value, attributes, semantics and
/// generations, those within `gen` if given), whose `text` lines print the
/// base mnemonic.
#[derive(Debug, Clone)]
pub struct OpVariantAst {
    pub suffix: Lit<String>,
    /// `prio N`: the variant opcodes' priority (else each base opcode's).
    pub priority: Option<Lit<i64>>,
    pub gens: Option<GenRangeAst>,
    pub doc: String,
}

/// `param NAME /// doc` in a layout.
#[derive(Debug, Clone)]
pub struct ParamAst {
    pub name: Name,
    pub doc: String,
}

#[derive(Debug, Clone)]
pub struct FieldAst {
    pub name: Name,
    pub ranges: Vec<RangeAst>,
    pub ty: TypeAst,
    pub doc: String,
}

/// `lo..=hi` or a single bit.
#[derive(Debug, Clone)]
pub struct RangeAst {
    pub lo: u128,
    pub hi: u128,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum TypeAst {
    /// `u`, `bool`, an enum name, …
    Named(Name),
    /// `mask(x_high)` and the like.
    Param(Name, Name),
    /// `fixed VALUE` or `pattern VALUE` (the name says which).
    Fixed(Name, Lit<u128>),
}

impl TypeAst {
    pub fn span(&self) -> Span {
        match self {
            TypeAst::Named(n) => n.span,
            TypeAst::Param(n, p) => n.span.to(p.span),
            TypeAst::Fixed(n, v) => n.span.to(v.span),
        }
    }
}

#[derive(Debug)]
pub struct OpAst {
    pub mnemonic: Name,
    pub value: Lit<u128>,
    pub format: Name,
    pub template: Option<Lit<String>>,
    pub semantics: Option<Lit<String>>,
    pub priority: Option<Lit<i64>>,
    /// `gen LO..=HI` or `gen N`: the generations that have it.
    pub gens: Option<GenRangeAst>,
    /// Attribute settings, in the order written.
    pub attrs: Vec<AttrAst>,
    pub doc: String,
    /// For an opcode made by a format's `variant` line: the base opcode's
    /// mnemonic, which the format's `text` lines print (`{opcode}`).
    pub text_name: Option<String>,
}

/// `bundle NAME { control …; unit …; derive … }`: a presence-mask bundle.
#[derive(Debug)]
pub struct BundleAst {
    pub name: Name,
    pub control: Option<Name>,
    pub units: Vec<UnitAst>,
    pub derives: Vec<DeriveAst>,
    pub doc: String,
    /// False when a line of the block failed to parse.
    pub complete: bool,
}

/// `unit NAME enable BIT width BITS LAYOUT [| LAYOUT…]`.
#[derive(Debug)]
pub struct UnitAst {
    pub name: Name,
    pub enable: Lit<u128>,
    pub width: Lit<u128>,
    pub variants: Vec<Name>,
    pub doc: String,
}

/// `derive FIELD = RULE`, where RULE is `words`, `next.words` or `!last`.
#[derive(Debug)]
pub struct DeriveAst {
    pub field: Name,
    /// The rule as written (`!last` keeps its `!`).
    pub rule: Name,
}

/// `text DIALECT.GROUP [when COND, …] [default FIELD = V, …] "TEMPLATE"`
/// inside a format or layout.
#[derive(Debug, Clone)]
pub struct TextAst {
    /// The dialect (`None` when the line names only a group).
    pub dialect: Option<Name>,
    /// The group: alternatives that share it print one piece of text.
    pub name: Name,
    pub when: Vec<CondAst>,
    /// `default FIELD = V`: what parsing this form writes into fields its
    /// text does not give.
    pub defaults: Vec<(Name, CondValue)>,
    pub template: Lit<String>,
    pub doc: String,
    /// The line is a base format's, inherited by a derived one (which
    /// checks it against its own fields).
    pub inherited: bool,
}

/// One condition of a `text` line: `flag`, `!flag`, `field == a|b`,
/// `field != a|b`, `field is named`, `field is unnamed`.
#[derive(Debug, Clone)]
pub struct CondAst {
    pub field: Name,
    /// `field.ATTR`: the condition reads this attribute of the field's enum
    /// value rather than the value.
    pub attr: Option<Name>,
    /// `==` (or a bare flag) rather than `!=` (or `!flag`).
    pub equal: bool,
    /// The values; empty for the flag forms.
    pub values: Vec<CondValue>,
    /// `field is named` (`Some(true)`) or `field is unnamed` (`Some(false)`):
    /// whether the field's open enum names its value.
    pub named: Option<bool>,
    /// `field > N` (`Some(true)`) or `field < N` (`Some(false)`): compared
    /// with the one number in `values`.
    pub greater: Option<bool>,
    pub span: Span,
}

/// A value in a condition or an attribute: an enum variant's name or a number.
#[derive(Debug, Clone)]
pub enum CondValue {
    Name(Name),
    Int(Lit<u128>),
}

impl std::fmt::Display for CondAst {
    /// The condition as the spec writes it, normalised (`op.args == 1`,
    /// `!sync`, `op is unnamed`, `type == tex2d|cube`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let subject = match &self.attr {
            Some(a) => format!("{}.{}", self.field.text, a.text),
            None => self.field.text.clone(),
        };
        if let Some(named) = self.named {
            return write!(f, "{subject} is {}", if named { "named" } else { "unnamed" });
        }
        if self.values.is_empty() {
            return write!(f, "{}{subject}", if self.equal { "" } else { "!" });
        }
        if let (Some(greater), [CondValue::Int(n)]) = (self.greater, self.values.as_slice()) {
            return write!(f, "{subject} {} {}", if greater { ">" } else { "<" }, n.value);
        }
        let values: Vec<String> = self
            .values
            .iter()
            .map(|v| match v {
                CondValue::Name(n) => n.text.clone(),
                CondValue::Int(l) => l.value.to_string(),
            })
            .collect();
        write!(
            f,
            "{subject} {} {}",
            if self.equal { "==" } else { "!=" },
            values.join("|")
        )
    }
}

impl CondValue {
    pub fn span(&self) -> Span {
        match self {
            CondValue::Name(n) => n.span,
            CondValue::Int(l) => l.span,
        }
    }
}
