//! Whatever `isa asm` writes, `isa disasm` reads back, and its text
//! assembles to the same bytes: the shape every ISA's `…-asm-disasm`
//! property shares. Each ISA says what its assembler writes for a text
//! (through the functions the CLI calls), what its disassembler prints for
//! bytes, and how that text is assembled again (with the options the text
//! asks for, where it names any).

use crate::{ensure, Outcome, Violation};

/// `assembled` is what `isa asm` wrote for the input (`None` when it
/// refused the input: the `…-asm` properties check its errors); `disasm`
/// gives what `isa disasm` prints for those bytes (`Err` when it refuses
/// them), and `reassemble` what `isa asm` writes for that text.
pub fn check(
    assembled: Option<Vec<u8>>,
    disasm: impl FnOnce(&[u8]) -> Result<String, String>,
    reassemble: impl FnOnce(&str) -> Result<Vec<u8>, String>,
) -> Outcome {
    let Some(bytes) = assembled else {
        return Ok(());
    };
    let text = disasm(&bytes).map_err(|e| Violation(format!("`isa disasm` refuses what `isa asm` wrote: {e}")))?;
    match reassemble(&text) {
        Ok(again) => ensure!(again == bytes, "the disassembly assembles to other bytes:\n{text}"),
        Err(e) => return Err(Violation(format!("the disassembly does not assemble ({e}):\n{text}"))),
    }
    Ok(())
}
