//! The PICA-programs issue's "done when": every `.shbin` of
//! `../shared/corpus/pica` goes through disassemble → assemble and comes
//! back byte for byte. Also hand-built files that need isaforge's own
//! directives, so the round trip is exercised without the corpus too.

use std::path::PathBuf;

use isa_pica::asm::{assemble, Options, SourceFile};
use isa_pica::disasm::disassemble;
use isa_pica::shbin::{Constant, Dvle, Layout, OpdescEntry, Output, ShaderKind, Shbin, Uniform};
use pretty_assertions::assert_eq;

fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "pica/shbin")?;
    let entries = std::fs::read_dir(&dir).unwrap();
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "shbin"))
        .collect();
    files.sort();
    Some(files)
}

/// Disassembles `shbin`, assembles the text, and returns the text and the
/// bytes it gives (or the errors, as text).
fn round_trip(shbin: &Shbin, name: &str) -> (String, Result<Vec<u8>, String>) {
    let text = disassemble(shbin);
    let source = SourceFile {
        name: name.to_owned(),
        text: text.clone(),
    };
    let bytes = assemble(&[source], &Options::default())
        .map_err(|errors| errors.iter().map(|e| format!("{e}\n")).collect::<String>())
        .and_then(|s| s.to_bytes().map_err(|e| e.to_string()));
    (text, bytes)
}

#[test]
fn every_corpus_file_disassembles_and_reassembles_identically() {
    let Some(files) = corpus_files() else { return };
    assert!(files.len() >= 20, "expected the whole corpus, found {}", files.len());
    let mut failures = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).expect("read corpus file");
        let shbin = Shbin::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let (text, result) = round_trip(&shbin, &name);
        match result {
            Ok(out) if out == bytes => {}
            Ok(out) => {
                let diff = Shbin::from_bytes(&out).map(|s| describe_difference(&shbin, &s));
                failures.push(format!("{name}: different bytes ({diff:?})\n{text}"));
            }
            Err(errors) => failures.push(format!("{name}: does not assemble:\n{errors}\n{text}")),
        }
    }
    eprintln!(
        "round trip: {}/{} corpus files identical",
        files.len() - failures.len(),
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The first part of two models that differs, for the failure message.
fn describe_difference(want: &Shbin, got: &Shbin) -> String {
    if want.code != got.code {
        let at = want.code.iter().zip(&got.code).position(|(a, b)| a != b);
        return format!(
            "code differs at word {at:?} (lengths {} / {})",
            want.code.len(),
            got.code.len()
        );
    }
    if want.opdescs != got.opdescs {
        return "operand descriptors differ".into();
    }
    for (i, (a, b)) in want.dvles.iter().zip(&got.dvles).enumerate() {
        if a != b {
            return format!("DVLE {i} differs: want {a:?}\n got {b:?}");
        }
    }
    "layout or DVLE count differs".into()
}

fn dvle(kind: ShaderKind) -> Dvle {
    Dvle {
        version: 0x1002,
        kind,
        merge_outmaps: 0,
        main: 0,
        endmain: 0,
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

/// Hand-built files whose tables, header and code need isaforge's
/// directives (odd constants, unsorted uniforms, unreachable block shapes,
/// words no instruction text gives, a pinned descriptor table).
fn hostile_but_valid() -> Vec<Shbin> {
    let mut odd = dvle(ShaderKind::Other(7));
    odd.version = 0x0BAD;
    odd.main = 1;
    odd.endmain = 3;
    odd.input_mask = 0x8001;
    odd.output_mask = 0x0002;
    odd.merge_outmaps = 1;
    odd.gsh_mode = 3;
    odd.constants = vec![
        Constant {
            kind: 2,
            index: 3,
            value: [0x7F_0000, 0x80_0000, 0x0100_0000, 0x3F_0000],
        },
        Constant {
            kind: 5,
            index: 1,
            value: [1, 2, 3, 4],
        },
    ];
    odd.labels = vec![[1, 2, 3, 4]];
    odd.outputs = vec![Output {
        semantic: 7,
        register: 3,
        mask: 0,
        extra: 9,
    }];
    odd.uniforms = vec![
        Uniform {
            symbol: 4,
            first: 0x14,
            last: 0x13,
        },
        Uniform {
            symbol: 0,
            first: 0x10,
            last: 0x10,
        },
    ];
    odd.symbols = b"a;b\0c$d\0\xff".to_vec();
    let odd_file = Shbin {
        layout: Layout::Picasso,
        code: vec![
            0x4e00_0000,                 // mov o0? (dst 0 is o0) with desc 0
            0xa000_0000,                 // ifc with dst 0: no block fits
            0x9000_0000 | (3 << 10) | 1, // call 3, 1 word, from no procedure
            0x8800_0000,                 // end
            0x5000_0000,                 // unassigned opcode
            0x84ff_ffff,                 // nop with stray bits
        ],
        opdescs: vec![
            OpdescEntry {
                desc: 0x8000_036f,
                extra: 5,
            },
            OpdescEntry { desc: 0x36f, extra: 0 },
        ],
        dvles: vec![odd],
        ..Shbin::default()
    };
    let mut nihstro_like = odd_file.clone();
    nihstro_like.layout = Layout::Nihstro;
    let mut two = odd_file.clone();
    let mut geo = dvle(ShaderKind::Geometry);
    geo.main = 4;
    geo.endmain = 6;
    geo.gsh_mode = 2;
    geo.gsh_fixed_start = 90;
    geo.gsh_fixed_count = 200;
    two.dvles.push(geo);
    vec![odd_file, nihstro_like, two]
}

#[test]
fn hand_built_files_with_odd_tables_round_trip() {
    for (i, shbin) in hostile_but_valid().into_iter().enumerate() {
        let (text, result) = round_trip(&shbin, &format!("hand{i}.pica"));
        match result {
            Ok(bytes) => assert_eq!(
                Shbin::from_bytes(&bytes).as_ref(),
                Ok(&shbin),
                "case {i} changed through this text:\n{text}"
            ),
            Err(errors) => panic!("case {i} does not assemble:\n{errors}\n{text}"),
        }
    }
}
