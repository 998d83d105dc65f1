//! Layout metadata: the static description of an ISA that the macro generates
//! from its spec (`pica::LAYOUT` and friends).
//!
//! The CLI, the docs generator and the text printer/parser read these tables;
//! nothing downstream parses a spec file a second time.

/// A whole ISA.
#[derive(Debug)]
pub struct IsaLayout {
    /// The ISA's name, as in the spec's `isa` item.
    pub name: &'static str,
    /// The ISA's doc.
    pub doc: &'static str,
    /// Width of an instruction word in bits.
    pub word_bits: u32,
    /// The spelling that prints words no opcode matches (such as `.word`), if
    /// the ISA keeps them.
    pub fallback: Option<&'static str>,
    /// The hardware generations the spec describes (`gens LO..=HI`), if it
    /// tells them apart: an opcode may then exist in some of them only
    /// ([`Opcode::gens`]), and the decoder takes a generation.
    pub gens: Option<Gens>,
    /// Instruction formats, then free-standing layouts, in spec order.
    pub formats: &'static [&'static Format],
    /// Enums, in spec order.
    pub enums: &'static [&'static Enum],
    /// Register files, in spec order.
    pub regs: &'static [&'static Regs],
    /// Opcodes, in spec order.
    pub opcodes: &'static [Opcode],
    /// The attributes every opcode has (`attr` lines of the `isa` item), in
    /// spec order; [`Opcode::attrs`] holds one value per entry.
    pub attrs: &'static [Attr],
    /// Text dialects (`dialect` lines of the `isa` item), in spec order:
    /// syntaxes made of the formats' `text` lines ([`NamedText`]), beside
    /// the field-explicit `syntax` lines.
    pub dialects: &'static [Dialect],
    /// Indices into `opcodes` in decode order: highest priority first, then
    /// spec order.
    pub decode_order: &'static [usize],
    /// Indices into `opcodes` in mnemonic order (byte-wise; mnemonics are
    /// unique): what [`IsaLayout::opcode`] searches.
    pub by_mnemonic: &'static [usize],
    /// For a bundle ISA (no opcodes, such as Lima GP): the one format that is
    /// the whole instruction.
    pub bundle: Option<&'static Format>,
    /// For a presence-mask bundle ISA (Lima PP): the control word and the
    /// units it enables.
    pub packed: Option<&'static Packed>,
}

impl IsaLayout {
    /// The dialect with this name.
    pub fn dialect(&self, name: &str) -> Option<&'static Dialect> {
        self.dialects.iter().find(|d| d.name == name)
    }

    /// The opcode with this mnemonic (a binary search of `by_mnemonic`:
    /// assemblers look up every line's first word).
    pub fn opcode(&self, mnemonic: &str) -> Option<&'static Opcode> {
        let at = self
            .by_mnemonic
            .binary_search_by(|&i| self.opcodes[i].mnemonic.cmp(mnemonic))
            .ok()?;
        Some(&self.opcodes[self.by_mnemonic[at]])
    }

    /// The index in `opcodes` of `op`, an opcode of this layout (`None` for
    /// any other `Opcode`, even an equal copy). Constant time: it is the
    /// reference's place in the slice.
    pub fn opcode_index(&self, op: &Opcode) -> Option<usize> {
        let size = core::mem::size_of::<Opcode>();
        let offset = (op as *const Opcode as usize).checked_sub(self.opcodes.as_ptr() as usize)?;
        let index = offset / size;
        (offset % size == 0 && index < self.opcodes.len()).then_some(index)
    }

    /// The value of attribute `name` on `op` (`None` if the ISA declares no
    /// such attribute). The generated `OpcodeAttrs` is the typed form.
    pub fn attr(&self, op: &Opcode, name: &str) -> Option<u64> {
        let i = self.attrs.iter().position(|a| a.name == name)?;
        op.attrs.get(i).copied()
    }

    /// The index in `formats` of `format`, a format of this layout (`None`
    /// for any other `Format`): what the generated `text_writers` and
    /// `text_carry` take.
    pub fn format_index(&self, format: &Format) -> Option<usize> {
        self.formats.iter().position(|f| core::ptr::eq(*f, format))
    }

    /// The format or layout with this name.
    pub fn format(&self, name: &str) -> Option<&'static Format> {
        self.formats.iter().copied().find(|f| f.name == name)
    }

    /// The opcode whose pattern matches `word` (low 128 bits), honouring priority.
    pub fn match_opcode(&self, word: u128) -> Option<&'static Opcode> {
        self.match_opcode_in(word, self.gens.map(|g| g.hi))
    }

    /// [`IsaLayout::match_opcode`] as generation `gen` decodes (`None`:
    /// ignoring generations).
    pub fn match_opcode_in(&self, word: u128, gen: Option<u32>) -> Option<&'static Opcode> {
        self.decode_order
            .iter()
            .map(|&i| &self.opcodes[i])
            .find(|o| word & o.mask == o.bits && gen.is_none_or(|g| o.in_gen(g)))
    }
}

/// An instruction format (has an opcode field) or a free-standing layout.
#[derive(Debug)]
pub struct Format {
    /// Name from the spec.
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// Width in bits.
    pub bits: u32,
    /// Whether this is an instruction format (it has an `opcode` field).
    pub is_instruction: bool,
    /// Fields in spec order; together they cover every bit exactly once.
    pub fields: &'static [Field],
    /// The text form (default operand template for an instruction format).
    pub syntax: &'static [Piece],
    /// Named, conditional templates (`text NAME when … "…"` lines), in spec
    /// order: the building blocks of a program-level text such as Mesa's
    /// Lima GP disassembly (see [`crate::text::write_text`]).
    pub texts: &'static [NamedText],
    /// `param NAME` lines: bools that the `text` lines of a layout printed
    /// inside another's line read, given by that line ([`Style::Nested`]).
    pub params: &'static [Param],
}

/// A `param NAME` line of a layout: a bool its `text` lines print
/// (`{p:'text'}`) and test (`when p`), given by the line that prints the
/// layout ([`Binding`]), not stored in its bits.
#[derive(Debug)]
pub struct Param {
    /// Name from the spec.
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
}

/// A condition of a [`NamedText`] on one of the layout's [`Param`]s: `p`
/// (`set`) or `!p`.
#[derive(Debug)]
pub struct ParamCond {
    /// Index into `Format::params`.
    pub param: usize,
    /// The param must be set (rather than clear).
    pub set: bool,
}

/// What a line that prints a layout through its own `text` lines
/// ([`Style::Nested`]) gives one of that layout's params.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    /// The param's name (in a union, each layout's param of that name).
    pub param: &'static str,
    /// Its value.
    pub value: Bind,
}

/// The value of a [`Binding`], from the fields, params and opcode of the
/// line that prints the nested layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bind {
    /// `p = 0` or `p = 1`.
    Const(bool),
    /// `p = f` (`invert`: `p = !f`): a bool field (index into the outer
    /// `Format::fields`); parsing writes what the nested text says back.
    Field {
        /// Index into the outer `Format::fields`.
        index: usize,
        /// `!f`.
        invert: bool,
    },
    /// `p = q` (`invert`: `!q`): a param of the outer layout, which
    /// parsing sets from what the nested text says.
    Param {
        /// Index into the outer `Format::params`.
        index: usize,
        /// `!q`.
        invert: bool,
    },
    /// `p = f.ATTR` (`invert`: `!f.ATTR`): set when the opcode (an enum
    /// field's value) has the flag; parsing checks it against the value
    /// read.
    OneOf(Term, bool),
    /// `p = A == b` (`differ`: `A != b`): parsing solves bool field `b`
    /// from `A` and the param once the whole line is read.
    Equal {
        /// `A`.
        a: Term,
        /// Index into the outer `Format::fields`: the field parsing writes.
        b: usize,
        /// `!=` rather than `==`.
        differ: bool,
    },
}

/// A bool that a [`Bind`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// A bool field (index into the outer `Format::fields`).
    Field(usize),
    /// `f.ATTR`: field `f` (index into `Format::fields`) holds one of these
    /// values: the format's opcodes with the flag (the opcode field), or
    /// the enum's values with it (an enum field).
    OneOf {
        /// Index into the outer `Format::fields`.
        field: usize,
        /// The values that have the flag.
        values: &'static [u64],
    },
}

impl Term {
    /// Its value in the outer word (`base`: where the outer format starts).
    pub fn value<W: crate::BitWord>(&self, format: &Format, word: &W, base: u32) -> bool {
        match *self {
            Term::Field(i) => format.fields[i].read(word, base) != 0,
            Term::OneOf { field, values } => values.contains(&format.fields[field].read(word, base)),
        }
    }
}

impl Bind {
    /// The param's value for the outer word (`base`: where the outer
    /// format starts in it; `params`: the outer layout's params).
    pub fn value<W: crate::BitWord>(&self, format: &Format, word: &W, base: u32, params: u64) -> bool {
        match *self {
            Bind::Const(v) => v,
            Bind::Field { index, invert } => (format.fields[index].read(word, base) != 0) != invert,
            Bind::Param { index, invert } => (params >> index & 1 != 0) != invert,
            Bind::OneOf(t, invert) => t.value(format, word, base) != invert,
            Bind::Equal { a, b, differ } => {
                (a.value(format, word, base) == (format.fields[b].read(word, base) != 0)) != differ
            }
        }
    }
}

/// A `dialect NAME` line of the `isa` item: a text syntax whose pieces are
/// the `text NAME.GROUP …` lines of the formats.
#[derive(Debug)]
pub struct Dialect {
    /// The name (`mesa`).
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
}

/// A `text DIALECT.GROUP when COND, … [default FIELD = V, …] "TEMPLATE"`
/// line of a format. Lines
/// of one dialect that share a group are alternatives: the first whose
/// conditions hold prints.
#[derive(Debug)]
pub struct NamedText {
    /// The dialect it belongs to ([`Dialect::name`]).
    pub dialect: &'static str,
    /// The group (shared by the alternatives of one piece of text).
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// Conditions that must all hold for this alternative to print.
    pub when: &'static [Cond],
    /// Conditions on the layout's params ([`Format::params`]), which must
    /// hold too.
    pub when_params: &'static [ParamCond],
    /// `default FIELD = V`: (index into `Format::fields`, value) pairs that
    /// parsing this alternative writes first, for fields its text does not
    /// give (what the tool whose text this is writes there). Printing
    /// ignores them.
    pub defaults: &'static [(usize, u64)],
    /// The template; it may contain context hooks ([`Piece::Hook`],
    /// [`Style::Hook`]).
    pub pieces: &'static [Piece],
}

/// One condition of a [`NamedText`]: a field is (or is not) one of some
/// values. A bool flag `f` is `f == 1`, `!f` is `f != 1`.
#[derive(Debug)]
pub struct Cond {
    /// Index into `Format::fields`.
    pub field: usize,
    /// The condition as the spec writes it (`op.args == 1`, `!sync`,
    /// `opcode.flow == jump`).
    pub text: &'static str,
    /// `==` rather than `!=`.
    pub equal: bool,
    /// The raw values compared with.
    pub values: &'static [u64],
    /// `field is named` (`Some(true)`) / `field is unnamed` (`Some(false)`):
    /// whether the field's enum names its value (`values` is then empty).
    pub named: Option<bool>,
    /// `field.ATTR == v`: the index (into the field's [`Enum::attrs`]) of
    /// the attribute compared instead of the raw value; such a condition
    /// never holds for a value the enum does not name. An `opcode.ATTR`
    /// condition arrives resolved: `values` are the opcodes of the format
    /// whose attribute matches, and this is `None`.
    pub attr: Option<usize>,
    /// `field == other` / `field != other`: compared with another field
    /// (index into `Format::fields`; `values` is then empty). Parsing
    /// checks it and never pins it.
    pub other: Option<usize>,
    /// `field > N` / `field < N`: holds for the values `LO..=HI` (`values`
    /// is then empty; ir3's `v > 4096`). Parsing checks it and never pins it.
    pub range: Option<(u64, u64)>,
}

impl NamedText {
    /// The context hooks its template uses (`{@name}` and `{field:@name}`,
    /// inside optional groups too), in template order.
    pub fn hooks(&self) -> alloc::vec::Vec<&'static str> {
        fn walk(pieces: &'static [Piece], out: &mut alloc::vec::Vec<&'static str>) {
            for p in pieces {
                match p {
                    Piece::Hook(h)
                    | Piece::Field {
                        style: Style::Hook(h), ..
                    } => out.push(h),
                    Piece::Group { pieces, .. } => walk(pieces, out),
                    _ => {}
                }
            }
        }
        let mut out = alloc::vec::Vec::new();
        walk(self.pieces, &mut out);
        out
    }

    /// Whether every condition holds for the word (`base`: where the format
    /// starts in it).
    pub fn holds<W: crate::BitWord>(&self, format: &Format, word: &W, base: u32) -> bool {
        self.holds_with(format, word, base, 0)
    }

    /// [`NamedText::holds`] for a layout with params ([`Format::params`]):
    /// bit `i` of `params` is param `i`.
    pub fn holds_with<W: crate::BitWord>(&self, format: &Format, word: &W, base: u32, params: u64) -> bool {
        self.when_params.iter().all(|c| (params >> c.param & 1 != 0) == c.set)
            && self.when.iter().all(|c| c.holds(format, word, base))
    }
}

impl Cond {
    /// Whether the condition holds for the word.
    pub fn holds<W: crate::BitWord>(&self, format: &Format, word: &W, base: u32) -> bool {
        let field = &format.fields[self.field];
        let v = field.read(word, base);
        if let Some(other) = self.other {
            return (v == format.fields[other].read(word, base)) == self.equal;
        }
        if let Some((lo, hi)) = self.range {
            return (lo..=hi).contains(&v);
        }
        // The enum value is looked up only by the conditions that need it.
        let value = || match field.kind {
            FieldKind::Enum(e) => e.value(v),
            _ => None,
        };
        match (self.named, self.attr) {
            (Some(named), _) => value().is_some() == named,
            // An attribute condition holds only for a value the enum names.
            (None, Some(a)) => value()
                .and_then(|x| x.attrs.get(a))
                .is_some_and(|x| self.values.contains(x) == self.equal),
            (None, None) => self.values.contains(&v) == self.equal,
        }
    }
}

impl Format {
    /// The mnemonics of the format's opcodes as its `text` lines' `{opcode}`
    /// pieces print them ([`Style::Mnemonic`]); empty when no line has one.
    pub fn mnemonics(&self) -> &'static [Mnemonic] {
        fn walk(pieces: &'static [Piece]) -> Option<&'static [Mnemonic]> {
            pieces.iter().find_map(|p| match p {
                Piece::Field {
                    style: Style::Mnemonic(table),
                    ..
                } => Some(*table),
                Piece::Group { pieces, .. } => walk(pieces),
                _ => None,
            })
        }
        self.texts.iter().find_map(|t| walk(t.pieces)).unwrap_or(&[])
    }

    /// The field with this name.
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        // Byte by byte: names are short, shorter than a call to `memcmp`.
        let same = |f: &&Field| f.name.len() == name.len() && f.name.bytes().zip(name.bytes()).all(|(a, b)| a == b);
        self.fields.iter().find(same)
    }
}

/// One field of a format or layout.
#[derive(Debug)]
pub struct Field {
    /// Name from the spec.
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// The bit ranges, least significant part first.
    pub ranges: &'static [BitRange],
    /// Total width in bits.
    pub width: u32,
    /// What the bits mean.
    pub kind: FieldKind,
}

impl Field {
    /// The field as messages name it: `` `name` ``, or a view's value in
    /// words (`an f16 value`), which is no spec name.
    pub fn shown(&self) -> ShownField<'_> {
        ShownField(self)
    }

    /// Reads the field from `word`, for a layout that starts at bit `base`
    /// (the first range holds the least significant bits).
    pub fn read<W: crate::BitWord>(&self, word: &W, base: u32) -> u64 {
        let mut value = 0u64;
        let mut shift = 0;
        for r in self.ranges {
            value |= word.get(base + r.lo, r.width) << shift;
            shift += r.width;
        }
        value
    }

    /// Writes `value` into the field of `word`, for a layout that starts at
    /// bit `base`; other bits are kept.
    pub fn write<W: crate::BitWord>(&self, word: &mut W, base: u32, value: u64) {
        let mut shift = 0;
        for r in self.ranges {
            word.set(base + r.lo, r.width, value >> shift);
            shift += r.width;
        }
    }
}

/// A contiguous run of bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BitRange {
    /// First (least significant) bit.
    pub lo: u32,
    /// Number of bits.
    pub width: u32,
}

impl BitRange {
    /// The last (most significant) bit.
    pub const fn hi(&self) -> u32 {
        self.lo + self.width - 1
    }
}

/// Which end of a mask or swizzle holds x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComponentOrder {
    /// x in the most significant bit(s) (PICA200).
    XHigh,
    /// x in the least significant bit(s) (AGAL, Lima).
    XLow,
}

/// The meaning of a field's bits.
#[derive(Debug, Clone, Copy)]
pub enum FieldKind {
    /// Unsigned integer.
    Unsigned,
    /// Two's-complement signed integer.
    Signed,
    /// One bit.
    Bool,
    /// IEEE half float.
    Half,
    /// IEEE single float (`f32`).
    Float,
    /// An enum.
    Enum(&'static Enum),
    /// A register file operand.
    Regs(&'static Regs),
    /// A nested layout.
    Layout(&'static Format),
    /// One of several nested layouts ([`Union::variant`] tells which).
    Union(&'static Union),
    /// A 4-bit write mask.
    Mask(ComponentOrder),
    /// An 8-bit swizzle.
    Swizzle(ComponentOrder),
    /// The opcode bits.
    Opcode,
    /// Bits that must hold this value.
    Fixed(u64),
    /// Bits that must be zero.
    Reserved,
    /// Bits of unknown meaning, kept verbatim.
    Unknown,
    /// Unit-enable bits of a presence-mask bundle's control word: set from
    /// the units present (a standalone decode requires them to be zero).
    Presence,
}

impl FieldKind {
    /// The spec keyword or type name, for tables.
    pub fn type_name(&self) -> &'static str {
        match self {
            FieldKind::Unsigned => "u",
            FieldKind::Signed => "s",
            FieldKind::Bool => "bool",
            FieldKind::Half => "f16",
            FieldKind::Float => "f32",
            FieldKind::Enum(e) => e.name,
            FieldKind::Regs(r) => r.name,
            FieldKind::Layout(l) => l.name,
            FieldKind::Union(u) => u.name,
            FieldKind::Mask(ComponentOrder::XHigh) => "mask(x_high)",
            FieldKind::Mask(ComponentOrder::XLow) => "mask(x_low)",
            FieldKind::Swizzle(ComponentOrder::XHigh) => "swizzle(x_high)",
            FieldKind::Swizzle(ComponentOrder::XLow) => "swizzle(x_low)",
            FieldKind::Opcode => "opcode",
            FieldKind::Fixed(_) => "fixed",
            FieldKind::Reserved => "reserved",
            FieldKind::Unknown => "unknown",
            FieldKind::Presence => "presence",
        }
    }

    /// Whether the field carries operand data (it is stored in the typed
    /// instruction and named by templates).
    pub fn is_operand(&self) -> bool {
        !matches!(
            self,
            FieldKind::Opcode | FieldKind::Fixed(_) | FieldKind::Reserved | FieldKind::Unknown | FieldKind::Presence
        )
    }
}

/// A `union` item: a field type whose bits hold one of several layouts of
/// the same width, the first (in order) whose `fixed` fields all hold.
#[derive(Debug)]
pub struct Union {
    /// Name from the spec.
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// Width in bits.
    pub bits: u32,
    /// The layouts, in the order they are tried.
    pub variants: &'static [&'static Format],
}

impl Union {
    /// The layout that `raw` (the field's bits) holds: the first whose
    /// `fixed` fields all hold; `None` if none does.
    pub fn variant(&self, raw: u64) -> Option<&'static Format> {
        self.variants.iter().copied().find(|f| {
            f.fields.iter().all(|field| match field.kind {
                FieldKind::Fixed(v) => field.read(&raw, 0) == v,
                _ => true,
            })
        })
    }
}

/// An enum type.
#[derive(Debug)]
pub struct Enum {
    /// Name.
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// Width in bits.
    pub bits: u32,
    /// Whether unnamed values are kept verbatim instead of rejected.
    pub open: bool,
    /// The names a value's semantics may use for its inputs, when the enum
    /// is an operation (`enum AccOp : 3 open operands(a, b)`); empty
    /// otherwise. An enum-typed operand with operands can be called like a
    /// function with that many arguments in an opcode's semantics.
    pub operands: &'static [&'static str],
    /// The attributes every value has (`attr` lines in the enum);
    /// [`EnumValue::attrs`] holds one value per entry. An unnamed value has
    /// the defaults.
    pub attrs: &'static [Attr],
    /// The named values.
    pub values: &'static [EnumValue],
}

impl Enum {
    /// The named value for `raw`.
    pub fn value(&self, raw: u64) -> Option<&'static EnumValue> {
        // Values are unique, and usually in order from 0: try the value's
        // own place first.
        let at = usize::try_from(raw).ok().and_then(|i| self.values.get(i));
        at.filter(|v| v.value == raw)
            .or_else(|| self.values.iter().find(|v| v.value == raw))
    }
}

/// One named enum value.
#[derive(Debug)]
pub struct EnumValue {
    /// Variant name.
    pub name: &'static str,
    /// Raw value.
    pub value: u64,
    /// Spellings; the first one prints, all of them parse.
    pub spellings: &'static [&'static str],
    /// What the value computes, as AGSL over the enum's `operands` (its
    /// result is `dst`); empty when the spec states none.
    pub semantics: &'static str,
    /// One value per attribute of [`Enum::attrs`], in that order.
    pub attrs: &'static [u64],
    /// Doc.
    pub doc: &'static str,
}

/// A register-file operand type.
#[derive(Debug)]
pub struct Regs {
    /// Name.
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// Width in bits.
    pub bits: u32,
    /// Whether values outside every file are kept instead of rejected.
    pub open: bool,
    /// The register files.
    pub files: &'static [RegFile],
}

impl Regs {
    /// The file and index for `raw`.
    pub fn lookup(&self, raw: u64) -> Option<(&'static RegFile, u64)> {
        self.files
            .iter()
            .find(|f| raw >= f.base && raw - f.base < f.count)
            .map(|f| (f, raw - f.base))
    }
}

/// One register file: `prefix` followed by `0..count`, encoded from `base`.
#[derive(Debug)]
pub struct RegFile {
    /// Prefix, such as `c`.
    pub prefix: &'static str,
    /// Encoding of register 0.
    pub base: u64,
    /// Number of registers.
    pub count: u64,
    /// Doc.
    pub doc: &'static str,
}

/// One opcode.
#[derive(Debug)]
pub struct Opcode {
    /// Mnemonic.
    pub mnemonic: &'static str,
    /// Its format.
    pub format: &'static Format,
    /// Value of the format's opcode field.
    pub value: u64,
    /// Which bits of the word are opcode bits (low 128 bits).
    pub mask: u128,
    /// What those bits hold.
    pub bits: u128,
    /// Operand template (printing and parsing).
    pub template: &'static [Piece],
    /// The template as written in the spec.
    pub template_source: &'static str,
    /// What the opcode computes, as an AGSL expression.
    pub semantics: &'static str,
    /// Declared decode priority (higher wins).
    pub priority: i32,
    /// The generations that have it (`gen …` on its line); `None`: every
    /// generation.
    pub gens: Option<Gens>,
    /// One value per attribute of [`IsaLayout::attrs`], in that order.
    pub attrs: &'static [u64],
    /// Doc.
    pub doc: &'static str,
}

/// An inclusive range of hardware generations (`gens 3..=7`, `gen 6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gens {
    /// The oldest.
    pub lo: u32,
    /// The newest.
    pub hi: u32,
}

impl Gens {
    /// Whether `gen` is in the range.
    pub const fn contains(self, gen: u32) -> bool {
        self.lo <= gen && gen <= self.hi
    }
}

impl Opcode {
    /// Whether generation `gen` has this opcode (every generation does
    /// when its line has no `gen`).
    pub fn in_gen(&self, gen: u32) -> bool {
        self.gens.is_none_or(|g| g.contains(gen))
    }
}

/// A per-opcode attribute (`attr NAME [TYPE = DEFAULT]` in the spec's
/// `isa` item), such as AGAL's `fragment_only` or `since`.
#[derive(Debug, Clone, Copy)]
pub struct Attr {
    /// Its name.
    pub name: &'static str,
    /// What its values are.
    pub kind: AttrKind,
    /// The value of an opcode that does not set it.
    pub default: u64,
    /// Doc.
    pub doc: &'static str,
}

/// The values of an [`Attr`].
#[derive(Debug, Clone, Copy)]
pub enum AttrKind {
    /// 1 where the opcode line names it, else 0.
    Flag,
    /// A number.
    Unsigned,
    /// A value of this enum, written as a variant's name.
    Enum(&'static Enum),
    /// Another opcode of the ISA: its index in [`IsaLayout::opcodes`] + 1,
    /// or 0 for none (written as its mnemonic).
    Opcode,
}

impl Attr {
    /// How the spec writes `value` on an opcode line: `fragment_only`,
    /// `since=v2`, `cycles=4`; `None` for a flag that is not set.
    pub fn setting<'a>(&'a self, isa: &IsaLayout, value: u64) -> Option<AttrSetting<'a>> {
        let mnemonic = match self.kind {
            AttrKind::Opcode => Some(isa.opcodes.get(value.checked_sub(1)? as usize)?.mnemonic),
            _ => None,
        };
        match self.kind {
            AttrKind::Flag if value == 0 => None,
            _ => Some(AttrSetting {
                attr: self,
                value,
                mnemonic,
            }),
        }
    }
}

/// An attribute with a value, displayed as the spec writes it.
#[derive(Debug, Clone, Copy)]
pub struct AttrSetting<'a> {
    /// The attribute.
    pub attr: &'a Attr,
    /// Its value.
    pub value: u64,
    /// For an `opcode` attribute, the mnemonic it names.
    pub mnemonic: Option<&'static str>,
}

impl core::fmt::Display for AttrSetting<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let name = self.attr.name;
        match (self.attr.kind, self.mnemonic) {
            (AttrKind::Flag, _) => f.write_str(name),
            (AttrKind::Opcode, Some(m)) => write!(f, "{name}={m}"),
            (AttrKind::Unsigned | AttrKind::Opcode, _) => write!(f, "{name}={}", self.value),
            (AttrKind::Enum(e), _) => match e.value(self.value) {
                Some(v) => write!(f, "{name}={}", v.name),
                None => write!(f, "{name}={:#x}", self.value),
            },
        }
    }
}

/// One piece of a template.
#[derive(Debug, Clone, Copy)]
pub enum Piece {
    /// Literal text.
    Text(&'static str),
    /// One space when printing; optional whitespace when parsing.
    Space,
    /// A field, by index into the format's `fields`.
    Field {
        /// Index into `Format::fields`.
        index: usize,
        /// How it prints.
        style: Style,
    },
    /// `{@name}`: text that the caller's context prints and parses
    /// ([`crate::text::TextHooks`]); only in `text` templates.
    Hook(&'static str),
    /// `{p:'text'}` on a param of the layout ([`Format::params`]): `text`
    /// when it is set; only in `text` templates.
    Param {
        /// Index into `Format::params`.
        index: usize,
        /// What it prints when set.
        text: &'static str,
    },
    /// `{flag?…}` (`when_set`) or `{!flag?…}`: pieces printed only when the
    /// field is non-zero (zero); only in `text` templates. Parsing tries the
    /// group first, then its absence, and sets the field to match.
    Group {
        /// Index into `Format::fields`.
        index: usize,
        /// Printed when the field is non-zero (rather than zero).
        when_set: bool,
        /// The group's pieces.
        pieces: &'static [Piece],
    },
}

/// How a template prints a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The type's default form.
    Default,
    /// Hexadecimal with `0x`.
    Hex,
    /// `{field:d}`: the raw value in decimal (an enum's number rather than
    /// its spelling).
    Decimal,
    /// A bool that prints this text when set and nothing when clear.
    Flag(&'static str),
    /// `{field:@name}`: the field printed and parsed by the caller's context
    /// ([`crate::text::TextHooks`]); only in `text` templates.
    Hook(&'static str),
    /// `{opcode}` in a `text` template: the opcode field printed as the
    /// mnemonic of the format's opcode with its value, and parsed as the
    /// longest of these mnemonics at the cursor. The table lists the
    /// format's opcodes in spec order.
    Mnemonic(&'static [Mnemonic]),
    /// `{field:.N}`: a float field with exactly N decimals, as C's `%.Nf`
    /// prints it (Mesa's `%f` is `.6`); parsing takes any decimal and rounds
    /// it to the nearest value of the field's type. Only in `text` lines,
    /// since it may lose bits (a layer notes them).
    Decimals(u8),
    /// `{field:+}`: a `u` or `s` field with its sign always (`+5`, `-176`,
    /// `+0`), as Mesa prints ir3's memory offsets (in a group, `{off?{off:+}}`,
    /// when it leaves 0 out).
    Sign,
    /// `{field + N}`: a `u` field's value plus N, in decimal (Mesa's ir3
    /// shifts, `<<{shift + 2}`); parsing takes a number of at least N and
    /// writes it less N.
    Plus(u64),
    /// `{field as VIEW}` (with `decimals`, `{field as f16:.6}`): the low
    /// bits of a number field read as another type, in a `text` line only
    /// (the other bits read back as 0, which a layer notes).
    View {
        /// The type read.
        view: View,
        /// `:.N` on a float view: N decimals, as C's `%.Nf`.
        decimals: Option<u8>,
    },
    /// A `layout` or `union` field in a `text` line, printed through the
    /// nested layout's own lines of the same dialect (one group), with
    /// its params given by these bindings. Of those lines the first whose
    /// conditions hold prints; parsing reads the one (of every layout of
    /// a union) that reads the most text.
    Nested(&'static [Binding]),
}

/// What `{field as VIEW}` reads a field's low bits as: ir3's immediates
/// are a half, a float or a signed number by their instruction's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The low 16 bits as an IEEE half.
    F16,
    /// The low 32 bits as an IEEE single.
    F32,
    /// The low 16 bits as a signed number.
    S16,
    /// The low 32 bits as a signed number.
    S32,
}

impl View {
    /// The view by its spec name (`f16`, `f32`, `s16`, `s32`).
    pub fn from_name(name: &str) -> Option<View> {
        Some(match name {
            "f16" => View::F16,
            "f32" => View::F32,
            "s16" => View::S16,
            "s32" => View::S32,
            _ => return None,
        })
    }

    /// Its spec name.
    pub fn name(self) -> &'static str {
        match self {
            View::F16 => "f16",
            View::F32 => "f32",
            View::S16 => "s16",
            View::S32 => "s32",
        }
    }

    /// How many low bits it reads.
    pub fn width(self) -> u32 {
        match self {
            View::F16 | View::S16 => 16,
            View::F32 | View::S32 => 32,
        }
    }

    /// A field of the view's type over bits `0..width` (what it prints and
    /// parses as).
    pub fn field(self) -> &'static Field {
        static F16: Field = view_field("an f16 value", 16, FieldKind::Half);
        static F32: Field = view_field("an f32 value", 32, FieldKind::Float);
        static S16: Field = view_field("a 16-bit signed value", 16, FieldKind::Signed);
        static S32: Field = view_field("a 32-bit signed value", 32, FieldKind::Signed);
        match self {
            View::F16 => &F16,
            View::F32 => &F32,
            View::S16 => &S16,
            View::S32 => &S32,
        }
    }
}

/// A field's name as messages show it ([`Field::shown`]).
pub struct ShownField<'f>(&'f Field);

impl core::fmt::Display for ShownField<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Spec names are identifiers; a view's value is named in words.
        if self.0.name.contains(' ') {
            f.write_str(self.0.name)
        } else {
            write!(f, "`{}`", self.0.name)
        }
    }
}

const fn view_field(name: &'static str, width: u32, kind: FieldKind) -> Field {
    Field {
        name,
        doc: "",
        ranges: match width {
            16 => &[BitRange { lo: 0, width: 16 }],
            _ => &[BitRange { lo: 0, width: 32 }],
        },
        width,
        kind,
    }
}

/// One opcode of a format, as a `text` template's `{opcode}` piece
/// ([`Style::Mnemonic`]) prints and parses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mnemonic {
    /// The value of the format's opcode field (as the opcode line gives it).
    pub value: u64,
    /// The mnemonic.
    pub text: &'static str,
}

impl Mnemonic {
    /// The mnemonic of `value` in `table`, if an opcode has that value.
    pub fn of(table: &[Mnemonic], value: u64) -> Option<&'static str> {
        table.iter().find(|m| m.value == value).map(|m| m.text)
    }
}

/// A presence-mask bundle (the spec's `bundle` item): a control word whose
/// enable bits say which units follow, packed back to back after it.
#[derive(Debug)]
pub struct Packed {
    /// The bundle's name (the instruction type).
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// The control word's layout; its `presence` field holds the enables.
    pub control: &'static Format,
    /// The units, in enable-bit order, which is also their packing order.
    pub units: &'static [Unit],
    /// Control fields the encoder computes (`derive` lines).
    pub derives: &'static [Derive],
}

impl Packed {
    /// The unit with this name.
    pub fn unit(&self, name: &str) -> Option<&'static Unit> {
        self.units.iter().find(|u| u.name == name)
    }

    /// The control field that a `derive` line computes with `rule`.
    pub fn derived(&self, rule: DeriveRule) -> Option<&'static Field> {
        self.derives
            .iter()
            .find(|d| d.rule == rule)
            .map(|d| &self.control.fields[d.field])
    }
}

/// One unit of a presence-mask bundle.
#[derive(Debug)]
pub struct Unit {
    /// Name, as written in the spec (and in field-explicit text).
    pub name: &'static str,
    /// Doc.
    pub doc: &'static str,
    /// The control-word bit that enables the unit.
    pub enable: u32,
    /// Width in bits.
    pub width: u32,
    /// The unit's layouts: the first is the default, each later one is
    /// chosen when all of its `fixed` fields hold (first match wins).
    pub variants: &'static [&'static Format],
}

/// A control field computed by the encoder (the spec's `derive` lines).
#[derive(Debug)]
pub struct Derive {
    /// Index of the field in the control layout's `fields`.
    pub field: usize,
    /// How it is computed.
    pub rule: DeriveRule,
}

/// How a derived control field is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeriveRule {
    /// `words`: the instruction's length in words, control word included
    /// (1 + the units' bits rounded up to whole words).
    Words,
    /// `next.words`: the next instruction's length; 0 for the last one.
    NextWords,
    /// `!last`: set on every instruction but the last.
    NotLast,
}

impl DeriveRule {
    /// The rule as the spec writes it.
    pub fn spelling(self) -> &'static str {
        match self {
            DeriveRule::Words => "words",
            DeriveRule::NextWords => "next.words",
            DeriveRule::NotLast => "!last",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_ends_at_its_last_bit() {
        assert_eq!(BitRange { lo: 0, width: 1 }.hi(), 0);
        assert_eq!(BitRange { lo: 26, width: 6 }.hi(), 31);
        assert_eq!(BitRange { lo: 120, width: 8 }.hi(), 127);
    }

    /// Each view by its name, and its field over the low bits it reads.
    #[test]
    fn views_by_name_and_their_fields() {
        for view in [View::F16, View::F32, View::S16, View::S32] {
            assert_eq!(View::from_name(view.name()), Some(view));
            let field = view.field();
            assert_eq!(field.width, view.width());
            assert_eq!(
                field.ranges,
                [BitRange {
                    lo: 0,
                    width: view.width()
                }]
            );
        }
        assert_eq!(View::from_name("u32"), None);
        assert_eq!(View::S32.field().kind.type_name(), "s");
        assert_eq!(View::F16.field().kind.type_name(), "f16");
    }

    /// The spec's words for the kinds that need no table.
    #[test]
    fn kinds_are_named_as_the_spec_writes_them() {
        let names = [
            (FieldKind::Unsigned, "u"),
            (FieldKind::Signed, "s"),
            (FieldKind::Bool, "bool"),
            (FieldKind::Half, "f16"),
            (FieldKind::Float, "f32"),
            (FieldKind::Mask(ComponentOrder::XHigh), "mask(x_high)"),
            (FieldKind::Mask(ComponentOrder::XLow), "mask(x_low)"),
            (FieldKind::Swizzle(ComponentOrder::XHigh), "swizzle(x_high)"),
            (FieldKind::Swizzle(ComponentOrder::XLow), "swizzle(x_low)"),
            (FieldKind::Opcode, "opcode"),
            (FieldKind::Fixed(3), "fixed"),
            (FieldKind::Reserved, "reserved"),
            (FieldKind::Unknown, "unknown"),
        ];
        for (kind, name) in names {
            assert_eq!(kind.type_name(), name);
        }
    }

    /// The hooks of a line, in template order, inside optional groups too.
    #[test]
    fn hooks_are_found_inside_groups() {
        static PIECES: [Piece; 3] = [
            Piece::Hook("first"),
            Piece::Group {
                index: 0,
                when_set: true,
                pieces: &[Piece::Text(" "), Piece::Hook("inner")],
            },
            Piece::Hook("last"),
        ];
        let line = NamedText {
            dialect: "d",
            name: "line",
            doc: "",
            when: &[],
            when_params: &[],
            defaults: &[],
            pieces: &PIECES,
        };
        assert_eq!(line.hooks(), ["first", "inner", "last"]);
    }

    /// A format's mnemonics are its `{opcode}` piece's table, found inside
    /// an optional group too.
    #[test]
    fn mnemonics_are_found_inside_groups() {
        static TABLE: [Mnemonic; 1] = [Mnemonic { value: 3, text: "nop" }];
        static PIECES: [Piece; 1] = [Piece::Group {
            index: 0,
            when_set: true,
            pieces: &[Piece::Field {
                index: 0,
                style: Style::Mnemonic(&TABLE),
            }],
        }];
        static TEXTS: [NamedText; 1] = [NamedText {
            dialect: "d",
            name: "line",
            doc: "",
            when: &[],
            when_params: &[],
            defaults: &[],
            pieces: &PIECES,
        }];
        let format = Format {
            name: "F",
            doc: "",
            bits: 8,
            is_instruction: true,
            fields: &[],
            syntax: &[],
            texts: &TEXTS,
            params: &[],
        };
        assert_eq!(format.mnemonics().len(), 1);
        assert_eq!(format.mnemonics()[0].text, "nop");
    }

    #[test]
    fn derive_rules_are_spelt_as_the_spec_writes_them() {
        assert_eq!(DeriveRule::Words.spelling(), "words");
        assert_eq!(DeriveRule::NextWords.spelling(), "next.words");
        assert_eq!(DeriveRule::NotLast.spelling(), "!last");
    }
}
