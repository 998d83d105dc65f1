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
