//! A new ISA with one isaforge dependency: `acc16.isa` expands here, through
//! the facade's `isa!`, into its typed codec.

/// The acc16 instruction set, generated from `acc16.isa`.
pub mod acc16 {
    isaforge::isa!(file = "acc16.isa");
}

use acc16::Instruction;

/// Assembles one instruction per line (blank lines skipped) into
/// little-endian bytes; the error names the line.
pub fn assemble(text: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let insn: Instruction = line.trim().parse().map_err(|e| format!("line {}: {e}", n + 1))?;
        bytes.extend(insn.to_bytes());
    }
    Ok(bytes)
}

/// Disassembles little-endian bytes, one instruction per line; the error
/// names the byte offset.
pub fn disassemble(bytes: &[u8]) -> Result<String, String> {
    let program = Instruction::program_from_bytes(bytes).map_err(|e| e.to_string())?;
    Ok(program.iter().map(|insn| format!("{insn}\n")).collect())
}
