//! Helpers for the assembler tests: assemble text, look at the words as
//! text, list errors compactly.

#![allow(dead_code)]

use isa_pica::asm::{assemble, assemble_with_warnings, AsmError, Options, SourceFile};
use isa_pica::shbin::Shbin;
use isa_pica::{Instruction, OpDesc};

/// Files named `f0.pica`, `f1.pica`, … with these texts.
pub fn files(texts: &[&str]) -> Vec<SourceFile> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| SourceFile {
            name: format!("f{i}.pica"),
            text: t.to_string(),
        })
        .collect()
}

/// Assembles several files with default options.
pub fn asm_files(texts: &[&str]) -> Result<Shbin, Vec<AsmError>> {
    assemble(&files(texts), &Options::default())
}

/// Assembles one file, panicking with the errors if it fails.
pub fn ok(text: &str) -> Shbin {
    ok_files(&[text])
}

/// Assembles several files, panicking with the errors if they fail.
pub fn ok_files(texts: &[&str]) -> Shbin {
    match asm_files(texts) {
        Ok(s) => s,
        Err(e) => panic!("{}", e.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")),
    }
}

/// The warnings of one file that assembles, as `line:col: message`.
pub fn warnings(text: &str, options: &Options) -> Vec<String> {
    let (shbin, warnings) = assemble_with_warnings(&files(&[text]), options);
    if let Err(e) = shbin {
        panic!("{}", e.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"));
    }
    warnings
        .iter()
        .map(|e| format!("{}:{}: {}", e.line, e.col, e.message))
        .collect()
}

/// The errors of one file as `line:col: message`.
pub fn errors(text: &str) -> Vec<String> {
    errors_files(&[text])
}

/// The errors of several files as `file:line:col: message`, or of one file
/// without the file name.
pub fn errors_files(texts: &[&str]) -> Vec<String> {
    match asm_files(texts) {
        Ok(_) => panic!("expected errors"),
        Err(e) if texts.len() == 1 => e
            .iter()
            .map(|e| format!("{}:{}: {}", e.line, e.col, e.message))
            .collect(),
        Err(e) => e.iter().map(|e| e.to_string()).collect(),
    }
}

/// Each code word as the generated disassembly prints it.
pub fn text(shbin: &Shbin) -> Vec<String> {
    shbin
        .code
        .iter()
        .map(|&w| Instruction::decode(w).map_or_else(|e| format!("?{e}"), |i| i.to_string()))
        .collect()
}

/// Each operand descriptor as text.
pub fn descs(shbin: &Shbin) -> Vec<String> {
    shbin
        .opdescs
        .iter()
        .map(|d| OpDesc::decode(d.desc).map_or_else(|e| format!("?{e}"), |o| o.to_string()))
        .collect()
}

/// `.proc main` … `end` / `.end` around `body`.
pub fn main(body: &str) -> String {
    format!(".proc main\n{body}\n    end\n.end\n")
}
