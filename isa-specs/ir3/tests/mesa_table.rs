//! Mesa's own ir3 test table (`src/freedreno/ir3/tests/disasm.c`, read from
//! `../shared/peers/mesa-ir3/disasm.c`): every active vector, its `#if 0`
//! blocks left out, disassembles to exactly Mesa's text and, unless the
//! table marks it `.parse_fail`, assembles back to the same word. All 229
//! do; a failure lists every vector that does not.

use isa_ir3::mesa;
use pretty_assertions::assert_eq;

/// One `INSTR_nXX(hi_lo, "text")` line of the table.
#[derive(Debug)]
struct Vector {
    /// The generation: 4 (a4xx) to 7 (a7xx).
    gen: u8,
    word: u64,
    text: String,
    parse_fail: bool,
    /// The line in disasm.c.
    line: usize,
}

fn table() -> Option<Vec<Vector>> {
    let path = isa_runtime::check::corpus::file(env!("CARGO_MANIFEST_DIR"), "../peers/mesa-ir3/disasm.c")?;
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(vectors(&source))
}

/// The active vectors of `source`: lines that start with `INSTR_`, outside
/// the `#if 0` branches (an `#else` turns a branch on).
fn vectors(source: &str) -> Vec<Vector> {
    let mut out = Vec::new();
    // One entry per open `#if`: whether its current branch is active.
    let mut branches: Vec<bool> = Vec::new();
    for (n, line) in source.lines().enumerate() {
        let line = line.trim_start();
        if let Some(cond) = line.strip_prefix("#if") {
            branches.push(cond.trim() != "0");
            continue;
        }
        if line.starts_with("#else") {
            if let Some(b) = branches.last_mut() {
                *b = !*b;
            }
            continue;
        }
        if line.starts_with("#endif") {
            branches.pop();
            continue;
        }
        if branches.contains(&false) {
            continue;
        }
        if let Some(v) = parse_vector(line, n + 1) {
            out.push(v);
        }
    }
    out
}

/// `INSTR_6XX(00000000_00000000, "nop"[, .parse_fail=true]),`
fn parse_vector(line: &str, number: usize) -> Option<Vector> {
    let rest = line.strip_prefix("INSTR_")?;
    let gen = rest.as_bytes().first()?.checked_sub(b'0')?;
    let rest = rest.get(1..)?.strip_prefix("XX(")?;
    let (hex, rest) = rest.split_once(',')?;
    let word = u64::from_str_radix(&hex.replace('_', ""), 16)
        .unwrap_or_else(|e| panic!("disasm.c:{number}: bad word {hex}: {e}"));
    let rest = rest.trim_start().strip_prefix('"')?;
    let mut text = String::new();
    let mut chars = rest.chars();
    loop {
        match chars.next() {
            Some('"') => break,
            Some('\\') => text.push(chars.next()?),
            Some(c) => text.push(c),
            None => panic!("disasm.c:{number}: unterminated string"),
        }
    }
    let after: String = chars.collect();
    let parse_fail = after.contains(".parse_fail=true");
    Some(Vector {
        gen,
        word,
        text,
        parse_fail,
        line: number,
    })
}

/// The table has the vectors the README counts: 229 active, per
/// generation 2 (a4xx), 22 (a5xx), 186 (a6xx) and 19 (a7xx).
#[test]
fn the_table_has_229_active_vectors() {
    let Some(table) = table() else { return };
    let per_gen = |g: u8| table.iter().filter(|v| v.gen == g).count();
    assert_eq!(
        (table.len(), per_gen(4), per_gen(5), per_gen(6), per_gen(7)),
        (229, 2, 22, 186, 19)
    );
}

/// Every vector prints Mesa's text and, unless Mesa's own assembler cannot
/// read it, assembles back to its word, in its generation.
#[test]
fn the_vectors_print_and_assemble_as_mesa_does() {
    let Some(table) = table() else { return };
    let mut failures = Vec::new();
    for v in &table {
        let text = mesa::disassemble_word(v.word, u32::from(v.gen)).expect("the table's generations are the spec's");
        if text != v.text {
            failures.push(format!(
                "disasm.c:{} a{}xx {:016x}: printed `{text}`, Mesa prints `{}`",
                v.line, v.gen, v.word, v.text
            ));
        }
        if v.parse_fail {
            continue;
        }
        match mesa::assemble_line(&v.text, 1, u32::from(v.gen)) {
            Ok(w) if w == v.word => {}
            Ok(w) => failures.push(format!(
                "disasm.c:{} `{}` assembles to {w:016x}, not {:016x}",
                v.line, v.text, v.word
            )),
            Err(e) => failures.push(format!("disasm.c:{} `{}`: {e}", v.line, v.text)),
        }
    }
    assert_eq!(failures, Vec::<String>::new());
}

/// The table reader honours `#if 0 … #else … #endif` and skips comments.
#[test]
fn the_reader_honours_if_0_blocks() {
    let source = r#"
   INSTR_6XX(00000000_00000000, "nop"),
#if 0
   INSTR_5XX(c3e60000_00000e00, "resinfo.u32.4d r0.x, g[0]"),
#else
   INSTR_5XX(c3e60000_00000600, "resinfo.u32.4d r0.x, g[0]"),
#endif
   /* INSTR_6XX(c702026e_0480025c, "stc.u32 c[366], r11.z, 4"), */
   // INSTR_6XX(c0c00000_00000000, "stg.f16 g[hr0.x], hr0.x, hr0.x", .parse_fail=true),
   INSTR_6XX(c0c00000_00000000, "stg.f16 \"x\"", .parse_fail=true),
"#;
    let v = vectors(source);
    let got: Vec<(u8, u64, &str, bool)> = v
        .iter()
        .map(|v| (v.gen, v.word, v.text.as_str(), v.parse_fail))
        .collect();
    assert_eq!(
        got,
        [
            (6, 0, "nop", false),
            (5, 0xc3e6_0000_0000_0600, "resinfo.u32.4d r0.x, g[0]", false),
            (6, 0xc0c0_0000_0000_0000, "stg.f16 \"x\"", true),
        ]
    );
}
