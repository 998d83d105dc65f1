//! Mesa's disassembler text of the real Lima PP programs in
//! `../shared/corpus/lima` (each `.hex` next to the `.mesa.txt` that Mesa
//! 23.3.6's `ppir_disassemble_instr` printed for it): the printer matches it
//! exactly (byte for byte, spaces included), and the text reassembles to
//! the same words.

use std::path::{Path, PathBuf};

use isa_lima_pp::mesa::{disassemble, disassemble_mesa, parse_program};
use isa_lima_pp::Instr;
use pretty_assertions::assert_eq;

/// The corpus directory, or `None` (with a loud warning) when `../shared` is absent.
fn corpus() -> Option<PathBuf> {
    isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "lima")
}

/// Words of a `.hex` file: hex numbers (with or without `0x`), `#` comments.
fn hex_words(text: &str) -> Vec<u32> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .map(|w| u32::from_str_radix(w.trim_start_matches("0x"), 16).expect("hex word"))
        .collect()
}

/// Every PP program with Mesa's text: (name, words, Mesa's text).
fn programs(dir: &Path) -> Vec<(String, Vec<u32>, String)> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("corpus dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".hex") && !n.contains(".gp."))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let words = hex_words(&std::fs::read_to_string(dir.join(&name)).unwrap());
            let stem = name.trim_end_matches(".hex");
            let txt = std::fs::read_to_string(dir.join(format!("{stem}.mesa.txt"))).expect("Mesa's text");
            (name, words, txt)
        })
        .collect()
}

/// The words without the zero padding after the program.
fn trimmed(words: &[u32], program: &[Instr]) -> Vec<u32> {
    let encoded = Instr::encode_program(program);
    assert!(words[encoded.len()..].iter().all(|&w| w == 0));
    words[..encoded.len()].to_vec()
}

#[test]
fn corpus_prints_exactly_as_mesa_and_reassembles() {
    let Some(dir) = corpus() else { return };
    let programs = programs(&dir);
    assert_eq!(programs.len(), 4);
    for (name, words, mesa_text) in &programs {
        let program = Instr::decode_program(words).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Exact, not whitespace-normalised: Mesa's trailing space before
        // `, sync` included.
        assert_eq!(&disassemble_mesa(&program), mesa_text, "{name}");
        // None of these programs needs an annotation.
        assert_eq!(&disassemble(&program), mesa_text, "{name}");
        // Mesa's own text reassembles to the same words.
        let back = parse_program(mesa_text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(Instr::encode_program(&back), trimmed(words, &program), "{name}");
    }
}

#[test]
fn mesa_reload_program_line() {
    let Some(dir) = corpus() else { return };
    let (_, words, text) = programs(&dir)
        .into_iter()
        .find(|(n, ..)| n == "mesa_pp_reload_program.hex")
        .expect("mesa_pp_reload_program");
    assert_eq!(
        text,
        "@     0: load.v $1 0.xy, texld 0, mov.v0 $0 ^texture , sync, stop\n"
    );
    let program = Instr::decode_program(&words).unwrap();
    assert_eq!(disassemble_mesa(&program), text);
}
