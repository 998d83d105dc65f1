//! The `.shbin` disassembler: snapshots of hand-built files (a vertex
//! shader, a two-DVLE geometry program, a nihstro-layout file), the corpus
//! in `../shared/corpus/pica` when it is present, and robustness against
//! truncated and corrupted files.

use isa_pica::asm::{assemble, Options, SourceFile};
use isa_pica::disasm::{disassemble, listing};
use isa_pica::shbin::{Constant, Dvle, Layout, OpdescEntry, Output, ShaderKind, Shbin, Uniform};
use isa_pica::Instruction;
use pretty_assertions::assert_eq;

/// Words from isaforge's one-line instruction syntax.
fn code(lines: &[&str]) -> Vec<u32> {
    lines
        .iter()
        .map(|l| l.parse::<Instruction>().unwrap_or_else(|e| panic!("{l}: {e}")).encode())
        .collect()
}

fn opdescs(descs: &[u32]) -> Vec<OpdescEntry> {
    descs.iter().map(|&desc| OpdescEntry { desc, extra: 0 }).collect()
}

/// A symbol table and the offset of each name.
fn symbols(names: &[&str]) -> (Vec<u8>, Vec<u32>) {
    let mut table = Vec::new();
    let mut offsets = Vec::new();
    for name in names {
        offsets.push(table.len() as u32);
        table.extend_from_slice(name.as_bytes());
        table.push(0);
    }
    (table, offsets)
}

fn uniform(symbol: u32, first: u16, last: u16) -> Uniform {
    Uniform { symbol, first, last }
}

fn output(semantic: u16, register: u16, mask: u16) -> Output {
    Output {
        semantic,
        register,
        mask,
        extra: 0,
    }
}

fn float_constant(index: u16, value: [u32; 4]) -> Constant {
    Constant { kind: 2, index, value }
}

fn dvle(kind: ShaderKind, main: u32, endmain: u32) -> Dvle {
    Dvle {
        version: 0x1002,
        kind,
        merge_outmaps: 0,
        main,
        endmain,
        input_mask: 0,
        output_mask: 0,
        gsh_mode: 0,
        gsh_fixed_start: 0,
        gsh_variable_count: 0,
        gsh_fixed_count: 0,
        constants: vec![],
        labels: vec![],
        outputs: vec![],
        uniforms: vec![],
        symbols: vec![],
    }
}

/// A vertex shader with inputs, arrays, a private gap, int and bool
/// uniforms, constants, a call, if/else, a `for` ending in `breakc` (so
/// picasso padded it), relative addressing, the inverted `dph` form and an
/// inverted `jmpu`.
fn vertex() -> Shbin {
    let (syms, at) = symbols(&[
        "inpos",
        "innrm",
        "projection",
        "modelView",
        "lightDir",
        "palette",
        "loopParams",
        "useLight",
        "flip",
    ]);
    let mut d = dvle(ShaderKind::Vertex, 2, 31);
    d.input_mask = 0b11;
    d.output_mask = 0b111;
    d.constants = vec![
        float_constant(95, [0, 0x3F_0000, 0x3E_0000, 0xC0_2000]),
        Constant {
            kind: 1,
            index: 3,
            value: [0x0001_0003, 0, 0, 0],
        },
        Constant {
            kind: 0,
            index: 5,
            value: [1, 0, 0, 0],
        },
    ];
    d.outputs = vec![
        output(0, 0, 0xF),
        output(2, 1, 0xF),
        output(3, 2, 0x3),
        output(4, 2, 0x4),
    ];
    d.uniforms = vec![
        uniform(at[0], 0x00, 0x00),
        uniform(at[1], 0x01, 0x01),
        uniform(at[2], 0x10, 0x13),
        uniform(at[3], 0x14, 0x17),
        uniform(at[4], 0x18, 0x18),
        uniform(at[5], 0x1B, 0x1D),
        uniform(at[6], 0x70, 0x70),
        uniform(at[7], 0x78, 0x78),
        uniform(at[8], 0x79, 0x7A),
    ];
    d.symbols = syms;
    Shbin {
        code: code(&[
            "mul r3, c8, r2 (desc 0)",
            "dp3 r4, r3, r3 (desc 1)",
            "mov r0, v0 (desc 0)",
            "mov r0, c95 (desc 2)",
            "dp4 r1, c4, r0 (desc 1)",
            "dp4 r1, c5, r0 (desc 3)",
            "dp4 r1, c6, r0 (desc 4)",
            "dp4 r1, c7, r0 (desc 5)",
            "dp4 o0, c0, r1 (desc 1)",
            "dp4 o0, c1, r1 (desc 3)",
            "dp4 o0, c2, r1 (desc 4)",
            "dp4 o0, c3, r1 (desc 5)",
            "mova a0, v1 (desc 6)",
            "mov r2, c12[a0.x] (desc 7)",
            "ifu b0, dst=17, num=1",
            "call dst=0, num=2",
            "dphi r5, r4, c11[a0.x] (desc 8)",
            "mov r5, c95 (desc 8)",
            "mov r6, c95 (desc 8)",
            "loop i0, dst=23, num=0",
            "add r6, r6, r5 (desc 7)",
            "cmp c95, lt, ge, r6 (desc 2)",
            "breakc x, x=1, y=1, dst=0, num=0",
            "nop",
            "ifc and, x=1, y=0, dst=26, num=0",
            "mad r7, r6, c13, r5 (desc 9)",
            "jmpu b2, dst=28, num=1",
            "mov o1, r7 (desc 10)",
            "mov o2, r7 (desc 11)",
            "mov o2, c95 (desc 4)",
            "end",
        ]),
        opdescs: opdescs(&[
            0x0006_c36e,
            0x0006_c368,
            0x0006_caa1,
            0x0006_c364,
            0x0006_c362,
            0x0006_c361,
            0x0000_1fe8,
            0x0006_e36f,
            0x0006_c00f,
            0x0d86_c36f,
            0x0000_1c9f,
            0x0000_036c,
        ]),
        dvles: vec![d],
        ..Shbin::default()
    }
}

/// A vertex shader and a fixed-primitive geometry shader in one file; the
/// geometry file's helper procedure comes before its entry point.
fn geometry() -> Shbin {
    let (vsyms, _) = symbols(&["mvp"]);
    let mut v = dvle(ShaderKind::Vertex, 0, 6);
    v.output_mask = 0b11;
    v.outputs = vec![output(0, 0, 0xF), output(9, 1, 0xF)];
    v.uniforms = vec![uniform(0, 0x10, 0x13)];
    v.symbols = vsyms;
    let (gsyms, at) = symbols(&["scale", "emitTwice"]);
    let mut g = dvle(ShaderKind::Geometry, 9, 27);
    g.output_mask = 0b11;
    g.gsh_mode = 2;
    g.gsh_fixed_count = 3;
    g.constants = vec![float_constant(95, [0x3E_0000, 0x3E_0000, 0x3E_0000, 0x3F_0000])];
    g.outputs = vec![output(0, 0, 0xF), output(2, 1, 0xF)];
    g.uniforms = vec![uniform(at[0], 0x24, 0x24), uniform(at[1], 0x78, 0x78)];
    g.symbols = gsyms;
    Shbin {
        code: code(&[
            "dp4 o0, c0, v0 (desc 0)",
            "dp4 o0, c1, v0 (desc 1)",
            "dp4 o0, c2, v0 (desc 2)",
            "dp4 o0, c3, v0 (desc 3)",
            "mov o1, v1 (desc 4)",
            "end",
            "mov o0, r0 (desc 4)",
            "mov o1, c95 (desc 4)",
            "emit",
            "mov r0, c0 (desc 4)",
            "mul r0, c20, r0 (desc 5)",
            "setemit 0",
            "call dst=6, num=3",
            "mov r0, c1 (desc 4)",
            "mul r0, c20, r0 (desc 6)",
            "setemit 1",
            "call dst=6, num=3",
            "mov r0, c2 (desc 4)",
            "mul r0, c20, r0 (desc 7)",
            "setemit 2, prim",
            "call dst=6, num=3",
            "ifu b0, dst=26, num=0",
            "setemit 0, prim, inv",
            "mov r0, c3 (desc 4)",
            "call dst=6, num=3",
            "nop",
            "end",
        ]),
        opdescs: opdescs(&[
            0x0006_c368,
            0x0006_c364,
            0x0006_c362,
            0x0006_c361,
            0x0000_036f,
            0x0006_c00f,
            0x0006_caaf,
            0x0006_d54f,
        ]),
        dvles: vec![v, g],
        ..Shbin::default()
    }
}

/// A file in nihstro's layout with what nihstro writes and picasso never
/// does: a label table (whose names become labels), symbols shared with it,
/// uniform ranges picasso would not give, a zero version and entry point,
/// no masks, and a descriptor table in its own order.
fn nihstro() -> Shbin {
    let (syms, at) = symbols(&["start", "lighting", "done", "transform", "light", "count"]);
    let mut d = dvle(ShaderKind::Vertex, 0, 0);
    d.version = 0;
    d.labels = vec![[0, 0, 0, at[0]], [1, 6, 0, at[1]], [2, 11, 0, at[2]]];
    d.constants = vec![float_constant(20, [0, 0, 0, 0x3F_0000])];
    d.outputs = vec![output(0, 0, 0xF), output(2, 1, 0xF)];
    d.uniforms = vec![
        uniform(at[3], 0x10, 0x13),
        uniform(at[4], 0x14, 0x14),
        uniform(at[5], 0x71, 0x71),
    ];
    d.symbols = syms;
    Shbin {
        layout: Layout::Nihstro,
        code: code(&[
            "mov r0, v0 (desc 0)",
            "dp4 o0, c0, r0 (desc 1)",
            "dp4 o0, c1, r0 (desc 2)",
            "dp4 o0, c2, r0 (desc 3)",
            "dp4 o0, c3, r0 (desc 4)",
            "mov r1, c20 (desc 5)",
            "loop i1, dst=8, num=0",
            "add r1, c4[aL], r1 (desc 6)",
            "nop",
            "mov o1, r1 (desc 6)",
            "end",
        ]),
        opdescs: opdescs(&[
            0x0006_030e,
            0x0006_c368,
            0x0006_c364,
            0x0006_c362,
            0x0006_c361,
            0x0000_000f,
            0x0006_c36f,
        ]),
        dvles: vec![d],
        ..Shbin::default()
    }
}

/// The disassembly matches the snapshot, and assembling the snapshot gives
/// back the same file.
fn check_snapshot(shbin: &Shbin, name: &str, expected: &str) {
    let text = disassemble(shbin);
    assert_eq!(text, expected, "{name}: the disassembly changed");
    let source = SourceFile {
        name: name.to_owned(),
        text,
    };
    let back = assemble(&[source], &Options::default()).unwrap_or_else(|errors| {
        let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
        panic!("{name} does not assemble:\n{}", list.join("\n"))
    });
    assert_eq!(&back, shbin, "{name}: assembling the text gives another file");
    assert_eq!(back.to_bytes().expect("writable"), shbin.to_bytes().expect("writable"));
}

#[test]
fn vertex_shader_snapshot() {
    check_snapshot(&vertex(), "vertex.pica", include_str!("disasm/vertex.pica"));
}

#[test]
fn geometry_program_snapshot() {
    check_snapshot(&geometry(), "geometry.pica", include_str!("disasm/geometry.pica"));
}

#[test]
fn nihstro_layout_snapshot() {
    check_snapshot(&nihstro(), "nihstro.pica", include_str!("disasm/nihstro.pica"));
}

fn corpus_dir() -> Option<std::path::PathBuf> {
    isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "pica/shbin")
}

/// Every corpus file gives a text with one section per DVLE and a line for
/// every word that is not a padding NOP picasso adds by itself.
#[test]
fn every_corpus_file_disassembles() {
    let Some(dir) = corpus_dir() else { return };
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("corpus directory") {
        let path = entry.expect("entry").path();
        let shbin = Shbin::from_bytes(&std::fs::read(&path).expect("read")).expect("parse");
        let text = disassemble(&shbin);
        let name = path.display();
        let sections = text.lines().filter(|l| *l == ".dvle").count();
        assert_eq!(sections + 1, shbin.dvles.len(), "{name}");
        let code_lines = text
            .lines()
            .filter(|l| l.starts_with('\t') && !l.trim_start().starts_with('.') || l.trim_start().starts_with(".word"))
            .count();
        let nops = shbin.code.iter().filter(|&&w| w == 0x8400_0000).count();
        assert!(
            code_lines <= shbin.code.len() && code_lines + nops >= shbin.code.len(),
            "{name}:\n{text}"
        );
        assert!(text.contains(".proc "), "{name}");
        // Each word's line is the next code line of the text, in order; the
        // words without one are padding `nop`s.
        let listing = listing(&shbin);
        assert_eq!(listing.text, text);
        assert_eq!(listing.word_lines.len(), shbin.code.len(), "{name}");
        let mut rest = text.lines();
        for (i, line) in listing.word_lines.iter().enumerate() {
            match line {
                Some(line) => assert!(
                    rest.any(|l| l.trim_start() == line && l.starts_with('\t')),
                    "{name}: word {i}'s line {line:?} is not (next) in the text"
                ),
                None => assert_eq!(shbin.code[i], 0x8400_0000, "{name}: word {i} has no line"),
            }
        }
        count += 1;
    }
    assert!(count >= 20);
}

/// Every truncation of a real file and 5000 random byte flips: whatever
/// parses disassembles without panicking, and the text assembles without
/// panicking. Most of them give back the same bytes.
#[test]
fn truncated_and_corrupted_files_never_panic() {
    // Without the corpus (outside CI), a hand-built file stands in.
    let original = isa_runtime::check::corpus::read(
        env!("CARGO_MANIFEST_DIR"),
        "pica/shbin/3ds-examples__graphics_gpu_particles__particle.shbin",
    )
    .unwrap_or_else(|| geometry().to_bytes().expect("writable"));
    let (mut parsed, mut identical) = (0, 0);
    let mut check = |bytes: &[u8]| {
        let Ok(shbin) = Shbin::from_bytes(bytes) else { return };
        parsed += 1;
        let text = disassemble(&shbin);
        let source = SourceFile {
            name: "fuzz.pica".into(),
            text,
        };
        if let Ok(back) = assemble(&[source], &Options::default()) {
            if back.to_bytes().expect("writable") == shbin.to_bytes().expect("writable") {
                identical += 1;
            }
        }
    };
    for len in 0..=original.len() {
        check(&original[..len]);
    }
    let mut state = 0x5EED_u64;
    for _ in 0..5000 {
        let mut bytes = original.clone();
        for _ in 0..1 + state % 3 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let at = (state >> 33) as usize % bytes.len();
            bytes[at] ^= 1 << ((state >> 20) % 8);
        }
        check(&bytes);
    }
    eprintln!("{parsed} variants parsed; {identical} came back byte-identical through disassemble → assemble");
    assert!(parsed > 1000);
    assert!(
        identical * 10 >= parsed * 9,
        "only {identical} of {parsed} round-tripped"
    );
}

/// Hand-made hostile models (not from bytes): huge or nonsensical fields
/// everywhere still give a text.
#[test]
fn hostile_models_never_panic() {
    let mut shbin = geometry();
    shbin.dvlp_version = 7;
    for (i, d) in shbin.dvles.iter_mut().enumerate() {
        d.main = u32::MAX - i as u32;
        d.endmain = 3;
        d.kind = ShaderKind::Other(200);
        d.uniforms.push(uniform(u32::MAX, 0xFFFF, 0));
        d.outputs.push(output(u16::MAX, u16::MAX, u16::MAX));
        d.constants.push(Constant {
            kind: 2,
            index: u16::MAX,
            value: [u32::MAX; 4],
        });
        d.labels.push([u32::MAX; 4]);
    }
    shbin.opdescs.truncate(1);
    shbin.code.extend([0xFFFF_FFFF, 0xA7FF_FFFF, 0xA3FF_FFFF, 0x97FF_FFFF]);
    let text = disassemble(&shbin);
    assert!(text.contains(".raw_dvlp 0x7 0x0 0x0 0x0"), "{text}");
    assert!(text.contains(".word 0xffffffff"));
    assert!(!disassemble(&Shbin::default()).is_empty());
}
