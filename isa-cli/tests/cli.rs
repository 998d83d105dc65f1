//! End-to-end tests of the `isa` binary on PICA200.

mod common;

use common::{isa, le_bytes, scratch, write};
use pretty_assertions::assert_eq;
use serde_json::Value;

/// Hand-written input, with free spacing, comments and other spellings.
const ROUND_TRIP_SOURCE: &str = "\
# hand-written round-trip sample
add   r1, v0, v1 (desc 0)
dp3 o0,c10[a0.x],r2(desc 5)   ; tight spacing

mova a0, c7 (desc 3)          // address register
cmp v0, lt, ge, r1 (desc 2)
ifc and, x=true, y=0, dst=0x0c, num=3
call dst=40, num=2
loop i1, dst=20, num=0
setemit 2, prim
setemit 1, prim, inv
madi r3, v1, r2, c95[aL] (desc 31)
mad o4, r0, c1, v2 (desc 7)
dphi r2, v0, c3[a0.y] (desc 9)
jmpu b15, dst=4095, num=255
.word 0x5C00_0001
rcp r0, r0 (desc 0) src2=0x3
end
";

/// What `disasm` prints for it: the canonical spelling of every line.
const ROUND_TRIP_CANONICAL: &str = "\
add r1, v0, v1 (desc 0)
dp3 o0, c10[a0.x], r2 (desc 5)
mova a0, c7 (desc 3)
cmp v0, lt, ge, r1 (desc 2)
ifc and, x=1, y=0, dst=12, num=3
call dst=40, num=2
loop i1, dst=20, num=0
setemit 2, prim
setemit 1, prim, inv
madi r3, v1, r2, c95[aL] (desc 31)
mad o4, r0, c1, v2 (desc 7)
dphi r2, v0, c3[a0.y] (desc 9)
jmpu b15, dst=4095, num=255
.word 0x5c000001
rcp r0, r0 (desc 0) src2=0x3
end
";

fn assert_success(run: &common::Run) {
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

#[test]
fn asm_then_disasm_round_trips() {
    let dir = scratch("round_trip");
    let src = write(&dir, "rt.pica", ROUND_TRIP_SOURCE);
    let bin = dir.join("rt.bin").to_string_lossy().into_owned();
    assert_success(&isa(&["asm", "pica", &src, "--raw", "-o", &bin]));
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(bytes.len(), 4 * ROUND_TRIP_CANONICAL.lines().count());

    let dis = isa(&["disasm", "pica", &bin, "--raw"]);
    assert_success(&dis);
    assert_eq!(dis.out(), ROUND_TRIP_CANONICAL);

    // The canonical text assembles to the very same bytes.
    let canon = write(&dir, "canon.pica", dis.out());
    let bin2 = dir.join("canon.bin").to_string_lossy().into_owned();
    assert_success(&isa(&["asm", "pica", &canon, "--raw", "-o", &bin2]));
    assert_eq!(std::fs::read(&bin2).unwrap(), bytes);
}

#[test]
fn known_encodings() {
    let dir = scratch("known_encodings");
    let src = write(&dir, "k.pica", "dp4 o0, c0, v2 (desc 0)\nend\n.word 0x5c000000\n");
    let run = isa(&["asm", "pica", &src, "--raw", "-o", "-"]);
    assert_success(&run);
    assert_eq!(run.stdout, le_bytes(&[0x0802_0100, 0x8800_0000, 0x5c00_0000]));
}

#[test]
fn shipped_sample_is_up_to_date() {
    let root = env!("CARGO_MANIFEST_DIR");
    let src = format!("{root}/samples/pica/sample.pica");
    let bin = format!("{root}/samples/pica/sample.bin");
    let run = isa(&["asm", "pica", &src, "--raw", "-o", "-"]);
    assert_success(&run);
    assert_eq!(run.stdout, std::fs::read(&bin).unwrap());
    let dis = isa(&["disasm", "pica", &bin, "--raw"]);
    assert_success(&dis);
    assert_eq!(dis.out().lines().next(), Some("dp4 o0, c0, v0 (desc 1)"));
    assert_eq!(dis.out().lines().last(), Some("end"));
}

#[test]
fn explain_a_known_word() {
    let run = isa(&["explain", "pica", "0x08020100", "88000000"]);
    assert_success(&run);
    let expected = "\
0x08020100  dp4 o0, c0, v2 (desc 0)
  semantics: dst = float4(dot(src1, src2))
  field   bits    raw   value   doc
  opcode  31..26  0x02  dp4     4-component dot product
  dst     25..21  0x00  o0
  idx     20..19  0x0   (none)  added to src1's index
  src1    18..12  0x20  c0
  src2    11..7   0x02  v2
  desc    6..0    0x00  0       operand descriptor index

0x88000000  end
  semantics: halt = true
  field   bits    raw        value  doc
  opcode  31..26  0x22       end    end of the program
  unused  25..0   0x0000000  0x0    not read; assemblers write 0
";
    assert_eq!(run.out(), expected);
    // Commas or blanks separate words; nothing between two commas (or
    // after the last) is an error, not skipped.
    let listed = isa(&["explain", "pica", "0x08020100, 88000000"]);
    assert_eq!((listed.code, listed.out()), (Some(0), expected.to_string()));
    for arg in ["0x08020100,,88000000", "0x08020100,"] {
        let run = isa(&["explain", "pica", arg]);
        assert_eq!(run.code, Some(1), "{arg}");
        assert_eq!(run.stderr, format!("error: `{arg}`: an empty word between commas\n"));
    }
}

/// An operand of an operation enum shows its value's semantics under the
/// opcode's: PICA's `cmp` calls `cmpx`/`cmpy`, whose values state theirs.
#[test]
fn explain_shows_the_semantics_of_operation_values() {
    let run = isa(&["explain", "pica", "0xbc400000"]);
    assert_success(&run);
    let out = run.out();
    let lines: Vec<&str> = out.lines().take(4).collect();
    assert_eq!(
        lines,
        [
            "0xbc400000  cmp v0, gt, lt, v0 (desc 0)",
            "  semantics: cmp = bool2(cmpx(src1.x, src2.x), cmpy(src1.y, src2.y))",
            "  cmpy = lt(a, b): dst = a < b",
            "  cmpx = gt(a, b): dst = a > b",
        ]
    );
}

/// Lima GP has no opcodes: each unit's operation value states its semantics.
#[test]
fn explain_shows_lima_gp_unit_operations() {
    let run = isa(&["explain", "lima-gp", "0x0000000000000000000000000000000"]);
    assert_success(&run);
    let out = run.out();
    let lines: Vec<&str> = out.lines().skip(1).take(2).collect();
    assert_eq!(
        lines,
        [
            "  acc_op = add(a, b): dst = a + b",
            "  mul_op = mul(a, b, c, d): dst = a * b"
        ]
    );
}

#[test]
fn explain_an_operand_descriptor() {
    let run = isa(&["explain", "pica", "--opdesc", "0x0036e1bf"]);
    assert_success(&run);
    let expected = "\
0x0036e1bf  dst.xyzw src1=-xxwy src2=-wyzw src3=xxxx
  field   bits    raw   value  doc
  unused  31      0x0   0x0    not read (3dbrew's \"flag\" is wrong, per nihstro)
  sel3    30..23  0x00  xxxx   src3 selector
  neg3    22      0x0   0      negate src3
  sel2    21..14  0xdb  wyzw   src2 selector
  neg2    13      0x1   1      negate src2
  sel1    12..5   0x0d  xxwy   src1 selector; component x in bits 12..=11
  neg1    4       0x1   1      negate src1
  mask    3..0    0xf   xyzw   destination write mask; bit 3 = x
";
    assert_eq!(run.out(), expected);
}

#[test]
fn explain_rejects_bad_words() {
    for (arg, needle) in [
        ("0x1_0000_0000", "does not fit in 32 bits"),
        ("0xzz", "`z` is not a hex digit"),
        ("0x", "expected hex digits"),
    ] {
        let run = isa(&["explain", "pica", arg]);
        assert_eq!(run.code, Some(1), "{arg}");
        assert!(run.stderr.contains(needle), "{arg}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"));
    }
}

/// Checks one `"instructions"`/`"opdescs"` entry: offset, width and fields
/// that cover every bit exactly once.
fn check_entry(entry: &Value, index: usize) {
    assert_eq!(entry["offset"], Value::from(index * 4));
    assert_eq!(entry["bits"], Value::from(32));
    assert!(entry["text"].is_string());
    let mut covered = [0u32; 32];
    for field in entry["fields"].as_array().expect("fields") {
        let name = field["name"].as_str().expect("name");
        let lo = field["lo"].as_u64().expect("lo") as usize;
        let width = field["width"].as_u64().expect("width") as usize;
        let raw = field["raw"].as_u64().expect("raw");
        assert!(field["value"].is_string(), "{name}");
        assert!(width > 0 && lo + width <= 32, "{name}: {lo}+{width}");
        assert!(width == 64 || raw >> width == 0, "{name}: raw {raw:#x}");
        for bit in &mut covered[lo..lo + width] {
            *bit += 1;
        }
    }
    assert_eq!(covered, [1; 32], "{entry}");
}

#[test]
fn decode_json_covers_every_bit_once() {
    let dir = scratch("decode_json");
    let src = write(&dir, "rt.pica", ROUND_TRIP_SOURCE);
    let bin = dir.join("rt.bin").to_string_lossy().into_owned();
    assert_success(&isa(&["asm", "pica", &src, "--raw", "-o", &bin]));

    let run = isa(&["decode", "pica", &bin, "--raw", "--json"]);
    assert_success(&run);
    assert_eq!(run.out().lines().count(), 1, "one JSON object on one line");
    let json: Value = serde_json::from_slice(&run.stdout).expect("valid JSON");
    assert_eq!(json["isa"], "pica");
    assert!(json.get("opdescs").is_none());
    let instructions = json["instructions"].as_array().expect("instructions");
    let lines: Vec<&str> = ROUND_TRIP_CANONICAL.lines().collect();
    assert_eq!(instructions.len(), lines.len());
    for (i, (entry, line)) in instructions.iter().zip(&lines).enumerate() {
        check_entry(entry, i);
        assert_eq!(entry["text"], *line);
    }

    // The first one in full: keys in DESIGN.md order.
    let first = serde_json::to_string(&instructions[0]).unwrap();
    let expected = r#"{"offset":0,"bits":32,"text":"add r1, v0, v1 (desc 0)","fields":[{"name":"desc","lo":0,"width":7,"raw":0,"value":"0"},{"name":"src2","lo":7,"width":5,"raw":1,"value":"v1"},{"name":"src1","lo":12,"width":7,"raw":0,"value":"v0"},{"name":"idx","lo":19,"width":2,"raw":0,"value":""},{"name":"dst","lo":21,"width":5,"raw":17,"value":"r1"},{"name":"opcode","lo":26,"width":6,"raw":0,"value":"add"}]}"#;
    assert_eq!(first, expected);
    assert!(run.out().starts_with(
        r#"{"isa":"pica","instructions":[{"offset":0,"bits":32,"text":"add r1, v0, v1 (desc 0)","fields":[{"name":"desc","lo":0,"width":7,"raw":0,"value":"0"}"#
    ));
}

#[test]
fn decode_json_with_operand_descriptors() {
    let dir = scratch("decode_opdescs");
    let bin = write(&dir, "prog.bin", le_bytes(&[0x8800_0000]));
    let descs = write(&dir, "descs.bin", le_bytes(&[0x0036_e1bf, 0x8000_0008]));
    let run = isa(&["decode", "pica", &bin, "--raw", "--json", "--opdescs", &descs]);
    assert_success(&run);
    let json: Value = serde_json::from_slice(&run.stdout).expect("valid JSON");
    let opdescs = json["opdescs"].as_array().expect("opdescs");
    assert_eq!(opdescs.len(), 2);
    for (i, entry) in opdescs.iter().enumerate() {
        check_entry(entry, i);
    }
    assert_eq!(opdescs[0]["text"], "dst.xyzw src1=-xxwy src2=-wyzw src3=xxxx");
    assert_eq!(opdescs[1]["text"], "dst.x src1=xxxx src2=xxxx src3=xxxx unused=0x1");
}

#[test]
fn decode_text_tables() {
    let dir = scratch("decode_text");
    let bin = write(&dir, "prog.bin", le_bytes(&[0x8800_0000]));
    let run = isa(&["decode", "pica", &bin, "--raw"]);
    assert_success(&run);
    assert_eq!(
        run.out(),
        "\
0x0000: 0x88000000  end
  field   bits    raw        value  doc
  opcode  31..26  0x22       end    end of the program
  unused  25..0   0x0000000  0x0    not read; assemblers write 0
"
    );
}

#[test]
fn asm_reports_every_bad_line_with_its_position() {
    let dir = scratch("asm_errors");
    let src = write(
        &dir,
        "bad.pica",
        b"add o0, v0, v1 (desc 0)\n  dp5 o0, c0, v0 (desc 1)\n\n; fine\nmov o0, c0 (desc 200)\nend junk\n\xff\n"
            .as_slice(),
    );
    let out = dir.join("bad.bin");
    let run = isa(&["asm", "pica", &src, "--raw", "-o", &out.to_string_lossy()]);
    assert_eq!(run.code, Some(1));
    let expected = format!(
        "{src}:2:3: unknown mnemonic `dp5`; did you mean `dp3`?\n\
         {src}:5:18: 200 does not fit `desc` (7 bits, 0..=127)\n\
         {src}:6:5: expected end of line, found `junk`\n\
         {src}:7:1: invalid UTF-8\n"
    );
    assert_eq!(run.stderr, expected);
    assert!(!out.exists(), "nothing is written when assembly fails");
}

#[test]
fn truncated_binaries_name_the_byte_offset() {
    let dir = scratch("truncated");
    let bin = write(&dir, "t.bin", [0u8; 7]);
    for args in [
        vec!["disasm", "pica", &bin, "--raw"],
        vec!["decode", "pica", &bin, "--raw", "--json"],
    ] {
        let run = isa(&args);
        assert_eq!(run.code, Some(1), "{args:?}");
        assert_eq!(
            run.stderr,
            format!("{bin}: byte 0x4: input ends inside a word: 3 of 4 bytes left\n")
        );
        if args[0] == "decode" {
            assert_eq!(run.out(), "", "no partial JSON");
        }
    }
    let good = write(&dir, "good.bin", le_bytes(&[0x8800_0000]));
    let run = isa(&["decode", "pica", &good, "--raw", "--json", "--opdescs", &bin]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.starts_with(&format!("{bin}: byte 0x4: ")), "{}", run.stderr);
}

#[test]
fn io_errors_name_the_file() {
    let dir = scratch("missing");
    let missing = dir.join("nope.bin").to_string_lossy().into_owned();
    for args in [
        vec!["disasm", "pica", &missing, "--raw"],
        vec!["decode", "pica", &missing, "--raw", "--json"],
        vec!["asm", "pica", &missing, "--raw", "-o", "-"],
    ] {
        let run = isa(&args);
        assert_eq!(run.code, Some(1), "{args:?}");
        assert!(
            run.stderr.starts_with(&format!("{missing}: ")),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stderr.lines().count(), 1);
    }
    // An output path that cannot be written (it is a directory).
    let src = write(&dir, "end.pica", "end\n");
    let out = dir.to_string_lossy().into_owned();
    let run = isa(&["asm", "pica", &src, "--raw", "-o", &out]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.starts_with(&format!("{out}: ")), "{}", run.stderr);
}

#[test]
fn explain_takes_several_words_per_argument() {
    let one = isa(&["explain", "pica", "0x88000000", "84000000"]);
    let joined = isa(&["explain", "pica", "0x8800_0000, 0X84000000"]);
    assert_success(&one);
    assert_eq!(joined.out(), one.out());
    assert!(one.out().contains("0x84000000  nop\n"), "{}", one.out());
}

#[test]
fn unknown_isas_fail_cleanly() {
    let dir = scratch("unknown_isa");
    let bin = write(&dir, "a.bin", [0u8; 4]);
    let run = isa(&["disasm", "mips", &bin]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("invalid value 'mips'"), "{}", run.stderr);
    assert!(
        run.stderr.contains("agal, pica, lima-pp, lima-gp, ir3"),
        "{}",
        run.stderr
    );
}
