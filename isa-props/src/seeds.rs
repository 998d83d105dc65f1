//! Seed inputs for the fuzz targets, built when the fuzzer starts from the
//! shared corpus (`../shared/corpus`, when it is there) and the project's
//! own samples, so that no third-party shader is checked in. Text seeds are
//! also made by disassembling binary ones.

use std::fs;
use std::path::{Path, PathBuf};

use isa_agal::{disasm, AgalProgram};
use isa_lima_gp::LimaGp;
use isa_pica::disasm::disassemble;
use isa_pica::shbin::Shbin;

use crate::agal::option_byte;

/// Where seeds come from.
#[derive(Clone, Debug)]
pub struct Corpus {
    /// The shared corpus directory (`../shared/corpus`), if present.
    pub shared: Option<PathBuf>,
    /// The workspace root (for `isa-cli/samples`).
    pub project: PathBuf,
}

impl Corpus {
    /// The corpus next to the workspace at `root`: `root/../shared/corpus`.
    pub fn beside(root: &Path) -> Corpus {
        let shared = root.join("../shared/corpus");
        Corpus {
            shared: shared.is_dir().then_some(shared),
            project: root.to_path_buf(),
        }
    }

    /// The files in `dir` (relative to the shared corpus) whose names end
    /// with `suffix`, sorted, with their contents.
    fn shared_files(&self, dir: &str, suffix: &str) -> Vec<(PathBuf, Vec<u8>)> {
        let Some(shared) = &self.shared else {
            return Vec::new();
        };
        files_in(&shared.join(dir), suffix)
    }
}

fn files_in(dir: &Path, suffix: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| fs::read(&p).ok().map(|bytes| (p, bytes)))
        .collect()
}

/// Every AGAL binary of the corpus.
pub fn agal_programs(corpus: &Corpus) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = corpus
        .shared_files("agal/bin", ".bin")
        .into_iter()
        .map(|f| f.1)
        .collect();
    seeds.extend(
        corpus
            .shared_files("agal/src", ".expected.bin")
            .into_iter()
            .map(|f| f.1),
    );
    seeds
}

/// Each corpus AGAL binary's listing, and each corpus source with the type
/// and version its manifest gives, after their option bytes.
pub fn agal_texts(corpus: &Corpus) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for bytes in agal_programs(corpus) {
        let Ok(program) = AgalProgram::from_bytes(&bytes) else {
            continue;
        };
        let listing = disasm::listing(&program);
        let asm = isa_agal::asm::Assembler {
            kind: listing.kind,
            version: listing.version,
            ignore_limits: listing.needs_ignore_limits,
        };
        let mut seed = vec![option_byte(&asm)];
        seed.extend_from_slice(listing.to_string().as_bytes());
        seeds.push(seed);
    }
    // The manifest's type and version are those of the matching binary.
    for (path, text) in corpus.shared_files("agal/src", ".agal") {
        let binary = path.with_extension("expected.bin");
        let Some(header) = fs::read(binary).ok().and_then(|b| AgalProgram::from_bytes(&b).ok()) else {
            continue;
        };
        let asm = isa_agal::asm::Assembler {
            kind: header.header.kind,
            version: header.header.version,
            ignore_limits: false,
        };
        let mut seed = vec![option_byte(&asm)];
        seed.extend_from_slice(&text);
        seeds.push(seed);
    }
    seeds
}

/// Every `.shbin` of the corpus.
pub fn pica_shbins(corpus: &Corpus) -> Vec<Vec<u8>> {
    corpus
        .shared_files("pica/shbin", ".shbin")
        .into_iter()
        .map(|f| f.1)
        .collect()
}

/// The README sample's words and the code of every corpus `.shbin`.
pub fn pica_words(corpus: &Corpus) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = files_in(&corpus.project.join("isa-cli/samples/pica"), ".bin")
        .into_iter()
        .map(|f| f.1)
        .collect();
    for bytes in pica_shbins(corpus) {
        if let Ok(shbin) = Shbin::from_bytes(&bytes) {
            seeds.push(shbin.code.iter().flat_map(|w| w.to_le_bytes()).collect());
        }
    }
    seeds
}

/// The corpus sources of each `.shbin` (NUL-separated, as the manifest
/// lists them) and the disassembly of each, after a zero option byte.
pub fn pica_texts(corpus: &Corpus) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    if let Some(shared) = &corpus.shared {
        let manifest = fs::read_to_string(shared.join("pica/MANIFEST.tsv")).unwrap_or_default();
        for row in manifest.lines().skip(1) {
            let Some(sources) = row.split('\t').nth(1) else {
                continue;
            };
            let mut seed = vec![0u8];
            for (i, name) in sources.split_whitespace().enumerate() {
                if i > 0 {
                    seed.push(0);
                }
                seed.extend(fs::read(shared.join("pica/src").join(name)).unwrap_or_default());
            }
            seeds.push(seed);
        }
    }
    for bytes in pica_shbins(corpus) {
        if let Ok(shbin) = Shbin::from_bytes(&bytes) {
            let mut seed = vec![0u8];
            seed.extend_from_slice(disassemble(&shbin).as_bytes());
            seeds.push(seed);
        }
    }
    seeds
}

/// Every Lima GP binary of the corpus (`*.gp.bin`).
pub fn lima_gp_words(corpus: &Corpus) -> Vec<Vec<u8>> {
    corpus
        .shared_files("lima", ".gp.bin")
        .into_iter()
        .map(|f| f.1)
        .collect()
}

/// The field-explicit text of every Lima GP binary of the corpus.
pub fn lima_gp_texts(corpus: &Corpus) -> Vec<Vec<u8>> {
    lima_gp_words(corpus)
        .iter()
        .filter_map(|bytes| isa_runtime::decode_stream::<LimaGp>(bytes).ok())
        .map(|insns| insns.iter().map(|i| format!("{i}\n")).collect::<String>().into_bytes())
        .collect()
}

/// Mesa's text (this project's printing of it) of every Lima GP binary.
pub fn lima_gp_mesa_texts(corpus: &Corpus) -> Vec<Vec<u8>> {
    lima_gp_words(corpus)
        .iter()
        .filter_map(|bytes| isa_runtime::decode_stream::<LimaGp>(bytes).ok())
        .map(|insns| {
            let words: Vec<u128> = insns.iter().map(|i| i.encode()).collect();
            isa_lima_gp::mesa::disassemble(&words).into_bytes()
        })
        .collect()
}

/// Every Lima PP program of the corpus (`*.pp.bin`, and the words of the
/// `.hex` files that have no binary).
pub fn lima_pp_programs(corpus: &Corpus) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = corpus
        .shared_files("lima", ".pp.bin")
        .into_iter()
        .map(|f| f.1)
        .collect();
    for (path, text) in corpus.shared_files("lima", ".hex") {
        let name = path.to_string_lossy();
        if name.contains(".gp.") || name.contains(".pp.hex") {
            continue; // GP words, or a `.pp.hex` whose `.pp.bin` is already a seed
        }
        let words: Option<Vec<u32>> = String::from_utf8_lossy(&text)
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .map(|w| u32::from_str_radix(w.trim_start_matches("0x"), 16).ok())
            .collect();
        if let Some(words) = words {
            seeds.push(words.iter().flat_map(|w| w.to_le_bytes()).collect());
        }
    }
    seeds
}

/// The Mesa text (with annotations) of every Lima PP seed program.
pub fn lima_pp_texts(corpus: &Corpus) -> Vec<Vec<u8>> {
    lima_pp_programs(corpus)
        .iter()
        .filter_map(|bytes| isa_lima_pp::Instr::program_from_bytes(bytes).ok())
        .map(|program| isa_lima_pp::mesa::disassemble(&program).into_bytes())
        .collect()
}

/// The shipped ir3 sample's words (`isa-cli/samples/ir3`), the words that
/// `isa-ir3`'s own tests name, and one word of each opcode of the spec (its
/// opcode bits, every other bit 0), as one program.
pub fn ir3_words(corpus: &Corpus) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = files_in(&corpus.project.join("isa-cli/samples/ir3"), ".bin")
        .into_iter()
        .map(|f| f.1)
        .collect();
    let tested: [u64; 7] = [
        5,                     // `nop {raw immed=0x5}`
        0x0080_0200_0000_0004, // `br p0.x, #4 {raw repeat=(rpt2)}`
        0x0080_0000_ffff_fffc, // `br p0.x, #-4`
        0x0222_0000_0000_0004, // `getlast.w8 #4` (a6xx and later)
        0xe3c2_0000_0000_0000, // `lock` (a7xx)
        0x0300_0000_0000_0000, // `end`
        u64::MAX,
    ];
    seeds.push(tested.iter().flat_map(|w| w.to_le_bytes()).collect());
    let opcodes = isa_ir3::LAYOUT.opcodes.iter().map(|op| op.bits as u64);
    seeds.push(opcodes.flat_map(|w| w.to_le_bytes()).collect());
    seeds
}

/// The shipped ir3 sample's source, and Mesa's text of every [`ir3_words`]
/// seed in the newest generation and in the oldest.
pub fn ir3_texts(corpus: &Corpus) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = files_in(&corpus.project.join("isa-cli/samples/ir3"), ".ir3")
        .into_iter()
        .map(|f| f.1)
        .collect();
    let gens = crate::ir3::generations();
    for bytes in ir3_words(corpus) {
        for gen in [*gens.end(), *gens.start()] {
            if let Ok(text) = isa_ir3::mesa::disassemble(&bytes, gen) {
                seeds.push(text.into_bytes());
            }
        }
    }
    seeds
}

/// The project's spec files (`isa-specs/<crate>/*.isa`), the spec-language
/// test specs of `isa-meta/tests` and `generated-tests/specs`, and the
/// inline spec of every trybuild
/// case of `isa-macros` (`tests/ui`, `tests/pass`; a case without one, such
/// as a missing file, is skipped).
pub fn spec_texts(corpus: &Corpus) -> Vec<Vec<u8>> {
    let root = &corpus.project;
    let mut seeds = Vec::new();
    for crate_dir in crate::spec::spec_crate_dirs(root) {
        seeds.extend(crate::spec::spec_files(&crate_dir));
    }
    for dir in [
        "isa-meta/tests/expand",
        "isa-meta/tests/semantics",
        "generated-tests/specs",
    ] {
        seeds.extend(crate::spec::spec_files(&root.join(dir)));
    }
    for dir in ["isa-macros/tests/ui", "isa-macros/tests/pass"] {
        seeds.extend(crate::spec::inline_specs_in(&root.join(dir)));
    }
    seeds
}
