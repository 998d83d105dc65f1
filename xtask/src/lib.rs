//! The docs generator behind `cargo xtask docs`, as a library so that the
//! freshness and diagram tests run it in-process.
//!
//! Everything here is built from the `LAYOUT` metadata that the spec macro
//! generates (`isa_pica::LAYOUT` and friends), never from a second parse
//! of the spec files, and is generic over [`IsaLayout`]: a new ISA needs one
//! line in [`ISAS`].

pub mod codegen;
pub mod docs;
pub mod excerpts;
pub mod links;
pub mod markdown;
pub mod spec_json;
pub mod svg;
pub mod wavedrom;

use isa_runtime::layout::{Format, IsaLayout};

/// Every ISA with docs: file stem (the CLI's ISA name) and metadata.
pub const ISAS: &[(&str, &IsaLayout)] = &[
    ("agal", &isa_agal::LAYOUT),
    ("ir3", &isa_ir3::LAYOUT),
    ("lima-gp", &isa_lima_gp::LAYOUT),
    ("lima-pp", &isa_lima_pp::LAYOUT),
    ("pica", &isa_pica::LAYOUT),
];

/// The diagram file name of a format or layout: `<isa>-<format>.svg`, with the
/// format name lowercased and anything but letters and digits turned into `-`.
pub fn diagram_file(stem: &str, format: &Format) -> String {
    let slug: String = format
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("{stem}-{slug}.svg")
}
