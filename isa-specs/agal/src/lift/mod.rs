//! AGAL fragment programs lifted to AGSL (Android's RuntimeShader language):
//! one shader `half4 main(float2 fragCoord)` per program.
//!
//! The lift walks the decoded tokens and substitutes each token's operands
//! into its opcode's `sem` (the spec's AGSL semantics, parsed with
//! [`isa_runtime::agsl`]); it has no table of opcode meanings of its own.
//! What it does decide is how AGAL's machine maps onto a runtime shader:
//!
//! - Constants `fcN` are one array `uniform float4 fc[K]`, K one past the
//!   highest constant read (every constant of the version when a source is
//!   addressed indirectly, which reads through a small loop, `agal_fc(i)`,
//!   because AGSL indexes arrays only with constants and loop variables).
//! - Varyings `vN` are `uniform float4 vN`: the same at every pixel.
//! - Sampler N is an input shader `uniform shader fsN` holding the texture,
//!   plus `uniform float2 fsN_size`, the texture's size in pixels. A 2D
//!   texture coordinate `uv` (0 to 1 across the texture, as in Stage3D) is
//!   sampled as `fsN.eval(uv * fsN_size)`. A cube texture is a strip of its
//!   six faces side by side (+x, −x, +y, −y, +z, −z), and a direction is
//!   mapped onto it by `agal_cube` with the usual cube-map face rules. A 3D
//!   texture is its slices side by side (slice 0 leftmost) with one more
//!   uniform, `float fsN_depth`, the slice count; `agal_tex3d_fsN(uvw)`
//!   blends the two slices nearest to `w` linearly, keeping `x` half a pixel
//!   inside each slice ([`super::interp::sample_3d`] is the same model). The
//!   sampler's wrap, filter and mipmap options are for whoever builds the
//!   input shader (Skia's tile mode and sampling options); the LOD bias is
//!   ignored, and `ted` (a sample with a LOD bias) samples as `tex` does.
//! - Temporaries `ftN` and outputs (`oc`, `fd`) are `float4` locals, zero at
//!   the start; a token writes only the components of its write mask
//!   (`ft0.xz = (…).xz`), and sources keep their swizzles (`ft1.wzyx`).
//! - The if-family opens `if (cond) {`, `els` and `eif` continue and close
//!   it; `kil` returns transparent black (`half4(0.0)`) when its condition
//!   holds; `main` returns `half4(oc)`. Lines are indented four spaces a
//!   level down to the 8th level (`main`'s body is the first); deeper
//!   blocks stay at the 8th, so that the text grows linearly with the
//!   program, not with the square of its nesting (Skia's parser refuses
//!   more than about 15 nested ifs anyway).
//! - `ddx`/`ddy` are zero: with uniform varyings every value is the same at
//!   every pixel. The depth output `fd` is computed but not returned.
//! - Register numbers may exceed the version's limits up to what the
//!   assembler takes with `--ignore-limits` (1024); beyond that they are
//!   errors.
//! - A program that ends inside an if-block (a piece of a larger program)
//!   has the block closed at its end, with a warning.
//!
//! Vertex programs are not lifted (AGSL has no vertex stage).

mod body;
mod header;
mod regs;
mod subst;

use std::fmt;

use super::disasm::listing;
use super::program::AgalProgram;
use super::table::version_number;
use super::ProgramType;

pub use regs::{Local, Usage};

/// A lifted program: the AGSL text and what a caller must feed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Lifted {
    /// The AGSL shader.
    pub source: String,
    /// The uniforms, in declaration order (which is their packing order).
    pub uniforms: Vec<Uniform>,
    /// The input shaders (`fsN`), in declaration order.
    pub inputs: Vec<String>,
    /// What was lifted by a guess, each at its token.
    pub warnings: Vec<LiftError>,
}

/// One uniform of a lifted shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uniform {
    /// Its name (`fc`, `v0`, `fs0_size`).
    pub name: String,
    /// How many floats it holds.
    pub floats: usize,
}

/// Why a program cannot be lifted (or run, or what was guessed), at the byte
/// offset of the token or header byte at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiftError {
    /// Byte offset in the program.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LiftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {:#x}: {}", self.offset, self.message)
    }
}

impl std::error::Error for LiftError {}

/// Lifts a fragment program to one AGSL shader.
pub fn lift(program: &AgalProgram) -> Result<Lifted, LiftError> {
    if program.header.kind != ProgramType::Fragment {
        return Err(LiftError {
            offset: 6,
            message: "a vertex program: only fragment programs lift to AGSL, which has no vertex stage".into(),
        });
    }
    let lines = listing(program);
    let mut body = body::Body::new(program.header.version);
    for (i, (token, line)) in program.tokens.iter().zip(&lines.tokens).enumerate() {
        let text = line.text.lines().last().unwrap_or_default();
        body.token(i, token, text).map_err(|message| LiftError {
            offset: AgalProgram::token_offset(i),
            message: format!("token {i} (`{text}`): {message}"),
        })?;
    }
    let mut lifted = Lifted {
        source: String::new(),
        uniforms: Vec::new(),
        inputs: Vec::new(),
        warnings: Vec::new(),
    };
    for i in body.finish() {
        lifted.warnings.push(LiftError {
            offset: AgalProgram::token_offset(i),
            message: format!("token {i}: the program ends inside this if-block (no `eif`); it is closed at the end"),
        });
    }
    let version = version_number(program.header.version);
    let all = Usage::all_constants(program.header.version);
    let mut source = header::header(&body.usage, version, program.tokens.len(), all, &mut lifted);
    if !source.ends_with("\n\n") {
        source.push('\n');
    }
    source.push_str("half4 main(float2 fragCoord) {\n");
    for local in &body.usage.locals {
        source.push_str(&format!("    float4 {} = float4(0.0);\n", local.name()));
    }
    if !body.usage.locals.contains(&Local::Output(0)) {
        source.push_str("    float4 oc = float4(0.0);\n");
    }
    for line in &body.lines {
        source.push_str(line);
        source.push('\n');
    }
    source.push_str("    return half4(oc);\n}\n");
    lifted.source = source;
    Ok(lifted)
}
