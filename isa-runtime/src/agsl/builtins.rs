//! The AGSL built-in functions and type constructors (Android's AGSL quick
//! reference), with the argument counts they accept and the shape of their
//! result.

/// What a built-in returns, in terms of its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A float vector as wide as the widest argument, each component from
    /// the same component of the arguments (`sin`, `mix`, `step`).
    Componentwise,
    /// A float vector as wide as the widest argument, computed from all of
    /// its components (`normalize`, `reflect`).
    Vector,
    /// One float (`dot`, `length`, `distance`).
    Scalar,
    /// Three floats (`cross`, the colour-space conversions).
    Vec3,
    /// A bool vector as wide as the widest argument (`equal`, `not`).
    BoolComponentwise,
    /// One bool (`any`, `all`).
    BoolScalar,
}

/// A built-in function.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    /// Its name.
    pub name: &'static str,
    /// The argument counts it accepts.
    pub arities: &'static [usize],
    /// What it returns.
    pub shape: Shape,
}

const fn f(name: &'static str, arities: &'static [usize], shape: Shape) -> Builtin {
    Builtin { name, arities, shape }
}

use Shape::{BoolComponentwise as BC, BoolScalar as BS, Componentwise as CW, Scalar as S1, Vec3 as V3, Vector as VW};

/// AGSL built-in functions, in the AGSL quick reference's order.
pub const BUILTINS: &[Builtin] = &[
    f("radians", &[1], CW),
    f("degrees", &[1], CW),
    f("sin", &[1], CW),
    f("cos", &[1], CW),
    f("tan", &[1], CW),
    f("asin", &[1], CW),
    f("acos", &[1], CW),
    f("atan", &[1, 2], CW),
    f("pow", &[2], CW),
    f("exp", &[1], CW),
    f("log", &[1], CW),
    f("exp2", &[1], CW),
    f("log2", &[1], CW),
    f("sqrt", &[1], CW),
    f("inversesqrt", &[1], CW),
    f("abs", &[1], CW),
    f("sign", &[1], CW),
    f("floor", &[1], CW),
    f("ceil", &[1], CW),
    f("fract", &[1], CW),
    f("mod", &[2], CW),
    f("min", &[2], CW),
    f("max", &[2], CW),
    f("clamp", &[3], CW),
    f("saturate", &[1], CW),
    f("mix", &[3], CW),
    f("step", &[2], CW),
    f("smoothstep", &[3], CW),
    f("length", &[1], S1),
    f("distance", &[2], S1),
    f("dot", &[2], S1),
    f("cross", &[2], V3),
    f("normalize", &[1], VW),
    f("faceforward", &[3], VW),
    f("reflect", &[2], VW),
    f("refract", &[3], VW),
    f("matrixCompMult", &[2], VW),
    f("inverse", &[1], VW),
    f("lessThan", &[2], BC),
    f("lessThanEqual", &[2], BC),
    f("greaterThan", &[2], BC),
    f("greaterThanEqual", &[2], BC),
    f("equal", &[2], BC),
    f("notEqual", &[2], BC),
    f("any", &[1], BS),
    f("all", &[1], BS),
    f("not", &[1], BC),
    f("unpremul", &[1], VW),
    f("toLinearSrgb", &[1], V3),
    f("fromLinearSrgb", &[1], V3),
];

/// AGSL type constructors (any number of arguments from 1).
pub const CONSTRUCTORS: &[&str] = &[
    "float", "float2", "float3", "float4", "half", "half2", "half3", "half4", "int", "int2", "int3", "int4", "short",
    "short2", "short3", "short4", "bool", "bool2", "bool3", "bool4", "float2x2", "float3x3", "float4x4", "half2x2",
    "half3x3", "half4x4",
];

/// The only method AGSL has: a child shader's `eval(coord)`.
pub const EVAL: &str = "eval";

/// The built-in function `name`.
pub fn builtin(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// A vector or scalar constructor's result: (components, is bool).
/// `None` for matrices and names that are not constructors.
pub fn constructor(name: &str) -> Option<(u8, bool)> {
    if !CONSTRUCTORS.contains(&name) || name.contains('x') {
        return None;
    }
    let (base, width) = match name.as_bytes().last() {
        Some(d @ b'2'..=b'4') => (&name[..name.len() - 1], d - b'0'),
        _ => (name, 1),
    };
    Some((width, base == "bool"))
}
