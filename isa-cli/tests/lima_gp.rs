//! End-to-end tests of `isa … lima-gp`: Mesa's text out and back in, the
//! field-explicit form with `--raw`, and located errors.

mod common;

use common::{isa, scratch, write};
use pretty_assertions::assert_eq;

/// Three words: a branch, a complex2 multiply that Mesa prints as `mov.m0`
/// (so it needs a `{raw}` note) and a nop.
fn sample() -> Vec<u8> {
    let text = "\
000:\tmov.p ^4 t[3].x
\tbranch ^4 002
001:\tmov.m0 ^8 ^-2 {raw mul_op=complex2}
002:\tnop
";
    isa_lima_gp::mesa::assemble(text)
        .expect("the sample assembles")
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

#[test]
fn disasm_prints_mesa_text_that_asm_reads_back() {
    let dir = scratch("lima_gp_round_trip");
    let bin = write(&dir, "prog.bin", sample());
    let run = isa(&["disasm", "lima-gp", &bin]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.out(),
        "000:\tmov.p ^4 t[3].x\n\tbranch ^4 002\n001:\tmov.m0 ^8 ^-2 {raw mul_op=complex2}\n002:\tnop\n"
    );
    let text = write(&dir, "prog.txt", run.stdout);
    let out = dir.join("back.bin").to_string_lossy().into_owned();
    let run = isa(&["asm", "lima-gp", &text, "-o", &out]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::read(&out).expect("output"), sample());
}

#[test]
fn raw_keeps_the_field_explicit_form() {
    let dir = scratch("lima_gp_raw");
    let bin = write(&dir, "prog.bin", sample());
    let run = isa(&["disasm", "lima-gp", &bin, "--raw"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<String> = run.out().lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[1].contains("mul.complex2"), "{}", lines[1]);
    let text = write(&dir, "prog.txt", run.stdout);
    let out = dir.join("back.bin").to_string_lossy().into_owned();
    let run = isa(&["asm", "lima-gp", &text, "--raw", "-o", &out]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::read(&out).expect("output"), sample());
}

#[test]
fn bad_input_is_located() {
    let dir = scratch("lima_gp_errors");
    let odd = write(&dir, "odd.bin", [0u8; 20]);
    let run = isa(&["disasm", "lima-gp", &odd]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr.trim_end(),
        format!("{odd}: byte 0x10: input ends inside a word: 4 of 16 bytes left")
    );
    let text = write(&dir, "bad.txt", "000:\tnop\n001:\tmov.a0 ^1 ^0\n");
    let out = dir.join("x.bin").to_string_lossy().into_owned();
    let run = isa(&["asm", "lima-gp", &text, "-o", &out]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr.trim_end(),
        format!("{text}:2:13: expected `^6`: acc0 of this instruction is result 6")
    );
    assert!(!std::path::Path::new(&out).exists());
}
