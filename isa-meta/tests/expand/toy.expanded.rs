/**A condition, over the zero flag.

An open enum: every 2-bit value is a `Cond`; the named ones are its associated constants, the rest are kept verbatim. `Default` is the value 0.*/
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Cond(u8);
#[automatically_derived]
impl ::isa_runtime::FromInt for Cond {
    type Int = u64;
    const EXPECTED: ::isa_runtime::Expected = ::isa_runtime::Expected::Unsigned(2u32);
    #[inline]
    fn from_int(value: u64) -> ::core::option::Option<Self> {
        (value <= ::isa_runtime::bits::low_mask(2u32)).then(|| Self::from_bits(value))
    }
}
#[allow(non_upper_case_globals)]
impl Cond {
    ///always
    pub const Al: Cond = Cond(0);
    ///equal
    pub const Eq: Cond = Cond(1);
    /// The named values, in spec order.
    pub const NAMED: &'static [Cond] = &[Cond::Al, Cond::Eq];
    /// The value with these bits, if the spec names it.
    #[inline]
    pub const fn from_raw(raw: u64) -> ::core::option::Option<Self> {
        match raw {
            0 | 1 => ::core::option::Option::Some(Cond(raw as u8)),
            _ => ::core::option::Option::None,
        }
    }
    /// The value for the field's bits (every value is kept).
    #[inline(always)]
    pub const fn from_bits(raw: u64) -> Self {
        Cond((raw & ::isa_runtime::bits::low_mask(2u32)) as u8)
    }
    /// The value's bits.
    #[inline(always)]
    pub const fn raw(self) -> u64 {
        self.0 as u64
    }
    /// Whether the spec names this value.
    #[inline]
    pub const fn is_named(self) -> bool {
        Cond::from_raw(self.0 as u64).is_some()
    }
    /// The Rust name of the constant for this value, if the spec names it.
    pub const fn name(self) -> ::core::option::Option<&'static str> {
        match self.0 as u64 {
            0 => ::core::option::Option::Some("Al"),
            1 => ::core::option::Option::Some("Eq"),
            _ => ::core::option::Option::None,
        }
    }
    /// The value's first spelling in the spec (the one that prints), if
    /// the spec names it.
    pub const fn spelling(self) -> ::core::option::Option<&'static str> {
        match self.0 as u64 {
            0 => ::core::option::Option::Some("al"),
            1 => ::core::option::Option::Some("eq"),
            _ => ::core::option::Option::None,
        }
    }
}
#[automatically_derived]
impl ::core::fmt::Debug for Cond {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.name() {
            ::core::option::Option::Some(n) => f.write_str(n),
            ::core::option::Option::None => {
                ::core::write!(f, "{}({:#x})", ::core::stringify!(Cond), self.0)
            }
        }
    }
}
/**Registers.

`Default` is the encoding 0.*/
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Reg(u8);
#[automatically_derived]
impl ::isa_runtime::FromInt for Reg {
    type Int = u64;
    const EXPECTED: ::isa_runtime::Expected = ::isa_runtime::Expected::Named("Reg");
    #[inline]
    fn from_int(value: u64) -> ::core::option::Option<Self> {
        Self::from_raw(value)
    }
}
impl Reg {
    ///Register `rN` (N < 8), encoded as 0x0 + N.
    #[inline]
    pub const fn r(index: u64) -> ::core::option::Option<Self> {
        if index < 8u64 {
            ::core::option::Option::Some(Reg((0u64 + index) as u8))
        } else {
            ::core::option::Option::None
        }
    }
    ///Register `cN` (N < 8), encoded as 0x8 + N.
    #[inline]
    pub const fn c(index: u64) -> ::core::option::Option<Self> {
        if index < 8u64 {
            ::core::option::Option::Some(Reg((8u64 + index) as u8))
        } else {
            ::core::option::Option::None
        }
    }
    /// From the raw encoding, if it names a register.
    #[inline]
    pub const fn from_raw(raw: u64) -> ::core::option::Option<Self> {
        if false || (raw < 8u64) || (raw >= 8u64 && raw - 8u64 < 8u64) {
            ::core::option::Option::Some(Reg(raw as u8))
        } else {
            ::core::option::Option::None
        }
    }
    /// From the field's bits (every value is kept).
    #[inline]
    pub const fn from_bits(raw: u64) -> Self {
        Reg((raw & ::isa_runtime::bits::low_mask(4u32)) as u8)
    }
    /// The raw encoding.
    #[inline]
    pub const fn raw(self) -> u64 {
        self.0 as u64
    }
    /// The register file's prefix and the index within it.
    pub fn file_and_index(self) -> ::core::option::Option<(&'static str, u64)> {
        __layout::REGS_REG.lookup(self.0 as u64).map(|(f, i)| (f.prefix, i))
    }
}
#[automatically_derived]
impl ::core::fmt::Debug for Reg {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        match self.file_and_index() {
            ::core::option::Option::Some((p, i)) => ::core::write!(f, "{}{}", p, i),
            ::core::option::Option::None => ::core::write!(f, "{:#x}", self.0),
        }
    }
}
/**The one format.

| bits | field | width | kind | doc |
| --- | --- | --- | --- | --- |
| 31..=26 | `opcode` | 6 | opcode |  |
| 25..=22 | `junk` | 4 | unknown (kept) |  |
| 21..=20 | `pad` | 2 | reserved (0) |  |
| 19..=16 | `mask` | 4 | mask (x low) |  |
| 15..=12, 7..=4 | `imm` | 8 | s | split immediate |
| 11 | `magic` | 1 | fixed `0x1` |  |
| 10 | `sat` | 1 | bool |  |
| 9..=8 | `cond` | 2 | [`Cond`] |  |
| 3..=0 | `dst` | 4 | [`Reg`] |  |

`F::default()` (= `F::new()`) holds 0 in every field: it encodes to zeros, except the fixed fields, which hold their values. Change fields with `with_<field>`.*/
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct F {
    ///(bits 0..=3).
    pub dst: Reg,
    ///split immediate (bits 4..=7 + 12..=15).
    pub imm: ::isa_runtime::SInt<8u32>,
    ///(bits 8..=9).
    pub cond: Cond,
    ///(bits 10).
    pub sat: bool,
    ///(bits 16..=19).
    pub mask: ::isa_runtime::Mask<false>,
    ///(bits 22..=25).
    pub junk: ::isa_runtime::UInt<4u32>,
}
///One `toy` instruction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Instruction {
    ///add an immediate
    Addi(F),
    ///A word that matches no opcode, kept verbatim (printed as `.word 0x…`), as `decode` gives it. One built by hand with a word an opcode does match encodes to that word all the same, and decodes back as that opcode's variant.
    Unknown(u32),
}
impl F {
    /// Decodes the operand fields of a word of this format (the opcode is not checked).
    #[inline(always)]
    pub fn decode_fields(
        word: u32,
    ) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
        let found = ::isa_runtime::BitWord::get(&word, 11u32, 1u32);
        if found != 1u64 {
            return ::core::result::Result::Err(
                ::isa_runtime::DecodeError::new(
                    "magic",
                    ::isa_runtime::DecodeErrorKind::FixedMismatch {
                        expected: 1u64,
                        found,
                    },
                ),
            );
        }
        let found = ::isa_runtime::BitWord::get(&word, 20u32, 2u32);
        if found != 0 {
            return ::core::result::Result::Err(
                ::isa_runtime::DecodeError::new(
                    "pad",
                    ::isa_runtime::DecodeErrorKind::ReservedNotZero {
                        found,
                    },
                ),
            );
        }
        ::core::result::Result::Ok(F {
            dst: Reg::from_bits(::isa_runtime::BitWord::get(&word, 0u32, 4u32)),
            imm: ::isa_runtime::SInt::<
                8u32,
            >::from_bits(
                ::isa_runtime::bits::get_ranges(&word, &[(4u32, 4u32), (12u32, 4u32)]),
            ),
            cond: Cond::from_bits(::isa_runtime::BitWord::get(&word, 8u32, 2u32)),
            sat: ::isa_runtime::BitWord::get(&word, 10u32, 1u32) != 0,
            mask: ::isa_runtime::Mask::<
                false,
            >::from_bits(::isa_runtime::BitWord::get(&word, 16u32, 4u32)),
            junk: ::isa_runtime::UInt::<
                4u32,
            >::from_bits(::isa_runtime::BitWord::get(&word, 22u32, 4u32)),
        })
    }
    /// Encodes the operand and fixed fields (the opcode bits are left zero).
    #[inline(always)]
    pub fn encode_fields(&self) -> u32 {
        #[allow(unused_mut)]
        let mut word: u32 = 0u32;
        ::isa_runtime::BitWord::or_bits(&mut word, 11u32, 1u32, 1u64);
        ::isa_runtime::BitWord::or_bits(&mut word, 0u32, 4u32, self.dst.raw());
        ::isa_runtime::bits::set_ranges(
            &mut word,
            &[(4u32, 4u32), (12u32, 4u32)],
            self.imm.bits(),
        );
        ::isa_runtime::BitWord::or_bits(&mut word, 8u32, 2u32, self.cond.raw());
        ::isa_runtime::BitWord::or_bits(&mut word, 10u32, 1u32, self.sat as u64);
        ::isa_runtime::BitWord::or_bits(&mut word, 16u32, 4u32, self.mask.bits());
        ::isa_runtime::BitWord::or_bits(&mut word, 22u32, 4u32, self.junk.get());
        word
    }
}
impl Instruction {
    /// Decodes one instruction word. Never panics.
    #[inline(always)]
    pub fn decode(
        word: u32,
    ) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
        match ::isa_runtime::BitWord::get(&word, 26u32, 6u32) {
            1 => ::core::result::Result::Ok(Instruction::Addi(F::decode_fields(word)?)),
            _ => ::core::result::Result::Ok(Instruction::Unknown(word)),
        }
    }
    /// Encodes the instruction; decoding the result gives `self` back.
    #[inline(always)]
    pub fn encode(&self) -> u32 {
        match self {
            Instruction::Addi(f) => {
                let value: u64 = match self {
                    Instruction::Addi(_) => 1u64,
                    _ => 0,
                };
                let mut word = f.encode_fields();
                ::isa_runtime::BitWord::or_bits(&mut word, 26u32, 6u32, value >> 0u32);
                word
            }
            Instruction::Unknown(w) => *w,
        }
    }
    /// Index of the opcode in `LAYOUT.opcodes` (`None` for unknown words).
    #[inline]
    pub fn opcode_index(&self) -> ::core::option::Option<usize> {
        match self {
            Instruction::Addi(_) => ::core::option::Option::Some(0usize),
            Instruction::Unknown(_) => ::core::option::Option::None,
        }
    }
    /// The opcode's metadata (`None` for unknown words).
    pub fn opcode(
        &self,
    ) -> ::core::option::Option<&'static ::isa_runtime::layout::Opcode> {
        self.opcode_index().map(|i| &LAYOUT.opcodes[i])
    }
    /// Decodes a whole program of little-endian instruction words; errors
    /// carry the byte offset. Never panics.
    pub fn program_from_bytes(
        bytes: &[u8],
    ) -> ::core::result::Result<
        ::isa_runtime::__private::Vec<Self>,
        ::isa_runtime::DecodeError,
    > {
        ::isa_runtime::decode_stream::<Toy>(bytes)
    }
    ///The instruction's 4 little-endian bytes (its word, as `program_from_bytes` reads it).
    #[inline]
    pub fn to_bytes(&self) -> [u8; 4usize] {
        self.encode().to_le_bytes()
    }
    ///Decodes one instruction from its 4 little-endian bytes (`program_from_bytes` reads a whole program). Never panics.
    #[inline]
    pub fn from_bytes(
        bytes: [u8; 4usize],
    ) -> ::core::result::Result<Self, ::isa_runtime::DecodeError> {
        Self::decode(u32::from_le_bytes(bytes))
    }
    /// A whole program's little-endian bytes: what `program_from_bytes`
    /// reads back.
    pub fn program_to_bytes(program: &[Self]) -> ::isa_runtime::__private::Vec<u8> {
        let mut out = ::isa_runtime::__private::Vec::with_capacity(
            program.len() * 4usize,
        );
        for insn in program {
            out.extend_from_slice(&insn.to_bytes());
        }
        out
    }
    /// Parses one instruction at a cursor (the rest of the line may hold a comment).
    pub fn parse_at(
        cursor: &mut ::isa_runtime::lexer::Cursor<'_>,
    ) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
        let at = cursor.clone();
        let word: u32 = ::isa_runtime::text::parse_instruction(&LAYOUT, cursor)?;
        Self::decode(word).map_err(|e| at.error(::isa_runtime::__private::to_string(&e)))
    }
}
#[automatically_derived]
impl ::core::fmt::Display for Instruction {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        let word = self.encode();
        match self.opcode() {
            ::core::option::Option::Some(op) => {
                ::isa_runtime::text::write_instruction(f, op, &word)
            }
            ::core::option::Option::None => {
                ::isa_runtime::text::write_fallback(f, &LAYOUT, &word)
            }
        }
    }
}
#[automatically_derived]
impl ::core::str::FromStr for Instruction {
    type Err = ::isa_runtime::ParseError;
    fn from_str(s: &str) -> ::core::result::Result<Self, ::isa_runtime::ParseError> {
        let mut cursor = ::isa_runtime::lexer::Cursor::new(s);
        let value = Self::parse_at(&mut cursor)?;
        cursor.expect_end_of_text("instruction")?;
        ::core::result::Result::Ok(value)
    }
}
/// Layout statics generated from the spec; use [`LAYOUT`].
#[doc(hidden)]
pub mod __layout {
    pub static ENUM_COND: ::isa_runtime::layout::Enum = ::isa_runtime::layout::Enum {
        name: "Cond",
        doc: "A condition, over the zero flag.",
        bits: 2u32,
        open: true,
        operands: &["flag"],
        attrs: &[],
        values: &[
            ::isa_runtime::layout::EnumValue {
                name: "al",
                value: 0u64,
                spellings: &["al"],
                semantics: "dst = true",
                attrs: &[],
                doc: "always",
            },
            ::isa_runtime::layout::EnumValue {
                name: "eq",
                value: 1u64,
                spellings: &["eq", "z"],
                semantics: "dst = flag",
                attrs: &[],
                doc: "equal",
            },
        ],
    };
    pub static REGS_REG: ::isa_runtime::layout::Regs = ::isa_runtime::layout::Regs {
        name: "Reg",
        doc: "Registers.",
        bits: 4u32,
        open: false,
        files: &[
            ::isa_runtime::layout::RegFile {
                prefix: "r",
                base: 0u64,
                count: 8u64,
                doc: "",
            },
            ::isa_runtime::layout::RegFile {
                prefix: "c",
                base: 8u64,
                count: 8u64,
                doc: "",
            },
        ],
    };
    pub static MNEMONICS_F: [::isa_runtime::layout::Mnemonic; 1usize] = [
        ::isa_runtime::layout::Mnemonic {
            value: 1u64,
            text: "addi",
        },
    ];
    pub static LAYOUT_F: ::isa_runtime::layout::Format = ::isa_runtime::layout::Format {
        name: "F",
        doc: "The one format.",
        bits: 32u32,
        is_instruction: true,
        fields: &[
            ::isa_runtime::layout::Field {
                name: "dst",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 0u32,
                        width: 4u32,
                    },
                ],
                width: 4u32,
                kind: ::isa_runtime::layout::FieldKind::Regs(&REGS_REG),
            },
            ::isa_runtime::layout::Field {
                name: "imm",
                doc: "split immediate",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 4u32,
                        width: 4u32,
                    },
                    ::isa_runtime::layout::BitRange {
                        lo: 12u32,
                        width: 4u32,
                    },
                ],
                width: 8u32,
                kind: ::isa_runtime::layout::FieldKind::Signed,
            },
            ::isa_runtime::layout::Field {
                name: "cond",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 8u32,
                        width: 2u32,
                    },
                ],
                width: 2u32,
                kind: ::isa_runtime::layout::FieldKind::Enum(&ENUM_COND),
            },
            ::isa_runtime::layout::Field {
                name: "sat",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 10u32,
                        width: 1u32,
                    },
                ],
                width: 1u32,
                kind: ::isa_runtime::layout::FieldKind::Bool,
            },
            ::isa_runtime::layout::Field {
                name: "magic",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 11u32,
                        width: 1u32,
                    },
                ],
                width: 1u32,
                kind: ::isa_runtime::layout::FieldKind::Fixed(1u64),
            },
            ::isa_runtime::layout::Field {
                name: "mask",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 16u32,
                        width: 4u32,
                    },
                ],
                width: 4u32,
                kind: ::isa_runtime::layout::FieldKind::Mask(
                    ::isa_runtime::layout::ComponentOrder::XLow,
                ),
            },
            ::isa_runtime::layout::Field {
                name: "pad",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 20u32,
                        width: 2u32,
                    },
                ],
                width: 2u32,
                kind: ::isa_runtime::layout::FieldKind::Reserved,
            },
            ::isa_runtime::layout::Field {
                name: "junk",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 22u32,
                        width: 4u32,
                    },
                ],
                width: 4u32,
                kind: ::isa_runtime::layout::FieldKind::Unknown,
            },
            ::isa_runtime::layout::Field {
                name: "opcode",
                doc: "",
                ranges: &[
                    ::isa_runtime::layout::BitRange {
                        lo: 26u32,
                        width: 6u32,
                    },
                ],
                width: 6u32,
                kind: ::isa_runtime::layout::FieldKind::Opcode,
            },
        ],
        syntax: &[
            ::isa_runtime::layout::Piece::Field {
                index: 0usize,
                style: ::isa_runtime::layout::Style::Default,
            },
            ::isa_runtime::layout::Piece::Text("."),
            ::isa_runtime::layout::Piece::Field {
                index: 5usize,
                style: ::isa_runtime::layout::Style::Default,
            },
            ::isa_runtime::layout::Piece::Text(","),
            ::isa_runtime::layout::Piece::Space,
            ::isa_runtime::layout::Piece::Field {
                index: 1usize,
                style: ::isa_runtime::layout::Style::Default,
            },
            ::isa_runtime::layout::Piece::Field {
                index: 3usize,
                style: ::isa_runtime::layout::Style::Flag(".sat"),
            },
            ::isa_runtime::layout::Piece::Space,
            ::isa_runtime::layout::Piece::Text("if"),
            ::isa_runtime::layout::Piece::Space,
            ::isa_runtime::layout::Piece::Field {
                index: 2usize,
                style: ::isa_runtime::layout::Style::Default,
            },
        ],
        texts: &[
            ::isa_runtime::layout::NamedText {
                dialect: "asm",
                name: "line",
                doc: "`(sat)addi.eq r1, -3`",
                when: &[],
                when_params: &[],
                defaults: &[],
                pieces: &[
                    ::isa_runtime::layout::Piece::Field {
                        index: 3usize,
                        style: ::isa_runtime::layout::Style::Flag("(sat)"),
                    },
                    ::isa_runtime::layout::Piece::Field {
                        index: 8usize,
                        style: ::isa_runtime::layout::Style::Mnemonic(&MNEMONICS_F),
                    },
                    ::isa_runtime::layout::Piece::Text("."),
                    ::isa_runtime::layout::Piece::Field {
                        index: 2usize,
                        style: ::isa_runtime::layout::Style::Default,
                    },
                    ::isa_runtime::layout::Piece::Space,
                    ::isa_runtime::layout::Piece::Field {
                        index: 0usize,
                        style: ::isa_runtime::layout::Style::Default,
                    },
                    ::isa_runtime::layout::Piece::Text(","),
                    ::isa_runtime::layout::Piece::Space,
                    ::isa_runtime::layout::Piece::Field {
                        index: 1usize,
                        style: ::isa_runtime::layout::Style::Default,
                    },
                ],
            },
        ],
        params: &[],
    };
    pub static OPCODES: [::isa_runtime::layout::Opcode; 1usize] = [
        ::isa_runtime::layout::Opcode {
            mnemonic: "addi",
            format: &LAYOUT_F,
            value: 1u64,
            mask: 4227858432u128,
            bits: 67108864u128,
            template: &[
                ::isa_runtime::layout::Piece::Field {
                    index: 0usize,
                    style: ::isa_runtime::layout::Style::Default,
                },
                ::isa_runtime::layout::Piece::Text("."),
                ::isa_runtime::layout::Piece::Field {
                    index: 5usize,
                    style: ::isa_runtime::layout::Style::Default,
                },
                ::isa_runtime::layout::Piece::Text(","),
                ::isa_runtime::layout::Piece::Space,
                ::isa_runtime::layout::Piece::Field {
                    index: 1usize,
                    style: ::isa_runtime::layout::Style::Default,
                },
                ::isa_runtime::layout::Piece::Field {
                    index: 3usize,
                    style: ::isa_runtime::layout::Style::Flag(".sat"),
                },
                ::isa_runtime::layout::Piece::Space,
                ::isa_runtime::layout::Piece::Text("if"),
                ::isa_runtime::layout::Piece::Space,
                ::isa_runtime::layout::Piece::Field {
                    index: 2usize,
                    style: ::isa_runtime::layout::Style::Default,
                },
            ],
            template_source: "{dst}.{mask}, {imm}{sat:'.sat'} if {cond}",
            semantics: "dst = cond(z) ? dst + imm : dst; z = nz(dst)",
            priority: 0i32,
            gens: ::core::option::Option::None,
            attrs: &[1u64],
            doc: "add an immediate",
        },
    ];
}
///Layout metadata of `toy`, generated from its spec: formats, fields, enums, register files and opcodes.
pub static LAYOUT: ::isa_runtime::IsaLayout = ::isa_runtime::IsaLayout {
    name: "toy",
    doc: "A small ISA whose expansion is kept as a snapshot (toy.expanded.rs).",
    word_bits: 32u32,
    fallback: ::core::option::Option::Some(".word"),
    gens: ::core::option::Option::None,
    formats: &[&__layout::LAYOUT_F],
    enums: &[&__layout::ENUM_COND],
    regs: &[&__layout::REGS_REG],
    opcodes: &__layout::OPCODES,
    attrs: &[
        ::isa_runtime::layout::Attr {
            name: "sets_z",
            kind: ::isa_runtime::layout::AttrKind::Flag,
            default: 0u64,
            doc: "writes the zero flag",
        },
    ],
    dialects: &[
        ::isa_runtime::layout::Dialect {
            name: "asm",
            doc: "the mnemonic after a flag, the condition glued to it",
        },
    ],
    decode_order: &[0usize],
    by_mnemonic: &[0usize],
    bundle: ::core::option::Option::None,
    packed: ::core::option::Option::None,
};
///The attributes of a `toy` opcode, as its spec line sets them (`attr` lines of `isa toy` declare them and their defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpcodeAttrs {
    ///writes the zero flag
    pub sets_z: bool,
}
impl OpcodeAttrs {
    /// Every opcode's attributes, in the order of `LAYOUT.opcodes`.
    pub const ALL: [OpcodeAttrs; 1usize] = [OpcodeAttrs { sets_z: true }];
    /// The attributes of an opcode of `LAYOUT` (`None` for another ISA's opcode).
    pub fn of(
        op: &::isa_runtime::layout::Opcode,
    ) -> ::core::option::Option<&'static OpcodeAttrs> {
        LAYOUT.opcode_index(op).map(|i| &Self::ALL[i])
    }
}
impl Instruction {
    /// The opcode's attributes (`None` for unknown words).
    #[inline]
    pub fn attrs(&self) -> ::core::option::Option<&'static OpcodeAttrs> {
        self.opcode_index().map(|i| &OpcodeAttrs::ALL[i])
    }
}
impl F {
    ///The metadata of `F` (the same static as in `LAYOUT`).
    pub const FORMAT: &'static ::isa_runtime::layout::Format = &__layout::LAYOUT_F;
}
impl F {
    ///The instruction of `op`, an opcode of `LAYOUT` whose format is `F`, with these fields (`None` for any other opcode).
    pub fn into_instruction(
        self,
        op: &::isa_runtime::layout::Opcode,
    ) -> ::core::option::Option<Instruction> {
        let index = LAYOUT.opcode_index(op)?;
        match index {
            0usize => ::core::option::Option::Some(Instruction::Addi(self)),
            _ => ::core::option::Option::None,
        }
    }
}
impl Instruction {
    ///The `F` fields, if the instruction has that format.
    #[inline]
    pub fn as_f(&self) -> ::core::option::Option<&F> {
        match self {
            Instruction::Addi(f) => ::core::option::Option::Some(f),
            #[allow(unreachable_patterns)]
            _ => ::core::option::Option::None,
        }
    }
    ///The `F` fields to edit in place, if the instruction has that format (the opcode stays).
    #[inline]
    pub fn as_f_mut(&mut self) -> ::core::option::Option<&mut F> {
        match self {
            Instruction::Addi(f) => ::core::option::Option::Some(f),
            #[allow(unreachable_patterns)]
            _ => ::core::option::Option::None,
        }
    }
}
impl F {
    ///`F` with every field 0 (also its `Default`).
    #[inline]
    pub const fn new() -> Self {
        F {
            dst: Reg(0),
            imm: ::isa_runtime::SInt::<8u32>::ZERO,
            cond: Cond(0),
            sat: false,
            mask: ::isa_runtime::Mask::<false>::from_bits(0),
            junk: ::isa_runtime::UInt::<4u32>::ZERO,
        }
    }
    ///`self` with `dst` set to `value`.
    #[must_use]
    pub const fn with_dst(mut self, value: Reg) -> Self {
        self.dst = value;
        self
    }
    ///Sets `dst` to `value`.
    pub const fn set_dst(&mut self, value: Reg) {
        self.dst = value;
    }
    ///`self` with `dst` set to the value whose bits are `value`, or an error if there is none (too wide, or not named by a closed type): never truncated.
    pub fn try_with_dst(self, value: u64) -> ::isa_runtime::ValueResult<Self> {
        ::isa_runtime::checked("dst", value).map(|v| self.with_dst(v))
    }
    ///`self` with `imm` set to `value`.
    #[must_use]
    pub const fn with_imm(mut self, value: ::isa_runtime::SInt<8u32>) -> Self {
        self.imm = value;
        self
    }
    ///Sets `imm` to `value`.
    pub const fn set_imm(&mut self, value: ::isa_runtime::SInt<8u32>) {
        self.imm = value;
    }
    ///`self` with `imm` set to the value whose bits are `value`, or an error if there is none (too wide, or not named by a closed type): never truncated.
    pub fn try_with_imm(self, value: i64) -> ::isa_runtime::ValueResult<Self> {
        ::isa_runtime::checked("imm", value).map(|v| self.with_imm(v))
    }
    ///`self` with `cond` set to `value`.
    #[must_use]
    pub const fn with_cond(mut self, value: Cond) -> Self {
        self.cond = value;
        self
    }
    ///Sets `cond` to `value`.
    pub const fn set_cond(&mut self, value: Cond) {
        self.cond = value;
    }
    ///`self` with `cond` set to the value whose bits are `value`, or an error if there is none (too wide, or not named by a closed type): never truncated.
    pub fn try_with_cond(self, value: u64) -> ::isa_runtime::ValueResult<Self> {
        ::isa_runtime::checked("cond", value).map(|v| self.with_cond(v))
    }
    ///`self` with `sat` set to `value`.
    #[must_use]
    pub const fn with_sat(mut self, value: bool) -> Self {
        self.sat = value;
        self
    }
    ///Sets `sat` to `value`.
    pub const fn set_sat(&mut self, value: bool) {
        self.sat = value;
    }
    ///`self` with `mask` set to `value`.
    #[must_use]
    pub const fn with_mask(mut self, value: ::isa_runtime::Mask<false>) -> Self {
        self.mask = value;
        self
    }
    ///Sets `mask` to `value`.
    pub const fn set_mask(&mut self, value: ::isa_runtime::Mask<false>) {
        self.mask = value;
    }
    ///`self` with `mask` set to the value whose bits are `value`, or an error if there is none (too wide, or not named by a closed type): never truncated.
    pub fn try_with_mask(self, value: u64) -> ::isa_runtime::ValueResult<Self> {
        ::isa_runtime::checked("mask", value).map(|v| self.with_mask(v))
    }
    ///`self` with `junk` set to `value`.
    #[must_use]
    pub const fn with_junk(mut self, value: ::isa_runtime::UInt<4u32>) -> Self {
        self.junk = value;
        self
    }
    ///Sets `junk` to `value`.
    pub const fn set_junk(&mut self, value: ::isa_runtime::UInt<4u32>) {
        self.junk = value;
    }
    ///`self` with `junk` set to the value whose bits are `value`, or an error if there is none (too wide, or not named by a closed type): never truncated.
    pub fn try_with_junk(self, value: u64) -> ::isa_runtime::ValueResult<Self> {
        ::isa_runtime::checked("junk", value).map(|v| self.with_junk(v))
    }
}
#[automatically_derived]
impl ::core::default::Default for F {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}
/// The `text` lines of the spec printed by generated code: for each
/// format (indexed as in `LAYOUT.formats`), a selector per group of
/// alternatives and a writer per line. They print what
/// `isa_runtime::text::select_text` and `write_text` print from
/// the metadata, without walking it.
pub mod text_writers {
    use ::core::fmt::{self, Write};
    use ::isa_runtime::text as rt;
    use ::isa_runtime::BitWord;
    /// The `text` groups of each format (indexed as in
    /// `LAYOUT.formats`), as `(dialect, group)` in the order they
    /// first appear: a group's place here is what [`select`] takes.
    pub static GROUPS: [&[(&str, &str)]; 1usize] = [&[("asm", "line")]];
    /// The index of group `dialect.name` of format `format` in
    /// [`GROUPS`], if the format has that group.
    pub fn group(format: usize, dialect: &str, name: &str) -> Option<usize> {
        GROUPS.get(format)?.iter().position(|&(d, g)| d == dialect && g == name)
    }
    /// The alternative of group `group` (see [`GROUPS`]) of format
    /// `format` that prints `word`: the index in the format's
    /// `texts` of the first line whose conditions hold, or `None`.
    #[inline]
    pub fn select<W: BitWord>(format: usize, group: usize, _word: &W) -> Option<usize> {
        match (format, group) {
            (0, 0) => Some(0),
            _ => None,
        }
    }
    /// Prints line `text` (an index in the format's `texts`) of
    /// format `format` for `word`, hooks through `hooks`; an error
    /// for an index without a line, or from a hook.
    #[inline]
    pub fn write<W, O, H>(
        format: usize,
        text: usize,
        out: &mut O,
        word: &W,
        _hooks: &mut H,
    ) -> fmt::Result
    where
        W: BitWord,
        O: Write,
        H: rt::TextHooks<W> + ?Sized,
    {
        match (format, text) {
            (0, 0) => {
                flag(out, word.get(10, 1) != 0, "(sat)")?;
                mnemonic_f(out, word.get(26, 6))?;
                out.write_str(".")?;
                enum_cond(out, word.get(8, 2))?;
                out.write_str(" ")?;
                regs_reg(out, word.get(0, 4))?;
                out.write_str(", ")?;
                rt::write_signed(
                    out,
                    (((word.get(4, 4) | (word.get(12, 4) << 4)) << 56) as i64) >> 56,
                )?;
            }
            _ => return Err(fmt::Error),
        }
        Ok(())
    }
    /// Prints `text` when `set`.
    #[inline(always)]
    fn flag<O: Write>(out: &mut O, set: bool, text: &str) -> fmt::Result {
        if set { out.write_str(text) } else { Ok(()) }
    }
    /// Prints a `Cond` value: its spelling, or its number if unnamed.
    fn enum_cond<O: Write>(out: &mut O, v: u64) -> fmt::Result {
        match v {
            0 => out.write_str("al"),
            1 => out.write_str("eq"),
            _ => rt::write_decimal(out, v),
        }
    }
    /// Prints a `Reg` register: its file's prefix and index, or its number.
    fn regs_reg<O: Write>(out: &mut O, v: u64) -> fmt::Result {
        if v < 8 {
            out.write_str("r")?;
            rt::write_decimal(out, v)
        } else if v >= 8 && v - 8 < 8 {
            out.write_str("c")?;
            rt::write_decimal(out, v - 8)
        } else {
            rt::write_decimal(out, v)
        }
    }
    /// Prints the mnemonic of the opcode of format `F` with this value; an error for a value that is none.
    fn mnemonic_f<O: Write>(out: &mut O, v: u64) -> fmt::Result {
        out.write_str(
            match v {
                1 => "addi",
                _ => return Err(fmt::Error),
            },
        )
    }
}
/// What reading each `text` line back gives, by generated code
/// (see `isa_runtime::carry`).
pub mod text_carry {
    #[allow(unused_imports)]
    use ::isa_runtime::BitWord;
    /// Applies to `implied` what parsing line `text` (an index in
    /// the format's `texts`) of format `format` (indexed as in
    /// `LAYOUT.formats`), as printed for `bits`, writes: the
    /// line's defaults and pinned fields, the bits its fields'
    /// text carries, and its hooks through `hooks`. `false` (and
    /// nothing written) for an index without a line or a format
    /// wider than 128 bits.
    #[inline(never)]
    #[allow(unused_variables, clippy::needless_return)]
    pub fn carry<H: ::isa_runtime::carry::CarryHooks + ?Sized>(
        format: usize,
        text: usize,
        bits: u128,
        implied: &mut u128,
        hooks: &mut H,
    ) -> bool {
        match (format, text) {
            (0, 0) => {
                *implied = *implied & !4227921919 | bits & 4227921919;
            }
            _ => return false,
        }
        true
    }
}
///The `toy` instruction set, as a type (for generic code over [`::isa_runtime::Isa`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Toy {}
#[automatically_derived]
impl ::isa_runtime::Isa for Toy {
    type Word = u32;
    type Instruction = Instruction;
    const LAYOUT: &'static ::isa_runtime::IsaLayout = &LAYOUT;
    #[inline]
    fn decode(
        word: u32,
    ) -> ::core::result::Result<Instruction, ::isa_runtime::DecodeError> {
        Instruction::decode(word)
    }
    #[inline]
    fn encode(
        insn: &Instruction,
    ) -> ::core::result::Result<u32, ::isa_runtime::EncodeError> {
        ::core::result::Result::Ok(insn.encode())
    }
}
