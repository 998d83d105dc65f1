//! Hostile input and hostile surroundings (issue 26): outputs written
//! atomically, an output that is an input, empty input, and messages that
//! echo input.

mod common;

use std::path::Path;
use std::process::Command;

use common::{isa, scratch, write};

/// The built binary.
const ISA: &str = env!("CARGO_BIN_EXE_isa");

/// Whether `bash` runs; tests that need it print why they skip.
fn have_bash() -> bool {
    let ok = Command::new("bash")
        .args(["-c", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("skipped: no `bash` to run `ulimit -f` with");
    }
    ok
}

/// A file-size limit that `asm` hits half way through its output leaves
/// the existing, larger output byte for byte as it was, and fails saying so.
#[test]
fn a_write_cut_short_by_ulimit_leaves_the_output_as_it_was() {
    if !have_bash() {
        return;
    }
    let dir = scratch("hostile_ulimit");
    // 300,000 words: 1.2 MB of output, over the 1 MiB limit below.
    let src = write(&dir, "big.pica", "nop\n".repeat(300_000));
    let precious: Vec<u8> = (0..3_000_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let out = write(&dir, "precious.bin", &precious);
    let script = "trap '' XFSZ; ulimit -f 1024; exec \"$0\" asm pica \"$1\" --raw -o \"$2\"";
    let run = Command::new("bash")
        .args(["-c", script, ISA, &src, &out])
        .output()
        .expect("bash runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_ne!(run.status.code(), Some(0), "stderr: {stderr}");
    assert!(
        stderr.contains("precious.bin: writing failed: ") && stderr.contains("the file is unchanged"),
        "{stderr}"
    );
    assert!(std::fs::read(&out).unwrap() == precious, "the output changed");
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");

    // Without the limit, the same command replaces it.
    let run = isa(&["asm", "pica", &src, "--raw", "-o", &out]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(std::fs::metadata(&out).unwrap().len(), 1_200_000);
}

/// A new output is created with the usual mode (0666 less the umask), an
/// existing one keeps its own, and `/dev/null` stays a device.
#[cfg(unix)]
#[test]
fn outputs_keep_their_mode_and_devices_are_written_in_place() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("hostile_modes");
    let src = write(&dir, "a.pica", "nop\nend\n");
    let fresh = dir.join("fresh.bin");
    assert_eq!(
        isa(&["asm", "pica", &src, "--raw", "-o", fresh.to_str().unwrap()]).code,
        Some(0)
    );
    let probe = write(&dir, "probe", "");
    let usual = std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777;
    assert_eq!(std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777, usual);

    let kept = write(&dir, "kept.bin", "old");
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(isa(&["asm", "pica", &src, "--raw", "-o", &kept]).code, Some(0));
    assert_eq!(std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777, 0o640);
    assert_eq!(std::fs::read(&kept).unwrap().len(), 8);

    // Through a symlink: the file it names is replaced, the link stays.
    let link = dir.join("link.bin");
    std::os::unix::fs::symlink("kept.bin", &link).unwrap();
    let long = write(&dir, "b.pica", "nop\nnop\nend\n");
    assert_eq!(
        isa(&["asm", "pica", &long, "--raw", "-o", link.to_str().unwrap()]).code,
        Some(0)
    );
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(&kept).unwrap().len(), 12);

    let run = isa(&["asm", "pica", &src, "--raw", "-o", "/dev/null"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
}

/// `-o` naming an input (the same path, another spelling, a link) is
/// refused before anything runs, naming both paths; the input is intact.
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = scratch("hostile_same_file");
    let text = "nop\nend\n";
    let src = write(&dir, "x.pica", text);
    let run = isa(&["asm", "pica", &src, "--raw", "-o", &src]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "error: the output `{src}` is the input `{src}`: writing it would destroy the input; choose another -o\n"
        )
    );
    assert_eq!(std::fs::read_to_string(&src).unwrap(), text);

    // Another spelling of the same file, among several inputs (picasso
    // syntax, one DVLE per file).
    let other = write(&dir, "y.pica", ".proc main\n\tend\n.end\n");
    let spelled = format!("{}/./x.pica", dir.display());
    let run = isa(&["asm", "pica", &other, &src, "-o", &spelled]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("`{spelled}` is the input `{src}`")),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&src).unwrap(), text);

    #[cfg(unix)]
    {
        let link = dir.join("hard.pica");
        std::fs::hard_link(&src, &link).unwrap();
        let run = isa(&["asm", "pica", &src, "--raw", "-o", link.to_str().unwrap()]);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
    }

    // `lift` too.
    let program: &[u8] = &[0xa0, 1, 0, 0, 0, 0xa1, 1];
    let bin = write(&dir, "in.bin", program);
    let run = isa(&["lift", "agal", &bin, "--to", "agsl", "-o", &bin]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("the output `{bin}` is the input `{bin}`")),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read(&bin).unwrap(), program);

    // A different file is fine.
    let out = dir.join("out.bin");
    assert_eq!(
        isa(&["asm", "pica", &src, "--raw", "-o", out.to_str().unwrap()]).code,
        Some(0)
    );
    assert!(Path::new(&out).exists());
}

/// What an empty input is given as.
#[derive(Clone, Copy, Debug)]
enum Empty {
    /// A file of no bytes.
    File,
    /// A file of blanks and newlines: empty as text, not as a binary.
    Blanks,
    /// `-`, with stdin closed (`<&-`).
    ClosedStdin,
    /// `-`, with stdin at its end at once (`< /dev/null`).
    Stdin,
}

/// One command of the empty-input matrix: its words before the file, the
/// options after it, and whether it reads text (else a binary).
struct Mode {
    words: &'static [&'static str],
    options: &'static [&'static str],
    text: bool,
}

/// Runs `isa ARGS` with stdin closed (through bash's `<&-`), or `None`
/// without bash.
fn isa_stdin_closed(args: &[String]) -> Option<common::Run> {
    if !have_bash() {
        return None;
    }
    let output = Command::new("bash")
        .arg("-c")
        .arg("exec \"$@\" <&-")
        .arg("bash")
        .arg(ISA)
        .args(args)
        .output()
        .expect("bash runs");
    Some(common::Run {
        code: output.status.code(),
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}

/// One policy for empty input, for every ISA and mode: an error at line 1,
/// column 1 (text) or byte 0 (binary) saying the input (or stdin) is empty,
/// unless `--allow-empty`, which gives an empty output (an AGAL program:
/// its 7-byte header alone; `decode --json`: no instructions).
#[test]
fn empty_input_is_one_error_everywhere_unless_allowed() {
    let dir = scratch("hostile_empty");
    let empty = write(&dir, "empty.txt", "");
    let blanks = write(&dir, "blanks.txt", "  \n\t\n\n");
    let header_opts: &[&str] = &["--type", "fragment", "--version", "1"];
    let mut checked = 0;
    for name in ["pica", "agal", "lima-pp", "lima-gp", "ir3"] {
        let asm_options = if name == "agal" { header_opts } else { &[] };
        let mut modes = vec![
            Mode {
                words: &["asm"],
                options: asm_options,
                text: true,
            },
            Mode {
                words: &["disasm"],
                options: &[],
                text: false,
            },
            Mode {
                words: &["decode"],
                options: &["--json"],
                text: false,
            },
        ];
        if name != "lima-pp" {
            modes.push(Mode {
                words: &["asm"],
                options: &["--raw"],
                text: true,
            });
        }
        for mode in &modes {
            let asm = mode.words == ["asm"];
            let out = dir.join(format!("{name}-{}.out", mode.options.join("")));
            for case in [Empty::File, Empty::Blanks, Empty::ClosedStdin, Empty::Stdin] {
                let _ = std::fs::remove_file(&out);
                let file = match case {
                    Empty::File => empty.clone(),
                    Empty::Blanks => blanks.clone(),
                    Empty::ClosedStdin | Empty::Stdin => "-".to_string(),
                };
                let mut args: Vec<String> = mode.words.iter().map(|w| w.to_string()).collect();
                args.push(name.into());
                args.push(file.clone());
                args.extend(mode.options.iter().map(|o| o.to_string()));
                if asm {
                    args.extend(["-o".to_string(), out.to_string_lossy().into_owned()]);
                }
                let what = format!("isa {}", args.join(" "));
                let run = match case {
                    Empty::ClosedStdin => match isa_stdin_closed(&args) {
                        Some(run) => run,
                        None => continue,
                    },
                    _ => isa(&args),
                };
                checked += 1;
                assert_eq!(run.code, Some(1), "{what} ({case:?}): {}", run.stderr);
                assert!(run.stdout.is_empty(), "{what} ({case:?})");
                assert!(!out.exists(), "{what} ({case:?}) wrote its output");
                if let (Empty::Blanks, false) = (case, mode.text) {
                    // Six bytes of a binary: not empty, but not a program.
                    assert!(
                        run.stderr.starts_with(&format!("{blanks}: byte 0x")),
                        "{what}: {}",
                        run.stderr
                    );
                    assert!(!run.stderr.contains("is empty"), "{what}: {}", run.stderr);
                    continue;
                }
                let (name_shown, what_is_empty) = match case {
                    Empty::File => (empty.as_str(), "the input is empty (no instructions)"),
                    Empty::Blanks => (blanks.as_str(), "the input is empty (no instructions)"),
                    // Closed is told apart from empty on Linux only.
                    Empty::ClosedStdin if cfg!(target_os = "linux") => ("<stdin>", "stdin is closed (no input)"),
                    Empty::ClosedStdin | Empty::Stdin => ("<stdin>", "stdin is empty (no instructions)"),
                };
                let place = if mode.text { ":1:1:" } else { ": byte 0x0:" };
                assert_eq!(
                    run.stderr,
                    format!("{name_shown}{place} {what_is_empty}; pass --allow-empty to accept it\n"),
                    "{what} ({case:?})"
                );

                // --allow-empty: exit 0 and an empty output.
                args.insert(2, "--allow-empty".into());
                let run = match case {
                    Empty::ClosedStdin => isa_stdin_closed(&args).expect("bash ran before"),
                    _ => isa(&args),
                };
                assert_eq!(run.code, Some(0), "{what} --allow-empty ({case:?}): {}", run.stderr);
                assert_eq!(run.stderr, "", "{what} --allow-empty ({case:?})");
                if asm {
                    let bytes = std::fs::read(&out).expect("the output is written");
                    let want: &[u8] = match (name, mode.options) {
                        // An AGAL program is its header: magic, version 1, fragment.
                        ("agal", [_, _, _, _]) => &[0xa0, 1, 0, 0, 0, 0xa1, 1],
                        _ => &[],
                    };
                    assert_eq!(bytes, want, "{what} --allow-empty ({case:?})");
                } else if mode.options == ["--json"] {
                    let value: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON");
                    assert_eq!(value["instructions"], serde_json::json!([]), "{what} --allow-empty");
                } else {
                    assert!(run.stdout.is_empty(), "{what} --allow-empty ({case:?})");
                }
            }
        }
    }
    assert!(checked >= 4 * 4 * 3, "only {checked} runs");
}

/// A container of no instructions (an AGAL header alone) is an empty
/// program too: `disasm` and `decode` refuse it unless `--allow-empty`,
/// `lift` refuses it, and so an empty file.
#[test]
fn a_header_alone_is_an_empty_program() {
    let dir = scratch("hostile_header_alone");
    let bin = write(&dir, "header.bin", [0xa0, 2, 0, 0, 0, 0xa1, 1]);
    for args in [vec!["disasm", "agal", &bin], vec!["decode", "agal", &bin, "--json"]] {
        let run = isa(&args);
        assert_eq!(run.code, Some(1), "{args:?}");
        assert_eq!(
            run.stderr,
            format!("{bin}: byte 0x0: the AGAL program is empty (no instructions); pass --allow-empty to accept it\n")
        );
    }
    let run = isa(&["disasm", "agal", &bin, "--allow-empty"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.out(),
        "// AGAL program, 0 tokens; assemble with --type fragment --version 2\n"
    );

    let run = isa(&["lift", "agal", &bin, "--to", "agsl"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!("{bin}: byte 0x0: the AGAL program is empty (no instructions)\n")
    );
    let empty = write(&dir, "empty.bin", "");
    let run = isa(&["lift", "agal", &empty, "--to", "agsl"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!("{empty}: byte 0x0: the input is empty (no instructions)\n")
    );
}

/// A PICA source of comments alone, among others, is an empty input: each
/// is named, and none is silently left out of the `.shbin`.
#[test]
fn a_pica_file_of_comments_alone_is_empty() {
    let dir = scratch("hostile_pica_comments");
    let real = write(&dir, "real.pica", ".proc main\n\tend\n.end\n");
    let comments = write(&dir, "comments.pica", "; nothing here\n\n   ; still nothing\n");
    let out = dir.join("out.shbin");
    let run = isa(&["asm", "pica", &real, &comments, "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!("{comments}:1:1: the input is empty (no instructions); pass --allow-empty to accept it\n")
    );
    assert!(!out.exists());
    let run = isa(&[
        "asm",
        "pica",
        &real,
        &comments,
        "-o",
        out.to_str().unwrap(),
        "--allow-empty",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let dis = isa(&["disasm", "pica", out.to_str().unwrap()]);
    assert!(
        dis.out().starts_with("; 1 DVLE(s), 1 instruction word(s)"),
        "{}",
        dis.out()
    );
}

/// `-` twice would read stdin twice, the second time empty: refused.
#[test]
fn stdin_named_twice_is_refused() {
    let run = isa(&["asm", "pica", "-", "-", "-o", "-"]);
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "error: `-` (stdin) is named 2 times, but stdin can be read only once\n"
    );
}

/// `--help` says what `--allow-empty` does.
#[test]
fn help_tells_of_allow_empty() {
    for command in ["asm", "disasm", "decode"] {
        let run = isa(&[command, "--help"]);
        assert_eq!(run.code, Some(0));
        assert!(run.out().contains("--allow-empty"), "{command}: {}", run.out());
        assert!(run.out().contains("Accept"), "{command}: {}", run.out());
    }
}

/// Messages that quote input escape control characters and cut long
/// tokens: no input puts a terminal escape, a NUL or a megabyte on stderr.
#[test]
fn messages_escape_and_cut_what_they_quote() {
    let dir = scratch("hostile_messages");
    let esc = "\u{1b}[2J\u{0}";
    let huge = "z".repeat(1 << 20);
    let digits = "9".repeat(1 << 20);
    // Lines with `{T}` where a token goes, per `asm` command.
    let cases: &[(&str, &[&str], &[&str])] = &[
        (
            "pica",
            &[],
            &[
                ".proc main\n\t{T}\n.end\n",
                ".proc main\n\tmov {T}, r0\n.end\n",
                ".proc main\n\tmov r0, c[{T}]\n.end\n",
                ".proc {T}\n",
                ".constf k({T}, 1, 2, 3)\n",
                ".proc main\n\tcall {T}\n.end\n",
            ],
        ),
        (
            "pica",
            &["--raw"],
            &[
                "{T}\n",
                "add {T}, v0, v1 (desc 0)\n",
                ".word {T}\n",
                "add r1, v0, v1 (desc {T})\n",
            ],
        ),
        (
            "agal",
            &["--type", "fragment", "--version", "2"],
            &[
                "{T}\n",
                "mov {T}, ft0\n",
                "tex ft0, v0, fs0 <{T}>\n",
                "mov ft0, fc[va0.x+{T}]\n",
            ],
        ),
        (
            "lima-pp",
            &[],
            &["{T}\n", "mov.v1 $0 {T}\n", "mov.v1 $0 $1 {T}\n", "branch {T}\n"],
        ),
        ("lima-gp", &[], &["000: {T}\n", "000:\tadd.a0 ^0 {T} $0.x\n"]),
        ("lima-gp", &["--raw"], &["{T}\n", "acc.add {T} a.x a.x a.x\n"]),
        (
            "ir3",
            &[],
            &["{T}\n", "br p0.{T}, #1\n", "nop {raw immed={T}}\n", "raw {T}\n"],
        ),
        (
            "ir3",
            &["--raw", "--gen", "6"],
            &["{T}\n", "getlast {T} #1\n", "br p0.x, #{T}\n"],
        ),
    ];
    let src = dir.join("in.txt");
    let src = src.to_str().unwrap();
    let mut runs = 0;
    for (name, options, lines) in cases {
        for line in *lines {
            for token in [esc, &huge, &digits, &format!("{esc}{huge}")] {
                std::fs::write(src, line.replace("{T}", token)).unwrap();
                let mut args = vec!["asm", name, src, "-o", "-"];
                args.extend(*options);
                let run = isa(&args);
                runs += 1;
                let what = format!(
                    "asm {name} {options:?} {:?}",
                    line.replace("{T}", &token[..token.len().min(8)])
                );
                assert_eq!(run.code, Some(1), "{what}: {}", run.stderr);
                assert!(
                    !run.stderr.contains(['\u{1b}', '\u{0}']),
                    "{what}: a control character: {:?}",
                    run.stderr
                );
                for message in run.stderr.lines() {
                    assert!(
                        message.len() < 400,
                        "{what}: {} bytes: {:.200}…",
                        message.len(),
                        message
                    );
                }
                if token == esc {
                    assert!(run.stderr.contains("\\u{1b}"), "{what}: {}", run.stderr);
                }
            }
        }
    }
    assert!(runs >= 80);
    std::fs::write(src, format!("{huge}\n")).unwrap();
    let run = isa(&["asm", "pica", src, "--raw", "-o", "-"]);
    assert_eq!(
        run.stderr,
        format!("{src}:1:1: unknown mnemonic `{}…`\n", "z".repeat(40))
    );

    // Words given to `explain` too.
    let run = isa(&["explain", "pica", "12\u{1b}[2J"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stderr, "error: word `12\\u{1b}[2J`: `\\u{1b}` is not a hex digit\n");
}

/// Lima PP registers past `$15` are named as such, with the registers that
/// exist (from the spec's `Vec4Reg`), wherever they stand; `$16` no longer
/// reads as `$1` followed by `6`.
#[test]
fn lima_pp_registers_out_of_range_say_so() {
    let dir = scratch("hostile_lima_pp_registers");
    let exist = "the registers are `$0` to `$15`; as sources, `$12` to `$15` are written `^const0`, \
                 `^const1`, `^texture` and `^uniform`";
    for (line, col, reg) in [
        (
            "mov.v1 $16 ^const0, const0 1.000000 1.000000 1.000000 1.000000, stop",
            8,
            "$16",
        ),
        (
            "mov.v1 $99.x ^const0, const0 1.000000 1.000000 1.000000 1.000000, stop",
            8,
            "$99",
        ),
        // Once assembled silently as `$1` with a raw `arg1_source=6`.
        ("mov.v1 $1 $16, stop", 11, "$16"),
        ("mov.s1 $1.x $99.x, stop", 13, "$99"),
        ("load.v $16 0.xy, stop", 8, "$16"),
    ] {
        let src = write(&dir, "r.txt", format!("{line}\n"));
        let run = isa(&["asm", "lima-pp", &src, "-o", "-"]);
        assert_eq!(run.code, Some(1), "{line}");
        assert_eq!(
            run.stderr,
            format!("{src}:1:{col}: register `{reg}` does not exist: {exist}\n"),
            "{line}"
        );
    }
    // `$12` exists but a source spells it `^const0`: the error names the
    // whole register and lists the sources (was ``found `$` ``).
    let src = write(&dir, "s.txt", "mov.v0 $0 $12.x, stop\n");
    let run = isa(&["asm", "lima-pp", &src, "-o", "-"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.starts_with(&format!("{src}:1:11: expected one of $0, $1, ")),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .ends_with("^const0, ^const1, ^texture, ^uniform for `arg0_source`, found `$12`\n"),
        "{}",
        run.stderr
    );
    // In range, as before.
    let src = write(&dir, "ok.txt", "mov.v1 $15 $11, stop\n");
    assert_eq!(isa(&["asm", "lima-pp", &src, "-o", "-"]).code, Some(0));
}

/// A `.shbin` table that does not fit names the header field at fault and
/// its offset: the offset field (reported there) when the table starts
/// past the end of the file, else the count, at the table's start.
#[test]
fn shbin_tables_that_do_not_fit_name_the_header_field() {
    let dir = scratch("hostile_shbin_fields");
    let src = write(&dir, "a.pica", ".proc main\n\tmov r0, v0\n\tend\n.end\n");
    let good = dir.join("a.shbin");
    assert_eq!(isa(&["asm", "pica", &src, "-o", good.to_str().unwrap()]).code, Some(0));
    let bytes = std::fs::read(&good).unwrap();
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let dvle = u32_at(8);
    let len = bytes.len();
    let patched = |at: usize, value: u32| {
        let mut b = bytes.clone();
        b[at..at + 4].copy_from_slice(&value.to_le_bytes());
        b
    };
    // DVLE 0's label table: offset at +0x20, count at +0x24 (16-byte entries).
    let label_offset = dvle + 0x20;
    let cases = [
        (
            patched(label_offset, 0x10000),
            format!(
                "byte {label_offset:#x}: DVLE 0's label table offset is 0x10000 (the u32 at {label_offset:#x}), \
                 which puts the label table at {:#x}, past the end of the file ({len} bytes)",
                dvle + 0x10000
            ),
        ),
        (
            patched(label_offset + 4, 4096),
            format!(
                "byte {:#x}: the label table of 4096 entries of 16 bytes (DVLE 0's label count, the u32 at {:#x}) \
                 needs 65536 bytes at {:#x}, but the file is {len} bytes",
                dvle + u32_at(label_offset),
                label_offset + 4,
                dvle + u32_at(label_offset)
            ),
        ),
        (
            patched(4, 4096),
            format!(
                "byte 0x8: the DVLE offset table of 4096 entries of 4 bytes (the DVLE count, the u32 at 0x4) needs \
                 16384 bytes at 0x8, but the file is {len} bytes"
            ),
        ),
    ];
    for (i, (file, message)) in cases.into_iter().enumerate() {
        let bin = write(&dir, &format!("{i}.shbin"), file);
        let run = isa(&["disasm", "pica", &bin]);
        assert_eq!(run.code, Some(1));
        assert_eq!(run.stderr, format!("{bin}: {message}\n"));
    }
}

/// `lift` names a register once, as the token's text does: a token kept as
/// a `.token` line (`vt65280`) is not called `ft65280` in the message.
#[test]
fn lift_names_a_register_as_the_token_text_does() {
    let dir = scratch("hostile_lift_names");
    let src = write(&dir, "d.agal", "ddx ft0, ft1\nmov oc, ft0\n");
    let bin = dir.join("d.bin");
    let run = isa(&[
        "asm",
        "agal",
        &src,
        "--type",
        "fragment",
        "--version",
        "2",
        "-o",
        bin.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut bytes = std::fs::read(&bin).unwrap();
    // Token 0's destination number (the u16 at byte 7 + 4): 65280.
    bytes[11..13].copy_from_slice(&65280u16.to_le_bytes());
    let bin = write(&dir, "far.bin", &bytes);
    let run = isa(&["lift", "agal", &bin, "--to", "agsl"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        format!(
            "{bin}: byte 0x7: token 0 (`.token ddx vt65280.xyzw, vt1.xyzw [va.x+0]`): `vt65280` is beyond the \
             highest register number the assembler accepts (vt1024)\n"
        )
    );
}

/// An input that never ends (`/dev/zero`, as a file and as stdin) is
/// refused once it passes 1 GiB, at the byte past the limit, instead of
/// being read until the machine's memory runs out.
#[test]
fn an_endless_input_is_refused_at_one_gib() {
    let zero = Path::new("/dev/zero");
    if !zero.exists() {
        eprintln!("skipped: no /dev/zero to read forever from");
        return;
    }
    let expected = |name: &str| {
        format!("{name}: byte 0x40000000: the input goes on past 1073741824 bytes (1 GiB), the most `isa` reads\n")
    };
    let run = isa(&["disasm", "pica", "--raw", "/dev/zero"]);
    assert_eq!(run.code, Some(1));
    pretty_assertions::assert_eq!(run.stderr, expected("/dev/zero"));
    assert!(run.stdout.is_empty());
    let run = Command::new(ISA)
        .args(["decode", "agal", "-"])
        .stdin(std::fs::File::open(zero).expect("/dev/zero opens"))
        .output()
        .expect("isa runs");
    assert_eq!(run.status.code(), Some(1));
    pretty_assertions::assert_eq!(String::from_utf8_lossy(&run.stderr), expected("<stdin>"));
}

/// File names in messages are escaped as quoted input is: a name holding
/// ESC, a tab or a right-to-left override reaches no terminal raw, for an
/// input, an output and an output that is the input.
#[test]
fn file_names_in_messages_are_escaped() {
    let dir = scratch("hostile_names");
    let odd = "a\u{1b}[2J\tb\u{202e}.pica";
    let shown = "a\\u{1b}[2J\\tb\\u{202e}.pica";
    let missing = dir.join(odd);
    let run = isa(&[
        std::ffi::OsStr::new("disasm"),
        "pica".as_ref(),
        "--raw".as_ref(),
        missing.as_os_str(),
    ]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains(&format!("{shown}: No such file or directory")),
        "{:?}",
        run.stderr
    );
    let mut stderrs = vec![run.stderr];
    let out = dir.join(odd).join("out.bin");
    let src = write(&dir, "n.pica", "nop\n");
    let run = isa(&[
        std::ffi::OsStr::new("asm"),
        "pica".as_ref(),
        src.as_ref(),
        "--raw".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr
            .contains(&format!("{shown}/out.bin: cannot create a temporary file in ")),
        "{:?}",
        run.stderr
    );
    stderrs.push(run.stderr);
    let both = write(&dir, odd, "nop\n");
    let run = isa(&["asm", "pica", &both, "--raw", "-o", &both]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains(&format!("the output `{}", dir.join(shown).display())),
        "{:?}",
        run.stderr
    );
    stderrs.push(run.stderr);
    for stderr in stderrs {
        assert!(!stderr.contains(['\u{1b}', '\t', '\u{202e}']), "{stderr:?}");
    }
}

/// A file name that a `# N "file"` line marker gives is input: warnings and
/// errors print it escaped, and a long one cut, as they print quoted input.
#[test]
fn line_marker_file_names_are_escaped_and_cut() {
    let dir = scratch("hostile_line_markers");
    let long = "n".repeat(50);
    let text = format!("# 1 \"\u{1b}[2J\u{202e}\"\n.proc main\n mov r0.yx, v0\n# 9 \"{long}\"\n foo\n end\n.end\n");
    let src = write(&dir, "m.pica", text);
    let run = isa(&["asm", "pica", &src, "-o", "-"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    pretty_assertions::assert_eq!(
        run.stderr,
        format!(
            "\\u{{1b}}[2J\\u{{202e}}:2:6: warning: `r0.yx` is not in x, y, z, w order: a write mask has no order, \
             so this writes `.xy`\n{}…:9:2: unknown instruction `foo` (did you mean `for`?)\n",
            "n".repeat(40)
        )
    );
}
