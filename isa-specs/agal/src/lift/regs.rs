//! AGAL registers as AGSL expressions, and the registers a program uses
//! (which become the shader's uniforms, input shaders and locals).

use std::collections::{BTreeMap, BTreeSet};

use isa_runtime::agsl::{letters, BinaryOp, Expr, ExprKind, Span};

use super::super::table::{canonical_name, reg_by_name};
use super::super::{Comp, Dim, ProgramType, RegType, Sampler, Source, Version};

/// What the program reads and writes.
pub struct Usage {
    /// The program's version (its register limits).
    pub version: Version,
    /// How many `fc` registers the shader declares.
    pub constants: u64,
    /// Whether a source addresses `fc` indirectly (needs `agal_fc`).
    pub indirect: bool,
    /// Varyings read, by number.
    pub varyings: BTreeSet<u64>,
    /// Locals: temporaries, outputs and the depth output, by name.
    pub locals: BTreeSet<Local>,
    /// Samplers used: the dimension and every option text seen.
    pub samplers: BTreeMap<u64, (Dim, BTreeSet<String>)>,
    /// Whether the token being lifted is written in the spec's
    /// field-explicit form (`.token ddx vt1.xyzw, …`, for a token the
    /// mini-assembler cannot write), whose register names are `RegType`'s
    /// spellings, not the mini-assembler's: messages name registers as
    /// the token's text does.
    pub token_form: bool,
}

/// A local variable, ordered temporaries first, then outputs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Local {
    /// `ftN`
    Temp(u64),
    /// `oc`, `oc1` …
    Output(u64),
    /// `fd`
    Depth(u64),
}

impl Local {
    /// The AGSL name.
    pub fn name(&self) -> String {
        match self {
            Local::Temp(n) => format!("ft{n}"),
            Local::Output(0) => "oc".into(),
            Local::Output(n) => format!("oc{n}"),
            Local::Depth(0) => "fd".into(),
            Local::Depth(n) => format!("fd{n}"),
        }
    }
}

impl Usage {
    /// Nothing used yet, in a program of `version`.
    pub fn new(version: Version) -> Self {
        Usage {
            version,
            constants: 0,
            indirect: false,
            varyings: BTreeSet::new(),
            locals: BTreeSet::new(),
            samplers: BTreeMap::new(),
            token_form: false,
        }
    }

    /// A register type's name as the current token's text writes it: the
    /// mini-assembler's name in a fragment program (`ft`), or `RegType`'s
    /// spelling in a `.token` line (`vt`).
    fn name(&self, ty: RegType) -> &'static str {
        match self.token_form {
            true => ty.spelling(),
            false => canonical_name(ty, ProgramType::Fragment).0,
        }
    }

    /// An error for a register number beyond what the assembler accepts
    /// even with `--ignore-limits` (1024; a program beyond its version's
    /// own limits still lifts).
    pub fn check_number(&self, ty: RegType, num: u64) -> Result<(), String> {
        let (canonical, _) = canonical_name(ty, ProgramType::Fragment);
        let limit = reg_by_name(canonical).and_then(|r| r.limit(self.version, true));
        let name = self.name(ty);
        match limit {
            Some(l) if num <= u64::from(l) => Ok(()),
            _ => Err(format!(
                "`{name}{num}` is beyond the highest register number the assembler accepts ({name}{})",
                limit.unwrap_or(0)
            )),
        }
    }

    /// The fc count for indirect addressing: every register the version has
    /// (the spec's count for `fc`; 0 if the version had none).
    pub fn all_constants(version: Version) -> u64 {
        let (fc, _) = canonical_name(RegType::Vc, ProgramType::Fragment);
        reg_by_name(fc)
            .and_then(|r| r.limit(version, false))
            .map_or(0, |l| u64::from(l) + 1)
    }

    /// The register a direct source or a destination names.
    fn register(&mut self, ty: RegType, num: u64, write: bool) -> Result<Expr, String> {
        if matches!(ty, RegType::Vt | RegType::Op | RegType::Fd | RegType::Vc | RegType::V) {
            self.check_number(ty, num)?;
        }
        let at = Span::default();
        let local = |usage: &mut Usage, l: Local| {
            let name = l.name();
            usage.locals.insert(l);
            Ok(Expr::name(name, at))
        };
        match (ty, write) {
            (RegType::Vt, _) => local(self, Local::Temp(num)),
            (RegType::Op, _) => local(self, Local::Output(num)),
            (RegType::Fd, _) => local(self, Local::Depth(num)),
            (RegType::Vc, false) => {
                self.constants = self.constants.max(num + 1);
                Ok(index(Expr::name("fc", at), number(num)))
            }
            (RegType::V, false) => {
                self.varyings.insert(num);
                Ok(Expr::name(format!("v{num}"), at))
            }
            _ => {
                let name = self.name(ty);
                let verb = if write { "written" } else { "read" };
                Err(format!("`{name}{num}` cannot be {verb} in a lifted fragment program"))
            }
        }
    }

    /// The destination register named `type`/`num`.
    pub fn dest(&mut self, ty: RegType, num: u64) -> Result<Expr, String> {
        self.register(ty, num, true)
    }

    /// Source `s` (register `row` after the one it names, for the matrix
    /// ops' `src2[row]`), without its swizzle.
    pub fn source(&mut self, s: &Source, row: u64) -> Result<Expr, String> {
        if !s.indirect {
            return self.register(s.r#type, s.num.get() + row, false);
        }
        if s.r#type != RegType::Vc {
            let name = self.name(s.r#type);
            return Err(format!(
                "indirect addressing of `{name}` has no AGSL equivalent (only `fc[…]` is lifted)"
            ));
        }
        let comp = match s.icomp {
            Comp::X => 0,
            Comp::Y => 1,
            Comp::Z => 2,
            Comp::W => 3,
        };
        let register = self.register(s.itype, s.num.get(), false)?;
        let idx = Expr::call("int", vec![swizzle(register, &[comp], 4)], Span::default());
        let offset = s.offset.get() + row;
        let address = if offset == 0 {
            idx
        } else {
            binary(BinaryOp::Add, idx, number(offset))
        };
        self.indirect = true;
        Ok(Expr::call("agal_fc", vec![address], Span::default()))
    }

    /// Records a use of `sampler` with its option text.
    pub fn sampler(&mut self, sampler: &Sampler, options: String) -> Result<(), String> {
        self.check_number(RegType::Fs, sampler.num.get())?;
        let entry = self
            .samplers
            .entry(sampler.num.get())
            .or_insert_with(|| (sampler.dim, BTreeSet::new()));
        // A 3D texture is a strip of slices with a depth uniform: the same
        // input shader cannot also be read as a 2D or cube texture.
        if entry.0 != sampler.dim && (entry.0 == Dim::D3 || sampler.dim == Dim::D3) {
            return Err(format!(
                "fs{} is sampled as a {} texture here and as a {} texture before: one input shader cannot be both",
                sampler.num.get(),
                dim_name(sampler.dim),
                dim_name(entry.0)
            ));
        }
        entry.1.insert(options);
        Ok(())
    }
}

/// A dimension as the sampler options spell it (the spec's spelling).
fn dim_name(dim: Dim) -> &'static str {
    crate::table::option_spelling(crate::table::OptionClass::Dim, dim.raw()).unwrap_or("unnamed")
}

/// A number literal.
pub fn number(n: u64) -> Expr {
    Expr::new(ExprKind::Number(n.to_string()), Span::default())
}

/// `base[i]`
pub fn index(base: Expr, i: Expr) -> Expr {
    let span = base.span;
    Expr::new(ExprKind::Index(Box::new(base), Box::new(i)), span)
}

/// `a op b`
pub fn binary(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    let span = a.span;
    Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(b)), span)
}

/// `e.components`, where `e` has `width` components: nothing when that is
/// all of `e` in order, and folded into `e`'s own swizzle if it has one.
pub fn swizzle(e: Expr, components: &[usize], width: u8) -> Expr {
    if components.iter().copied().eq(0..usize::from(width)) {
        return e;
    }
    match e.kind {
        ExprKind::Swizzle(inner, sw) => {
            let outer: Vec<usize> = isa_runtime::agsl::swizzle_components(&sw.name).unwrap_or_default();
            let folded: Vec<usize> = components.iter().map(|&c| outer.get(c).copied().unwrap_or(c)).collect();
            swizzle(*inner, &folded, 4)
        }
        kind => Expr::new(kind, e.span).swizzle(letters(components)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indirect_addressing_declares_every_constant_of_the_version() {
        // AGALMiniAssembler's fragment constant counts: 28, 64 and 200.
        let counts = Version::ALL.iter().map(|&v| Usage::all_constants(v));
        assert_eq!(counts.collect::<Vec<_>>(), [28, 64, 200]);
    }
}
