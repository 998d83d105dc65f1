//! Every error is reported, once per bad line at least, at `file:line:col`.

mod asm_common;

use asm_common::{errors, errors_files, main, ok, text};
use isa_pica::asm::{assemble, Options, SourceFile};
use pretty_assertions::assert_eq;

#[test]
fn every_bad_line_is_reported_in_order() {
    let src = "\
.proc main
    mov r0, r1, r2
    add r0
    frob r0
    cmp r0, eq, xx, r1
    mova a3, r0
    setemit 3
    setemit 0, prim bogus
    ifu !b0
    .end
    callu b1
    jmpu !b0, 9lives
    for r0
    .end
    end
.end
";
    assert_eq!(
        errors(src),
        [
            "2:17: too many operands: expected `mov DST, SRC`",
            "3:11: missing operand: expected `add DST, SRC1, SRC2`, found too few",
            "4:5: unknown instruction `frob` (did you mean `for`?)",
            "5:17: invalid comparison `xx`: expected eq, ne, lt, le, gt or ge",
            "6:10: invalid mova destination `a3`: expected a0.x, a0.y or a0.xy",
            "7:13: invalid vertex id `3`: expected 0, 1 or 2",
            "8:21: unknown setemit flag `bogus`: expected prim or inv",
            "9:9: `ifu` cannot invert its condition (only jmpu can)",
            "11:13: missing operand: expected `callu BREG, PROC`, found too few",
            "12:15: invalid target `9lives`: expected a label or procedure name",
            "13:9: `r0` is r0: expected an integer uniform (i register)",
        ]
    );
}

#[test]
fn block_structure() {
    let src = "\
mov r0, r1
.else
.end
.proc main
    ifc cmp.x
    .else
    .else
    .end
    for i0
    .else
    .end
.end
.proc main
.end
.proc 2x
.end
.proc open
    ifu b0
";
    assert_eq!(
        errors(src),
        [
            "1:1: instruction outside a block: put it inside `.proc NAME` … `.end`",
            "2:1: `.else` outside an if block",
            "3:1: `.end` without an open block",
            "7:5: second `.else` in the same if block",
            "10:5: `.else` outside an if block",
            "13:7: procedure `main` is already defined",
            "15:7: invalid procedure name `2x`",
            "17:1: `.proc open` is never closed with `.end`",
            "18:5: this if block is never closed with `.end`",
        ]
    );
}

#[test]
fn labels_and_procedures() {
    let src = "\
.proc main
top: top: nop
    jmpc cmp.x, nowhere
    call missing
    callc cmp.y, missing2
1bad: nop
    end
.end
";
    assert_eq!(
        errors(src),
        [
            "2:6: duplicate label `top`",
            "3:17: label `nowhere` is not defined in this file",
            "4:10: procedure `missing` is not defined",
            "5:18: procedure `missing2` is not defined",
            "6:1: invalid label name `1bad`",
        ]
    );
    // Labels belong to their file; procedures are shared.
    let errs = errors_files(&[
        ".proc main\nhere: call lib\n end\n.end\n",
        ".nodvle\n.proc lib\n jmpc cmp.x, here\n.end\n",
    ]);
    assert_eq!(errs, ["f1.pica:3:14: label `here` is not defined in this file"]);
}

#[test]
fn entry_points_and_empty_programs() {
    assert_eq!(
        errors(".entry start\n.proc main\n end\n.end\n"),
        ["1:8: the entry point `start` is not a defined procedure"]
    );
    assert_eq!(
        errors(".fvec a\n"),
        ["1:1: this DVLE has no entry point: define `.proc main` or name another procedure with `.entry`"]
    );
    // An instruction makes a DVLE (as in picasso), which then needs `main`.
    assert_eq!(
        errors(".alias x r0\n.proc p\n nop\n.end\n"),
        ["3:1: this DVLE has no entry point: define `.proc main` or name another procedure with `.entry`"]
    );
    assert_eq!(
        errors(".alias x r0\n.proc p\n.end\n"),
        ["1:1: no DVLE: every file is empty, only defines aliases or procedures, or has `.nodvle`"]
    );
    assert_eq!(
        errors_files(&[]),
        ["<input>:1:1: no DVLE: every file is empty, only defines aliases or procedures, or has `.nodvle`"]
    );
}

#[test]
fn limits() {
    // 513 instructions fit a vertex shader (picasso checks before adding).
    let long = main(&"nop\n".repeat(513));
    let errs = errors(&long);
    assert_eq!(
        errs,
        ["516:5: vertex shader code is full: this would be instruction 514, and picasso's limit is 513"]
    );
    // A geometry shader has no such limit, but a procedure called must fit
    // call's 8-bit count.
    let big = format!(
        ".gsh\n.proc big\n{}.end\n.proc main\n call big\n end\n.end\n",
        "nop\n".repeat(300)
    );
    assert_eq!(errors(&big), ["305:7: `big` is 300 instructions long; at most 255 fit"]);
    let big_else = format!(
        ".gsh\n.proc main\n ifc cmp.x\n nop\n nop\n .else\n{} .end\n.end\n",
        "nop\n".repeat(256)
    );
    assert_eq!(
        errors(&big_else),
        ["263:2: the else branch is 256 instructions long; at most 255 fit"]
    );
    let deep = format!("{}\n", ".proc p\n".to_string() + &" ifc cmp.x\n".repeat(32));
    let errs = errors(&deep);
    assert!(
        errs.contains(&"33:2: too many nested blocks (the limit is 32)".to_string()),
        "{errs:?}"
    );
    // 129 different descriptors.
    let mut body = String::new();
    for i in 0..129 {
        let sw: String = (0..4).map(|k| ['x', 'y', 'z', 'w'][(i >> (2 * k)) & 3]).collect();
        let neg = if i < 64 { "" } else { "-" };
        body += &format!("mov r0, {neg}c0.{sw}\n");
    }
    let errs = errors(&main(&body));
    assert_eq!(errs, ["130:1: too many operand descriptors (the limit is 128)"]);
}

#[test]
fn positions_count_characters_and_follow_line_markers() {
    // Columns count characters, not bytes.
    assert_eq!(errors(&main("mov r0, ünknown")), ["2:9: invalid operand `ünknown`"]);
    assert_eq!(errors(&main("; é\nmov r0, é1")), ["3:9: invalid operand `é1`"]);
    // `# N "file"` (C preprocessor output) renames the following lines.
    let src = ".proc main\n# 40 \"shader.pica\"\n mov r0, bad\n# 7\n mov r0, bad2\n end\n.end\n";
    let errs = errors_files(&[src, ".proc x\n mov r0, bad3\n.end\n"]);
    assert_eq!(
        errs,
        [
            "f1.pica:2:10: unknown register or alias `bad3`",
            "shader.pica:7:10: unknown register or alias `bad2`",
            "shader.pica:40:10: unknown register or alias `bad`",
        ]
    );
}

#[test]
fn file_names_are_escaped_in_messages_and_line_marker_names_cut() {
    // A line marker's file name is input, and so is what a caller names a
    // file: neither reaches a message raw (ESC, a right-to-left override),
    // and a marker's name is cut after 40 characters, as quoted input is.
    let long = "n".repeat(50);
    let files = [
        SourceFile {
            name: "t\u{202e}.v.pica".into(),
            text: "# 1 \"\x1b[31m\"\n.layout nihstro\n.proc main\n foo\n.end\n".into(),
        },
        SourceFile {
            name: "t\u{202e}.g.pica".into(),
            text: format!(".layout picasso\n# 5 \"{long}\"\n.proc p\n bar\n.end\n"),
        },
    ];
    let errors: Vec<String> = assemble(&files, &Options::default())
        .expect_err("unknown instructions")
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errors,
        [
            "t\\u{202e}.v.pica:1:1: no DVLE: every file is empty, only defines aliases or procedures, or has `.nodvle`"
                .to_string(),
            "t\\u{202e}.g.pica:1:9: the layout is already nihstro (set on \\u{1b}[31m:1)".to_string(),
            "\\u{1b}[31m:3:2: unknown instruction `foo` (did you mean `for`?)".to_string(),
            format!(
                "{}…:6:2: unknown instruction `bar` (did you mean `flr`?)",
                "n".repeat(40)
            ),
        ]
    );
}

#[test]
fn line_endings_comments_and_spacing() {
    let s = ok("\u{feff}; comment\r\n.proc main ; c\r\n\tmov  r0 ,\tr1 ; x: y\r\nlbl:\r\n  end\r\n.end");
    assert_eq!(text(&s), ["mov r0, r1 (desc 0)", "end"]);
    // A trailing comma is accepted, as in picasso.
    let s = ok(&main("mov r0, r1,"));
    assert_eq!(text(&s)[0], "mov r0, r1 (desc 0)");
    assert_eq!(
        errors(&main("add r0,, r1")),
        ["2:8: missing operand before this `,`: expected `add DST, SRC1, SRC2`"]
    );
}

#[test]
fn a_failed_declaration_is_reported_once_not_at_every_use() {
    let src = "\
.constf k(1, 2, x, 4)
.fvec good, bad[0]
.alias al r99
.in 2in
.proc main
    mov r0, k
    mov r0, bad
    mov r0, al.x
    mov r0, good
    mov r0, typo
    end
.end
";
    assert_eq!(
        errors(src),
        [
            "1:17: invalid number `x`",
            "2:17: invalid uniform size `0`",
            "3:11: invalid register `r99`: r registers are r0–r15",
            "4:5: invalid input name `2in`",
            "10:13: unknown register or alias `typo`",
        ]
    );
}

#[test]
fn an_empty_operand_or_index_part_says_what_is_missing() {
    // `mov r0,, v0` said "too many operands"; `m[+1]` said "invalid index
    // register ``" (picasso: "invalid register: " and "invalid index register: ").
    let src = "\
.fvec m[4]
.proc main
    mov r0,, v0
    mov , r0
    mov r0, m[+1]
    mov r0, m[a0.x+]
    mov r0, m[foo+1]
    end
.end
";
    assert_eq!(
        errors(src),
        [
            "3:12: missing operand before this `,`: expected `mov DST, SRC`",
            "4:9: missing operand before this `,`: expected `mov DST, SRC`",
            "5:15: missing index register before `+` in `[+1]`: expected a0.x, a0.y or aL",
            "6:19: missing offset after `+` in `[a0.x+]`: expected a decimal number",
            "7:15: invalid index register `foo`: expected a0.x, a0.y or aL",
        ]
    );
}
