//! AGAL text throughput on the corpus: disassembling every binary of
//! `../shared/corpus/agal` to mini-assembler text, and assembling that text
//! back. Results are in `docs/performance.md`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use isa_agal::program::AgalProgram;
use isa_agal::{asm, disasm};

/// Every corpus binary, parsed; empty (with a warning; a failure under CI)
/// without `../shared`.
fn corpus() -> Vec<AgalProgram> {
    let mut programs = Vec::new();
    let Some(root) = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "agal") else {
        return programs;
    };
    for dir in ["bin", "src"] {
        let entries = std::fs::read_dir(root.join(dir)).expect("the corpus has bin/ and src/");
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "bin") {
                let bytes = std::fs::read(&path).expect("readable corpus file");
                programs.push(AgalProgram::from_bytes(&bytes).expect("corpus binaries parse"));
            }
        }
    }
    programs
}

fn bench(c: &mut Criterion) {
    let programs = corpus();
    if programs.is_empty() {
        return;
    }
    let bytes: usize = programs.iter().map(|p| p.to_bytes().len()).sum();
    let texts: Vec<String> = programs.iter().map(disasm::disassemble).collect();
    let text_bytes: usize = texts.iter().map(String::len).sum();
    // Everything must round-trip before anything is timed.
    for (p, t) in programs.iter().zip(&texts) {
        let again = asm::assemble(t, p.header.kind, p.header.version, true).expect("disassembly reassembles");
        assert_eq!(again.to_bytes(), p.to_bytes());
    }

    let mut group = c.benchmark_group("agal corpus");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("disassemble (bytes of binary)", |b| {
        b.iter(|| {
            programs
                .iter()
                .map(|p| black_box(disasm::disassemble(black_box(p))).len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Bytes(text_bytes as u64));
    group.bench_function("assemble (bytes of text)", |b| {
        b.iter(|| {
            programs
                .iter()
                .zip(&texts)
                .map(|(p, t)| {
                    black_box(asm::assemble(black_box(t), p.header.kind, p.header.version, true)).is_ok() as usize
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
