//! `isa lift agal --to agsl` against Skia: every fragment program of the
//! corpus (`../shared/corpus/agal`) lifts to AGSL that
//! `RuntimeEffect.MakeForShader` accepts, and hand-written programs render,
//! through Skia, the colour the reference interpreter computes from the same
//! semantics. Without the corpus, Python or skia-python the checks pass
//! with a loud warning.

#[path = "lift/skia.rs"]
mod skia;

use std::time::Instant;

use isa_agal::interp::{self, Inputs, Outcome};
use isa_agal::lift::{lift, Lifted};
use isa_agal::{assemble, AgalProgram, ProgramType, Version};

use skia::{Render, Texture};

/// Every fragment program of the corpus: the ruffle binaries and the
/// manifest's assembled `.expected.bin` files, chosen by their header.
fn corpus_fragments() -> Option<Vec<(String, AgalProgram)>> {
    let root = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "agal")?;
    let mut out = Vec::new();
    for dir in ["bin", "src"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "bin"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            let program = AgalProgram::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            if program.header.kind == ProgramType::Fragment {
                out.push((path.file_name().unwrap().to_string_lossy().into_owned(), program));
            }
        }
    }
    Some(out)
}

#[test]
fn every_corpus_fragment_program_lifts_and_skia_accepts_it() {
    let Some(programs) = corpus_fragments() else { return };
    assert!(
        programs.len() >= 58,
        "expected the whole corpus, found {}",
        programs.len()
    );
    let shaders: Vec<_> = programs
        .iter()
        .map(|(name, program)| {
            let lifted = lift(program).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name.clone(), lifted.source, None)
        })
        .collect();
    let Some(verdicts) = skia::check(&shaders) else { return };
    let rejected: Vec<String> = shaders
        .iter()
        .zip(&verdicts)
        .filter(|(_, v)| !v.ok)
        .map(|((name, source, _), v)| format!("{name}: {}\n{source}", v.error))
        .collect();
    assert!(rejected.is_empty(), "Skia rejects:\n{}", rejected.join("\n\n"));
    eprintln!(
        "{} corpus fragment programs lift and Skia accepts them all",
        shaders.len()
    );
}

/// A texture of a hand-written case.
#[derive(Clone, Copy)]
enum Tex {
    /// One colour everywhere (2D and cube textures).
    Solid([f32; 4]),
    /// A 3D texture: one colour per slice, each slice `SLICE` pixels square,
    /// side by side in its input shader as the lift lays them out, which
    /// Skia filters linearly (so a read past a slice's edge would show).
    Slices(&'static [[f32; 4]]),
}

/// The width and height of one slice of a [`Tex::Slices`] texture.
const SLICE: u32 = 2;

/// A hand-written program, its inputs, and (for `kil`) inputs that kill.
struct Case {
    name: &'static str,
    version: Version,
    text: &'static str,
    constants: &'static [[f32; 4]],
    varyings: &'static [[f32; 4]],
    /// Each sampler's texture, by sampler number.
    textures: &'static [Tex],
    /// Written in vertex-program syntax (`vc[vt0.x+1]`: the assembler allows
    /// relative addressing only there) and relabelled as a fragment program.
    relabel: bool,
}

const CASES: &[Case] = &[
    Case {
        name: "arithmetic, masks and swizzles",
        version: Version::V1,
        text: "\
mov ft0, fc0
mul ft1.xy, ft0.yx, fc1.zw
add ft1.zw, ft0.xxxx, fc1
sub ft2, fc1, ft0.wzyx
dp3 ft1.w, ft2, fc2
max ft3, ft2, fc2.x
min ft3.yz, ft3, fc1.w
frc ft4, fc3
abs ft5, fc3
neg ft5.w, ft5.x
sat ft6, ft5.wzyx
add ft0, ft1, ft3
mul ft0, ft0, fc4
add ft0, ft0, ft4
mul ft6, ft6, fc4.w
add ft0.xyz, ft0, ft6.zxy
sat ft0, ft0
mov ft0.w, fc5.w
mov oc, ft0
",
        constants: &[
            [0.1, 0.3, 0.5, 0.7],
            [0.2, 0.15, 0.6, 0.4],
            [0.25, -0.5, 0.75, 0.0],
            [1.25, -0.75, 2.5, -3.125],
            [0.5, 0.25, 0.125, 0.1],
            [0.0, 0.0, 0.0, 1.0],
        ],
        varyings: &[],
        textures: &[],
        relabel: false,
    },
    Case {
        name: "textures and varyings",
        version: Version::V1,
        text: "\
tex ft0, v0, fs0 <2d,linear,repeat,mipnone>
tex ft1, v1.zyx, fs1 <cube,nearest,clamp>
mul ft2, ft0, fc0
add ft2.xyz, ft2, ft1.zyx
mul ft2.xyz, ft2, v2.w
sub ft2.y, ft2.y, v2.x
mov ft2.w, fc1.w
mov oc, ft2
",
        constants: &[[0.5, 0.75, 0.25, 1.0], [0.0, 0.0, 0.0, 1.0]],
        varyings: &[[0.25, 0.75, 0.0, 1.0], [0.3, -0.9, 0.2, 0.0], [0.125, 0.0, 0.0, 0.8]],
        textures: &[Tex::Solid([0.2, 0.4, 0.6, 1.0]), Tex::Solid([0.5, 0.25, 0.125, 1.0])],
        relabel: false,
    },
    Case {
        name: "matrices",
        version: Version::V1,
        text: "\
m44 ft0, v0, fc0
m33 ft1.xyz, v1, fc4
m34 ft2.xyz, v0.wzyx, fc7
nrm ft3.xyz, ft1
crs ft4.xyz, ft3, fc10
dp4 ft5.x, ft0, fc11
rcp ft5.y, fc11.w
mul ft6, ft0, fc12
add ft6.xyz, ft6, ft2.zxy
mul ft7.xyz, ft4, fc12.w
add ft6.xyz, ft6, ft7
mul ft7.xy, ft5.xy, fc12.w
add ft6.xy, ft6.xy, ft7.yx
mov ft6.w, fc13.w
sat oc, ft6
",
        constants: &[
            [0.5, 0.1, 0.0, 0.2],
            [0.1, 0.4, 0.2, 0.0],
            [0.0, 0.2, 0.3, 0.1],
            [0.3, 0.0, 0.1, 0.5],
            [1.0, 0.5, 0.25, 0.0],
            [0.0, 1.0, 0.5, 0.0],
            [0.25, 0.0, 1.0, 0.0],
            [0.1, 0.2, 0.05, 0.0],
            [0.0, 0.1, 0.2, 0.1],
            [0.2, 0.0, 0.1, 0.05],
            [0.0, 0.0, 1.0, 0.0],
            [0.1, 0.2, 0.3, 4.0],
            [0.5, 0.5, 0.5, 0.1],
            [0.0, 0.0, 0.0, 1.0],
        ],
        varyings: &[[0.6, 0.3, 0.9, 0.4], [0.2, 0.7, 0.4, 0.0]],
        textures: &[],
        relabel: false,
    },
    Case {
        name: "flow control and comparisons",
        version: Version::V2,
        text: "\
ife fc0.x, fc1.x
mov ft0, fc2
els
mov ft0, fc3
eif
ifl fc0.y, fc1.y
add ft0.x, ft0.x, fc4.x
ine fc0.zzzz, fc1.zzzz
mul ft0.y, ft0.y, fc4.y
eif
eif
ifg fc0.w, fc1.w
mov ft0.z, fc4.z
eif
seq ft1, fc0, fc1
sne ft2, fc0, fc1
sge ft3, fc0, fc1
slt ft4, fc0, fc1
dp4 ft5.x, ft1, fc5
dp4 ft5.y, ft2, fc5
dp4 ft5.z, ft3, fc5
dp4 ft5.w, ft4, fc5
mul ft5, ft5, fc6
add ft0, ft0, ft5
mov ft0.w, fc6.w
mov oc, ft0
",
        constants: &[
            [1.0, 2.0, 3.0, 1.0],
            [1.0, 3.0, 4.0, 2.0],
            [0.2, 0.3, 0.4, 0.0],
            [0.6, 0.7, 0.8, 0.0],
            [0.1, 0.5, 0.9, 0.0],
            [0.1, 0.2, 0.3, 0.4],
            [0.25, 0.25, 0.25, 1.0],
        ],
        varyings: &[],
        textures: &[],
        relabel: false,
    },
    Case {
        name: "transcendentals, derivatives",
        version: Version::V2,
        text: "\
pow ft0, fc0, fc1
log ft1, fc2
exp ft2, fc3
sqt ft3, fc2
rsq ft4, fc2
sin ft5, fc3
cos ft6, fc3
sgn ft7, fc4
div ft8, fc0, fc2
ddx ft9, v0
ddy ft9.zw, v0
add ft10, ft0, ft1
add ft10, ft10, ft2
add ft10, ft10, ft3
add ft10, ft10, ft4
add ft10, ft10, ft5
add ft10, ft10, ft6
add ft10, ft10, ft7
add ft10, ft10, ft8
add ft10, ft10, ft9
mul ft10, ft10, fc5
frc ft10, ft10
mov ft10.w, fc5.w
mov oc, ft10
",
        constants: &[
            [0.5, 0.25, 0.75, 0.9],
            [2.0, 0.5, 1.5, 3.0],
            [0.5, 2.0, 4.0, 0.25],
            [0.5, -1.0, 1.25, 2.0],
            [-2.0, 0.0, 3.0, -0.5],
            [0.1, 0.1, 0.1, 1.0],
        ],
        varyings: &[[0.3, 0.6, 0.9, 1.0]],
        textures: &[],
        relabel: false,
    },
    Case {
        name: "kil that does not kill",
        version: Version::V1,
        text: "\
sub ft0, v0, fc0
kil ft0.y
mov oc, fc1
",
        constants: &[[0.5, 0.5, 0.5, 0.5], [0.3, 0.6, 0.9, 1.0]],
        varyings: &[[0.7, 0.7, 0.7, 0.7]],
        textures: &[],
        relabel: false,
    },
    Case {
        name: "kil that kills",
        version: Version::V1,
        text: "\
sub ft0, v0, fc0
kil ft0.y
mov oc, fc1
",
        constants: &[[0.5, 0.5, 0.5, 0.5], [0.3, 0.6, 0.9, 1.0]],
        varyings: &[[0.7, 0.2, 0.7, 0.7]],
        textures: &[],
        relabel: false,
    },
    Case {
        name: "indirect addressing",
        version: Version::V1,
        text: "\
mov vt0, vc0
mov vt1, vc[vt0.y+2]
m44 vt2, vt1, vc[vt0.x+1]
mul vt2, vt2, vc0.w
add op, vt1, vt2
",
        constants: &[
            [1.0, 2.9, 0.0, 0.5],
            [0.0; 4],
            [0.1, 0.2, 0.3, 0.4],
            [0.2, 0.1, 0.4, 0.3],
            [0.3, 0.4, 0.1, 0.2],
            [0.4, 0.3, 0.2, 0.1],
            [0.2, 0.3, 0.1, 0.5],
        ],
        varyings: &[],
        textures: &[],
        relabel: true,
    },
    Case {
        name: "3d textures between slices and past the last",
        version: Version::V1,
        text: "\
tex ft0, v0, fs0 <3d,nearest,clamp>
tex ft1, v1.zyxw, fs1 <3d,linear,clamp>
tex ft2, v2, fs0 <3d,nearest,clamp>
mul ft0, ft0, fc0
mul ft1, ft1, fc0.w
add ft0.xyz, ft0, ft1
mul ft2, ft2, fc1
sub ft0.xyz, ft0, ft2.zxy
tex ft3, v3, fs0 <3d,linear,clamp>
tex ft4, v4, fs0 <3d,linear,clamp>
mul ft3, ft3, fc1
mul ft4, ft4, fc2
add ft0.xyz, ft0, ft3
sub ft0.xyz, ft0, ft4
mov ft0.w, fc1.w
mov oc, ft0
",
        constants: &[[0.6, 0.5, 0.4, 0.3], [0.25, 0.25, 0.25, 1.0], [0.1, 0.1, 0.1, 0.0]],
        // w = 0.4 of 4 slices is 1.1 slice centres in: slices 1 and 2,
        // 10 % of the way; fs1's w (v1.x) 0.9 is past the last centre;
        // v2's w 0.125 is exactly slice 0's centre. v3 and v4 read at the
        // right (u = 1) and left (u = 0) edges of a slice, where an
        // unclamped x would make Skia's linear filter blend in the
        // neighbouring slice.
        varyings: &[
            [0.3, 0.6, 0.4, 0.0],
            [0.9, 0.2, 0.7, 0.0],
            [0.8, 0.1, 0.125, 0.0],
            [1.0, 0.5, 0.4, 0.0],
            [0.0, 0.5, 0.625, 0.0],
        ],
        // Skia's raster pipeline reads input shaders as 8-bit colours:
        // multiples of 0.2 (51/255) come through exactly, so the blend is
        // all that the comparison measures.
        textures: &[
            Tex::Slices(&[
                [0.2, 0.2, 0.4, 1.0],
                [1.0, 0.0, 0.4, 1.0],
                [0.2, 0.8, 0.6, 1.0],
                [0.6, 0.4, 1.0, 1.0],
            ]),
            Tex::Slices(&[[0.4, 0.2, 0.0, 1.0], [0.0, 0.6, 0.2, 1.0], [0.4, 0.4, 0.8, 1.0]]),
        ],
        relabel: false,
    },
    Case {
        name: "ted samples as tex does",
        version: Version::V2,
        text: "\
ted ft0, v0, fs0 <2d,linear,miplinear,repeat,-1.5>
mul ft0, ft0, fc0
mov ft0.w, fc0.w
mov oc, ft0
",
        constants: &[[0.5, 0.75, 1.0, 1.0]],
        varyings: &[[0.25, 0.75, 0.0, 1.0]],
        textures: &[Tex::Solid([0.6, 0.4, 0.8, 1.0])],
        relabel: false,
    },
    Case {
        // Deeper than the lift indents (8 levels; the braces still nest),
        // within Skia's limit (its parser refuses about 16 nested ifs).
        name: "if-blocks nested 13 deep",
        version: Version::V2,
        text: "\
mov ft0, fc0
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ife fc0.x, fc0.x
add ft0, ft0, fc1
ine fc0.x, fc0.x
add ft0, ft0, fc2
els
sub ft0.xy, ft0, fc1
eif
eif
eif
eif
eif
eif
eif
eif
eif
eif
eif
eif
eif
mov oc, ft0
",
        constants: &[[0.1, 0.2, 0.3, 1.0], [0.01, 0.02, 0.03, 0.0], [0.5, 0.5, 0.5, 0.0]],
        varyings: &[],
        textures: &[],
        relabel: false,
    },
];

/// The case's program.
fn program(case: &Case) -> AgalProgram {
    let kind = if case.relabel {
        ProgramType::Vertex
    } else {
        ProgramType::Fragment
    };
    let mut program = assemble(case.text, kind, case.version, false).unwrap_or_else(|e| panic!("{}: {e:?}", case.name));
    program.header.kind = ProgramType::Fragment;
    program
}

/// The packed uniforms of `lifted` for `case` (2D and cube textures 16 × 16
/// pixels, 3D ones `SLICE` × `SLICE` per slice).
fn uniforms(lifted: &Lifted, case: &Case) -> Vec<f32> {
    let mut out = Vec::new();
    for u in &lifted.uniforms {
        let start = out.len();
        let sampler = |suffix: &str| -> Option<Tex> {
            let n: usize = u.name.strip_prefix("fs")?.strip_suffix(suffix)?.parse().ok()?;
            case.textures.get(n).copied()
        };
        if u.name == "fc" {
            for i in 0..u.floats / 4 {
                out.extend(case.constants.get(i).copied().unwrap_or_default());
            }
        } else if let Some(n) = u.name.strip_prefix('v') {
            let n: usize = n.parse().unwrap();
            out.extend(case.varyings.get(n).copied().unwrap_or_default());
        } else if let Some(tex) = sampler("_size") {
            out.extend(match tex {
                Tex::Slices(s) => [(SLICE * s.len() as u32) as f32, SLICE as f32],
                Tex::Solid(_) => [16.0, 16.0],
            });
        } else if let Some(Tex::Slices(s)) = sampler("_depth") {
            out.push(s.len() as f32);
        }
        assert_eq!(out.len() - start, u.floats, "uniform {}", u.name);
    }
    out
}

/// What the interpreter reads from sampler `n` at `coord`: the solid
/// colour, or the 3D model the lift implements (`interp::sample_3d`).
fn texture(case: &Case, n: usize, coord: [f32; 4]) -> [f32; 4] {
    match case.textures.get(n) {
        Some(Tex::Solid(c)) => *c,
        Some(Tex::Slices(s)) => interp::sample_3d(s.len(), coord, |k, _, _| s[k]),
        None => [0.0; 4],
    }
}

/// The input shader of sampler `n`, for Skia.
fn input(case: &Case, n: usize) -> Texture {
    match case.textures.get(n) {
        Some(Tex::Solid(c)) => Texture::Solid(*c),
        Some(Tex::Slices(s)) => Texture::Slices {
            colours: s.to_vec(),
            size: SLICE,
        },
        None => Texture::Solid([0.0; 4]),
    }
}

/// Half precision: a few units in the last place near 1.
const TOLERANCE: f32 = 2e-3;

#[test]
fn lifted_shaders_render_what_the_interpreter_computes() {
    let mut shaders = Vec::new();
    let mut expected = Vec::new();
    for case in CASES {
        let program = program(case);
        let lifted = lift(&program).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert!(lifted.warnings.is_empty(), "{}", case.name);
        let sample = |n: u64, _dim, coord| texture(case, n as usize, coord);
        let inputs = Inputs {
            constants: case.constants,
            varyings: case.varyings,
            sample: &sample,
        };
        let want = match interp::run(&program, &inputs).unwrap_or_else(|e| panic!("{}: {e}", case.name)) {
            Outcome::Colour(c) => c,
            Outcome::Killed => [0.0; 4],
        };
        // The programs are made so that their colours are not clamped away.
        assert!(
            want.iter().all(|c| (0.0..=1.0).contains(c)),
            "{}: {want:?} is not a colour",
            case.name
        );
        let render = Render {
            size: (4, 3),
            uniforms: uniforms(&lifted, case),
            inputs: lifted
                .inputs
                .iter()
                .map(|name| input(case, name[2..].parse().unwrap()))
                .collect(),
        };
        eprintln!("{}: the interpreter says {want:?}", case.name);
        shaders.push((case.name.to_string(), lifted.source, Some(render)));
        expected.push(want);
    }
    let Some(verdicts) = skia::check(&shaders) else { return };
    for (((name, source, _), verdict), want) in shaders.iter().zip(&verdicts).zip(&expected) {
        assert!(verdict.ok, "{name}: Skia rejects it: {}\n{source}", verdict.error);
        assert_eq!(verdict.pixels.len(), 12, "{name}");
        for (i, got) in verdict.pixels.iter().enumerate() {
            let off = got.iter().zip(want).any(|(g, w)| (g - w).abs() > TOLERANCE);
            assert!(
                !off,
                "{name}: pixel {i} is {got:?}, the interpreter says {want:?}\n{source}"
            );
        }
    }
}

#[test]
fn the_cases_are_not_trivial() {
    // Each case's colour depends on its inputs: a program whose every channel
    // saturates or vanishes would pass the pixel test whatever the lift did.
    for case in CASES.iter().filter(|c| !c.name.contains("kills")) {
        let program = program(case);
        let sample = |n: u64, _dim, coord| texture(case, n as usize, coord);
        let inputs = Inputs {
            constants: case.constants,
            varyings: case.varyings,
            sample: &sample,
        };
        let Ok(Outcome::Colour(c)) = interp::run(&program, &inputs) else {
            panic!("{}", case.name)
        };
        let inside = c[..3].iter().filter(|x| **x > 0.02 && **x < 0.98).count();
        assert!(inside >= 2, "{}: {c:?}", case.name);
    }
}

fn lift_text(text: &str, version: Version) -> Result<Lifted, isa_agal::lift::LiftError> {
    lift(&assemble(text, ProgramType::Fragment, version, false).unwrap())
}

#[test]
fn vertex_programs_are_refused_at_the_program_type_byte() {
    let program = assemble("mov op, va0\n", ProgramType::Vertex, Version::V1, false).unwrap();
    let e = lift(&program).unwrap_err();
    assert_eq!(e.offset, 6, "{e}");
    assert!(e.message.contains("vertex program"), "{e}");
}

#[test]
fn unbalanced_blocks_are_errors_at_their_token() {
    let e = lift_text("mov oc, fc0\nels\n", Version::V2).unwrap_err();
    assert_eq!(e.to_string(), "byte 0x1f: token 1 (`els`): `els` outside an if-block");
    let e = lift_text("ife fc0.x, fc1.x\nels\nels\neif\n", Version::V2).unwrap_err();
    assert_eq!(e.offset, 7 + 2 * 24, "{e}");
    assert!(e.message.contains("a second `els` for the `if` of token 0"), "{e}");
    let e = lift_text("eif\n", Version::V2).unwrap_err();
    assert_eq!(e.offset, 7, "{e}");
}

#[test]
fn a_program_that_ends_inside_a_block_lifts_with_a_warning() {
    let lifted = lift_text("mov oc, fc0\nifl fc0.x, fc1.x\nmov oc, fc1\n", Version::V2).unwrap();
    assert_eq!(lifted.warnings.len(), 1);
    assert_eq!(lifted.warnings[0].offset, 7 + 24);
    assert!(lifted.source.contains("token 1's if-block has no `eif`"));
}

#[test]
fn what_agsl_cannot_say_is_an_error_at_its_token() {
    let e = lift_text("mov ft0, fc0\ntld ft1, v0, fs0 <2d,linear>\n", Version::V1).unwrap_err();
    assert_eq!(e.offset, 7 + 24, "{e}");
    assert!(e.message.contains("`tld` has no AGSL semantics"), "{e}");
    let e = lift_text(
        "tex ft0, v0, fs0 <3d,linear>\ntex ft1, v0, fs0 <2d,linear>\n",
        Version::V1,
    )
    .unwrap_err();
    assert_eq!(e.offset, 7 + 24, "{e}");
    assert!(
        e.message
            .contains("fs0 is sampled as a 2d texture here and as a 3d texture before"),
        "{e}"
    );
}

#[test]
fn a_3d_sampler_declares_its_depth_and_helper() {
    let lifted = lift_text("tex ft0, v0, fs1 <3d,linear,clamp>\nmov oc, ft0\n", Version::V1).unwrap();
    let names: Vec<(&str, usize)> = lifted.uniforms.iter().map(|u| (u.name.as_str(), u.floats)).collect();
    assert_eq!(names, [("v0", 4), ("fs1_size", 2), ("fs1_depth", 1)]);
    for line in [
        "uniform shader fs1;",
        "uniform float fs1_depth;",
        "float4 agal_tex3d_fs1(float3 uvw) {",
        "    ft0 = agal_tex3d_fs1(v0.xyz);",
        "//   fs1_depth: the number of slices; w blends linearly between the two nearest.",
    ] {
        assert!(
            lifted.source.lines().any(|l| l == line),
            "no `{line}` in\n{}",
            lifted.source
        );
    }
}

#[test]
fn the_output_says_how_to_feed_the_shader() {
    let lifted = lift_text("tex ft0, v0, fs2 <2d,linear,repeat>\nmul oc, ft0, fc3\n", Version::V1).unwrap();
    let names: Vec<(&str, usize)> = lifted.uniforms.iter().map(|u| (u.name.as_str(), u.floats)).collect();
    assert_eq!(names, [("fc", 16), ("v0", 4), ("fs2_size", 2)]);
    assert_eq!(lifted.inputs, ["fs2"]);
    for line in [
        "uniform float4 fc[4];",
        "uniform float4 v0;",
        "uniform shader fs2;",
        "uniform float2 fs2_size;",
        "    // tex ft0, v0, fs2 <2d,linear,mipnone,repeat,rgba>",
        "    ft0 = float4(fs2.eval(v0.xy * fs2_size));",
        "    oc = ft0 * fc[3];",
        "    return half4(oc);",
    ] {
        assert!(
            lifted.source.lines().any(|l| l == line),
            "no `{line}` in\n{}",
            lifted.source
        );
    }
}

/// xorshift64*
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

#[test]
fn lifting_and_running_never_panic() {
    // Programs with a few bytes changed: whatever still parses lifts or
    // fails with an error, and runs or fails with an error.
    let mut programs: Vec<Vec<u8>> = CASES.iter().map(|c| program(c).to_bytes()).collect();
    if let Some(corpus) = corpus_fragments() {
        programs.extend(corpus.iter().map(|(_, p)| p.to_bytes()));
    }
    let mut rng = Rng(0x1f2e_3d4c_5b6a_7988);
    let zero = |_: u64, _, _| [0.0; 4];
    let inputs = Inputs {
        constants: &[[0.5; 4]; 4],
        varyings: &[[0.25; 4]; 2],
        sample: &zero,
    };
    let (mut lifted, mut refused) = (0, 0);
    let mut shaders = Vec::new();
    for i in 0..3000 {
        let mut bytes = programs[rng.below(programs.len())].clone();
        for _ in 0..1 + rng.below(3) {
            let at = 7 + rng.below(bytes.len() - 7);
            bytes[at] = match rng.below(3) {
                0 => rng.below(256) as u8,
                1 => bytes[at] ^ (1 << rng.below(8)),
                _ => rng.below(8) as u8,
            };
        }
        let Ok(program) = AgalProgram::from_bytes(&bytes) else {
            continue;
        };
        match lift(&program) {
            Ok(l) => {
                lifted += 1;
                if i % 10 == 0 {
                    shaders.push((format!("mutant {i}"), l.source, None));
                }
            }
            Err(e) => {
                assert!(e.offset < bytes.len(), "{e}");
                refused += 1;
            }
        }
        let _ = interp::run(&program, &inputs);
    }
    eprintln!("{lifted} mutated programs lifted, {refused} refused with an error");
    assert!(lifted > 100 && refused > 10, "{lifted} lifted, {refused} refused");
    // What lifts compiles, whatever the masks, swizzles and registers.
    let Some(verdicts) = skia::check(&shaders) else { return };
    for ((name, source, _), v) in shaders.iter().zip(&verdicts) {
        assert!(v.ok, "{name}: Skia rejects it: {}\n{source}", v.error);
    }
}

/// `ife` blocks nested `depth` deep around one `mov`, as tokens (the
/// assembler takes at most 4096).
fn nested(depth: usize) -> AgalProgram {
    let seed = assemble(
        "ife fc0.x, fc1.x\nmov oc, fc0\neif\n",
        ProgramType::Fragment,
        Version::V2,
        false,
    )
    .unwrap();
    let [open, body, close] = seed.tokens.as_slice() else {
        panic!("three tokens")
    };
    let mut tokens = vec![*open; depth];
    tokens.push(*body);
    tokens.extend(std::iter::repeat_n(*close, depth));
    AgalProgram {
        header: seed.header,
        tokens,
    }
}

#[test]
fn nested_blocks_lift_to_text_linear_in_the_program() {
    // Indenting each line by its depth gave O(depth²) bytes: 16,000 levels
    // would have been about 1.5 GB of spaces.
    let mut rows = Vec::new();
    for depth in [1000, 4000, 16000] {
        let program = nested(depth);
        let start = Instant::now();
        let lifted = lift(&program).unwrap();
        let time = start.elapsed();
        assert!(lifted.warnings.is_empty());
        let opens = lifted.source.matches('{').count();
        assert_eq!(
            opens,
            lifted.source.matches('}').count(),
            "depth {depth}: braces balance"
        );
        assert!(opens > depth, "depth {depth}: every block is opened");
        eprintln!(
            "depth {depth}: {} tokens, {} bytes of AGSL, lifted in {:.1} ms",
            program.tokens.len(),
            lifted.source.len(),
            time.as_secs_f64() * 1e3
        );
        rows.push(lifted.source.len());
    }
    for pair in rows.windows(2) {
        let ratio = pair[1] as f64 / pair[0] as f64;
        assert!(ratio < 4.5, "4× the depth gives {ratio:.2}× the AGSL ({rows:?})");
    }
}
