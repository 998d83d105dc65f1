//! Every picasso-built row of `../shared/corpus/pica/MANIFEST.tsv`: its
//! sources assemble to exactly the bytes of its `.shbin`.

use std::path::{Path, PathBuf};

use isa_pica::asm::{assemble, Options, SourceFile};
use isa_pica::shbin::Shbin;
use pretty_assertions::assert_eq;

fn corpus() -> Option<PathBuf> {
    let manifest = isa_runtime::check::corpus::file(env!("CARGO_MANIFEST_DIR"), "pica/MANIFEST.tsv")?;
    manifest.parent().map(Path::to_path_buf)
}

/// (shbin, sources) for every row built by picasso whose sources are published.
fn picasso_rows(dir: &Path) -> Vec<(String, Vec<String>)> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv is readable");
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let (shbin, sources, assembler) = (cols.first()?, cols.get(1)?, cols.get(2)?);
            if assembler.trim() != "picasso" || sources.contains('(') {
                return None;
            }
            let sources = sources.split_whitespace().map(str::to_string).collect();
            Some((shbin.to_string(), sources))
        })
        .collect()
}

/// A hex dump, 16 bytes a line, for readable diffs.
fn hex(bytes: &[u8]) -> String {
    bytes
        .chunks(16)
        .enumerate()
        .map(|(i, c)| {
            format!(
                "{:04x}: {}\n",
                i * 16,
                c.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
            )
        })
        .collect()
}

#[test]
fn picasso_rows_assemble_byte_identical() {
    let Some(dir) = corpus() else { return };
    let rows = picasso_rows(&dir);
    assert_eq!(rows.len(), 22, "the manifest has 22 picasso rows with sources");
    let mut identical = 0;
    let mut failures = Vec::new();
    for (shbin, sources) in &rows {
        let files: Vec<SourceFile> = sources
            .iter()
            .map(|name| SourceFile {
                name: name.clone(),
                text: std::fs::read_to_string(dir.join("src").join(name)).expect("source is readable"),
            })
            .collect();
        let expected = std::fs::read(dir.join("shbin").join(shbin)).expect("shbin is readable");
        match assemble(&files, &Options::default()) {
            Ok(model) if model.to_bytes().expect("writable") == expected => identical += 1,
            Ok(model) => failures.push((shbin.clone(), Ok(model), expected)),
            Err(errors) => failures.push((shbin.clone(), Err(errors), expected)),
        }
    }
    eprintln!("picasso manifest: {identical} of {} byte-identical", rows.len());
    if let Some((name, result, expected)) = failures.first() {
        let names: Vec<&String> = failures.iter().map(|f| &f.0).collect();
        eprintln!("different: {names:?}");
        match result {
            Err(errors) => panic!(
                "{name}: {}",
                errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
            ),
            Ok(model) => {
                let want = Shbin::from_bytes(expected).expect("corpus file parses");
                assert_eq!(model, &want, "{name}: the models differ");
                assert_eq!(
                    hex(&model.to_bytes().expect("writable")),
                    hex(expected),
                    "{name}: the bytes differ"
                );
            }
        }
    }
    assert_eq!(identical, rows.len());
}

/// `--no-nop` output differs from the default only by the padding NOPs.
#[test]
fn without_padding_nops_only_nops_disappear() {
    let Some(dir) = corpus() else { return };
    for (shbin, sources) in picasso_rows(&dir) {
        let files: Vec<SourceFile> = sources
            .iter()
            .map(|name| SourceFile {
                name: name.clone(),
                text: std::fs::read_to_string(dir.join("src").join(name)).unwrap(),
            })
            .collect();
        let with = assemble(&files, &Options::default()).unwrap();
        let without = assemble(&files, &Options { auto_nop: false }).unwrap();
        assert!(without.code.len() <= with.code.len(), "{shbin}");
        let nops = with.code.iter().filter(|&&w| w == 0x8400_0000).count();
        let nops_without = without.code.iter().filter(|&&w| w == 0x8400_0000).count();
        assert_eq!(nops - nops_without, with.code.len() - without.code.len(), "{shbin}");
    }
}

/// No picasso-built `.shbin` disassembles to a `.word` line: every word
/// picasso writes has a picasso spelling, so a `.word` here means the
/// printer's text did not round-trip and the disassembler fell back (a
/// printer bug the byte round trip alone would not show).
#[test]
fn picasso_built_files_disassemble_without_word_lines() {
    let Some(dir) = corpus() else { return };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv is readable");
    let built: Vec<&str> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.get(2)?.trim() == "picasso").then_some(cols[0])
        })
        .collect();
    assert!(built.len() >= 22, "{} picasso-built rows", built.len());
    let mut words = Vec::new();
    for name in &built {
        let bytes = std::fs::read(dir.join("shbin").join(name)).expect("the .shbin is readable");
        let shbin = Shbin::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = isa_pica::disasm::disassemble(&shbin);
        words.extend(
            text.lines()
                .filter(|l| l.trim_start().starts_with(".word"))
                .map(|l| format!("{name}: {l}")),
        );
    }
    assert_eq!(words, Vec::<String>::new());
}
