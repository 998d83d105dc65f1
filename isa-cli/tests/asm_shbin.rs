//! `isa asm pica A.v.pica [B.g.pica …] -o out.shbin`: picasso sources to a
//! `.shbin`, errors as `file:line:col: message`.

mod common;

use common::{isa, scratch, write, Run};
use isa_pica::shbin::{ShaderKind, Shbin};
use pretty_assertions::assert_eq;

fn assert_success(run: &Run) {
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

const VERTEX: &str = "\
.fvec projection[4]
.out outpos position
.alias inpos v0
.entry vmain
.proc vmain
    dp4 outpos.x, projection[0], inpos
    dp4 outpos.y, projection[1], inpos
    call shared
    end
.end
";

const GEOMETRY: &str = "\
.gsh point c0
.out outpos position
.entry gmain
.proc gmain
    setemit 0
    mov outpos, v0
    emit
    end
.end
.proc shared
    nop
.end
";

#[test]
fn one_dvle_per_file_in_order() {
    let dir = scratch("asm_shbin_two_files");
    let v = write(&dir, "a.v.pica", VERTEX);
    let g = write(&dir, "b.g.pica", GEOMETRY);
    let out = dir.join("out.shbin").to_string_lossy().into_owned();
    assert_success(&isa(&["asm", "pica", &v, &g, "-o", &out]));
    let shbin = Shbin::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(shbin.dvles.len(), 2);
    assert_eq!(shbin.dvles[0].kind, ShaderKind::Vertex);
    assert_eq!(shbin.dvles[1].kind, ShaderKind::Geometry);
    assert_eq!((shbin.dvles[0].main, shbin.dvles[0].endmain), (0, 4));
    // `call shared` reaches the procedure of the second file.
    assert_eq!(shbin.code[2], 0x9000_2001); // call dst=8, num=1
}

#[test]
fn no_nop_leaves_out_the_padding_with_a_warning() {
    let dir = scratch("asm_shbin_no_nop");
    let src = write(&dir, "a.pica", ".proc main\n ifc cmp.x\n .end\n end\n.end\n");
    let with = isa(&["asm", "pica", &src, "-o", "-"]);
    let without = isa(&["asm", "pica", &src, "--no-nop", "-o", "-"]);
    assert_success(&with);
    // Without the NOP, a warning (as picasso's) says where it was needed.
    assert_eq!(without.code, Some(0), "stderr: {}", without.stderr);
    assert_eq!(
        without.stderr,
        format!(
            "{src}:3:2: warning: a padding NOP is needed before this `.end` (the flow-control errata); padding NOPs are off, so it is left out\n"
        )
    );
    let code = |run: &Run| Shbin::from_bytes(&run.stdout).unwrap().code;
    assert_eq!(code(&with), [0xa380_0800, 0x8400_0000, 0x8800_0000]); // ifc x dst=2, nop, end
    assert_eq!(code(&without), [0xa380_0400, 0x8800_0000]);
}

#[test]
fn errors_name_file_line_and_column_and_nothing_is_written() {
    let dir = scratch("asm_shbin_errors");
    let a = write(
        &dir,
        "a.pica",
        ".proc main\n    mov r0, c4[a0.x-1]\n    add r0\n    end\n.end\n",
    );
    let b = write(&dir, "b.pica", ".proc other\n    jmpc cmp.x, nowhere\n.end\n");
    let out = dir.join("out.shbin");
    let run = isa(&["asm", "pica", &a, &b, "-o", &out.to_string_lossy()]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, b"");
    assert_eq!(
        run.stderr,
        format!(
            "{a}:2:20: `[a0.x-1]`: an index register can only be followed by `+offset` (picasso would silently \
             drop it and the offset)\n\
             {a}:3:11: missing operand: expected `add DST, SRC1, SRC2`, found too few\n\
             {b}:2:17: label `nowhere` is not defined in this file\n"
        )
    );
    assert!(!out.exists());
}

#[test]
fn bad_utf8_is_reported_at_its_position() {
    let dir = scratch("asm_shbin_utf8");
    let src = write(&dir, "a.pica", b".proc main\n  mov r0, \xff\n.end\n");
    let run = isa(&["asm", "pica", &src, "-o", "-"]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stderr, format!("{src}:2:11: invalid UTF-8\n"));
}

#[test]
fn raw_mode_takes_one_file() {
    let dir = scratch("asm_shbin_raw");
    let a = write(&dir, "a.pica", "end\n");
    let run = isa(&["asm", "pica", &a, &a, "--raw", "-o", "-"]);
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stderr, "error: --raw takes exactly one input file\n");
    let run = isa(&["asm", "pica", &a, "--raw", "-o", "-"]);
    assert_success(&run);
    assert_eq!(run.stdout, 0x8800_0000u32.to_le_bytes());
    let run = isa(&["asm", "pica", "-o", "-"]);
    assert_eq!(run.code, Some(2));
}

#[test]
fn corpus_geometry_program_is_byte_identical() {
    let Some(corpus) = isa_runtime::check::corpus::dir(env!("CARGO_MANIFEST_DIR"), "pica") else {
        return;
    };
    let name = "3ds-examples__graphics_gpu_particles__particle";
    let v = corpus.join(format!("src/{name}.v.pica"));
    let g = corpus.join(format!("src/{name}.g.pica"));
    let run = isa(&["asm", "pica", &v.to_string_lossy(), &g.to_string_lossy(), "-o", "-"]);
    assert_success(&run);
    assert_eq!(
        run.stdout,
        std::fs::read(corpus.join(format!("shbin/{name}.shbin"))).unwrap()
    );
}

#[test]
fn a_write_mask_out_of_order_is_a_warning_and_the_file_is_written() {
    let dir = scratch("asm_shbin_mask_order");
    let src = write(&dir, "a.pica", ".proc main\n mov r0.zyx, v0\n end\n.end\n");
    let out = dir.join("a.shbin");
    let run = isa(&["asm", "pica", &src, "-o", &out.to_string_lossy()]);
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert_eq!(
        run.stderr,
        format!("{src}:2:6: warning: `r0.zyx` is not in x, y, z, w order: a write mask has no order, so this writes `.xyz`\n")
    );
    assert!(Shbin::from_bytes(&std::fs::read(&out).unwrap()).is_ok());
}
