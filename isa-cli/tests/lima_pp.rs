//! `isa disasm/asm/decode/explain lima-pp`: Mesa's text on raw words of one
//! program, the assembler, the JSON breakdown and the errors.

mod common;

use common::{isa, le_bytes, scratch, write, Run};
use pretty_assertions::assert_eq;

fn assert_success(run: &Run) {
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

/// Mesa's pp_clear_program: `mov.v0 $0 ^const0.xxxx , const0 1 0 0 -1.677734, stop`.
const CLEAR: [u32; 5] = [0x00020425, 0x0000000c, 0x01e007cf, 0xb0000000, 0x000005f5];

#[test]
fn disasm_prints_mesa_text() {
    let dir = scratch("lima_pp_disasm");
    let bin = write(&dir, "clear.bin", le_bytes(&CLEAR));
    let run = isa(&["disasm", "lima-pp", &bin]);
    assert_success(&run);
    assert_eq!(
        run.out(),
        "@     0: mov.v0 $0 ^const0.xxxx , const0 1.000000 0.000000 0.000000 -1.677734, stop\n"
    );
    // `--raw` is what Lima files are anyway.
    assert_eq!(isa(&["disasm", "lima-pp", &bin, "--raw"]).out(), run.out());
}

#[test]
fn asm_reads_mesa_text_and_labels_back() {
    let dir = scratch("lima_pp_asm");
    let src = write(
        &dir,
        "prog.txt",
        "# a loop\n\
         top:\n\
         @     0: load.v $1 0.xy, texld 0, mov.v0 $0 ^texture , sync\n\
         \n\
         add.v1 $0 $0 ^const0, branch.lt $0.x $1.y top, const0 1.000000 0.000000 0.000000 1.000000, stop\n",
    );
    let out = dir.join("prog.bin");
    let run = isa(&["asm", "lima-pp", &src, "-o", out.to_str().unwrap()]);
    assert_success(&run);
    let bin = out.to_str().unwrap().to_string();
    let text = isa(&["disasm", "lima-pp", &bin]);
    assert_success(&text);
    assert_eq!(
        text.out(),
        "@     0: load.v $1 0.xy, texld 0, mov.v0 $0 ^texture , sync\n\
         @     6: add.v1 $0 $0 ^const0, branch.lt $0.x $1.y 0, const0 1.000000 0.000000 0.000000 1.000000, stop\n"
    );
    // And the printed text assembles to the same bytes.
    let again = write(&dir, "again.txt", text.out());
    let out2 = dir.join("again.bin");
    assert_success(&isa(&["asm", "lima-pp", &again, "-o", out2.to_str().unwrap()]));
    assert_eq!(std::fs::read(&out2).unwrap(), std::fs::read(&out).unwrap());
}

#[test]
fn odd_bits_round_trip_through_annotations() {
    let dir = scratch("lima_pp_annotations");
    // The clear program with unknown control bits, a vec_mul destination
    // behind an empty mask (dest 5: bits 28..31 of the unit), and a
    // declared length of 7 words.
    let mut words = CLEAR.to_vec();
    words[0] = words[0] & !0x1F | 7 | 0x2C00_0000;
    words[1] |= 5 << 28;
    words[2] &= !0xF;
    words.extend([0, 0]);
    let bin = write(&dir, "odd.bin", le_bytes(&words));
    let run = isa(&["disasm", "lima-pp", &bin]);
    assert_success(&run);
    assert_eq!(
        run.out(),
        "@     0: mov.v0 ^const0.xxxx , const0 1.000000 0.000000 0.000000 -1.677734, stop \
         {raw control.count=7 control.unknown=0xb vec_mul.dest=5}\n"
    );
    let src = write(&dir, "odd.txt", run.out());
    let out = dir.join("odd2.bin");
    assert_success(&isa(&["asm", "lima-pp", &src, "-o", out.to_str().unwrap()]));
    assert_eq!(std::fs::read(&out).unwrap(), le_bytes(&words));
}

#[test]
fn decode_json_covers_every_bit_once() {
    let dir = scratch("lima_pp_decode");
    let mut words = CLEAR.to_vec();
    // Two instructions: the first announces the second.
    words[0] |= 5 << 19 | 1 << 25;
    words[0] &= !(1 << 5);
    words.extend(CLEAR);
    let bin = write(&dir, "two.bin", le_bytes(&words));
    let run = isa(&["decode", "lima-pp", &bin, "--json"]);
    assert_success(&run);
    let json: serde_json::Value = serde_json::from_str(&run.out()).unwrap();
    assert_eq!(json["isa"], "lima-pp");
    let insns = json["instructions"].as_array().unwrap();
    assert_eq!(insns.len(), 2);
    assert_eq!(insns[1]["offset"], 20);
    assert_eq!(
        insns[0]["text"],
        "mov.v0 $0 ^const0.xxxx , const0 1.000000 0.000000 0.000000 -1.677734"
    );
    for insn in insns {
        assert_eq!(insn["bits"], 160);
        let mut covered = vec![0u32; 160];
        for f in insn["fields"].as_array().unwrap() {
            let (lo, width) = (
                f["lo"].as_u64().unwrap() as usize,
                f["width"].as_u64().unwrap() as usize,
            );
            for bit in &mut covered[lo..lo + width] {
                *bit += 1;
            }
        }
        assert!(covered.iter().all(|&n| n == 1), "{covered:?}");
        let names: Vec<&str> = insn["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap())
            .collect();
        assert!(
            names.contains(&"control.count") && names.contains(&"vec_mul.arg0_source") && names.contains(&"const0.w")
        );
        let src = insn["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == "vec_mul.arg0_source")
            .unwrap();
        // The vec_mul unit starts at bit 32, right after the control word.
        assert_eq!(
            (src["lo"].as_u64(), src["raw"].as_u64(), src["value"].as_str()),
            (Some(32), Some(12), Some("^const0"))
        );
    }
    // The text form has one table per instruction.
    let text = isa(&["decode", "lima-pp", &bin]);
    assert_success(&text);
    assert!(
        text.out().starts_with("0x0000: 0x022a0405 0x0000000c"),
        "{}",
        text.out()
    );
}

#[test]
fn explain_breaks_one_instruction_down() {
    let run = isa(&[
        "explain",
        "lima-pp",
        "0x00020425 0x0000000c,0x01e007cf",
        "b0000000",
        "0x000005f5",
    ]);
    assert_success(&run);
    let out = run.out();
    assert!(
        out.starts_with(
            "0x00020425 0x0000000c 0x01e007cf 0xb0000000 0x000005f5  \
             mov.v0 $0 ^const0.xxxx , const0 1.000000 0.000000 0.000000 -1.677734, stop\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  const0.w               138..123  0xbeb6    -1.6777344"),
        "{out}"
    );
    assert!(out.contains("  control.count          4..0      0x05      5"), "{out}");
}

/// An instruction that does not decode (here a padding bit set) is still
/// broken down, as far as its control word lays it out, before the error:
/// the padding row shows the bit.
#[test]
fn explain_shows_the_fields_of_an_instruction_that_does_not_decode() {
    let run = isa(&["explain", "lima-pp", "0x1023 0x0e41 0x800007cf"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let out = run.out();
    assert!(
        out.starts_with("0x00001023 0x00000e41 0x800007cf  (does not decode)\n"),
        "{out}"
    );
    assert!(
        out.contains("  padding                95..76  0x80000  0x80000  after the last unit; zero"),
        "{out}"
    );
    assert!(out.contains("  vec_add.op             74..70  0x1f     mov"), "{out}");
    assert_eq!(
        run.stderr,
        "error: word 0: byte 0xb: bit 95 of the instruction is set but lies after its last unit (padding must be zero)\n"
    );
    // With fewer words than the control word announces, there is nothing
    // to lay out: the error alone.
    let run = isa(&["explain", "lima-pp", "0x1023 0x0e41"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.out(), "");
    assert!(
        run.stderr.contains("input ends inside a word: 8 of 12 bytes left"),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_binaries_are_positioned_errors() {
    let dir = scratch("lima_pp_bad_bin");
    let mut announcing = CLEAR.to_vec();
    announcing[0] |= 3 << 19;
    let cases: Vec<(&str, Vec<u8>, &str)> =
        vec![
        ("zero.bin", le_bytes(&[0x0000_0000]), "byte 0x0: field `count`: an instruction length of 0 words"),
        ("short.bin", le_bytes(&CLEAR[..3]), "byte 0x0: input ends inside a word: 12 of 20 bytes left"),
        ("partial.bin", le_bytes(&CLEAR)[..18].to_vec(), "byte 0x10: input ends inside a word: 2 of 4 bytes left"),
        (
            "next.bin",
            le_bytes(&announcing),
            "byte 0x14: field `next_count`: the input ends, but the last instruction announces a next one of 3 words",
        ),
        (
            "empty.bin",
            Vec::new(),
            "byte 0x0: the input is empty (no instructions); pass --allow-empty to accept it",
        ),
    ];
    for (name, bytes, message) in cases {
        let bin = write(&dir, name, bytes);
        for command in ["disasm", "decode"] {
            let run = isa(&[command, "lima-pp", &bin]);
            assert_eq!(run.code, Some(1), "{command} {name}");
            assert_eq!(run.stderr, format!("{bin}: {message}\n"), "{command} {name}");
            assert!(run.stdout.is_empty());
        }
    }
}

#[test]
fn bad_text_is_a_positioned_error() {
    let dir = scratch("lima_pp_bad_text");
    let out = dir.join("never.bin");
    for (text, message) in [
        ("mov.v1 $0 $1\nfrob.v1 $0 $1\n", "2:1: expected one of add, fract, "),
        ("mov.v1 $0 $1, sync\nbranch nowhere\n", "2:8: unknown label `nowhere`"),
        (
            "mov.v1 $0 $1 {raw control.units=1}\n",
            "1:19: the control word has no field `units`",
        ),
        ("", "1:1: the input is empty (no instructions)"),
    ] {
        let src = write(&dir, "bad.txt", text);
        let run = isa(&["asm", "lima-pp", &src, "-o", out.to_str().unwrap()]);
        assert_eq!(run.code, Some(1), "{text}");
        let sep = if message.starts_with(char::is_numeric) {
            ":"
        } else {
            ": "
        };
        assert!(
            run.stderr.starts_with(&format!("{src}{sep}{message}")),
            "{}",
            run.stderr
        );
        assert!(!out.exists());
    }
    let bad = write(&dir, "utf8.txt", b"mov.v1 $0 $1\nmov\xff\n");
    let run = isa(&["asm", "lima-pp", &bad, "-o", "-"]);
    assert_eq!((run.code, run.stderr), (Some(1), format!("{bad}:2:4: invalid UTF-8\n")));
}

#[test]
fn options_that_do_not_apply_are_usage_errors() {
    let dir = scratch("lima_pp_usage");
    let bin = write(&dir, "clear.bin", le_bytes(&CLEAR));
    for args in [
        vec!["lift", "lima-pp", &bin, "--to", "agsl"],
        vec!["asm", "lima-pp", &bin, "-o", "-", "--type", "fragment"],
        vec!["explain", "lima-pp", "0x0", "--opdesc"],
        vec!["decode", "lima-pp", &bin, "--opdescs", &bin],
    ] {
        let run = isa(&args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    }
    let run = isa(&["explain", "lima-pp", "0xzz"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stderr, "error: word `0xzz`: `z` is not a hex digit\n");
}

#[test]
fn zero_words_after_the_program_are_padding() {
    let dir = scratch("lima_pp_padding");
    let mut words = CLEAR.to_vec();
    words.extend([0, 0, 0]);
    let bin = write(&dir, "padded.bin", le_bytes(&words));
    let run = isa(&["disasm", "lima-pp", &bin]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.out().lines().count(), 1);
    // The text leaves the padding out, and says so: assembling it gives
    // the program without the padding.
    assert_eq!(
        run.stderr,
        format!("{bin}: byte 0x14: warning: 3 zero words of padding after the program's last instruction; the text leaves them out (`isa asm` writes no padding)\n")
    );
    let one = write(&dir, "one.bin", le_bytes(&words[..6]));
    assert_eq!(
        isa(&["disasm", "lima-pp", &one]).stderr,
        format!("{one}: byte 0x14: warning: 1 zero word of padding after the program's last instruction; the text leaves it out (`isa asm` writes no padding)\n")
    );
    let unpadded = write(&dir, "unpadded.bin", le_bytes(&words[..5]));
    assert_eq!(isa(&["disasm", "lima-pp", &unpadded]).stderr, "");
    // A non-zero word there is not.
    words[6] = 1;
    let bin = write(&dir, "trailing.bin", le_bytes(&words));
    let run = isa(&["disasm", "lima-pp", &bin]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!("{bin}: byte 0x18: word 0x00000001 follows the program's last instruction (only zero padding may)\n")
    );
}
