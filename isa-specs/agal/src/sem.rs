//! What the lifter ([`super::lift`]) and the reference interpreter
//! ([`super::interp`]) share about AGAL semantics: the parsed `sem` of a
//! token's opcode, the types its names have, how a statement's value lands
//! in a destination register, and the few opcodes whose `sem` is not plain
//! AGSL (they call a function the spec declares, such as `dFdx`).

use isa_runtime::agsl::{self, CheckErrorKind, ExprKind, Ident, Statement, Ty, UnaryOp};
use isa_runtime::layout::Opcode;
use isa_runtime::Mask;

use super::Instruction;

/// The state name an if-family token assigns: the condition of its block.
pub const COND: &str = "cond";
/// The state name `kil` assigns: discard the fragment when true.
pub const KILL: &str = "kill";

/// How a token whose `sem` is not plain AGSL is carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// `els`: the open block's other branch.
    Else,
    /// `eif`: the end of the open block.
    EndIf,
    /// `ddx`, `ddy`: a screen-space derivative. Every value of a lifted
    /// program is the same at every pixel (varyings are uniforms), so the
    /// derivative is zero.
    Derivative,
}

/// What a token does: its parsed semantics, or one of the [`Special`]
/// cases, or `Err` with the reason it cannot be carried out.
pub enum Meaning {
    /// The opcode's `sem` statements.
    Statements(Vec<Statement>),
    /// A `sem` over declared functions; handled as said.
    Special(Special),
}

/// The spec's functions for screen-space derivatives (`func dFdx(1)
/// dFdy(1)` in agal.isa).
const DERIVATIVES: [&str; 2] = ["dFdx", "dFdy"];
/// The spec's function for the condition of the enclosing block, which an
/// end-if restores (`cond = enclosing(cond)`).
const ENCLOSING: &str = "enclosing";

/// The meaning of `token`'s opcode, read from the shape of its `sem`:
/// `cond = !cond` flips the open block (else), `cond = enclosing(cond)`
/// closes it (end if), a value of `dFdx`/`dFdy` is a derivative, and a
/// `sem` that calls another function the spec declares cannot be carried
/// out. So a new opcode line whose `sem` has one of these shapes is
/// handled with no edit here.
pub fn meaning(token: &Instruction) -> Result<Meaning, String> {
    meaning_of(token.opcode().ok_or("a token with no opcode")?)
}

/// The meaning of opcode `op` (see [`meaning`]): its `sem` parsed and
/// checked once.
fn meaning_of(op: &Opcode) -> Result<Meaning, String> {
    let bad = |m: String| format!("the semantics of `{}` (`{}`): {m}", op.mnemonic, op.semantics);
    let parsed = agsl::parse(op.semantics).map_err(|e| bad(e.message))?;
    if let [s] = parsed.as_slice() {
        if let Some(special) = special(s) {
            return Ok(Meaning::Special(special));
        }
    }
    match agsl::check(&parsed, &|n| name_type(n).is_some()) {
        Ok(()) => Ok(Meaning::Statements(parsed)),
        Err(e) => match e.kind {
            CheckErrorKind::UnknownFunction(f) => Err(format!(
                "`{}` has no AGSL semantics (the spec says `{}`: {}), so it cannot be carried out (`{f}` is the spec's own function)",
                op.mnemonic, op.semantics, op.doc
            )),
            kind => Err(bad(kind.to_string())),
        },
    }
}

/// The [`Special`] case a one-statement `sem` is, if any.
fn special(s: &Statement) -> Option<Special> {
    let is_cond = |e: &agsl::Expr| matches!(&e.kind, ExprKind::Name(n) if n == COND);
    match &s.value.kind {
        ExprKind::Unary(UnaryOp::Not, e) if s.target.name == COND && is_cond(e) => Some(Special::Else),
        ExprKind::Call(f, args) if s.target.name == COND && f.name == ENCLOSING && args.iter().all(is_cond) => {
            Some(Special::EndIf)
        }
        ExprKind::Call(f, _) if DERIVATIVES.contains(&f.name.as_str()) => Some(Special::Derivative),
        _ => None,
    }
}

/// The type of a name in AGAL semantics: operands are registers (`float4`;
/// a sampler is only ever `eval`'d), the state names are `bool`.
pub fn name_type(name: &str) -> Option<Ty> {
    match name {
        "dst" | "src1" | "src2" | "sampler" => Some(Ty::float(4)),
        COND | KILL => Some(Ty::bool(1)),
        _ => None,
    }
}

/// The type of a statement's value.
pub fn value_type(statement: &Statement) -> Result<Ty, String> {
    agsl::infer(&statement.value, &name_type)
}

/// Which destination components a statement writes, each with the value
/// component it takes: `(destination, value)`, 0 = x. The statement's
/// target swizzle (`dst.xyz`, else `xyzw`) pairs destination components with
/// value components in order; a scalar value goes to every one; a value
/// narrower than the target writes only the components it has; and only the
/// components of the token's write mask are written.
pub fn write_pairs(target: Option<&Ident>, mask: Mask<false>, width: u8) -> Vec<(usize, usize)> {
    let targets = target
        .and_then(|t| agsl::swizzle_components(&t.name))
        .unwrap_or_else(|| vec![0, 1, 2, 3]);
    let components = isa_runtime::Component::ALL;
    targets
        .into_iter()
        .enumerate()
        .filter(|&(i, t)| (width == 1 || i < usize::from(width)) && mask.has(components[t]))
        .map(|(i, t)| (t, if width == 1 { 0 } else { i }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opcode_has_semantics_and_all_but_the_special_ones_are_plain_agsl() {
        let mut specials = Vec::new();
        let mut unsupported = Vec::new();
        for (i, op) in super::super::LAYOUT.opcodes.iter().enumerate() {
            assert!(!op.semantics.is_empty(), "{i}: {} has no sem", op.mnemonic);
            match meaning_of(op) {
                Ok(Meaning::Statements(statements)) => {
                    for s in statements {
                        value_type(&s).unwrap();
                    }
                }
                Ok(Meaning::Special(s)) => specials.push((op.mnemonic, s)),
                Err(_) => unsupported.push(op.mnemonic),
            }
        }
        assert_eq!(
            specials,
            [
                ("ddx", Special::Derivative),
                ("ddy", Special::Derivative),
                ("els", Special::Else),
                ("eif", Special::EndIf)
            ]
        );
        assert_eq!(unsupported, ["tld"]);
    }

    #[test]
    fn writes() {
        let m = |bits| Mask::<false>::from_bits(bits);
        assert_eq!(write_pairs(None, m(0xF), 4), vec![(0, 0), (1, 1), (2, 2), (3, 3)]);
        assert_eq!(write_pairs(None, m(0b0101), 4), vec![(0, 0), (2, 2)]);
        assert_eq!(write_pairs(None, m(0xF), 1), vec![(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert_eq!(write_pairs(None, m(0xF), 3), vec![(0, 0), (1, 1), (2, 2)]);
        let xyz = Ident {
            name: "xyz".into(),
            span: Default::default(),
        };
        assert_eq!(write_pairs(Some(&xyz), m(0b1010), 3), vec![(1, 1)]);
    }
}
