//! End-to-end tests of `isa … ir3`: Mesa's text out and back in, the
//! field-explicit form with `--raw`, the shipped sample, `--gen` (an a7xx
//! instruction is `raw` for a6xx in every command; a generation out of
//! range, or `--gen` for an ISA without generations, is a usage error) and
//! located errors.

mod common;

use common::{isa, scratch, write};
use pretty_assertions::assert_eq;

/// `lock`, an a7xx instruction: a6xx has no opcode for its bits.
const LOCK: u64 = 0xe3c2_0000_0000_0000;

/// Mesa's text of the sample: a `nop` whose unread immediate needs a
/// `{raw …}` note, a branch, a barrier and `end`.
const TEXT: &str = "\
nop {raw immed=0x5}
br !p0.y, #2
fence.g.l.r.w
end
";

fn sample() -> Vec<u8> {
    isa_ir3::mesa::assemble(TEXT, isa_ir3::mesa::NEWEST)
        .expect("the sample assembles")
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

#[test]
fn disasm_prints_mesa_text_that_asm_reads_back() {
    let dir = scratch("ir3_round_trip");
    let bin = write(&dir, "prog.bin", sample());
    let run = isa(&["disasm", "ir3", &bin]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.out(), TEXT);
    let text = write(&dir, "prog.txt", run.stdout);
    let out = dir.join("back.bin").to_string_lossy().into_owned();
    let run = isa(&["asm", "ir3", &text, "-o", &out]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::read(&out).expect("output"), sample());
}

#[test]
fn raw_keeps_the_field_explicit_form() {
    let dir = scratch("ir3_raw");
    let bin = write(&dir, "prog.bin", sample());
    let run = isa(&["disasm", "ir3", &bin, "--raw"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<String> = run.out().lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[2], "fence .g.l.r.w");
    let text = write(&dir, "prog.txt", run.stdout);
    let out = dir.join("back.bin").to_string_lossy().into_owned();
    let run = isa(&["asm", "ir3", &text, "--raw", "-o", &out]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::read(&out).expect("output"), sample());
}

#[test]
fn shipped_sample_is_up_to_date() {
    let root = env!("CARGO_MANIFEST_DIR");
    let src = format!("{root}/samples/ir3/sample.ir3");
    let bin = format!("{root}/samples/ir3/sample.bin");
    let run = isa(&["asm", "ir3", &src, "-o", "-"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, std::fs::read(&bin).unwrap());
    let dis = isa(&["disasm", "ir3", &bin]);
    assert_eq!(dis.code, Some(0), "{}", dis.stderr);
    let out = dis.out();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), Some(&"(sy)nop"));
    assert_eq!(lines[lines.len() - 2..], ["(sy)(jp)lock", "end"]);
    // Without its comments, the source is what `disasm` prints.
    let source = std::fs::read_to_string(&src).unwrap();
    let code: Vec<&str> = (source.lines())
        .map(|l| l.split(';').next().unwrap_or("").trim_end())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(code, lines);
}

/// `--gen` reaches every command: Mesa's text, the field-explicit text,
/// `decode --json` and `explain` read `lock` as a7xx has it, and as a word
/// of no instruction for a6xx; its mnemonic does not assemble for a6xx.
#[test]
fn the_generation_decides_what_a_word_is() {
    let dir = scratch("ir3_gen");
    let bin = write(&dir, "lock.bin", LOCK.to_le_bytes());
    let lock_text = write(&dir, "lock.txt", "lock\n");
    let out = |args: &[&str]| {
        let run = isa(args);
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        run.out()
    };
    assert_eq!(out(&["disasm", "ir3", &bin]), "lock\n");
    assert_eq!(out(&["disasm", "ir3", &bin, "--gen", "7"]), "lock\n");
    assert_eq!(out(&["disasm", "ir3", &bin, "--gen", "6"]), "raw 0xE3C2000000000000\n");
    assert_eq!(out(&["disasm", "ir3", &bin, "--raw", "--gen", "7"]).trim_end(), "lock");
    assert_eq!(
        out(&["disasm", "ir3", &bin, "--raw", "--gen", "6"]),
        "raw 0xe3c2000000000000\n"
    );

    // Text: `lock` assembles for a7xx only; `raw` spells the word anywhere.
    assert_eq!(
        isa(&["asm", "ir3", &lock_text, "--gen", "7", "-o", "-"]).stdout,
        LOCK.to_le_bytes()
    );
    for raw in [&[][..], &["--raw"][..]] {
        let mut args = vec!["asm", "ir3", &lock_text, "--gen", "6", "-o", "-"];
        args.extend(raw);
        let run = isa(&args);
        assert_eq!(run.code, Some(1), "{args:?}");
        assert!(run.stdout.is_empty());
        assert_eq!(
            run.stderr,
            format!("{lock_text}:1:1: `lock` is an a7xx instruction, not one of a6xx\n"),
            "{args:?}"
        );
    }
    let raw_text = write(&dir, "raw.txt", "raw 0xE3C2000000000000\n");
    assert_eq!(
        isa(&["asm", "ir3", &raw_text, "--gen", "6", "-o", "-"]).stdout,
        LOCK.to_le_bytes()
    );
    let getlast = write(&dir, "getlast.txt", "getlast w8 #4\n");
    let run = isa(&["asm", "ir3", &getlast, "--raw", "--gen", "5", "-o", "-"]);
    assert_eq!(
        run.stderr,
        format!("{getlast}:1:1: `getlast` is an instruction of a6xx to a7xx, not of a5xx\n")
    );
    assert_eq!(
        isa(&["asm", "ir3", &getlast, "--raw", "--gen", "6", "-o", "-"]).stdout,
        0x0222_0000_0000_0004u64.to_le_bytes()
    );

    // decode --json: the text, and the fields of the generation's opcode.
    let json = |gen: &str| -> serde_json::Value {
        serde_json::from_str(&out(&["decode", "ir3", &bin, "--json", "--gen", gen])).expect("JSON")
    };
    let a7 = json("7");
    assert_eq!(a7["isa"], "ir3");
    assert_eq!(a7["instructions"][0]["text"], "lock");
    let opcode = (a7["instructions"][0]["fields"].as_array().unwrap().iter())
        .find(|f| f["name"] == "opcode")
        .expect("an opcode field");
    assert_eq!(opcode["value"], "lock");
    let a6 = json("6");
    assert_eq!(a6["instructions"][0]["text"], "raw 0xE3C2000000000000");
    let fields = a6["instructions"][0]["fields"].as_array().unwrap();
    assert_eq!(fields.len(), 1, "{fields:?}");
    assert_eq!(
        (fields[0]["name"].as_str(), fields[0]["width"].as_u64()),
        (Some("word"), Some(64))
    );
    let raw6 = out(&["decode", "ir3", &bin, "--json", "--raw", "--gen", "6"]);
    assert!(raw6.contains("\"text\":\"raw 0xe3c2000000000000\""), "{raw6}");

    // explain.
    let a7 = out(&["explain", "ir3", "e3c2000000000000"]);
    assert!(a7.starts_with("0xe3c2000000000000  lock"), "{a7}");
    assert!(a7.contains("  opcode  58..55  0x7"), "{a7}");
    let a6 = out(&["explain", "ir3", "e3c2000000000000", "--gen", "6"]);
    assert!(a6.starts_with("0xe3c2000000000000  raw 0xe3c2000000000000\n"), "{a6}");
    assert!(!a6.contains("  opcode  "), "{a6}");
    assert!(a6.contains("  word   63..0  0xe3c2000000000000"), "{a6}");
}

/// The generations come from the spec (`isa_ir3::LAYOUT.gens`): one
/// outside them is a usage error in every command that takes `--gen`, and
/// so is `--gen` for an ISA whose spec has no generations.
#[test]
fn gen_out_of_range_or_without_generations_is_a_usage_error() {
    let dir = scratch("ir3_gen_usage");
    let bin = write(&dir, "lock.bin", LOCK.to_le_bytes());
    let text = write(&dir, "end.txt", "end\n");
    let gens = isa_ir3::LAYOUT.gens.expect("ir3 has generations");
    for gen in [gens.lo, gens.hi] {
        let run = isa(&["disasm", "ir3", &bin, "--gen", &gen.to_string()]);
        assert_eq!(run.code, Some(0), "--gen {gen}: {}", run.stderr);
    }
    for gen in [0, gens.lo - 1, gens.hi + 1, 100] {
        let gen = gen.to_string();
        let commands: [&[&str]; 5] = [
            &["disasm", "ir3", &bin],
            &["decode", "ir3", &bin, "--json"],
            &["explain", "ir3", "e3c2000000000000"],
            &["asm", "ir3", &text, "-o", "-"],
            &["asm", "ir3", &text, "--raw", "-o", "-"],
        ];
        for command in commands {
            let mut args = command.to_vec();
            args.extend(["--gen", &gen]);
            let run = isa(&args);
            assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
            assert!(run.stdout.is_empty(), "{args:?}");
            assert_eq!(
                run.stderr,
                format!(
                    "error: --gen {gen} is not a generation of `ir3`: it has {} to {} (a{}xx to a{}xx)\n",
                    gens.lo, gens.hi, gens.lo, gens.hi
                )
            );
        }
    }
    let run = isa(&["disasm", "ir3", &bin, "--gen", "six"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);

    let gp = write(&dir, "gp.bin", [0u8; 16]);
    let pica = write(&dir, "pica.bin", 0x8800_0000u32.to_le_bytes());
    let cases: [(&str, Vec<&str>); 5] = [
        ("lima-gp", vec!["disasm", "lima-gp", &gp]),
        ("lima-gp", vec!["explain", "lima-gp", "0"]),
        ("pica", vec!["decode", "pica", &pica, "--raw"]),
        ("agal", vec!["asm", "agal", &text, "-o", "-"]),
        ("lima-pp", vec!["disasm", "lima-pp", &gp]),
    ];
    for (name, mut args) in cases {
        args.extend(["--gen", "7"]);
        let run = isa(&args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
        assert_eq!(
            run.stderr,
            format!("error: --gen does not apply to `{name}`: its spec has no generations (only `ir3` has)\n")
        );
    }
}

#[test]
fn bad_input_is_located() {
    let dir = scratch("ir3_errors");
    let odd = write(&dir, "odd.bin", [0u8; 20]);
    for command in ["disasm", "decode"] {
        let run = isa(&[command, "ir3", &odd]);
        assert_eq!(run.code, Some(1));
        assert_eq!(
            run.stderr.trim_end(),
            format!("{odd}: byte 0x10: input ends inside a word: 4 of 8 bytes left")
        );
    }
    let text = write(&dir, "bad.txt", "end\nbr p0.q, #1\n");
    let out = dir.join("x.bin").to_string_lossy().into_owned();
    let run = isa(&["asm", "ir3", &text, "-o", &out]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.starts_with(&format!("{text}:2:7: ")), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(!std::path::Path::new(&out).exists());
    let bad = write(&dir, "bad8.txt", b"end\nnop \xff\n");
    let run = isa(&["asm", "ir3", &bad, "-o", "-"]);
    assert_eq!((run.code, run.stderr), (Some(1), format!("{bad}:2:5: invalid UTF-8\n")));
    let run = isa(&["asm", "ir3", &text, &text, "-o", "-"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
}
