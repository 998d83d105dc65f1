//! A small evaluator of AGSL semantics ([`isa_runtime::agsl`] syntax trees)
//! over `f32` vectors: what a reference interpreter needs to run an ISA's
//! `sem` strings. Operands, indexing and shader `eval` are resolved by the
//! caller ([`Env`]); the built-ins are the componentwise, geometric and
//! relational ones of Android's AGSL quick reference (the matrix and colour functions are not
//! implemented and say so).

use isa_runtime::agsl::{builtin, constructor, swizzle_components, BinaryOp, Expr, ExprKind, UnaryOp};

/// A scalar or vector of 1 to 4 components; bools are 0.0 and 1.0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Value {
    /// The components (those past `width` are 0).
    pub v: [f32; 4],
    /// How many there are.
    pub width: u8,
    /// Whether they are bools.
    pub boolean: bool,
}

impl Value {
    /// A float vector of `v`'s first `width` components.
    pub fn float(v: [f32; 4], width: u8) -> Value {
        let mut out = [0.0; 4];
        out[..usize::from(width)].copy_from_slice(&v[..usize::from(width)]);
        Value {
            v: out,
            width,
            boolean: false,
        }
    }

    /// One float.
    pub fn scalar(x: f32) -> Value {
        Value::float([x, 0.0, 0.0, 0.0], 1)
    }

    /// One bool.
    pub fn bool(b: bool) -> Value {
        Value {
            boolean: true,
            ..Value::scalar(f32::from(u8::from(b)))
        }
    }

    /// Component `i`, a scalar standing for all of its components.
    pub fn get(&self, i: usize) -> f32 {
        if self.width == 1 {
            self.v[0]
        } else {
            self.v[i.min(3)]
        }
    }

    /// The components in use.
    pub fn components(&self) -> &[f32] {
        &self.v[..usize::from(self.width)]
    }

    fn map(self, f: impl Fn(f32) -> f32) -> Value {
        let mut v = self.v;
        for x in &mut v[..usize::from(self.width)] {
            *x = f(*x);
        }
        Value::float(v, self.width)
    }
}

/// What the caller resolves.
pub trait Env {
    /// The value of a name (an operand or a state name).
    fn name(&self, name: &str) -> Result<Value, String>;
    /// `name[index]`, such as AGAL's `src2[1]`.
    fn index(&self, name: &str, index: usize) -> Result<Value, String>;
    /// `receiver.eval(arg)`: `receiver` is the operand name.
    fn eval(&self, receiver: &str, arg: Value) -> Result<Value, String>;
}

/// Evaluates `e`.
pub fn eval(e: &Expr, env: &dyn Env) -> Result<Value, String> {
    let go = |x: &Expr| eval(x, env);
    match &e.kind {
        ExprKind::Number(text) => text
            .parse::<f32>()
            .map(Value::scalar)
            .map_err(|_| format!("`{text}` is not a number")),
        ExprKind::Bool(b) => Ok(Value::bool(*b)),
        ExprKind::Name(n) => env.name(n),
        ExprKind::Unary(UnaryOp::Neg, a) => Ok(go(a)?.map(|x| -x)),
        ExprKind::Unary(UnaryOp::Plus, a) => go(a),
        ExprKind::Unary(UnaryOp::Not, a) => {
            let a = go(a)?;
            Ok(Value {
                boolean: true,
                ..a.map(|x| f32::from(u8::from(x == 0.0)))
            })
        }
        ExprKind::Binary(op, a, b) => binary(*op, go(a)?, go(b)?),
        ExprKind::Select(c, a, b) => {
            if go(c)?.v[0] != 0.0 {
                go(a)
            } else {
                go(b)
            }
        }
        ExprKind::Call(f, args) => {
            let args = args.iter().map(go).collect::<Result<Vec<_>, _>>()?;
            call(&f.name, &args)
        }
        ExprKind::Method(receiver, _, args) => {
            let ExprKind::Name(r) = &receiver.kind else {
                return Err("only a named operand can be `eval`'d".into());
            };
            let arg = args.first().map(go).ok_or("`eval` takes one argument")??;
            env.eval(r, arg)
        }
        ExprKind::Swizzle(a, sw) => {
            let a = go(a)?;
            let comps = swizzle_components(&sw.name).ok_or_else(|| format!("`.{}` is not a swizzle", sw.name))?;
            let mut v = [0.0; 4];
            for (out, &c) in v.iter_mut().zip(&comps) {
                if c >= usize::from(a.width) {
                    return Err(format!("`.{}` reads past {} components", sw.name, a.width));
                }
                *out = a.v[c];
            }
            Ok(Value {
                v,
                width: comps.len() as u8,
                boolean: a.boolean,
            })
        }
        ExprKind::Index(a, i) => {
            let ExprKind::Name(name) = &a.kind else {
                return Err("only a named operand can be indexed".into());
            };
            let i = go(i)?.v[0];
            if !(i >= 0.0 && i.fract() == 0.0) {
                return Err(format!("index {i} is not a whole number"));
            }
            env.index(name, i as usize)
        }
    }
}

/// The common width of componentwise operands (scalars stretch).
fn common(values: &[Value]) -> Result<u8, String> {
    let w = values.iter().map(|v| v.width).max().unwrap_or(1);
    if values.iter().any(|v| v.width != 1 && v.width != w) {
        return Err("componentwise operands of different widths".into());
    }
    Ok(w)
}

fn zip(values: &[Value], f: impl Fn(&[f32]) -> f32) -> Result<Value, String> {
    let w = common(values)?;
    let mut v = [0.0; 4];
    for (i, out) in v.iter_mut().enumerate().take(usize::from(w)) {
        let args: Vec<f32> = values.iter().map(|x| x.get(i)).collect();
        *out = f(&args);
    }
    Ok(Value::float(v, w))
}

fn truth(b: bool) -> f32 {
    f32::from(u8::from(b))
}

fn binary(op: BinaryOp, a: Value, b: Value) -> Result<Value, String> {
    let scalars = || {
        if a.width == 1 && b.width == 1 {
            Ok((a.v[0], b.v[0]))
        } else {
            Err(format!("`{}` compares scalars", op.symbol()))
        }
    };
    Ok(match op {
        BinaryOp::Add => zip(&[a, b], |x| x[0] + x[1])?,
        BinaryOp::Sub => zip(&[a, b], |x| x[0] - x[1])?,
        BinaryOp::Mul => zip(&[a, b], |x| x[0] * x[1])?,
        BinaryOp::Div => zip(&[a, b], |x| x[0] / x[1])?,
        BinaryOp::Rem => zip(&[a, b], |x| x[0] % x[1])?,
        BinaryOp::Eq | BinaryOp::Ne => {
            if a.width != b.width {
                return Err(format!("`{}` of different widths", op.symbol()));
            }
            let same = a.components() == b.components();
            Value::bool(same == (op == BinaryOp::Eq))
        }
        BinaryOp::Lt => scalars().map(|(x, y)| Value::bool(x < y))?,
        BinaryOp::Gt => scalars().map(|(x, y)| Value::bool(x > y))?,
        BinaryOp::Le => scalars().map(|(x, y)| Value::bool(x <= y))?,
        BinaryOp::Ge => scalars().map(|(x, y)| Value::bool(x >= y))?,
        BinaryOp::And => scalars().map(|(x, y)| Value::bool(x != 0.0 && y != 0.0))?,
        BinaryOp::Or => scalars().map(|(x, y)| Value::bool(x != 0.0 || y != 0.0))?,
    })
}

fn sign(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

fn dot(a: &Value, b: &Value) -> f32 {
    (0..usize::from(a.width.max(b.width)))
        .map(|i| a.get(i) * b.get(i))
        .sum()
}

fn call(name: &str, args: &[Value]) -> Result<Value, String> {
    if let Some((width, boolean)) = constructor(name) {
        return construct(name, width, boolean, args);
    }
    if builtin(name).is_none_or(|b| !b.arities.contains(&args.len())) {
        return Err(format!(
            "`{name}` with {} argument(s) is not an AGSL built-in",
            args.len()
        ));
    }
    let one = |f: fn(f32) -> f32| Ok(args[0].map(f));
    let relational =
        |f: fn(f32, f32) -> bool| zip(args, |x| truth(f(x[0], x[1]))).map(|v| Value { boolean: true, ..v });
    match name {
        "radians" => one(f32::to_radians),
        "degrees" => one(f32::to_degrees),
        "sin" => one(f32::sin),
        "cos" => one(f32::cos),
        "tan" => one(f32::tan),
        "asin" => one(f32::asin),
        "acos" => one(f32::acos),
        "atan" if args.len() == 1 => one(f32::atan),
        "atan" => zip(args, |x| x[0].atan2(x[1])),
        "exp" => one(f32::exp),
        "log" => one(f32::ln),
        "exp2" => one(f32::exp2),
        "log2" => one(f32::log2),
        "sqrt" => one(f32::sqrt),
        "inversesqrt" => one(|x| 1.0 / x.sqrt()),
        "abs" => one(f32::abs),
        "sign" => one(sign),
        "floor" => one(f32::floor),
        "ceil" => one(f32::ceil),
        "fract" => one(|x| x - x.floor()),
        "saturate" => one(|x| x.clamp(0.0, 1.0)),
        "pow" => zip(args, |x| x[0].powf(x[1])),
        "mod" => zip(args, |x| x[0] - x[1] * (x[0] / x[1]).floor()),
        "min" => zip(args, |x| x[0].min(x[1])),
        "max" => zip(args, |x| x[0].max(x[1])),
        "clamp" => zip(args, |x| x[0].max(x[1]).min(x[2])),
        "mix" => zip(args, |x| x[0] * (1.0 - x[2]) + x[1] * x[2]),
        "step" => zip(args, |x| truth(x[1] >= x[0])),
        "smoothstep" => zip(args, |x| {
            let t = ((x[2] - x[0]) / (x[1] - x[0])).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        }),
        "dot" => Ok(Value::scalar(dot(&args[0], &args[1]))),
        "length" => Ok(Value::scalar(dot(&args[0], &args[0]).sqrt())),
        "distance" => {
            let d = zip(args, |x| x[0] - x[1])?;
            Ok(Value::scalar(dot(&d, &d).sqrt()))
        }
        "normalize" => {
            let len = dot(&args[0], &args[0]).sqrt();
            Ok(args[0].map(|x| x / len))
        }
        "cross" => {
            let (a, b) = (&args[0], &args[1]);
            let c = [
                a.get(1) * b.get(2) - a.get(2) * b.get(1),
                a.get(2) * b.get(0) - a.get(0) * b.get(2),
                a.get(0) * b.get(1) - a.get(1) * b.get(0),
                0.0,
            ];
            Ok(Value::float(c, 3))
        }
        "reflect" => {
            let d = dot(&args[1], &args[0]);
            zip(args, |x| x[0] - 2.0 * d * x[1])
        }
        "lessThan" => relational(|x, y| x < y),
        "lessThanEqual" => relational(|x, y| x <= y),
        "greaterThan" => relational(|x, y| x > y),
        "greaterThanEqual" => relational(|x, y| x >= y),
        "equal" => relational(|x, y| x == y),
        "notEqual" => relational(|x, y| x != y),
        "not" => Ok(Value {
            boolean: true,
            ..args[0].map(|x| truth(x == 0.0))
        }),
        "any" => Ok(Value::bool(args[0].components().iter().any(|&x| x != 0.0))),
        "all" => Ok(Value::bool(args[0].components().iter().all(|&x| x != 0.0))),
        other => Err(format!("the built-in `{other}` is not implemented by this evaluator")),
    }
}

/// `floatN(…)`, `boolN(…)`, `intN(…)`: one scalar fills every component,
/// otherwise the arguments' components in order.
fn construct(name: &str, width: u8, boolean: bool, args: &[Value]) -> Result<Value, String> {
    let flat: Vec<f32> = args.iter().flat_map(|a| a.components().to_vec()).collect();
    let n = usize::from(width);
    let mut v = [0.0; 4];
    if flat.len() == 1 {
        v[..n].fill(flat[0]);
    } else if flat.len() >= n && (args.len() == 1 || flat.len() == n) {
        v[..n].copy_from_slice(&flat[..n]);
    } else {
        return Err(format!("`{name}` from {} components", flat.len()));
    }
    let integer = name.starts_with("int") || name.starts_with("short");
    let mut out = Value::float(v, width);
    if boolean {
        out = Value {
            boolean: true,
            ..out.map(|x| truth(x != 0.0))
        };
    } else if integer {
        out = out.map(f32::trunc);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use isa_runtime::agsl::parse_expr;

    use super::*;

    struct Regs;

    impl Env for Regs {
        fn name(&self, name: &str) -> Result<Value, String> {
            match name {
                "a" => Ok(Value::float([1.0, -2.0, 0.0, 4.0], 4)),
                "b" => Ok(Value::float([1.0, 2.0, 3.0, 4.0], 4)),
                other => Err(format!("no `{other}`")),
            }
        }

        fn index(&self, name: &str, index: usize) -> Result<Value, String> {
            self.name(name).map(|v| v.map(|x| x + index as f32))
        }

        fn eval(&self, _: &str, arg: Value) -> Result<Value, String> {
            Ok(arg.map(|x| x * 10.0))
        }
    }

    fn ev(text: &str) -> Vec<f32> {
        eval(&parse_expr(text).unwrap(), &Regs).unwrap().components().to_vec()
    }

    #[test]
    fn builtins_follow_agsl() {
        assert_eq!(ev("sign(a)"), [1.0, -1.0, 0.0, 1.0]);
        assert_eq!(ev("step(b, a)"), [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(ev("dot(a.xyz, b.xyz)"), [-3.0]);
        assert_eq!(ev("cross(a.xyz, b.xyz)"), [-6.0, -3.0, 4.0]);
        assert_eq!(ev("float4(equal(a, b))"), [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(ev("float3(dot(a, b[1]), 2.0, a.w)"), [16.0, 2.0, 4.0]);
        assert_eq!(ev("float2(0.5)"), [0.5, 0.5]);
        assert_eq!(ev("all(equal(a, b)) ? 1.0 : 2.0"), [2.0]);
        assert_eq!(ev("fract(-0.25) + clamp(a.y, 0.0, 1.0)"), [0.75]);
        assert_eq!(ev("x.eval(a.xy)"), [10.0, -20.0]);
    }

    #[test]
    fn mistakes_are_errors() {
        let err = |t: &str| eval(&parse_expr(t).unwrap(), &Regs).unwrap_err();
        assert!(err("a.xyz + b").contains("different widths"));
        assert!(err("a < b").contains("compares scalars"));
        assert!(err("inverse(a)").contains("not implemented"));
        assert!(err("c").contains("no `c`"));
        assert!(err("a.xy.z").contains("reads past"));
    }
}
