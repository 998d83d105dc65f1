//! The body of `main`: one block of AGSL per token, preceded by the token's
//! AGALMiniAssembler line as a comment, with the if-family's blocks nested.

use isa_runtime::agsl::{self, letters, narrow, Expr, ExprKind, Ident, Span, Statement, Ty};

use super::regs::Usage;
use super::subst::subst;
use crate::program::{slots, Slots};
use crate::sem::{self, Meaning, Special, COND, KILL};
use crate::Instruction;

/// `all(v)` or `any(v)` of a bool vector whose components are all the same
/// expression (`all(notEqual(ft1.xxxx, fc[0].yyyy))`, as AGAL's scalar
/// comparisons are written) is that expression (`ft1.x != fc[0].y`).
fn one_component(e: Expr) -> Expr {
    let ExprKind::Call(f, args) = &e.kind else { return e };
    let [v] = args.as_slice() else { return e };
    if f.name != "all" && f.name != "any" {
        return e;
    }
    // After substitution every name is a register (float4) or a size (float2).
    let names = |n: &str| Some(Ty::float(if n.ends_with("_size") { 2 } else { 4 }));
    if agsl::infer(v, &names).map(|t| t.width) != Ok(4) {
        return e;
    }
    let parts: Vec<Expr> = (0..4).map(|c| narrow(v, &[c], &names)).collect();
    let text = parts[0].to_string();
    if parts.iter().all(|p| p.to_string() == text) {
        parts[0].clone()
    } else {
        e
    }
}

/// The deepest indentation, in levels of four spaces (`main`'s body is
/// level 1). Blocks nested deeper are written at this level, so that the
/// text grows linearly with the program: indenting every line by its depth
/// made a program of `d` nested blocks print O(d²) bytes of spaces (a
/// 4,000-deep program gave about 100 MB of AGSL). Whitespace means nothing
/// in AGSL; the braces still nest, and each closing one names its `eif`.
const MAX_INDENT_LEVELS: usize = 8;

/// The body being built.
pub struct Body {
    /// Lines, indented.
    pub lines: Vec<String>,
    /// What the program uses.
    pub usage: Usage,
    /// Open blocks: the index of the token that opened each, and whether it
    /// has had its `els`.
    blocks: Vec<(usize, bool)>,
}

impl Body {
    /// An empty body for a program of `version`.
    pub fn new(version: crate::Version) -> Self {
        Body {
            lines: Vec::new(),
            usage: Usage::new(version),
            blocks: Vec::new(),
        }
    }

    fn line(&mut self, text: impl AsRef<str>) {
        let text = text.as_ref();
        let levels = (1 + self.blocks.len()).min(MAX_INDENT_LEVELS);
        let mut line = String::with_capacity(4 * levels + text.len());
        for _ in 0..levels {
            line.push_str("    ");
        }
        line.push_str(text);
        self.lines.push(line);
    }

    /// Adds token `index`, written `text` in mini-assembler syntax.
    pub fn token(&mut self, index: usize, token: &Instruction, text: &str) -> Result<(), String> {
        self.usage.token_form = text.starts_with(".token");
        let slots = slots(token);
        if let Some(s) = &slots.sampler {
            let options = text
                .find('<')
                .map_or_else(|| text.to_string(), |i| text[i..].to_string());
            self.usage.sampler(s, options)?;
        }
        let meaning = sem::meaning(token)?;
        if let Meaning::Special(Special::Else | Special::EndIf) = meaning {
            // The comment goes after the closing brace, at the outer level.
        } else {
            self.line(format!("// {text}"));
        }
        match meaning {
            Meaning::Statements(statements) => {
                for s in &statements {
                    self.statement(index, s, &slots)?;
                }
            }
            Meaning::Special(Special::Else) => match self.blocks.pop() {
                Some((at, false)) => {
                    self.line(format!("}} else {{  // {text}"));
                    self.blocks.push((at, true));
                }
                Some((at, true)) => return Err(format!("a second `els` for the `if` of token {at}")),
                None => return Err("`els` outside an if-block".into()),
            },
            Meaning::Special(Special::EndIf) => {
                if self.blocks.pop().is_none() {
                    return Err("`eif` outside an if-block".into());
                }
                self.line(format!("}}  // {text}"));
            }
            Meaning::Special(Special::Derivative) => {
                let dst = slots.dst.ok_or("the token has no destination")?;
                self.line("// AGSL has no derivatives; every value here is the same at every pixel, so it is 0");
                let zero = Expr::new(isa_runtime::agsl::ExprKind::Number("0.0".into()), Span::default());
                self.write(None, &zero, Ty::FLOAT, &slots, dst)?;
            }
        }
        Ok(())
    }

    fn statement(&mut self, index: usize, s: &Statement, slots: &Slots) -> Result<(), String> {
        let ty = sem::value_type(s)?;
        match s.target.name.as_str() {
            COND => {
                let value = one_component(subst(&s.value, slots, &mut self.usage)?);
                self.line(format!("if ({value}) {{"));
                self.blocks.push((index, false));
            }
            KILL => {
                let value = subst(&s.value, slots, &mut self.usage)?;
                self.line(format!("if ({value}) {{"));
                self.line("    return half4(0.0);");
                self.line("}");
            }
            "dst" => {
                let dst = slots.dst.ok_or("the token has no destination")?;
                self.write(s.swizzle.as_ref(), &s.value, ty, slots, dst)?;
            }
            other => return Err(format!("the semantics assign `{other}`, which the lift does not know")),
        }
        Ok(())
    }

    /// `dst.mask = value`, with the components paired as
    /// [`sem::write_pairs`] says; `value` (of type `ty`) is in terms of the
    /// operands, and only the components written are computed.
    fn write(
        &mut self,
        target: Option<&Ident>,
        value: &Expr,
        ty: Ty,
        slots: &Slots,
        dst: crate::Dest,
    ) -> Result<(), String> {
        let pairs = sem::write_pairs(target, dst.mask, ty.width);
        if pairs.is_empty() {
            self.line("// (the write mask leaves no component to write)");
            return Ok(());
        }
        let (targets, sources): (Vec<usize>, Vec<usize>) = pairs.into_iter().unzip();
        let n = targets.len();
        let value = if ty.width == 1 {
            value.clone()
        } else {
            narrow(value, &sources, &sem::name_type)
        };
        let mut rhs = subst(&value, slots, &mut self.usage)?;
        if ty.boolean || (ty.width == 1 && n > 1) {
            rhs = Expr::call(Ty::float(n as u8).name(), vec![rhs], Span::default());
        }
        let register = self.usage.dest(dst.r#type, dst.num.get())?;
        let lhs = if targets == [0, 1, 2, 3] {
            register.to_string()
        } else {
            format!("{register}.{}", letters(&targets))
        };
        self.line(format!("{lhs} = {rhs};"));
        Ok(())
    }

    /// Closes the blocks still open at the end of the program (a program
    /// cut out of a larger one can end inside one), returning the indices
    /// of the tokens that opened them, innermost first.
    pub fn finish(&mut self) -> Vec<usize> {
        let mut unclosed = Vec::new();
        while let Some((at, _)) = self.blocks.pop() {
            self.line(format!("}}  // end of the program: token {at}'s if-block has no `eif`"));
            unclosed.push(at);
        }
        unclosed
    }
}
