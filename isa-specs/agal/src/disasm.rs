//! A disassembler that prints AGALMiniAssembler syntax which [`super::asm`]
//! reassembles to the very same bytes.
//!
//! Register names follow the program type in the header: vertex programs
//! say `va`, `vc`, `vt`, `op`, `v` (and `iid` in AGAL3), fragment programs
//! `v`, `fc`, `ft`, `fs`, `oc`, `fd`. Output registers numbered 0 print
//! without their number (`op`, `oc`), masks and swizzles only when they are
//! not the defaults, short swizzles drop repeated trailing letters (`.xyy`
//! becomes `.xy`), and a sampler spells out every option:
//! `<dimension,filter,mipmap,wrap,format[,special flags][,bias]>`, the bias
//! (when not 0) as the decimal number whose × 8 is the bias byte.
//!
//! Every line is checked by assembling it again. A token that mini-assembler
//! syntax cannot spell (nonzero undefined bits, index fields in a direct
//! source, an empty write mask, a sampler nibble with no name, a register the
//! program type does not have, …) is never silently changed: it is printed as
//! a comment that says why, followed by isaforge's `.token` line holding the
//! token in the spec's field-explicit form, which [`super::asm`] reads back
//! bit for bit (Adobe's assembler would skip that line). When registers are
//! beyond the version's limits, or the program holds more than 4096 tokens,
//! the first line says to assemble with `--ignore-limits`.

use std::fmt;

use isa_runtime::bits::low_mask;
use isa_runtime::layout::{Field, FieldKind, Format, NamedText};
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{self, TextError, TextHooks};
use isa_runtime::{Mask, Swizzle};

use super::asm::Assembler;
use super::program::AgalError;
use super::program::{form_of, slots, token_bytes, AgalProgram};
use super::table::{canonical_name, version_number, Form, SPECIAL_FLAGS};
use super::{Dest, Header, Instruction, ProgramType, RegType, Sampler, Source, Version};

/// One token of a listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenLine {
    /// Byte offset of the token in the program.
    pub offset: usize,
    /// The line that assembles to the token: mini-assembler syntax, or a
    /// `.token` line when `raw_reason` is set.
    pub text: String,
    /// Why the token could not be written in mini-assembler syntax.
    pub raw_reason: Option<String>,
}

/// A disassembled program: what the header says and one line per token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// The program type.
    pub kind: ProgramType,
    /// The version.
    pub version: Version,
    /// Whether some register is beyond the version's limits, or the program
    /// holds more than [`MAX_TOKENS`](crate::asm::MAX_TOKENS) tokens, so that
    /// the text assembles only with `--ignore-limits`.
    pub needs_ignore_limits: bool,
    /// The tokens.
    pub tokens: Vec<TokenLine>,
}

impl Listing {
    /// The command-line options that assemble the listing back.
    pub fn asm_options(&self) -> String {
        let kind = self.kind.spelling();
        let mut s = format!("--type {kind} --version {}", version_number(self.version));
        if self.needs_ignore_limits {
            s.push_str(" --ignore-limits");
        }
        s
    }
}

impl fmt::Display for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", FirstLine(self.tokens.len(), &self.asm_options()))?;
        for (i, line) in self.tokens.iter().enumerate() {
            write!(f, "{}", LineText(i, line))?;
        }
        Ok(())
    }
}

/// The listing's first line: the token count and the options.
struct FirstLine<'a>(usize, &'a str);

impl fmt::Display for FirstLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let FirstLine(count, options) = *self;
        let s = if count == 1 { "" } else { "s" };
        writeln!(f, "// AGAL program, {count} token{s}; assemble with {options}")
    }
}

/// Token `i`'s lines in the listing: the reason it is raw, if it is, and its text.
struct LineText<'a>(usize, &'a TokenLine);

impl fmt::Display for LineText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LineText(i, line) = *self;
        if let Some(reason) = &line.raw_reason {
            writeln!(
                f,
                "// token {i} (byte {:#x}) cannot be written in mini-assembler syntax: {reason}; \
                 kept as a raw isaforge `.token` line",
                line.offset
            )?;
        }
        writeln!(f, "{}", line.text)
    }
}

/// Disassembles a program into text that reassembles to the same bytes.
pub fn disassemble(program: &AgalProgram) -> String {
    listing(program).to_string()
}

/// Disassembles a program line by line.
pub fn listing(program: &AgalProgram) -> Listing {
    let lines = LineMaker::new(program.header.kind, program.header.version);
    let mut needs_ignore_limits = false;
    let mut tokens = Vec::with_capacity(program.tokens.len());
    for (i, token) in program.tokens.iter().enumerate() {
        let (line, loose) = lines.line(i, token);
        needs_ignore_limits |= loose;
        tokens.push(line);
    }
    Listing {
        kind: program.header.kind,
        version: program.header.version,
        needs_ignore_limits: needs_ignore_limits || tokens.len() > crate::asm::MAX_TOKENS,
        tokens,
    }
}

/// Makes each token's line of a listing.
struct LineMaker {
    strict: Assembler,
    loose: Assembler,
}

impl LineMaker {
    fn new(kind: ProgramType, version: Version) -> Self {
        let strict = Assembler {
            kind,
            version,
            ignore_limits: false,
        };
        let loose = Assembler {
            ignore_limits: true,
            ..strict
        };
        LineMaker { strict, loose }
    }

    /// Token `i`'s line, and whether it assembles only with `--ignore-limits`.
    fn line(&self, i: usize, token: &Instruction) -> (TokenLine, bool) {
        let offset = AgalProgram::token_offset(i);
        let same =
            |r: Result<Option<Instruction>, _>| matches!(r, Ok(Some(t)) if token_bytes(&t) == token_bytes(token));
        let mut loose = false;
        let checked = match mini(token, self.strict.kind) {
            Err(reason) => Err(reason),
            Ok(text) => match self.strict.line(&text, 1) {
                Ok(Some(t)) if token_bytes(&t) == token_bytes(token) => Ok(text),
                Ok(_) => Err(format!("`{text}` would assemble to different bytes")),
                Err(_) if same(self.loose.line(&text, 1)) => {
                    loose = true;
                    Ok(text)
                }
                Err(e) => Err(format!("`{text}` is rejected: {}", e.message)),
            },
        };
        let line = match checked {
            Ok(text) => TokenLine {
                offset,
                text,
                raw_reason: None,
            },
            Err(reason) => TokenLine {
                offset,
                text: format!(".token {token}"),
                raw_reason: Some(reason),
            },
        };
        (line, loose)
    }
}

/// A program's bytes, checked as [`AgalProgram::from_bytes`] checks them,
/// whose listing is made one token at a time: [`Stream::write_to`] writes
/// what [`disassemble`] returns, [`Stream::lines`] gives each token's line.
/// It keeps the header, not the tokens.
pub struct Stream<'a> {
    bytes: &'a [u8],
    /// The header.
    pub header: Header,
    /// How many tokens the program holds.
    pub count: usize,
}

impl<'a> Stream<'a> {
    /// Checks `bytes` (the errors of [`AgalProgram::from_bytes`]).
    pub fn new(bytes: &'a [u8]) -> Result<Self, AgalError> {
        let (header, count) = AgalProgram::check_bytes(bytes)?;
        Ok(Stream { bytes, header, count })
    }

    /// Each token and its line of the listing, in order.
    pub fn lines(&self) -> impl Iterator<Item = (Instruction, TokenLine)> + 'a {
        let maker = LineMaker::new(self.header.kind, self.header.version);
        let tokens = AgalProgram::tokens_of(self.bytes, self.header.version).map_while(Result::ok);
        tokens.enumerate().map(move |(i, token)| {
            let (line, _) = maker.line(i, &token);
            (token, line)
        })
    }

    /// Writes the listing, as [`disassemble`] returns it. A program of
    /// more than [`MAX_TOKENS`](crate::asm::MAX_TOKENS) tokens (whose first
    /// line asks for `--ignore-limits` whatever its registers) is written
    /// token by token; a smaller one is listed whole first (its first line
    /// depends on every token's registers).
    pub fn write_to<W: std::io::Write>(&self, out: &mut W) -> std::io::Result<()> {
        if self.count <= crate::asm::MAX_TOKENS {
            let program = AgalProgram::from_bytes(self.bytes).map_err(std::io::Error::other)?;
            return write!(out, "{}", listing(&program));
        }
        let options = Listing {
            kind: self.header.kind,
            version: self.header.version,
            needs_ignore_limits: true,
            tokens: Vec::new(),
        }
        .asm_options();
        write!(out, "{}", FirstLine(self.count, &options))?;
        for (i, (_, line)) in self.lines().enumerate() {
            write!(out, "{}", LineText(i, &line))?;
        }
        Ok(())
    }
}

/// The spec's dialect whose `text` lines spell the operands.
pub const DIALECT: &str = "mini";

/// The mini-assembler line for a token, or why there is none: the
/// mnemonic, then the operands its form has, each printed by the spec's
/// `mini` line for its layout (`Dest`, `Source`, `Sampler`).
pub fn mini(token: &Instruction, kind: ProgramType) -> Result<String, String> {
    let Some(op) = token.opcode() else {
        return Err("it matches no opcode".into());
    };
    let form = form_of(token);
    let s = slots(token);
    let mut hooks = MiniHooks {
        kind,
        format: Dest::FORMAT,
        problem: None,
    };
    let mut operands = Vec::new();
    if form.has_dest() {
        let dst = s.dst.ok_or("its destination does not decode")?;
        let word = u64::from(dst.encode());
        operands.push(operand(Dest::FORMAT, "dest", word, "its destination", &mut hooks)?);
    }
    for (n, src) in [(1, s.src1), (2, s.src2)] {
        if let Some(src) = src {
            operands.push(operand(
                Source::FORMAT,
                "source",
                src.encode(),
                &format!("source {n}"),
                &mut hooks,
            )?);
        }
    }
    if form == Form::Tex {
        let sampler = s.sampler.ok_or("its sampler does not decode")?;
        operands.push(operand(
            Sampler::FORMAT,
            "sampler",
            sampler.encode(),
            "its sampler",
            &mut hooks,
        )?);
    }
    let mut text = op.mnemonic.to_string();
    if !operands.is_empty() {
        text.push(' ');
        text.push_str(&operands.join(", "));
    }
    Ok(text)
}

/// One operand in the `mini` dialect: the undefined bits must be clear, and
/// an alternative of the layout's group must hold.
fn operand(
    format: &'static Format,
    group: &str,
    word: u64,
    what: &str,
    hooks: &mut MiniHooks,
) -> Result<String, String> {
    if let Some(set) = undefined(format, word) {
        return Err(format!("{what} has undefined bits set: {set}"));
    }
    hooks.format = format;
    let Some(t) = text::select_text(format, DIALECT, group, &word) else {
        return Err(format!(
            "{what} has no `{DIALECT}` form: {}",
            why_not(format, group, word)
        ));
    };
    let mut out = String::new();
    match text::write_text(&mut out, format, t, &word, hooks) {
        Ok(()) => Ok(out),
        Err(_) => Err(format!(
            "{what} {}",
            hooks.problem.take().unwrap_or_else(|| "cannot be printed".into())
        )),
    }
}

/// Why no alternative of a group holds: the first failing condition of the
/// alternative that fails the fewest.
fn why_not(format: &Format, group: &str, word: u64) -> String {
    let failing = |t: &NamedText| t.when.iter().filter(|c| !c.holds(format, &word, 0)).count();
    let closest = text::text_group(format, DIALECT, group).min_by_key(|t| failing(t));
    let cond = closest.and_then(|t| t.when.iter().find(|c| !c.holds(format, &word, 0)));
    match cond {
        Some(c) => {
            let field = &format.fields[c.field];
            let value = field.read(&word, 0);
            match c.named {
                Some(_) => format!("its `{}` value {value} has no name", field.name),
                None => format!("its `{}` is {}", field.name, text::describe_value(field, value)),
            }
        }
        None => format!("the spec has no `{DIALECT}.{group}` line"),
    }
}

/// The register name of `code` in a program of type `kind`, with its
/// number (none for output register 0).
fn name(code: RegType, num: u64, kind: ProgramType) -> String {
    let (name, _) = canonical_name(code, kind);
    if code == RegType::Op && num == 0 {
        name.to_string()
    } else {
        format!("{name}{num}")
    }
}

/// "bits 20..=23 hold 0x1, bits 28..=31 hold 0x2": the `unknown` fields of
/// `layout` (the spec's "undefined" bits) that are not zero in `word`.
fn undefined(layout: &Format, word: u64) -> Option<String> {
    let set: Vec<String> = layout
        .fields
        .iter()
        .filter(|f| matches!(f.kind, FieldKind::Unknown))
        .flat_map(|f| f.ranges)
        .filter_map(|r| {
            let v = (word >> r.lo) & low_mask(r.width);
            (v != 0).then(|| format!("bits {}..={} hold {v:#x}", r.lo, r.lo + r.width - 1))
        })
        .collect();
    (!set.is_empty()).then(|| set.join(", "))
}

/// The hooks of the spec's `mini` lines: register names by program type,
/// and the forms AGALMiniAssembler leaves short.
struct MiniHooks {
    /// The program type (`vc` or `fc`, …).
    kind: ProgramType,
    /// The operand's layout.
    format: &'static Format,
    /// Why a hook could not print (a special flag with no name).
    problem: Option<String>,
}

/// Every hook the `mini` lines use.
#[cfg(test)]
const HOOKS: &[&str] = &[
    "file",
    "regnum",
    "index_reg",
    "mask",
    "swizzle",
    "special_flags",
    "bias",
];

impl MiniHooks {
    /// Sibling field `name` of the operand's layout (0 if it has none; a
    /// unit test checks the names).
    fn sibling(&self, word: u64, name: &str) -> u64 {
        self.format.field(name).map_or(0, |f| f.read(&word, 0))
    }
}

impl TextHooks<u64> for MiniHooks {
    fn write_hook(&mut self, out: &mut dyn fmt::Write, hook: &str, field: Option<&Field>, word: &u64) -> fmt::Result {
        let v = field.map_or(0, |f| f.read(word, 0));
        let reg = |raw: u64| RegType::from_raw(raw).ok_or(fmt::Error);
        match hook {
            "file" => out.write_str(canonical_name(reg(v)?, self.kind).0),
            "regnum" => {
                let ty = reg(self.sibling(*word, "type"))?;
                if ty == RegType::Op && v == 0 {
                    Ok(())
                } else {
                    write!(out, "{v}")
                }
            }
            "index_reg" => out.write_str(&name(reg(v)?, self.sibling(*word, "num"), self.kind)),
            "mask" if v == Mask::<false>::full().bits() => Ok(()),
            "swizzle" if v == Swizzle::<false>::identity().bits() => Ok(()),
            // The field's letters (`xz`), a swizzle without its repeated
            // trailing letters (`.xyy` is `.xy`).
            "mask" | "swizzle" => {
                let mut letters = String::new();
                text::write_field(&mut letters, field.ok_or(fmt::Error)?, word)?;
                while hook == "swizzle"
                    && letters.len() > 1
                    && letters.as_bytes()[letters.len() - 1] == letters.as_bytes()[letters.len() - 2]
                {
                    letters.pop();
                }
                write!(out, ".{letters}")
            }
            "special_flags" => {
                let mut left = v;
                for (word, bit) in SPECIAL_FLAGS {
                    if left & bit != 0 {
                        write!(out, ",{word}")?;
                        left &= !bit;
                    }
                }
                if left != 0 {
                    self.problem = Some(format!("sets special flag bit {left:#x}, which has no name"));
                    return Err(fmt::Error);
                }
                Ok(())
            }
            // Exact: a multiple of 1/8 has a short decimal form, and × 8
            // gives it back.
            "bias" if v == 0 => Ok(()),
            "bias" => write!(out, ",{}", f64::from(v as u8 as i8) / 8.0),
            _ => {
                self.problem = Some(format!("uses hook `@{hook}`, which this printer lacks"));
                Err(fmt::Error)
            }
        }
    }

    fn parse_hook<'a>(
        &mut self,
        cur: &mut Cursor<'a>,
        hook: &str,
        _: Option<&Field>,
        _: &mut u64,
    ) -> Result<(), TextError<'a>> {
        // The assembler (`asm.rs`) reads mini-assembler text itself.
        Err(TextError::message(
            cur,
            format!("the `mini` hook `@{hook}` is printed, not parsed, here"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::assemble;

    fn round_trip(kind: ProgramType, version: Version, text: &str) -> String {
        let program = assemble(text, kind, version, false).unwrap();
        let listing = listing(&program);
        let out = listing.to_string();
        let again = assemble(&out, kind, version, listing.needs_ignore_limits).unwrap();
        assert_eq!(again.to_bytes(), program.to_bytes(), "{out}");
        out
    }

    /// `ted` (AGAL2, fragment only) is the spec's one line: it assembles to
    /// opcode 0x26 with `tex`'s operands, prints back, and is refused where
    /// the spec's attributes say, at the mnemonic.
    #[test]
    fn ted_round_trips_at_version_2_and_is_refused_elsewhere() {
        let text = "ted ft1, v0, fs2 <2d, linear, miplinear, repeat, -2>";
        let out = round_trip(ProgramType::Fragment, Version::V2, text);
        assert_eq!(
            out.lines().nth(1),
            Some("ted ft1, v0, fs2 <2d,linear,miplinear,repeat,rgba,-2>")
        );
        let ted = assemble(text, ProgramType::Fragment, Version::V2, false).unwrap();
        let tex = assemble(
            &text.replacen("ted", "tex", 1),
            ProgramType::Fragment,
            Version::V2,
            false,
        )
        .unwrap();
        let (ted, tex) = (ted.to_bytes(), tex.to_bytes());
        assert_eq!(ted[7..11], [0x26, 0, 0, 0]);
        assert_eq!(ted[11..], tex[11..], "the same operands as tex");

        let err = |kind, version| {
            let errors = assemble(&format!("sge v0, v0, v0\n  {text}"), kind, version, false).unwrap_err();
            errors.iter().map(|e| e.to_string()).collect::<Vec<_>>()
        };
        assert_eq!(
            err(ProgramType::Fragment, Version::V1),
            ["2:3: `ted` needs AGAL version 2 or later; this program is version 1"]
        );
        assert_eq!(
            err(ProgramType::Vertex, Version::V2),
            ["2:3: `ted` is only allowed in fragment programs"]
        );
    }

    /// The streamed listing is the whole one, byte for byte, for programs
    /// of at most and of more than `MAX_TOKENS` tokens (a raw `.token`
    /// line and a register past the limits included), and its lines are
    /// the listing's; bad bytes are the same errors as `from_bytes`.
    #[test]
    fn streamed_listing_is_the_whole_listing() {
        let text = "tex ft0, v0, fs1 <2d,linear>\nmov ft1, fc200\nmov oc, ft0";
        let one = assemble(text, ProgramType::Fragment, Version::V1, true).unwrap();
        let mut odd = one.to_bytes();
        odd[7 + 24 + 6] = 0; // an empty write mask: a `.token` line
        for copies in [1, 1366, 1367, 2000] {
            let mut bytes = odd[..7].to_vec();
            for _ in 0..copies {
                bytes.extend_from_slice(&odd[7..]);
            }
            let program = AgalProgram::from_bytes(&bytes).unwrap();
            let stream = Stream::new(&bytes).unwrap();
            assert_eq!(stream.count, program.tokens.len());
            let mut out = Vec::new();
            stream.write_to(&mut out).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                disassemble(&program),
                "{copies} copies"
            );
            let whole = listing(&program);
            assert!(whole.tokens.iter().any(|t| t.raw_reason.is_some()));
            let lines: Vec<TokenLine> = stream.lines().map(|(_, line)| line).collect();
            assert_eq!(lines, whole.tokens);
            let tokens: Vec<Instruction> = stream.lines().map(|(token, _)| token).collect();
            assert_eq!(tokens, program.tokens);
        }
        for cut in [0, 3, 7, 7 + 24, 7 + 30, odd.len()] {
            let mut bytes = odd[..cut].to_vec();
            if cut > 7 {
                bytes[7] = 0xee;
            }
            assert_eq!(
                Stream::new(&bytes).err(),
                AgalProgram::from_bytes(&bytes).err(),
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn spells_everything_out() {
        let out = round_trip(
            ProgramType::Fragment,
            Version::V2,
            "tex ft0, v0, fs1 <cube, linear, single, 1.5>\nmov oc1, ft0.xyzz\nmov oc, ft0.yx\nmov fd.x, ft0",
        );
        let body: Vec<&str> = out.lines().skip(1).collect();
        assert_eq!(
            body,
            [
                "tex ft0, v0, fs1 <cube,linear,mipnone,clamp,rgba,single,1.5>",
                "mov oc1, ft0.xyz",
                "mov oc, ft0.yx",
                "mov fd0.x, ft0",
            ]
        );
    }

    #[test]
    fn relative_sources() {
        let out = round_trip(
            ProgramType::Vertex,
            Version::V1,
            "mov vt0, vc[va1.y+4].wz\nmov vt1, vc[op.x]",
        );
        assert!(out.contains("mov vt0, vc[va1.y+4].wz\n"), "{out}");
        assert!(out.contains("mov vt1, vc[op.x]\n"), "{out}");
    }

    /// Every hook of the spec's `mini` lines is one this printer knows, and
    /// the sibling fields the hooks read exist where they are used.
    #[test]
    fn every_mini_hook_is_known() {
        let mut used = Vec::new();
        for format in [Dest::FORMAT, Source::FORMAT, Sampler::FORMAT] {
            let here: Vec<&str> = text::dialect_texts(format, DIALECT).flat_map(|t| t.hooks()).collect();
            assert!(!here.is_empty(), "`{}` has no `mini` line", format.name);
            for h in &here {
                assert!(HOOKS.contains(h), "`{}` uses unknown hook `@{h}`", format.name);
                let sibling = match *h {
                    "regnum" => Some("type"),
                    "index_reg" => Some("num"),
                    _ => None,
                };
                if let Some(sib) = sibling {
                    assert!(
                        format.field(sib).is_some(),
                        "`{}` lacks `{sib}` for `@{h}`",
                        format.name
                    );
                }
            }
            used.extend(here);
        }
        for h in HOOKS {
            assert!(used.contains(h), "hook `@{h}` is never used");
        }
    }

    #[test]
    fn what_the_syntax_cannot_spell_stays_raw() {
        let mut program = assemble("mov vt0, va0\nmov vt1, va1", ProgramType::Vertex, Version::V1, false).unwrap();
        let mut words = program.tokens[1].encode();
        words[1] |= 1 << 36; // src1.undef1
        program.tokens[1] = Instruction::decode(words).unwrap();
        let listing = listing(&program);
        assert_eq!(listing.tokens[0].raw_reason, None);
        let reason = listing.tokens[1].raw_reason.as_deref().unwrap();
        assert!(reason.contains("undefined bits"), "{reason}");
        assert!(
            listing.tokens[1].text.starts_with(".token mov "),
            "{}",
            listing.tokens[1].text
        );
        let again = assemble(&listing.to_string(), ProgramType::Vertex, Version::V1, false).unwrap();
        assert_eq!(again, program);
    }

    #[test]
    fn limits_beyond_the_version_ask_for_ignore_limits() {
        let program = assemble("mov ft30, fc300", ProgramType::Fragment, Version::V2, true).unwrap();
        let listing = listing(&program);
        assert!(listing.needs_ignore_limits);
        assert!(listing
            .to_string()
            .starts_with("// AGAL program, 1 token; assemble with --type fragment --version 2 --ignore-limits\n"));
    }

    /// Past 4096 tokens the text assembles only with `--ignore-limits`,
    /// which lifts the token limit, and the listing asks for it.
    #[test]
    fn more_tokens_than_the_limit_ask_for_ignore_limits() {
        let text = "mov ft0, fc0\n".repeat(crate::asm::MAX_TOKENS + 1);
        let errors = assemble(&text, ProgramType::Fragment, Version::V2, false).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(
            errors[0].to_string(),
            "4097:1: too many instructions: an AGAL program holds at most 4096 tokens (--ignore-limits lifts the limit)"
        );
        let program = assemble(&text, ProgramType::Fragment, Version::V2, true).unwrap();
        let listing = listing(&program);
        assert!(listing.needs_ignore_limits);
        let again = assemble(&listing.to_string(), ProgramType::Fragment, Version::V2, true).unwrap();
        assert_eq!(again, program);
        let exact = assemble(
            &"mov ft0, fc0\n".repeat(4096),
            ProgramType::Fragment,
            Version::V2,
            false,
        )
        .unwrap();
        assert!(!super::listing(&exact).needs_ignore_limits);
    }
}
