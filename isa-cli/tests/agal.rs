//! End-to-end tests of the `isa` binary on AGAL programs (header and tokens).
//! The corpus tests read `../shared/corpus/agal` at run time and pass with a
//! warning when it is missing.

mod common;

use std::path::{Path, PathBuf};

use common::{isa, scratch, write, Rng, Run};
use pretty_assertions::assert_eq;
use serde_json::Value;

/// Hand-written input with free spacing, comments, short swizzles, masks in
/// any order, blank-separated operands, relative addressing and samplers.
const FRAGMENT_SOURCE: &str = "\
// hand-written fragment program
tex ft0, v0, fs0 <2d, linear, repeat, miplinear>   // sample
tex ft1,v1,fs1<cube nearest clamp dxt5 centroid -0.5>
mul ft0.zx , ft0.xy fc0
sub ft1.w, ft1.wwww, fc1.xyzw
kil ft1.w
ddx ft2, ft0
ife ft0.x, fc2.y
els
eif
mov oc1, ft0
mov fd.x, ft2.x
mov oc, ft0
";

/// What `disasm` prints for it.
const FRAGMENT_CANONICAL: &str = "\
// AGAL program, 12 tokens; assemble with --type fragment --version 2
tex ft0, v0, fs0 <2d,linear,miplinear,repeat,rgba>
tex ft1, v1, fs1 <cube,nearest,mipnone,clamp,dxt5,centroid,-0.5>
mul ft0.xz, ft0.xy, fc0
sub ft1.w, ft1.w, fc1
kil ft1.w
ddx ft2, ft0
ife ft0.x, fc2.y
els
eif
mov oc1, ft0
mov fd0.x, ft2.x
mov oc, ft0
";

const VERTEX_SOURCE: &str = "m44 op, va0, vc0\nmov vt0, vc[va1.y+4].wz\nmov v0, vc[op.x]\r\nmov v1, va2\n";

const VERTEX_CANONICAL: &str = "\
// AGAL program, 4 tokens; assemble with --type vertex --version 1
m44 op, va0, vc0
mov vt0, vc[va1.y+4].wz
mov v0, vc[op.x]
mov v1, va2
";

fn assert_success(run: &Run) {
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn asm_then_disasm_round_trips() {
    let dir = scratch("agal_round_trip");
    for (name, source, canonical, options) in [
        (
            "f",
            FRAGMENT_SOURCE,
            FRAGMENT_CANONICAL,
            ["--type", "fragment", "--version", "2"],
        ),
        (
            "v",
            VERTEX_SOURCE,
            VERTEX_CANONICAL,
            ["--type", "vertex", "--version", "1"],
        ),
    ] {
        let src = write(&dir, &format!("{name}.agal"), source);
        let bin = path(&dir, &format!("{name}.bin"));
        let mut args = vec!["asm", "agal", &src, "-o", &bin];
        args.extend(options);
        let run = isa(&args);
        assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
        // The out-of-order mask `ft0.zx` is written `.xz`, with a warning.
        let warning = if name == "f" {
            format!("{src}:4:9: warning: `ft0.zx` is not in x, y, z, w order: a write mask has no order, so this writes `.xz`\n")
        } else {
            String::new()
        };
        assert_eq!(run.stderr, warning);
        let bytes = std::fs::read(&bin).unwrap();
        assert_eq!(bytes.len(), 7 + 24 * (canonical.lines().count() - 1));

        let dis = isa(&["disasm", "agal", &bin]);
        assert_success(&dis);
        assert_eq!(dis.out(), canonical);

        let canon = write(&dir, &format!("{name}.canon.agal"), dis.out());
        let mut args = vec!["asm", "agal", &canon, "-o", "-"];
        args.extend(options);
        let again = isa(&args);
        assert_success(&again);
        assert_eq!(again.stdout, bytes);
    }
}

/// More than the 4096 tokens Adobe's assembler allows: `--ignore-limits`
/// lifts the limit, `disasm` says the text needs it, and the text assembles
/// back to the same bytes; without the flag, the error is at the 4097th
/// instruction and names the limit and the flag.
#[test]
fn ignore_limits_lifts_the_token_limit() {
    let dir = scratch("agal_many_tokens");
    let source: String = (0..5000)
        .map(|i| format!("add ft0, ft0, fc{}\n", i % 28))
        .collect::<String>()
        + "mov oc, ft0\n";
    let src = write(&dir, "many.agal", &source);
    let bin = path(&dir, "many.bin");
    let options = ["--type", "fragment", "--version", "2"];
    let mut args = vec!["asm", "agal", &src, "-o", &bin];
    args.extend(options);
    let refused = isa(&args);
    assert_eq!(refused.code, Some(1));
    assert_eq!(
        refused.stderr,
        format!("{src}:4097:1: too many instructions: an AGAL program holds at most 4096 tokens (--ignore-limits lifts the limit)\n")
    );
    args.push("--ignore-limits");
    assert_success(&isa(&args));
    let bytes = std::fs::read(&bin).unwrap();
    assert_eq!(bytes.len(), 7 + 24 * 5001);
    let dis = isa(&["disasm", "agal", &bin]);
    assert_success(&dis);
    let listing = dis.out();
    assert_eq!(
        listing.lines().next().unwrap_or(""),
        "// AGAL program, 5001 tokens; assemble with --type fragment --version 2 --ignore-limits"
    );
    let canon = write(&dir, "many.canon.agal", &listing);
    let mut args = vec!["asm", "agal", &canon, "-o", "-"];
    args.extend(options);
    args.push("--ignore-limits");
    let again = isa(&args);
    assert_success(&again);
    assert_eq!(again.stdout, bytes);
}

#[test]
fn known_bytes() {
    let dir = scratch("agal_known");
    let src = write(&dir, "k.agal", "m44 op, va0, vc0\n");
    let run = isa(&["asm", "agal", &src, "--type", "vertex", "--version", "1", "-o", "-"]);
    assert_success(&run);
    let mut expected = vec![0xA0, 1, 0, 0, 0, 0xA1, 0];
    expected.extend([0x18, 0, 0, 0, 0, 0, 0x0F, 3]);
    expected.extend([0, 0, 0, 0xE4, 0, 0, 0, 0]);
    expected.extend([0, 0, 0, 0xE4, 1, 0, 0, 0]);
    assert_eq!(run.stdout, expected);
}

#[test]
fn asm_reports_every_bad_line_with_its_position() {
    let dir = scratch("agal_asm_errors");
    let src = write(
        &dir,
        "bad.agal",
        b"mov ft0, v0\nted ft4, v0, fs0 <2d>\n  MOV ft0, v0\nmov ft8, v0\ntex ft0, v0, fs0 <2d, bilinear>\nmov ft0, v0.rgb\nmov ft0\n\xff\n"
            .as_slice(),
    );
    let out = dir.join("bad.bin");
    let run = isa(&[
        "asm",
        "agal",
        &src,
        "--type",
        "fragment",
        "--version",
        "1",
        "-o",
        &out.to_string_lossy(),
    ]);
    assert_eq!(run.code, Some(1));
    let expected = format!(
        "{src}:2:1: `ted` needs AGAL version 2 or later; this program is version 1\n\
         {src}:3:3: opcodes are lowercase: write `mov`, not `MOV`\n\
         {src}:4:7: `ft8` is out of range: AGAL 1 fragment programs have ft0 to ft7 (--ignore-limits raises every limit to 1024)\n\
         {src}:5:23: unknown sampler option `bilinear` (did you mean `linear`?); a number is the lod bias\n\
         {src}:6:13: `r` is not a component: masks and swizzles use x, y, z and w\n\
         {src}:7:8: `mov` takes 2 operands (destination, source), found 1 operand\n\
         {src}:8:1: invalid UTF-8\n"
    );
    assert_eq!(run.stderr, expected);
    assert!(!out.exists(), "nothing is written when assembly fails");

    let src = write(
        &dir,
        "bad2.agal",
        "mov ft0, v0\nted ft4, v0, fs0 <2d>\n  MOV ft0, v0\nmov ft8, v0\ntex ft0, v0, fs0 <2d, bilinear>\nmov ft0, v0.rgb\nmov ft0\nmov op, va0\n",
    );
    let run = isa(&[
        "asm",
        "agal",
        &src,
        "--type",
        "fragment",
        "--version",
        "1",
        "-o",
        &out.to_string_lossy(),
    ]);
    assert_eq!(run.code, Some(1));
    let expected = format!(
        "{src}:2:1: `ted` needs AGAL version 2 or later; this program is version 1\n\
         {src}:3:3: opcodes are lowercase: write `mov`, not `MOV`\n\
         {src}:4:7: `ft8` is out of range: AGAL 1 fragment programs have ft0 to ft7 (--ignore-limits raises every limit to 1024)\n\
         {src}:5:23: unknown sampler option `bilinear` (did you mean `linear`?); a number is the lod bias\n\
         {src}:6:13: `r` is not a component: masks and swizzles use x, y, z and w\n\
         {src}:7:8: `mov` takes 2 operands (destination, source), found 1 operand\n\
         {src}:8:5: `op` is not available in fragment programs (only in vertex programs)\n"
    );
    assert_eq!(run.stderr, expected);
    assert!(!out.exists(), "nothing is written when assembly fails");

    // --ignore-limits lets ft8 through (and nothing else).
    let src = write(&dir, "big.agal", "mov ft8, fc300\n");
    let run = isa(&[
        "asm",
        "agal",
        &src,
        "--type",
        "fragment",
        "--version",
        "1",
        "--ignore-limits",
        "-o",
        "-",
    ]);
    assert_success(&run);
}

/// A write mask that repeats a letter or is out of order assembles as the
/// reference has it (one bit per letter), with a warning at the mask's
/// letters on stderr, and exit code 0.
#[test]
fn asm_warns_of_a_repeated_or_reordered_write_mask() {
    let dir = scratch("agal_asm_mask_warnings");
    let src = write(&dir, "m.agal", "mov op.xx, va0\nmov op.yx, va0\nmov vt0.zw, va0\n");
    let run = isa(&["asm", "agal", &src, "--type", "vertex", "--version", "1", "-o", "-"]);
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "{src}:1:8: warning: `op.xx` names `x` twice: a write mask selects each component once, so this writes `.x`\n\
             {src}:2:8: warning: `op.yx` is not in x, y, z, w order: a write mask has no order, so this writes `.xy`\n"
        )
    );
    let same = write(&dir, "same.agal", "mov op.x, va0\nmov op.xy, va0\nmov vt0.zw, va0\n");
    let plain = isa(&["asm", "agal", &same, "--type", "vertex", "--version", "1", "-o", "-"]);
    assert_success(&plain);
    assert_eq!(run.stdout, plain.stdout);
}

/// A lod bias that is not a whole number of eighths is cut toward zero, as
/// the reference writes it, with a warning at the number; the listing shows
/// the bias written.
#[test]
fn asm_warns_of_a_lod_bias_cut_to_eighths() {
    let dir = scratch("agal_asm_bias_warnings");
    let src = write(
        &dir,
        "b.agal",
        "tex ft0, v0, fs0 <2d, 1.3>\ntex ft1, v0, fs0 <2d,-0.01>\nmov oc, ft0\n",
    );
    let bin = path(&dir, "b.bin");
    let run = isa(&["asm", "agal", &src, "--type", "fragment", "--version", "1", "-o", &bin]);
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "{src}:1:23: warning: lod bias 1.3 is not a multiple of 1/8: the bias byte holds bias × 8, cut toward zero, so this writes 1.25\n\
             {src}:2:22: warning: lod bias -0.01 is not a multiple of 1/8: the bias byte holds bias × 8, cut toward zero, so this writes 0\n"
        )
    );
    let dis = isa(&["disasm", "agal", &bin]);
    assert_success(&dis);
    assert_eq!(
        dis.out(),
        "// AGAL program, 3 tokens; assemble with --type fragment --version 1\n\
         tex ft0, v0, fs0 <2d,nearest,mipnone,clamp,rgba,1.25>\n\
         tex ft1, v0, fs0 <2d,nearest,mipnone,clamp,rgba>\n\
         mov oc, ft0\n"
    );
}

#[test]
fn asm_usage_errors() {
    let dir = scratch("agal_usage");
    let src = write(&dir, "a.agal", "mov op, va0\n");
    for (args, needle) in [
        (vec!["--version", "1"], "needs --type vertex or --type fragment"),
        (vec!["--type", "vertex"], "needs --version 1, 2 or 3"),
        (
            vec!["--type", "vertex", "--version", "4"],
            "AGAL version 4 does not exist; it is 1, 2 or 3",
        ),
        (
            vec!["--type", "geometry", "--version", "1"],
            "invalid value 'geometry' for '--type <TYPE>'\n  [possible values: vertex, fragment]",
        ),
        (
            vec!["--type", "vertex", "--version", "1", "--raw"],
            "do not apply with --raw",
        ),
    ] {
        let mut all = vec!["asm", "agal", &src, "-o", "-"];
        all.extend(&args);
        let run = isa(&all);
        assert_eq!(run.code, Some(2), "{args:?}");
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, b"");
    }
    let run = isa(&["asm", "pica", &src, "--raw", "-o", "-", "--type", "vertex"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("do not apply to `pica`"), "{}", run.stderr);
}

fn header(version: u8, kind: u8) -> Vec<u8> {
    vec![0xA0, version, 0, 0, 0, 0xA1, kind]
}

#[test]
fn bad_binaries_name_the_byte_offset() {
    let dir = scratch("agal_bad_binaries");
    let good_token = {
        let mut t = vec![0u8; 24];
        t[4..8].copy_from_slice(&[0, 0, 0x0F, 3]);
        t[8..16].copy_from_slice(&[0, 0, 0, 0xE4, 0, 0, 0, 0]);
        t
    };
    let mut unknown = good_token.clone();
    unknown[0] = 0x23;
    let mut bad_type = good_token.clone();
    bad_type[12] = 9;
    let mut iid = good_token.clone();
    iid[12] = 7;
    let cases: Vec<(&str, Vec<u8>, String)> = vec![
        ("empty", vec![], "byte 0x0: the input is empty (no instructions)".into()),
        (
            "magic",
            vec![0xA1, 1, 0, 0, 0, 0xA1, 0],
            "byte 0x0: bad magic 0xa1".into(),
        ),
        ("short", vec![0xA0, 1], "byte 0x2: truncated header".into()),
        ("version", header(9, 0), "byte 0x1: bad version 9".into()),
        ("kind", header(1, 5), "byte 0x6: bad program type 5".into()),
        (
            "odd",
            [header(1, 0), good_token.clone(), vec![0; 10]].concat(),
            "byte 0x1f: truncated token".into(),
        ),
        (
            "opcode",
            [header(1, 0), good_token.clone(), unknown].concat(),
            "byte 0x1f: token 1: unknown opcode 0x23".into(),
        ),
        (
            "type",
            [header(1, 0), bad_type].concat(),
            "byte 0x13: token 0: source 1 register type: 9 is not".into(),
        ),
        (
            "iid",
            [header(2, 0), iid].concat(),
            "byte 0x13: token 0: source 1 register type: type 7 (iid".into(),
        ),
    ];
    for (name, bytes, needle) in cases {
        let bin = write(&dir, &format!("{name}.bin"), &bytes);
        for args in [vec!["disasm", "agal", &bin], vec!["decode", "agal", &bin, "--json"]] {
            let run = isa(&args);
            assert_eq!(run.code, Some(1), "{args:?}");
            assert!(
                run.stderr.starts_with(&format!("{bin}: {needle}")),
                "{args:?}: {}",
                run.stderr
            );
            assert_eq!(run.stderr.lines().count(), 1);
            assert_eq!(run.out(), "", "nothing on stdout");
        }
    }
}

/// Checks one JSON entry: offset, width and fields covering every bit once.
fn check_entry(entry: &Value, offset: usize, bits: usize) {
    assert_eq!(entry["offset"], Value::from(offset));
    assert_eq!(entry["bits"], Value::from(bits));
    assert!(entry["text"].is_string());
    let mut covered = vec![0u32; bits];
    for field in entry["fields"].as_array().expect("fields") {
        let name = field["name"].as_str().expect("name");
        let lo = field["lo"].as_u64().expect("lo") as usize;
        let width = field["width"].as_u64().expect("width") as usize;
        let raw = field["raw"].as_u64().expect("raw");
        assert!(field["value"].is_string(), "{name}");
        assert!(width > 0 && lo + width <= bits, "{name}: {lo}+{width}");
        assert!(width == 64 || raw >> width == 0, "{name}: raw {raw:#x}");
        for bit in &mut covered[lo..lo + width] {
            *bit += 1;
        }
    }
    assert_eq!(covered, vec![1; bits], "{entry}");
}

#[test]
fn decode_json_has_the_header_and_every_bit_once() {
    let dir = scratch("agal_decode_json");
    // The canonical text: the same bytes, without the source's warning.
    let src = write(&dir, "f.agal", FRAGMENT_CANONICAL);
    let bin = path(&dir, "f.bin");
    assert_success(&isa(&[
        "asm",
        "agal",
        &src,
        "--type",
        "fragment",
        "--version",
        "2",
        "-o",
        &bin,
    ]));
    let run = isa(&["decode", "agal", &bin, "--json"]);
    assert_success(&run);
    assert_eq!(run.out().lines().count(), 1);
    assert!(run
        .out()
        .starts_with(r#"{"isa":"agal","header":{"offset":0,"bits":56,"text":"agal fragment version 2","#));
    let json: Value = serde_json::from_slice(&run.stdout).expect("valid JSON");
    check_entry(&json["header"], 0, 56);
    let instructions = json["instructions"].as_array().expect("instructions");
    let lines: Vec<&str> = FRAGMENT_CANONICAL.lines().skip(1).collect();
    assert_eq!(instructions.len(), lines.len());
    for (i, (entry, line)) in instructions.iter().zip(&lines).enumerate() {
        check_entry(entry, 7 + 24 * i, 192);
        assert_eq!(entry["text"], *line, "the text is what disasm prints");
    }
    let first = &instructions[0]["fields"][0];
    assert_eq!(
        first.to_string(),
        r#"{"name":"opcode","lo":0,"width":32,"raw":40,"value":"tex"}"#
    );

    // Text tables: the header first, then each token.
    let run = isa(&["decode", "agal", &bin]);
    assert_success(&run);
    assert!(
        run.out()
            .starts_with("0x0000: 0x01a100000002a0  agal fragment version 2\n"),
        "{}",
        run.out()
    );
    assert!(run.out().contains("\n0x0007: 0x"), "{}", run.out());
}

#[test]
fn explain_a_token() {
    let run = isa(&["explain", "agal", "0x000000000000000000000000e4000001040f000000000000"]);
    assert_success(&run);
    let out = run.out();
    assert!(
        out.starts_with(
            "0x000000000000000000000000e4000001040f000000000000  mov v0.xyzw, va1.xyzw [va.x+0]\n  semantics: dst = src1\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("  dst.type       59..56    0x4                 v\n"),
        "{out}"
    );
    let run = isa(&["explain", "agal", &format!("0x1{}", "0".repeat(48))]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("does not fit in 192 bits"), "{}", run.stderr);
    // A token's top 64 bits (src2) show in the heading and in the error:
    // they were cut to the low 128 bits, which named another token.
    let token = "123456789abcdef0cd613e30d8f16adf91b7584a2265b1f5";
    let run = isa(&["explain", "agal", token]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.out().starts_with(&format!("0x{token}  (does not decode)\n")),
        "{}",
        run.out()
    );
    assert_eq!(
        run.stderr,
        format!("error: 0x{token}: no opcode matches the word's low 128 bits, 0xcd613e30d8f16adf91b7584a2265b1f5\n")
    );
    let run = isa(&["explain", "agal", "ffffffffffffffff00000000000000000000000000000000"]);
    assert!(
        run.out()
            .starts_with("0xffffffffffffffff00000000000000000000000000000000  "),
        "{}",
        run.out()
    );
}

fn corpus() -> Option<PathBuf> {
    isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "agal")
}

/// `disasm` of every corpus binary, then `asm` with the options that the
/// listing's first line names, gives back the same bytes.
#[test]
fn corpus_binaries_round_trip_through_the_cli() {
    let Some(root) = corpus() else { return };
    let dir = scratch("agal_corpus");
    let mut count = 0;
    for sub in ["bin", "src"] {
        for entry in std::fs::read_dir(root.join(sub)).unwrap() {
            let file = entry.unwrap().path();
            if file.extension().is_none_or(|e| e != "bin") {
                continue;
            }
            let bin = file.to_string_lossy().into_owned();
            let dis = isa(&["disasm", "agal", &bin]);
            assert_success(&dis);
            let out = dis.out();
            let first = out.lines().next().unwrap();
            let options = first
                .split("assemble with ")
                .nth(1)
                .expect("the first line names the options");
            let text = write(&dir, &format!("{count}.agal"), &out);
            let mut args = vec!["asm", "agal", &text, "-o", "-"];
            args.extend(options.split(' '));
            let again = isa(&args);
            assert_success(&again);
            assert_eq!(again.stdout, std::fs::read(&file).unwrap(), "{bin}");
            count += 1;
        }
    }
    assert_eq!(count, 107);
}

/// Every manifest row through `isa asm`: byte-identical, or (for the texts
/// with `ted` lines, all version 1) one positioned error per such line:
/// `ted` is AGAL2's.
#[test]
fn corpus_manifest_through_the_cli() {
    let Some(root) = corpus() else { return };
    let manifest = std::fs::read_to_string(root.join("src/MANIFEST.tsv")).unwrap();
    let mut identical = 0;
    for line in manifest.lines().skip(1).filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let src = root.join("src").join(cols[0]).to_string_lossy().into_owned();
        let mut args = vec!["asm", "agal", &src, "-o", "-", "--type", cols[1], "--version", cols[2]];
        if cols[3] == "ignorelimits" {
            args.push("--ignore-limits");
        }
        let run = isa(&args);
        let text = std::fs::read_to_string(&src).unwrap();
        let teds = text.lines().filter(|l| l.starts_with("ted ")).count();
        // Masks out of order or with a repeat (Instagal's mask tests) and
        // biases that are not in eighths (its bias test) give a warning each.
        let (warnings, errors): (Vec<&str>, Vec<&str>) = run.stderr.lines().partition(|l| l.contains(": warning: "));
        for l in warnings {
            assert!(l.starts_with(&format!("{src}:")), "{l}");
        }
        if teds == 0 {
            assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
            assert_eq!(errors, Vec::<&str>::new());
            let expected = root.join("src").join(cols[0].replace(".agal", ".expected.bin"));
            assert_eq!(run.stdout, std::fs::read(expected).unwrap(), "{src}");
            identical += 1;
        } else {
            assert_eq!(run.code, Some(1), "{src}");
            assert_eq!(errors.len(), teds, "{}", run.stderr);
            for l in errors {
                assert!(
                    l.starts_with(&format!("{src}:"))
                        && l.ends_with(":1: `ted` needs AGAL version 2 or later; this program is version 1"),
                    "{l}"
                );
            }
        }
    }
    assert_eq!(identical, 94);
}

/// Random AGAL binaries and texts through every command: exit code 0, 1 or
/// 2, no panic, and binaries that disassemble reassemble to the same bytes.
#[test]
fn random_input_never_panics() {
    const PIECES: &[&str] = &[
        "mov",
        "tex",
        "kil",
        "ife",
        "els",
        "m44",
        "ted",
        "op",
        "oc",
        "va0",
        "vc[va0.x+4]",
        "ft0.xyz",
        "fs0",
        "fc99",
        "v9",
        ",",
        " ",
        "<2d,linear>",
        "<bogus>",
        "<",
        ".token",
        "é",
        "//",
        "\r",
    ];
    let dir = scratch("agal_fuzz");
    let mut rng = Rng::new(0xA6A1_F022);
    for i in 0..200 {
        let mut bytes = header(1 + rng.below(3) as u8, rng.below(2) as u8);
        for _ in 0..rng.below(4) {
            let mut token = [0u8; 24];
            token[0] = rng.below(0x30) as u8;
            for b in token[4..].iter_mut() {
                *b = match rng.below(4) {
                    0 => rng.next() as u8,
                    1 => 0xE4,
                    _ => rng.below(8) as u8,
                };
            }
            bytes.extend(token);
        }
        if rng.below(8) == 0 {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
        }
        if rng.below(8) == 0 {
            bytes.truncate(rng.below(bytes.len() + 1));
        }
        let bin = write(&dir, &format!("{i}.bin"), &bytes);
        let dis = isa(&["disasm", "agal", &bin]);
        assert!(matches!(dis.code, Some(0 | 1)), "{bin}: {}", dis.stderr);
        assert!(!dis.stderr.contains("panicked"), "{}", dis.stderr);
        if dis.code == Some(0) {
            let text = write(&dir, &format!("{i}.agal"), dis.stdout.clone());
            let out = dis.out();
            let options = out
                .lines()
                .next()
                .unwrap()
                .split("assemble with ")
                .nth(1)
                .unwrap()
                .to_string();
            let mut args = vec!["asm", "agal", &text, "-o", "-"];
            args.extend(options.split(' '));
            let again = isa(&args);
            assert_success(&again);
            assert_eq!(again.stdout, bytes, "{bin}\n{out}");
        } else {
            assert!(dis.stderr.starts_with(&format!("{bin}: byte 0x")), "{}", dis.stderr);
        }
        let json = isa(&["decode", "agal", &bin, "--json"]);
        assert_eq!(json.code, dis.code, "{bin}");

        let mut text = String::new();
        for _ in 0..rng.below(5) {
            for _ in 0..rng.below(8) {
                text.push_str(PIECES[rng.below(PIECES.len())]);
                text.push(' ');
            }
            text.push('\n');
        }
        let src = write(&dir, &format!("{i}.txt"), &text);
        let kind = ["vertex", "fragment"][rng.below(2)];
        let asm = isa(&["asm", "agal", &src, "--type", kind, "--version", "2", "-o", "-"]);
        assert!(matches!(asm.code, Some(0 | 1)), "{src}: {}", asm.stderr);
        assert!(!asm.stderr.contains("panicked"), "{}", asm.stderr);
        for l in asm.stderr.lines() {
            assert!(l.starts_with(&format!("{src}:")), "{l}");
        }
    }
}

/// Assembles `text` in `dir` and returns the program's path.
fn assembled(dir: &Path, text: &str, kind: &str, version: &str) -> String {
    let src = write(dir, "p.agal", text);
    let bin = path(dir, "p.bin");
    assert_success(&isa(&[
        "asm",
        "agal",
        &src,
        "--type",
        kind,
        "--version",
        version,
        "-o",
        &bin,
    ]));
    bin
}

#[test]
fn lift_a_fragment_program_to_agsl() {
    let dir = scratch("agal-lift");
    let bin = assembled(
        &dir,
        "mul ft0.xy, v0.yx, fc1\nkil ft0.y\nmov oc, ft0\n",
        "fragment",
        "1",
    );
    let run = isa(&["lift", "agal", &bin, "--to", "agsl"]);
    assert_success(&run);
    let out = run.out();
    for line in [
        "uniform float4 fc[2];",
        "half4 main(float2 fragCoord) {",
        "    // mul ft0.xy, v0.yx, fc1",
        "    ft0.xy = v0.yx * fc[1].xy;",
        "    if (ft0.y < 0.0) {",
        "        return half4(0.0);",
        "    return half4(oc);",
    ] {
        assert!(out.lines().any(|l| l == line), "no `{line}` in\n{out}");
    }
    let agsl = path(&dir, "p.agsl");
    assert_success(&isa(&["lift", "agal", &bin, "--to", "agsl", "-o", &agsl]));
    assert_eq!(std::fs::read_to_string(&agsl).unwrap(), out);
}

#[test]
fn lift_errors_and_warnings_are_positioned() {
    let dir = scratch("agal-lift-errors");
    let vertex = assembled(&dir, "m44 op, va0, vc0\n", "vertex", "1");
    let run = isa(&["lift", "agal", &vertex, "--to", "agsl"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, b"");
    assert_eq!(
        run.stderr,
        format!(
            "{vertex}: byte 0x6: a vertex program: only fragment programs lift to AGSL, which has no vertex stage\n"
        )
    );

    let open = assembled(&dir, "ifl fc0.x, fc1.x\nmov oc, fc0\n", "fragment", "2");
    let run = isa(&["lift", "agal", &open, "--to", "agsl"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!("{open}: byte 0x7: warning: token 0: the program ends inside this if-block (no `eif`); it is closed at the end\n")
    );

    let bad = write(&dir, "bad.bin", [0xA0, 1, 0, 0, 0, 0xA1, 1, 0x99]);
    let run = isa(&["lift", "agal", &bad, "--to", "agsl"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.starts_with(&format!("{bad}: byte 0x7: truncated token")),
        "{}",
        run.stderr
    );

    let run = isa(&["lift", "pica", &bad, "--to", "agsl"]);
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "error: `pica` programs do not lift to agsl yet; `agal` fragment programs do\n"
    );
}
