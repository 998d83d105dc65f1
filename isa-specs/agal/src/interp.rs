//! A reference interpreter for AGAL fragment programs: it runs the decoded
//! tokens by evaluating their opcodes' `sem` (the same parsed semantics the
//! lift substitutes into, see [`super::sem`]) over `f32` registers. It
//! exists to check the lift: both must agree on every pixel.

use std::collections::HashMap;

use isa_runtime::agsl::Statement;

use super::lift::LiftError;
use super::program::{slots, AgalProgram, Slots};
use super::sem::{self, Meaning, Special, COND, KILL};
use super::{Dest, Dim, RegType, Source};
use crate::agsl_eval::{eval, Env, Value};

/// What a program reads: constants, varyings and textures.
pub struct Inputs<'a> {
    /// `fc0`, `fc1`, … (missing ones read as zero).
    pub constants: &'a [[f32; 4]],
    /// `v0`, `v1`, … (missing ones read as zero).
    pub varyings: &'a [[f32; 4]],
    /// A texture sample: sampler number, dimension and the coordinate
    /// register (all four components).
    pub sample: &'a dyn Fn(u64, Dim, [f32; 4]) -> [f32; 4],
}

/// How a run ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// The colour written to `oc`.
    Colour([f32; 4]),
    /// `kil` discarded the fragment.
    Killed,
}

/// One open if-block.
struct Block {
    outer_active: bool,
    cond: bool,
    in_else: bool,
}

/// The registers a program writes, by type and number.
#[derive(Default)]
struct Machine {
    registers: HashMap<(u64, u64), [f32; 4]>,
}

/// Runs a fragment program once. Errors carry the token's byte offset.
pub fn run(program: &AgalProgram, inputs: &Inputs<'_>) -> Result<Outcome, LiftError> {
    let mut machine = Machine::default();
    let mut blocks: Vec<Block> = Vec::new();
    for (i, token) in program.tokens.iter().enumerate() {
        let at = |message: String| LiftError {
            offset: AgalProgram::token_offset(i),
            message: format!("token {i}: {message}"),
        };
        let active = blocks.last().is_none_or(|b| b.outer_active && (b.cond != b.in_else));
        let slots = slots(token);
        match sem::meaning(token).map_err(at)? {
            Meaning::Statements(statements) => {
                for s in &statements {
                    let env = TokenEnv {
                        machine: &machine,
                        slots: &slots,
                        inputs,
                    };
                    match s.target.name.as_str() {
                        COND => {
                            let cond = active && eval(&s.value, &env).map_err(at)?.v[0] != 0.0;
                            blocks.push(Block {
                                outer_active: active,
                                cond,
                                in_else: false,
                            });
                        }
                        KILL => {
                            let kill = active && eval(&s.value, &env).map_err(at)?.v[0] != 0.0;
                            if kill {
                                return Ok(Outcome::Killed);
                            }
                        }
                        _ if active => {
                            let value = eval(&s.value, &env).map_err(at)?;
                            let dst = slots.dst.ok_or_else(|| at("no destination".into()))?;
                            machine.write(s, &dst, value);
                        }
                        _ => {}
                    }
                }
            }
            Meaning::Special(Special::Else) => match blocks.last_mut() {
                Some(b) if !b.in_else => b.in_else = true,
                _ => return Err(at("`els` outside an if-block".into())),
            },
            Meaning::Special(Special::EndIf) => {
                blocks.pop().ok_or_else(|| at("`eif` outside an if-block".into()))?;
            }
            Meaning::Special(Special::Derivative) if active => {
                let dst = slots.dst.ok_or_else(|| at("no destination".into()))?;
                let zero = Statement {
                    target: isa_runtime::agsl::Ident {
                        name: "dst".into(),
                        span: Default::default(),
                    },
                    swizzle: None,
                    value: isa_runtime::agsl::parse_expr("0.0").map_err(|e| at(e.message))?,
                };
                machine.write(&zero, &dst, Value::scalar(0.0));
            }
            Meaning::Special(Special::Derivative) => {}
        }
    }
    Ok(Outcome::Colour(machine.read(RegType::Op, 0)))
}

impl Machine {
    fn read(&self, ty: RegType, num: u64) -> [f32; 4] {
        self.registers.get(&(ty.raw(), num)).copied().unwrap_or_default()
    }

    fn write(&mut self, s: &Statement, dst: &Dest, value: Value) {
        let reg = self.registers.entry((dst.r#type.raw(), dst.num.get())).or_default();
        for (t, v) in sem::write_pairs(s.swizzle.as_ref(), dst.mask, value.width) {
            reg[t] = value.v[v];
        }
    }
}

/// Names of one token's semantics: its operands.
struct TokenEnv<'a> {
    machine: &'a Machine,
    slots: &'a Slots,
    inputs: &'a Inputs<'a>,
}

impl TokenEnv<'_> {
    fn file(&self, ty: RegType, num: u64) -> Result<[f32; 4], String> {
        let from = |list: &[[f32; 4]]| list.get(num as usize).copied().unwrap_or_default();
        Ok(match ty {
            RegType::Vc => from(self.inputs.constants),
            RegType::V => from(self.inputs.varyings),
            RegType::Vt | RegType::Op | RegType::Fd => self.machine.read(ty, num),
            other => return Err(format!("register type {other:?} cannot be read in a fragment program")),
        })
    }

    fn source(&self, name: &str, row: u64) -> Result<Value, String> {
        let s: &Source = match name {
            "src1" => self.slots.src1.as_ref(),
            "src2" => self.slots.src2.as_ref(),
            _ => None,
        }
        .ok_or_else(|| format!("the token has no `{name}`"))?;
        let raw = if s.indirect {
            let index = self.file(s.itype, s.num.get())?[s.icomp.raw() as usize];
            let address = index.floor() as i64 + (s.offset.get() + row) as i64;
            let address = u64::try_from(address).map_err(|_| format!("indirect address {address}"))?;
            self.file(s.r#type, address)?
        } else {
            self.file(s.r#type, s.num.get() + row)?
        };
        let mut v = [0.0; 4];
        for (i, out) in v.iter_mut().enumerate() {
            *out = raw[s.swizzle.get(i) as usize];
        }
        Ok(Value::float(v, 4))
    }
}

impl Env for TokenEnv<'_> {
    fn name(&self, name: &str) -> Result<Value, String> {
        match name {
            "dst" => {
                let d = self.slots.dst.ok_or("the token has no destination")?;
                Ok(Value::float(self.machine.read(d.r#type, d.num.get()), 4))
            }
            _ => self.source(name, 0),
        }
    }

    fn index(&self, name: &str, index: usize) -> Result<Value, String> {
        self.source(name, index as u64)
    }

    fn eval(&self, receiver: &str, arg: Value) -> Result<Value, String> {
        let s = match receiver {
            "sampler" => self.slots.sampler.ok_or("the token has no sampler")?,
            other => return Err(format!("`{other}` is not a sampler")),
        };
        Ok(Value::float((self.inputs.sample)(s.num.get(), s.dim, arg.v), 4))
    }
}

/// The 3D-texture model of the lift (see [`super::lift`]): `depth` slices,
/// the coordinate's `w` blending linearly between the two slices nearest to
/// it (the first and last slice beyond the ends). `slice(k, u, v)` is slice
/// `k`'s colour at `(u, v)`. A caller's [`Inputs::sample`] uses it for 3D
/// samplers, so that the interpreter and a lifted shader agree.
pub fn sample_3d(depth: usize, coord: [f32; 4], slice: impl Fn(usize, f32, f32) -> [f32; 4]) -> [f32; 4] {
    let last = depth.max(1) as f32 - 1.0;
    let z = (coord[2] * (last + 1.0) - 0.5).clamp(0.0, last);
    let s0 = z.floor();
    let s1 = (s0 + 1.0).min(last);
    let t = z - s0;
    let (a, b) = (
        slice(s0 as usize, coord[0], coord[1]),
        slice(s1 as usize, coord[0], coord[1]),
    );
    [0, 1, 2, 3].map(|i| a[i] + (b[i] - a[i]) * t)
}

#[cfg(test)]
mod tests {
    use super::sample_3d;

    #[test]
    fn three_d_samples_blend_the_two_nearest_slices() {
        let slices = [
            [0.0, 0.0, 0.0, 1.0],
            [1.0, 0.0, 0.0, 1.0],
            [1.0, 1.0, 0.0, 1.0],
            [1.0, 1.0, 1.0, 1.0],
        ];
        let at = |w: f32| sample_3d(4, [0.5, 0.5, w, 0.0], |k, _, _| slices[k]);
        // Slice centres are at (k + 0.5) / 4.
        assert_eq!(at(0.375), slices[1]);
        assert_eq!(at(0.5), [1.0, 0.5, 0.0, 1.0]);
        // Beyond the first and last centres: those slices.
        assert_eq!(at(0.0), slices[0]);
        assert_eq!(at(1.0), slices[3]);
        assert_eq!(sample_3d(1, [0.0, 0.0, 0.7, 0.0], |k, _, _| slices[k]), slices[0]);
    }
}
