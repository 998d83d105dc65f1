//! An assembler for AGALMiniAssembler syntax that writes the same bytes as
//! Adobe's 2015 AGALMiniAssembler (OpenFL port) for the programs that one
//! accepts, and reports an error with `line:col` where that one skips a line
//! or guesses.
//!
//! What it accepts, as the reference does: one instruction per line (`\n`,
//! `\r\n` or `\r` end a line), `//` comments, operands separated by commas
//! or blanks, write masks in any order (`ft0.zx`, with a warning), short
//! swizzles that repeat their last letter (`.xy` is `xyyy`), relative
//! addressing `vc[va0.x+4]` with an optional trailing swizzle (vertex
//! programs only), a register with no number meaning 0 (`op`, `oc`), and
//! sampler options in `<…>` separated by commas or blanks, a number among
//! them being the lod bias (written as `(int)(bias * 8)`). Ops with no
//! destination write a zero destination, unused slots are zero, and a
//! program holds at most 4096 tokens; `--ignore-limits` raises every
//! register limit to 1024 and lifts the token limit (the binary format has
//! none).
//!
//! Where the reference is silent or lenient, this assembler is strict, and
//! every bad line gives one error (all of them are reported):
//! - an unknown opcode (the reference skips the line), an uppercase mnemonic,
//!   register name or sampler option;
//! - an unknown sampler option (the reference reads it as a bias, usually 0),
//!   two options that set the same field differently, options on an
//!   instruction that has no sampler;
//! - anything left over in an operand (`ft0.rgb`, `vc[va0.x+4]]`), a missing
//!   or extra operand, a register out of range for the version;
//! - a register that the instruction cannot use that way: a read-only register
//!   as destination (`va0`), a write-only one as source (`op`), a sampler
//!   anywhere but the last operand of `tex`/`tld`, or anything but a sampler
//!   there; relative addressing on anything but `vc`;
//! - `fd` in AGAL1 and `iid` before AGAL3 (see [`super::table::regs`]).
//!
//! Left as the reference has them: the index register of a relative operand
//! may be any register of the program type, with its own limit (Instagal's
//! tests write `vc[op.x]`), and `ife`/`els`/`eif` are not matched up (a
//! corpus text holds a lone `els` and `eif`).
//!
//! Accepted as the reference has them, but with a warning (see
//! [`assemble_with_warnings`]), because what is written is not what the
//! bits say: a write mask that names a component twice (`op.xx`) or is out
//! of x, y, z, w order (`op.yx`); the reference ORs one bit per letter.
//! A lod bias that is not a multiple of 1/8 (`<2d, 1.3>`): the byte holds
//! `(int)(bias * 8)`, so 1.3 is written as 1.25 and 0.01 as 0 (a bias
//! whose byte would not fit, as `16`, is an error).
//!
//! `tld` (0x2E) is accepted like `tex` (the later assembler's texture load,
//! which the OpenFL port lacks). One more line form is isaforge's own:
//! `.token` followed by a token in the spec's field-explicit form
//! (`.token mov vt0.xyzw, va0.xyzw [va.x+0] src1.undef1=0x1`). The
//! disassembler writes it for tokens that mini-assembler syntax cannot spell.

use isa_runtime::lexer::{closest, Cursor};
use isa_runtime::{Component, Mask, MaskSlip, ParseError, SInt, Swizzle, UInt};

use super::program::{check_token, AgalProgram, TOKEN_BYTES};
use super::table::{
    mnemonics, op_by_mnemonic, option_words, reg_by_name, regs, sampler_option, version_number, Form, Op, OptionClass,
    Reg, Role,
};
use super::{
    Comp, Dest, Dim, Filter, Instruction, Mip, ProgramType, RegType, Sampler, Source, TexFormat, Version, Wrap,
};
use isa_runtime::text::{counted, escape_input, quote_input};

/// An assembly error: 1-based line and column (in characters), and why.
pub type AsmError = ParseError;

/// The most tokens a program may hold (the reference's limit; none with
/// `--ignore-limits`).
pub const MAX_TOKENS: usize = 4096;

/// Assembles a whole program. On failure, every bad line is reported once.
/// [`assemble_with_warnings`] also gives the warnings.
pub fn assemble(
    text: &str,
    kind: ProgramType,
    version: Version,
    ignore_limits: bool,
) -> Result<AgalProgram, Vec<AsmError>> {
    assemble_with_warnings(text, kind, version, ignore_limits).0
}

/// [`assemble`], and its warnings in line order: what the reference
/// accepts without a word, and this assembler too, but not as written (a
/// write mask that repeats a component or is out of x, y, z, w order; a
/// lod bias that is not a multiple of 1/8).
/// A line with an error gives no warnings.
pub fn assemble_with_warnings(
    text: &str,
    kind: ProgramType,
    version: Version,
    ignore_limits: bool,
) -> (Result<AgalProgram, Vec<AsmError>>, Vec<AsmError>) {
    let assembler = Assembler {
        kind,
        version,
        ignore_limits,
    };
    let mut warnings = Vec::new();
    let mut program = AgalProgram::new(kind, version);
    let result = assembler.program_each_with_warnings(text, |token| program.tokens.push(token), &mut warnings);
    (result.map(|_| program), warnings)
}

/// The settings of one assembly: program type, version and limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assembler {
    /// Vertex or fragment program.
    pub kind: ProgramType,
    /// The AGAL version written in the header (register limits and AGAL2 opcodes follow it).
    pub version: Version,
    /// Raise every register limit to 1024.
    pub ignore_limits: bool,
}

/// The lines of a text: `\r\n`, `\n` and `\r` each end one.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        match text.find(['\r', '\n']) {
            Some(i) => {
                let skip = if text[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&text[i + skip..]);
                Some(&text[..i])
            }
            None => {
                rest = None;
                Some(text)
            }
        }
    })
}

impl Assembler {
    /// Assembles a whole program.
    pub fn program(&self, text: &str) -> Result<AgalProgram, Vec<AsmError>> {
        let mut program = AgalProgram::new(self.kind, self.version);
        self.program_each(text, |token| program.tokens.push(token))?;
        Ok(program)
    }

    /// [`Assembler::program`] one token at a time: hands each token to
    /// `each` as its line assembles (also when a later line turns out bad),
    /// keeping none, and returns how many there are, or every error.
    pub fn program_each(&self, text: &str, each: impl FnMut(Instruction)) -> Result<usize, Vec<AsmError>> {
        self.program_each_with_warnings(text, each, &mut Vec::new())
    }

    /// [`Assembler::program_each`], adding the warnings of the lines that
    /// assemble to `warnings` (see [`assemble_with_warnings`]).
    pub fn program_each_with_warnings(
        &self,
        text: &str,
        mut each: impl FnMut(Instruction),
        warnings: &mut Vec<AsmError>,
    ) -> Result<usize, Vec<AsmError>> {
        let text = isa_runtime::lexer::without_bom(text);
        let mut errors = Vec::new();
        let mut count = 0usize;
        for (i, line) in lines(text).enumerate() {
            match self.line_with_warnings(line, i + 1, warnings) {
                Ok(Some(token)) => {
                    count += 1;
                    if count == MAX_TOKENS + 1 && !self.ignore_limits {
                        errors.push(Cursor::at(line, i + 1, 1).error(format!(
                            "too many instructions: an AGAL program holds at most {MAX_TOKENS} tokens \
                             (--ignore-limits lifts the limit)"
                        )));
                    }
                    each(token);
                }
                Ok(None) => {}
                Err(e) => errors.push(e),
            }
        }
        if errors.is_empty() {
            Ok(count)
        } else {
            Err(errors)
        }
    }

    /// Assembles one line (`number` is its 1-based line number): `None` for
    /// a line with only blanks and a comment.
    pub fn line(&self, line: &str, number: usize) -> Result<Option<Instruction>, AsmError> {
        self.line_with_warnings(line, number, &mut Vec::new())
    }

    /// [`Assembler::line`], adding the line's warnings to `warnings` when
    /// it assembles (none when it has an error).
    pub fn line_with_warnings(
        &self,
        line: &str,
        number: usize,
        warnings: &mut Vec<AsmError>,
    ) -> Result<Option<Instruction>, AsmError> {
        let mut found = Vec::new();
        let token = self.line_inner(line, number, &mut found)?;
        // The sampler options are read before the operands: column order.
        found.sort_by_key(|w| w.col);
        warnings.append(&mut found);
        Ok(token)
    }

    /// [`Assembler::line_with_warnings`] before it knows whether the line
    /// assembles: `warnings` may be dropped.
    fn line_inner(
        &self,
        line: &str,
        number: usize,
        warnings: &mut Vec<AsmError>,
    ) -> Result<Option<Instruction>, AsmError> {
        let code = line.find("//").map_or(line, |i| &line[..i]);
        let mut cur = Cursor::at(code, number, 1);
        skip_blanks(&mut cur);
        if cur.rest().is_empty() {
            return Ok(None);
        }
        if cur.rest().starts_with('.') {
            return self.directive(&mut cur).map(Some);
        }
        let start = cur.clone();
        let word = take(&mut cur, |c| c.is_ascii_alphanumeric() || c == '_');
        if word.is_empty() {
            return Err(start.error(format!("expected an opcode, found {}", start.describe_next())));
        }
        let op = op_by_mnemonic(word).ok_or_else(|| unknown_opcode(&start, word))?;
        if cur.peek().is_some_and(|c| !c.is_whitespace()) {
            return Err(cur.error(format!(
                "expected a blank after {word}, found {}",
                cur.describe_next(),
                word = quote_input(word)
            )));
        }
        let version = version_number(self.version);
        if version < op.min_version() {
            return Err(start.error(format!(
                "{word} needs AGAL version {} or later; this program is version {version}",
                op.min_version(),
                word = quote_input(word)
            )));
        }
        if op.attrs.fragment_only && self.kind == ProgramType::Vertex {
            return Err(start.error(format!(
                "{word} is only allowed in fragment programs",
                word = quote_input(word)
            )));
        }

        let mut operands = Vec::new();
        loop {
            skip_blanks(&mut cur);
            match cur.peek() {
                None | Some('<') => break,
                Some(',') if operands.is_empty() => {
                    return Err(cur.error("expected an operand before `,`"));
                }
                Some(',') => {
                    cur.eat(",");
                    skip_blanks(&mut cur);
                    if matches!(cur.peek(), None | Some(',' | '<')) {
                        return Err(cur.expected("an operand after `,`"));
                    }
                }
                Some(_) => {}
            }
            operands.push(parse_operand(&mut cur)?);
        }
        let end = cur.clone();
        let options = if cur.peek() == Some('<') {
            Some(parse_options(&mut cur, warnings)?)
        } else {
            None
        };

        let roles = op.form.operands();
        if operands.len() != roles.len() {
            let at = operands.get(roles.len()).map_or(&end, |o| &o.at);
            return Err(at.error(format!(
                "{word} takes {}, found {}",
                describe_roles(roles),
                counted(operands.len(), "operand"),
                word = quote_input(word)
            )));
        }
        if let (Some(opts), false) = (&options, op.form == Form::Tex) {
            return Err(opts.at.error(format!(
                "sampler options `<…>` only follow the sampler of `tex` or `tld`, not {word}",
                word = quote_input(word)
            )));
        }

        let mut bytes = [0u8; TOKEN_BYTES];
        bytes[..4].copy_from_slice(&op.code.to_le_bytes());
        let mut sources = 0;
        for (operand, role) in operands.iter().zip(roles) {
            match role {
                Role::Dest => bytes[4..8].copy_from_slice(&self.dest(operand, warnings)?.to_le_bytes()),
                Role::Source => {
                    let at = 8 + 8 * sources;
                    bytes[at..at + 8].copy_from_slice(&self.source(operand, &op)?.to_le_bytes());
                    sources += 1;
                }
                Role::Sampler => {
                    let word = self.sampler(operand, &op, options.as_ref())?;
                    bytes[16..24].copy_from_slice(&word.to_le_bytes());
                }
            }
        }
        check_token(&bytes, self.version)
            .map(Some)
            .map_err(|(_, message)| start.error(message))
    }

    /// `.token <field-explicit token>`.
    fn directive(&self, cur: &mut Cursor<'_>) -> Result<Instruction, AsmError> {
        let start = cur.clone();
        cur.eat(".");
        let name = take(cur, |c| c.is_ascii_alphanumeric() || c == '_');
        if name != "token" {
            return Err(start.error(format!(
                "unknown directive `.{}`: the only one is isaforge's `.token`, followed by a token in the \
                 spec's field-explicit form",
                escape_input(name)
            )));
        }
        skip_blanks(cur);
        let at = cur.clone();
        let insn = Instruction::parse_at(cur)?;
        skip_blanks(cur);
        if !cur.rest().is_empty() {
            return Err(cur.error(format!("unexpected {} after the token", cur.describe_next())));
        }
        let bytes = super::program::token_bytes(&insn);
        check_token(&bytes, self.version).map_err(|(_, message)| at.error(message))
    }

    /// Looks a register up and checks that this program may use it with this number.
    fn register(&self, r: &RegRef<'_>) -> Result<(&'static Reg, u32), AsmError> {
        let Some(reg) = reg_by_name(r.name) else {
            let lower = r.name.to_ascii_lowercase();
            if reg_by_name(&lower).is_some() {
                return Err(r.at.error(format!(
                    "register names are lowercase: write {lower}, not `{}`",
                    r.name,
                    lower = quote_input(&lower)
                )));
            }
            let hint = closest(r.name, regs().iter().map(|r| r.name))
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            return Err(r.at.error(format!("unknown register {}{hint}", quote_input(r.name))));
        };
        let kind = self.kind.spelling();
        if !reg.allowed_in(self.kind) {
            let others: Vec<&str> = ProgramType::ALL
                .iter()
                .filter(|&&k| reg.allowed_in(k))
                .map(|k| k.spelling())
                .collect();
            return Err(r.at.error(format!(
                "`{}` is not available in {kind} programs (only in {} programs)",
                r.name,
                others.join(" and ")
            )));
        }
        let version = version_number(self.version);
        let Some(limit) = reg.limit(self.version, self.ignore_limits) else {
            let extra = if reg.code == RegType::Iid {
                " (the instance id is new in AGAL3)"
            } else {
                ""
            };
            return Err(r
                .at
                .error(format!("`{}` does not exist in AGAL version {version}{extra}", r.name)));
        };
        let (num, num_at) = match &r.num {
            Some((n, at)) => (*n, at),
            None => (0, &r.at),
        };
        if num > u64::from(limit) {
            let range = if limit == 0 {
                format!("only {}0", r.name)
            } else {
                format!("{0}0 to {0}{limit}", r.name)
            };
            let hint = if self.ignore_limits {
                ""
            } else {
                " (--ignore-limits raises every limit to 1024)"
            };
            return Err(num_at.error(format!(
                "`{}{num}` is out of range: AGAL {version} {kind} programs have {range}{hint}",
                r.name
            )));
        }
        // `limit` is at most 1024, so the number fits its 16 bits.
        Ok((reg, num as u32))
    }

    /// A destination operand's 32 bits; a write mask that repeats a letter
    /// or is out of order adds a warning.
    fn dest(&self, o: &Operand<'_>, warnings: &mut Vec<AsmError>) -> Result<u32, AsmError> {
        let (reg, num) = self.register(&o.reg)?;
        if let Some(index) = &o.index {
            return Err(index.at.error("a destination cannot use relative addressing"));
        }
        if reg.code == RegType::Fs {
            return Err(o
                .at
                .error(format!("a sampler ({}) cannot be a destination", quote_input(o.text))));
        }
        if !reg.write {
            return Err(o
                .at
                .error(format!("`{}` is read-only, so it cannot be a destination", reg.name)));
        }
        let mask = match &o.comps {
            None => Mask::from_components(&Component::ALL),
            Some((letters, at)) => {
                warnings.extend(mask_warning(o.text, letters, at));
                Mask::from_components(&components(letters))
            }
        };
        let dest = Dest {
            num: UInt::from_bits(u64::from(num)),
            mask,
            undef1: UInt::from_bits(0),
            r#type: reg.code,
            undef2: UInt::from_bits(0),
        };
        Ok(dest.encode())
    }

    fn source(&self, o: &Operand<'_>, op: &Op) -> Result<u64, AsmError> {
        let (reg, num) = self.register(&o.reg)?;
        if reg.code == RegType::Fs {
            let place = if op.form == Form::Tex {
                format!("the last operand of `{}`", op.spec.mnemonic)
            } else {
                "the last operand of `tex` or `tld`".to_string()
            };
            return Err(o
                .at
                .error(format!("a sampler ({}) can only be {place}", quote_input(o.text))));
        }
        if !reg.read {
            return Err(o
                .at
                .error(format!("`{}` is write-only, so it cannot be a source", reg.name)));
        }
        // Fewer than four letters repeat the last one (`.xy` is `.xyyy`).
        let swizzle = match &o.comps {
            None => Swizzle::identity(),
            Some((letters, _)) => {
                let comps = components(letters);
                Swizzle::from_components(std::array::from_fn(|k| comps[k.min(comps.len() - 1)]))
            }
        };
        let mut source = Source {
            num: UInt::from_bits(u64::from(num)),
            offset: UInt::from_bits(0),
            swizzle,
            r#type: reg.code,
            undef1: UInt::from_bits(0),
            itype: RegType::Va,
            undef2: UInt::from_bits(0),
            icomp: Comp::X,
            undef3: UInt::from_bits(0),
            indirect: false,
        };
        if let Some(index) = &o.index {
            if self.kind == ProgramType::Fragment {
                return Err(index
                    .at
                    .error("relative addressing is not allowed in fragment programs"));
            }
            if reg.code != RegType::Vc {
                return Err(index
                    .at
                    .error(format!("relative addressing works only on `vc`, not `{}`", reg.name)));
            }
            let (ireg, inum) = self.register(&index.reg)?;
            let offset = match &index.offset {
                None => 0,
                Some((n, _)) if *n <= 255 => *n,
                Some((n, at)) => {
                    return Err(at.error(format!("relative offset {n} is out of range: it is 0 to 255")));
                }
            };
            source.num = UInt::from_bits(u64::from(inum));
            source.offset = UInt::from_bits(offset);
            source.itype = ireg.code;
            source.icomp = index.comp;
            source.indirect = true;
        }
        Ok(source.encode())
    }

    fn sampler(&self, o: &Operand<'_>, op: &Op, options: Option<&Options<'_>>) -> Result<u64, AsmError> {
        let (reg, num) = self.register(&o.reg)?;
        if reg.code != RegType::Fs {
            return Err(o.at.error(format!(
                "the last operand of `{}` is a sampler (`fs0` …), found {}",
                op.spec.mnemonic,
                quote_input(o.text)
            )));
        }
        if let Some(index) = &o.index {
            return Err(index.at.error("a sampler cannot use relative addressing"));
        }
        if let Some((_, at)) = &o.comps {
            return Err(at.error("a sampler takes no swizzle; its options go in `<…>` after it"));
        }
        let mut sampler = Sampler {
            num: UInt::from_bits(u64::from(num)),
            bias: SInt::from_bits(0),
            undef1: UInt::from_bits(0),
            undef2: UInt::from_bits(0),
            format: TexFormat::from_bits(0),
            dim: Dim::from_bits(0),
            special: UInt::from_bits(0),
            wrap: Wrap::from_bits(0),
            mip: Mip::from_bits(0),
            filter: Filter::from_bits(0),
        };
        if let Some(options) = options {
            for (class, value) in options.values() {
                let s = &mut sampler;
                match class {
                    OptionClass::Format => s.format = TexFormat::from_bits(s.format.raw() | value),
                    OptionClass::Dim => s.dim = Dim::from_bits(s.dim.raw() | value),
                    OptionClass::Special => s.special = UInt::from_bits(s.special.get() | value),
                    OptionClass::Wrap => s.wrap = Wrap::from_bits(s.wrap.raw() | value),
                    OptionClass::Mip => s.mip = Mip::from_bits(s.mip.raw() | value),
                    OptionClass::Filter => s.filter = Filter::from_bits(s.filter.raw() | value),
                }
            }
            sampler.bias = SInt::from_bits(u64::from(options.bias as u8));
        }
        Ok(sampler.encode())
    }
}

fn describe_roles(roles: &[Role]) -> String {
    if roles.is_empty() {
        return "no operands".into();
    }
    let names: Vec<&str> = roles.iter().map(|r| r.noun()).collect();
    format!("{} ({})", counted(roles.len(), "operand"), names.join(", "))
}

/// x 0, y 1, z 2, w 3 (the letter was checked).
/// The components of checked letters (x, y, z, w).
fn components(letters: &str) -> Vec<Component> {
    letters
        .chars()
        .filter_map(|l| Component::ALL.into_iter().find(|c| c.letter() == l))
        .collect()
}

/// A warning at `at` when the write mask `letters` of operand `text` names
/// a component twice (`op.xx`) or is out of x, y, z, w order (`op.yx`): the
/// reference ORs one bit per letter, so the repeat and the order are lost.
fn mask_warning(text: &str, letters: &str, at: &Cursor<'_>) -> Option<AsmError> {
    let comps = components(letters);
    let slip = MaskSlip::of(&comps)?;
    let written = Mask::<false>::from_components(&comps);
    Some(at.error(format!("{} {slip}, so this writes `.{written}`", quote_input(text))))
}

fn unknown_opcode(at: &Cursor<'_>, word: &str) -> AsmError {
    let lower = word.to_ascii_lowercase();
    if op_by_mnemonic(&lower).is_some() {
        return at.error(format!(
            "opcodes are lowercase: write {lower}, not {word}",
            lower = quote_input(&lower),
            word = quote_input(word)
        ));
    }
    let hint = closest(word, mnemonics())
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default();
    at.error(format!("unknown opcode {word}{hint}", word = quote_input(word)))
}

fn skip_blanks(cur: &mut Cursor<'_>) {
    take(cur, char::is_whitespace);
}

/// Consumes the longest prefix whose characters satisfy `pred`.
fn take<'a>(cur: &mut Cursor<'a>, pred: impl Fn(char) -> bool) -> &'a str {
    let rest = cur.rest();
    let len = rest.find(|c: char| !pred(c)).unwrap_or(rest.len());
    let taken = &rest[..len];
    cur.eat(taken);
    taken
}

/// A register name and optional number, as written.
struct RegRef<'a> {
    at: Cursor<'a>,
    name: &'a str,
    num: Option<(u64, Cursor<'a>)>,
}

/// `vc[vt0.x+4]`: the part in brackets.
struct Index<'a> {
    at: Cursor<'a>,
    reg: RegRef<'a>,
    comp: Comp,
    offset: Option<(u64, Cursor<'a>)>,
}

/// One operand as written.
struct Operand<'a> {
    at: Cursor<'a>,
    text: &'a str,
    reg: RegRef<'a>,
    index: Option<Index<'a>>,
    /// The letters after `.` and where they start.
    comps: Option<(&'a str, Cursor<'a>)>,
}

fn parse_number<'a>(cur: &mut Cursor<'a>, what: &str) -> Result<Option<(u64, Cursor<'a>)>, AsmError> {
    let at = cur.clone();
    let digits = take(cur, |c| c.is_ascii_digit());
    if digits.is_empty() {
        return Ok(None);
    }
    match digits.parse::<u64>() {
        Ok(n) => Ok(Some((n, at))),
        Err(_) => Err(at.error(format!("{what} {digits} is too large", digits = quote_input(digits)))),
    }
}

fn parse_reg<'a>(cur: &mut Cursor<'a>, what: &str) -> Result<RegRef<'a>, AsmError> {
    let at = cur.clone();
    let name = take(cur, |c| c.is_ascii_alphabetic());
    if name.is_empty() {
        return Err(cur.expected(what));
    }
    let num = parse_number(cur, "register number")?;
    Ok(RegRef { at, name, num })
}

fn parse_operand<'a>(cur: &mut Cursor<'a>) -> Result<Operand<'a>, AsmError> {
    let at = cur.clone();
    let start = cur.rest();
    let reg = parse_reg(cur, "a register")?;
    let mut index = None;
    if cur.peek() == Some('[') {
        if let Some((_, num_at)) = &reg.num {
            return Err(num_at.error(format!(
                "a relative operand has no register number before `[`: write `{}[vt0.x+4]`",
                reg.name
            )));
        }
        let bracket = cur.clone();
        cur.eat("[");
        let ireg = parse_reg(cur, "an index register (`vc[vt0.x+4]`)")?;
        if !cur.eat(".") {
            return Err(cur.expected("`.` and the index register's component (`vt0.x`)"));
        }
        let comp_at = cur.clone();
        let comp = take(cur, |c| c.is_ascii_alphanumeric());
        let Some(&comp) = Comp::ALL.iter().find(|c| c.spelling() == comp) else {
            return Err(comp_at.error(format!(
                "expected one component (x, y, z or w) for the index register, found {comp}",
                comp = quote_input(comp)
            )));
        };
        let offset = if cur.eat("+") {
            match parse_number(cur, "offset")? {
                Some(n) => Some(n),
                None => return Err(cur.expected("an offset after `+`")),
            }
        } else {
            None
        };
        if !cur.eat("]") {
            return Err(cur.expected("`]`"));
        }
        index = Some(Index {
            at: bracket,
            reg: ireg,
            comp,
            offset,
        });
    }
    let mut comps = None;
    if cur.eat(".") {
        let letters_at = cur.clone();
        let letters = take(cur, |c| c.is_ascii_alphanumeric() || c == '_');
        if letters.is_empty() {
            return Err(cur.expected("components (x, y, z, w) after `.`"));
        }
        if let Some((i, bad)) = letters
            .char_indices()
            .find(|(_, c)| !matches!(c, 'x' | 'y' | 'z' | 'w'))
        {
            let mut bad_at = letters_at.clone();
            bad_at.eat(&letters[..i]);
            return Err(bad_at.error(format!(
                "{bad} is not a component: masks and swizzles use x, y, z and w",
                bad = quote_input(&bad.to_string())
            )));
        }
        if letters.len() > 4 {
            return Err(letters_at.error(format!(
                "{letters} has {} components; at most 4",
                letters.len(),
                letters = quote_input(letters)
            )));
        }
        comps = Some((letters, letters_at));
    }
    if let Some(c) = cur.peek() {
        if !(c.is_whitespace() || c == ',' || c == '<') {
            return Err(cur.error(format!("unexpected {} in an operand", cur.describe_next())));
        }
    }
    let text = &start[..start.len() - cur.rest().len()];
    Ok(Operand {
        at,
        text,
        reg,
        index,
        comps,
    })
}

/// Sampler options as written: each class at most once (or repeated with the
/// same value), the special flags OR'd, and the bias byte.
struct Options<'a> {
    at: Cursor<'a>,
    set: Vec<(OptionClass, u64, &'a str)>,
    bias: i8,
}

impl Options<'_> {
    fn values(&self) -> impl Iterator<Item = (OptionClass, u64)> + '_ {
        self.set.iter().map(|&(class, value, _)| (class, value))
    }
}

/// Sampler options from `<` to `>`; a lod bias that is not a multiple of
/// 1/8 adds a warning.
fn parse_options<'a>(cur: &mut Cursor<'a>, warnings: &mut Vec<AsmError>) -> Result<Options<'a>, AsmError> {
    let at = cur.clone();
    cur.eat("<");
    let Some(close) = cur.rest().find('>') else {
        return Err(at.error("unclosed `<`: sampler options end with `>`"));
    };
    let mut options = Options {
        at: at.clone(),
        set: Vec::new(),
        bias: 0,
    };
    let mut bias_word: Option<&str> = None;
    let end = cur.rest().len() - close;
    while cur.rest().len() > end {
        take(cur, |c| c == ',' || c.is_whitespace());
        if cur.rest().len() <= end {
            break;
        }
        let word_at = cur.clone();
        let limit = cur.rest().len() - end;
        let word = {
            let rest = &cur.rest()[..limit];
            let len = rest.find(|c: char| c == ',' || c.is_whitespace()).unwrap_or(rest.len());
            let word = &rest[..len];
            cur.eat(word);
            word
        };
        if let Some((class, value)) = sampler_option(word) {
            if class == OptionClass::Special {
                options.set.push((class, value, word));
                continue;
            }
            if let Some(&(_, old, old_word)) = options.set.iter().find(|(c, _, _)| *c == class) {
                if old != value {
                    return Err(word_at.error(format!(
                        "conflicting sampler options: {old_word} and {word} both set the {}",
                        class.noun(),
                        old_word = quote_input(old_word),
                        word = quote_input(word)
                    )));
                }
                continue;
            }
            options.set.push((class, value, word));
        } else if is_number(word) {
            let bias: f64 = word
                .parse()
                .map_err(|_| word_at.error(format!("{word} is not a number", word = quote_input(word))))?;
            let raw = (bias * 8.0).trunc();
            if !(-128.0..=127.0).contains(&raw) {
                return Err(word_at.error(format!(
                    "lod bias {} is out of range: the bias byte holds bias × 8, so -16 to 15.875",
                    escape_input(word)
                )));
            }
            let raw = raw as i8;
            warnings.extend(bias_warning(word, raw, &word_at));
            if let Some(old) = bias_word {
                if raw != options.bias {
                    return Err(word_at.error(format!(
                        "conflicting lod biases {old} and {word}",
                        old = quote_input(old),
                        word = quote_input(word)
                    )));
                }
            }
            bias_word = Some(word);
            options.bias = raw;
        } else {
            let lower = word.to_ascii_lowercase();
            if sampler_option(&lower).is_some() {
                return Err(word_at.error(format!(
                    "sampler options are lowercase: write {lower}, not {word}",
                    lower = quote_input(&lower),
                    word = quote_input(word)
                )));
            }
            let hint = closest(word, option_words())
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            return Err(word_at.error(format!(
                "unknown sampler option {word}{hint}; a number is the lod bias",
                word = quote_input(word)
            )));
        }
    }
    cur.eat(">");
    skip_blanks(cur);
    if !cur.rest().is_empty() {
        return Err(cur.error(format!("unexpected {} after the sampler options", cur.describe_next())));
    }
    Ok(options)
}

/// A warning at `at` when the lod bias `word` (a checked number) is not a
/// multiple of 1/8: the reference writes `(int)(bias * 8)`, so the bias
/// written, `raw` / 8, is not the one in the text.
fn bias_warning(word: &str, raw: i8, at: &Cursor<'_>) -> Option<AsmError> {
    if is_eighths(word) {
        return None;
    }
    Some(at.error(format!(
        "lod bias {} is not a multiple of 1/8: the bias byte holds bias × 8, cut toward zero, so this writes {}",
        escape_input(word),
        f64::from(raw) / 8.0
    )))
}

/// Whether the decimal number `word` (checked by [`is_number`]) is a whole
/// number of eighths, read from its digits (exact, unlike `f64`).
fn is_eighths(word: &str) -> bool {
    let frac = word.split_once('.').map_or("", |(_, frac)| frac);
    matches!(
        frac.trim_end_matches('0'),
        "" | "125" | "25" | "375" | "5" | "625" | "75" | "875"
    )
}

/// A decimal number: optional sign, digits, optional fraction.
fn is_number(word: &str) -> bool {
    let body = word.strip_prefix(['-', '+']).unwrap_or(word);
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    (!int.is_empty() || !frac.is_empty())
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::token_bytes;

    fn one(kind: ProgramType, version: Version, line: &str) -> Result<[u8; 24], AsmError> {
        let asm = Assembler {
            kind,
            version,
            ignore_limits: false,
        };
        asm.line(line, 1).map(|t| token_bytes(&t.expect("a token")))
    }

    fn frag(line: &str) -> Result<[u8; 24], AsmError> {
        one(ProgramType::Fragment, Version::V1, line)
    }

    fn vert(line: &str) -> Result<[u8; 24], AsmError> {
        one(ProgramType::Vertex, Version::V1, line)
    }

    fn err_at(r: Result<[u8; 24], AsmError>) -> (usize, String) {
        let e = r.expect_err("an error");
        (e.col, e.message)
    }

    #[test]
    fn encodings_follow_the_reference() {
        // m44 op, va0, vc0
        let t = vert("m44 op, va0, vc0").unwrap();
        assert_eq!(&t[..8], &[0x18, 0, 0, 0, 0, 0, 0x0F, 3]);
        assert_eq!(&t[8..16], &[0, 0, 0, 0xE4, 0, 0, 0, 0]);
        assert_eq!(&t[16..24], &[0, 0, 0, 0xE4, 1, 0, 0, 0]);
        // Short swizzles repeat the last letter; masks in any order.
        let t = frag("mov ft1.zx, v2.xy").unwrap();
        assert_eq!(t[6], 0b0101);
        assert_eq!(t[11], 0b0101_0100);
        // Relative addressing.
        let t = vert("mov vt0, vc[va1.y+4].wz").unwrap();
        assert_eq!(&t[8..16], &[1, 0, 4, 0b1010_1011, 1, 0, 1, 0x80]);
        // Sampler flags and bias.
        let t = frag("tex ft0, v0, fs3 <cube, linear, miplinear, repeat, dxt5, centroid, single, -0.5>").unwrap();
        assert_eq!(&t[16..24], &[3, 0, 0xFC, 0, 5, 0x12, 0x13, 0x12]);
        // kil and the if-family write a zero destination.
        let t = frag("kil ft0.w").unwrap();
        assert_eq!(&t[4..8], &[0; 4]);
        assert_eq!(&t[8..16], &[0, 0, 0, 0xFF, 2, 0, 0, 0]);
        let t = one(ProgramType::Vertex, Version::V2, "ife vt0.x, vc1.y").unwrap();
        assert_eq!(&t[4..8], &[0; 4]);
        assert_eq!(t[20], 1);
        // Blank-separated operands, as the reference reads them.
        assert_eq!(
            vert("seq vt4.z, vt4.y vc6.x").unwrap(),
            vert("seq vt4.z, vt4.y, vc6.x").unwrap()
        );
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(err_at(frag("tez ft0, v0, fs0")).0, 1);
        assert!(err_at(frag("tez ft0, v0, fs0")).1.contains("unknown opcode `tez`"));
        assert!(err_at(frag("MOV ft0, v0")).1.contains("lowercase"));
        assert_eq!(err_at(frag("mov ft8, v0")).0, 7);
        assert_eq!(err_at(frag("mov ft0, v0.rgb")).0, 13);
        assert_eq!(err_at(frag("tex ft0, v0, fs0 <2d, bilinear>")).0, 23);
        assert_eq!(err_at(frag("tex ft0, v0, fs0 <linear, nearest>")).0, 27);
        assert_eq!(err_at(frag("mov ft0, vc[ft0.x]")).0, 10);
        assert_eq!(err_at(frag("mov ft0")).0, 8);
        assert_eq!(err_at(frag("mov ft0, v0, v1")).0, 14);
        assert_eq!(err_at(frag("mov va0, v0")).0, 5);
        assert_eq!(err_at(vert("mov op, va0 <2d>")).0, 13);
        assert_eq!(err_at(vert("mov vt0, vc[va0.x+256]")).0, 19);
        assert_eq!(err_at(vert("mov vt0, iid0")).0, 10);
        assert_eq!(err_at(frag("mov fd, ft0")).0, 5);
        assert_eq!(err_at(frag("ddx ft0, v0")).0, 1);
        assert_eq!(err_at(vert("tex vt0, va0, fs0")).0, 1);
        assert_eq!(err_at(frag("tex ft0, v0, fs0 <16>")).0, 19);
    }

    #[test]
    fn every_line_gets_its_error() {
        let errors = assemble(
            "mov ft0, v0\nted ft0\nmov ft9, v0\n\n// c\nMOV ft0, v0",
            ProgramType::Fragment,
            Version::V1,
            false,
        )
        .unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![2, 3, 6]);
    }

    #[test]
    fn line_breaks() {
        let v: Vec<&str> = lines("a\r\nb\rc\n\nd").collect();
        assert_eq!(v, ["a", "b", "c", "", "d"]);
    }

    #[test]
    fn numbers() {
        for w in ["1", "-0.5", "+2.", ".25", "13"] {
            assert!(is_number(w), "{w}");
        }
        for w in ["", ".", "-", "1e3", "inf", "nan", "1.2.3"] {
            assert!(!is_number(w), "{w}");
        }
        for w in ["1", "-0.5", "+2.", ".25", "12.875", "0.1250", "-15.375"] {
            assert!(is_eighths(w), "{w}");
        }
        for w in ["0.01", "-0.01", "1.3", ".1", "0.1250000000000000000001", "0.0625"] {
            assert!(!is_eighths(w), "{w}");
        }
    }
}
