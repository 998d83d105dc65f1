//! After the last file: procedure calls are patched, entry points found,
//! operand descriptors assigned, and each DVLE's tables written the way
//! picasso writes them (uniforms sorted by register, `$` shown as `.` in
//! symbols), then the isaforge overrides and raw tables applied.

use super::state::{Asm, Dvle, HeaderField, Word};
use super::{AsmError, SourceFile};
use crate::shbin::{self, ShaderKind, Shbin};
use isa_runtime::text::quote_input;

/// Finishes assembly: the SHBIN, or every error found; and the warnings.
pub(crate) fn finish(mut asm: Asm, files: &[SourceFile]) -> (Result<Shbin, Vec<AsmError>>, Vec<AsmError>) {
    let mut warnings = std::mem::take(&mut asm.warnings);
    sort_by_place(&mut warnings, files);
    (link(asm, files), warnings)
}

/// Sorts `messages` by file (in the order of `files`), line and column.
fn sort_by_place(messages: &mut [AsmError], files: &[SourceFile]) {
    let order = |e: &AsmError| files.iter().position(|f| f.name == e.file).unwrap_or(usize::MAX);
    messages.sort_by_cached_key(|e| (order(e), e.line, e.col));
}

/// The SHBIN, or every error found, sorted by file order and position.
fn link(mut asm: Asm, files: &[SourceFile]) -> Result<Shbin, Vec<AsmError>> {
    asm.fix_procs();
    // A label after the last instruction of the program sends a jump
    // outside it.
    let n = asm.code.len();
    for (target, reloc) in std::mem::take(&mut asm.jump_targets) {
        if target >= n {
            asm.errors.push(reloc.pos.error(format!(
                "label {} is at word {target}, outside the program (words 0 to {}): a jump must land on an instruction",
                quote_input(&reloc.name),
                n.saturating_sub(1)
            )));
        }
    }
    let first = files.first().map_or("<input>", |f| f.name.as_str());
    if asm.dvles.iter().all(|d| d.nodvle) {
        asm.errors.push(AsmError {
            file: first.to_string(),
            line: 1,
            col: 1,
            message: "no DVLE: every file is empty, only defines aliases or procedures, or has `.nodvle`".into(),
        });
    }
    let opdescs = asm.assign_opdescs();
    let mut dvles = Vec::new();
    for dvle in asm.dvles.iter().filter(|d| !d.nodvle) {
        match build(&asm, dvle) {
            Ok(d) => dvles.push(d),
            Err(e) => asm.errors.push(e),
        }
    }
    if !asm.errors.is_empty() {
        sort_by_place(&mut asm.errors, files);
        return Err(asm.errors);
    }
    let code = asm
        .code
        .iter()
        .map(|slot| match slot.word {
            Word::Insn(insn) => insn.encode(),
            Word::Raw(raw) => raw,
        })
        .collect();
    Ok(Shbin {
        layout: asm.layout,
        dvlp_version: asm.dvlp_version,
        dvlp_reserved: asm.dvlp_reserved,
        code,
        opdescs,
        dvles,
    })
}

/// One DVLE in file form.
fn build(asm: &Asm, dvle: &Dvle) -> Result<shbin::Dvle, AsmError> {
    let overridden = |field| dvle.overrides.iter().any(|(f, _, _)| *f == field);
    let (main, endmain) = if overridden(HeaderField::Main) && overridden(HeaderField::Endmain) {
        (0, 0)
    } else {
        let (name, pos, named) = &dvle.entry;
        match asm.procs.get(name) {
            Some(&(start, size)) => (start as u32, (start + size) as u32),
            None if *named => {
                return Err(pos.error(format!(
                    "the entry point {name} is not a defined procedure",
                    name = quote_input(name)
                )))
            }
            None => {
                return Err(pos.error(
                    "this DVLE has no entry point: define `.proc main` or name another procedure with `.entry`",
                ))
            }
        }
    };
    let mut uniforms = dvle.uniforms.clone();
    uniforms.sort_by_key(|u| u.pos);
    let mut table = Vec::new();
    let mut symbols = Vec::new();
    for u in &uniforms {
        let first = if u.pos >= 0x20 { u.pos - 0x10 } else { u.pos };
        table.push(shbin::Uniform {
            symbol: symbols.len() as u32,
            first,
            last: first.wrapping_add(u.size).wrapping_sub(1),
        });
        symbols.extend(u.name.replace('$', ".").bytes());
        symbols.push(0);
    }
    let [gsh_mode, gsh_fixed_start, gsh_variable_count, gsh_fixed_count] = dvle.gsh_header;
    let mut out = shbin::Dvle {
        version: 0x1002,
        kind: if dvle.gsh {
            ShaderKind::Geometry
        } else {
            ShaderKind::Vertex
        },
        merge_outmaps: u8::from(dvle.merge),
        main,
        endmain,
        input_mask: dvle.input_mask,
        output_mask: dvle.output_mask,
        gsh_mode,
        gsh_fixed_start,
        gsh_variable_count,
        gsh_fixed_count,
        constants: dvle.constants.clone(),
        labels: Vec::new(),
        outputs: dvle.outputs.clone(),
        uniforms: table,
        symbols,
    };
    let raw = &dvle.raw;
    if let Some(t) = &raw.constants {
        out.constants = t.clone();
    }
    if let Some(t) = &raw.labels {
        out.labels = t.clone();
    }
    if let Some(t) = &raw.outputs {
        out.outputs = t.clone();
    }
    if let Some(t) = &raw.uniforms {
        out.uniforms = t.clone();
    }
    if let Some(t) = &raw.symbols {
        out.symbols = t.clone();
    }
    for &(field, value, _) in &dvle.overrides {
        match field {
            HeaderField::Version => out.version = value as u16,
            HeaderField::Kind => out.kind = ShaderKind::from_byte(value as u8),
            HeaderField::MergeOutmaps => out.merge_outmaps = value as u8,
            HeaderField::Main => out.main = value,
            HeaderField::Endmain => out.endmain = value,
            HeaderField::InputMask => out.input_mask = value as u16,
            HeaderField::OutputMask => out.output_mask = value as u16,
            HeaderField::GshMode => out.gsh_mode = value as u8,
            HeaderField::GshFixedStart => out.gsh_fixed_start = value as u8,
            HeaderField::GshVariableCount => out.gsh_variable_count = value as u8,
            HeaderField::GshFixedCount => out.gsh_fixed_count = value as u8,
        }
    }
    Ok(out)
}
