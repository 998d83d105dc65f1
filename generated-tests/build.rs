//! Builds the "one more opcode" spec: `isa-specs/pica/pica.isa` plus one
//! made-up opcode line, written to `$OUT_DIR/pica_plus.isa`. The test in
//! `tests/added_opcode.rs` proves that this single line is all it takes.

use std::path::Path;

/// The line appended to the spec's `opcodes` block.
const EXTRA_OPCODE: &str =
    "    frob   0x10  Fmt1      sem \"dst = src1 - src2\"   /// made-up opcode: componentwise subtract\n";

fn main() {
    let spec_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../isa-specs/pica/pica.isa");
    println!("cargo:rerun-if-changed={}", spec_path.display());
    let spec = std::fs::read_to_string(&spec_path).unwrap_or_else(|e| panic!("reading {}: {e}", spec_path.display()));
    // The opcodes block is the last item of the spec: insert before its `}`.
    let close = spec
        .rfind('}')
        .unwrap_or_else(|| panic!("{} has no closing brace", spec_path.display()));
    let plus = format!("{}{EXTRA_OPCODE}{}", &spec[..close], &spec[close..]);
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("pica_plus.isa");
    std::fs::write(&out, plus).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
}
