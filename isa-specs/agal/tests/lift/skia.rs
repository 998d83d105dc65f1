//! The bridge to Skia: runs `tests/tools/check_agsl.py` (skia-python) on a
//! batch of shaders. When Python or skia-python is missing, the caller gets
//! `None` after a loud warning, and passes.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// A render: canvas size, packed uniforms, one texture per input shader.
pub struct Render {
    /// Canvas width and height.
    pub size: (u32, u32),
    /// The uniforms, packed in declaration order.
    pub uniforms: Vec<f32>,
    /// The texture of each input shader, in declaration order.
    pub inputs: Vec<Texture>,
}

/// An input shader's texture.
pub enum Texture {
    /// One colour everywhere.
    Solid([f32; 4]),
    /// Solid squares of `size` pixels side by side, one per colour (a 3D
    /// texture's slices), sampled linearly and clamped at the edges.
    Slices {
        /// Each slice's colour, slice 0 leftmost.
        colours: Vec<[f32; 4]>,
        /// The width and height of a slice in pixels.
        size: u32,
    },
}

impl Texture {
    fn to_json(&self) -> Value {
        match self {
            Texture::Solid(c) => json!({ "solid": c }),
            Texture::Slices { colours, size } => json!({ "slices": colours, "size": size }),
        }
    }
}

/// What Skia said about one shader.
pub struct Verdict {
    /// Whether `RuntimeEffect.MakeForShader` accepted it.
    pub ok: bool,
    /// Its error when not.
    pub error: String,
    /// The rendered pixels (RGBA, row-major) when a render was asked for.
    pub pixels: Vec<[f32; 4]>,
}

/// Straight to the process's stderr, which the test harness does not
/// capture, so that the warning shows even when the test passes.
fn warn(why: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "\n*** WARNING: {why}; the Skia checks are SKIPPED (install it with \
         `pip install skia-python==144.1`, as .ci/run does). ***\n"
    );
}

/// Compiles (and renders, where asked) each `(name, source, render)`.
pub fn check(shaders: &[(String, String, Option<Render>)]) -> Option<Vec<Verdict>> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/check_agsl.py");
    let jobs: Vec<Value> = shaders
        .iter()
        .map(|(name, source, render)| {
            let mut job = json!({"name": name, "source": source});
            if let Some(r) = render {
                job["render"] = json!({
                    "width": r.size.0, "height": r.size.1,
                    "uniforms": r.uniforms,
                    "inputs": r.inputs.iter().map(Texture::to_json).collect::<Vec<_>>(),
                });
            }
            job
        })
        .collect();
    let child = Command::new("python3")
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        warn("python3 cannot be run");
        return None;
    };
    let request = json!({ "shaders": jobs }).to_string();
    if let Some(mut stdin) = child.stdin.take() {
        // A checker that stops early (no skia) closes the pipe; its exit
        // status says why.
        let _ = stdin.write_all(request.as_bytes());
    }
    let out = child.wait_with_output().expect("running the checker");
    if out.status.code() == Some(3) {
        warn("skia-python cannot be imported (`import skia` fails)");
        return None;
    }
    assert!(
        out.status.success(),
        "check_agsl.py failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let answer: Value = serde_json::from_slice(&out.stdout).expect("the checker's JSON");
    eprintln!("skia-python {}", answer["skia"]);
    let verdicts = answer["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| Verdict {
            ok: r["ok"].as_bool().unwrap_or(false),
            error: r["error"].as_str().unwrap_or_default().to_string(),
            pixels: r["pixels"]
                .as_array()
                .map(|px| {
                    px.iter()
                        .map(|p| {
                            let c: Vec<f32> = p
                                .as_array()
                                .unwrap()
                                .iter()
                                .map(|x| x.as_f64().unwrap() as f32)
                                .collect();
                            [c[0], c[1], c[2], c[3]]
                        })
                        .collect()
                })
                .unwrap_or_default(),
        })
        .collect();
    Some(verdicts)
}
