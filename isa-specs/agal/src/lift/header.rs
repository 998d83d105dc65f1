//! What comes before `main`: a comment saying how to feed the shader, the
//! uniform and input-shader declarations, and the helper functions.

use std::fmt::Write;

use super::regs::Usage;
use super::{Lifted, Uniform};
use crate::Dim;

/// The cube-map lookup of [`super`]'s docs: a direction to a point of a
/// strip of six faces (+x, −x, +y, −y, +z, −z), in units of the strip.
const CUBE: &str = "\
// A cube-map direction to its point on a strip of the six faces side by
// side (+x, -x, +y, -y, +z, -z), as a fraction of the strip's size.
float2 agal_cube(float3 d) {
    float3 a = abs(d);
    float face = 0.0;
    float2 st = float2(0.0);
    float m = 1.0;
    if (a.x >= a.y && a.x >= a.z) {
        m = a.x;
        face = d.x >= 0.0 ? 0.0 : 1.0;
        st = float2(d.x >= 0.0 ? -d.z : d.z, -d.y);
    } else if (a.y >= a.z) {
        m = a.y;
        face = d.y >= 0.0 ? 2.0 : 3.0;
        st = float2(d.x, d.y >= 0.0 ? d.z : -d.z);
    } else {
        m = a.z;
        face = d.z >= 0.0 ? 4.0 : 5.0;
        st = float2(d.z >= 0.0 ? d.x : -d.x, -d.y);
    }
    st = st / m * 0.5 + 0.5;
    return float2((face + st.x) / 6.0, st.y);
}
";

/// The 3D-texture lookup of [`super`]'s docs for sampler `n`: the input
/// shader holds the `fsN_depth` slices side by side, slice 0 leftmost, each
/// `fsN_size.x / fsN_depth` pixels wide; the two slices nearest to `w` are
/// blended linearly (the first and last slice beyond the ends), and `x`
/// stays half a pixel inside its slice so that the input shader's own
/// filtering never reads the neighbouring slice.
fn tex3d(n: u64) -> String {
    let f = super::subst::tex3d_helper(n);
    format!(
        "\
// fs{n} as a 3D texture: its fs{n}_depth slices side by side (slice 0 leftmost),
// linear between the two slices nearest to w.
float4 {f}(float3 uvw) {{
    float depth = max(floor(fs{n}_depth), 1.0);
    float width = fs{n}_size.x / depth;
    float z = clamp(uvw.z * depth - 0.5, 0.0, depth - 1.0);
    float s0 = floor(z);
    float s1 = min(s0 + 1.0, depth - 1.0);
    float x = clamp(uvw.x * width, 0.5, width - 0.5);
    float y = uvw.y * fs{n}_size.y;
    float4 a = float4(fs{n}.eval(float2(s0 * width + x, y)));
    float4 b = float4(fs{n}.eval(float2(s1 * width + x, y)));
    return mix(a, b, z - s0);
}}
"
    )
}

/// The declarations, helpers and the interface comment; fills `lifted`'s
/// uniform and input-shader lists.
pub fn header(usage: &Usage, version: u32, tokens: usize, all_constants: u64, lifted: &mut Lifted) -> String {
    let mut out = String::new();
    let mut note = |text: String| {
        let _ = writeln!(out, "// {text}");
    };
    let s = if tokens == 1 { "" } else { "s" };
    note(format!(
        "Lifted by isaforge (`isa lift agal --to agsl`) from an AGAL version {version} fragment program of {tokens} token{s}."
    ));
    note("Inputs: the uniforms below, packed in this order, and the input shaders fsN.".into());
    let constants = if usage.indirect { all_constants } else { usage.constants };
    if constants > 0 {
        note(format!("  fc[{constants}]: the constants fc0..fc{}.", constants - 1));
    }
    for v in &usage.varyings {
        note(format!("  v{v}: varying {v}, the same at every pixel."));
    }
    for (n, (dim, options)) in &usage.samplers {
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        note(format!(
            "  fs{n}: sampler {n} {}; the texture as an input shader (give it that wrap and filter).",
            options.join(" and ")
        ));
        if *dim == Dim::Cube {
            note(format!(
                "  fs{n}_size: its size in pixels; the six faces side by side (+x -x +y -y +z -z), each fs{n}_size.x / 6 wide."
            ));
        } else if *dim == Dim::D3 {
            note(format!(
                "  fs{n}_size: its size in pixels; the fs{n}_depth slices side by side (slice 0 leftmost), each fs{n}_size.x / fs{n}_depth wide."
            ));
            note(format!(
                "  fs{n}_depth: the number of slices; w blends linearly between the two nearest."
            ));
        } else {
            note(format!(
                "  fs{n}_size: its size in pixels; texture coordinate uv is fs{n}.eval(uv * fs{n}_size)."
            ));
        }
    }
    note("The output oc is the returned colour; `kil` returns transparent black.".into());
    out.push('\n');

    let mut uniform = |out: &mut String, ty: &str, name: String, floats: usize, array: Option<u64>| {
        let decl = match array {
            Some(n) => format!("uniform {ty} {name}[{n}];"),
            None => format!("uniform {ty} {name};"),
        };
        let _ = writeln!(out, "{decl}");
        lifted.uniforms.push(Uniform { name, floats });
    };
    if constants > 0 {
        uniform(&mut out, "float4", "fc".into(), 4 * constants as usize, Some(constants));
    }
    for v in &usage.varyings {
        uniform(&mut out, "float4", format!("v{v}"), 4, None);
    }
    for n in usage.samplers.keys() {
        let _ = writeln!(out, "uniform shader fs{n};");
        lifted.inputs.push(format!("fs{n}"));
        uniform(&mut out, "float2", format!("fs{n}_size"), 2, None);
        if usage.samplers[n].0 == Dim::D3 {
            uniform(&mut out, "float", format!("fs{n}_depth"), 1, None);
        }
    }
    if usage.samplers.values().any(|(d, _)| *d == Dim::Cube) {
        out.push('\n');
        out.push_str(CUBE);
    }
    for (n, _) in usage.samplers.iter().filter(|(_, (d, _))| *d == Dim::D3) {
        out.push('\n');
        out.push_str(&tex3d(*n));
    }
    if usage.indirect {
        let _ = write!(
            out,
            "\n// fc[i] for a computed i (AGSL indexes arrays only with constants and loop variables).\n\
             float4 agal_fc(int i) {{\n    for (int k = 0; k < {constants}; k++) {{\n        \
             if (k == i) {{\n            return fc[k];\n        }}\n    }}\n    return float4(0.0);\n}}\n"
        );
    }
    out
}
