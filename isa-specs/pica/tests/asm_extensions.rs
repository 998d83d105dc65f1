//! isaforge's own directives: `.word`, `.dvle`, `.nopad`, `.layout`,
//! `.dvle_override`, `.raw_*`.

mod asm_common;

use asm_common::{errors, errors_files, main, ok, ok_files, text};
use isa_pica::shbin::{Constant, Layout, OpdescEntry, Output, ShaderKind, Shbin, Uniform};
use pretty_assertions::assert_eq;

#[test]
fn word_is_emitted_verbatim_and_never_rewritten() {
    let s = ok(&main("mov r0, c1.y\n .word 0x4000_0000\n .word 0b1\n .word 4294967295"));
    assert_eq!(s.code[..4], [0x4e02_1000, 0x4000_0000, 1, 0xFFFF_FFFF]);
    // A .word opcode counts for padding like the instruction it spells.
    let s = ok(".proc main\n .word 0xb0000000\n.end\n");
    assert_eq!(text(&s), ["jmpc or, x=0, y=0, dst=0, num=0", "nop"]);
    // And it may stand outside a procedure.
    let s = ok(&format!(".word 7\n{}", main("nop")));
    assert_eq!(s.code[0], 7);
    assert_eq!(s.dvles[0].main, 1);
}

#[test]
fn dvle_starts_a_new_dvle_as_a_new_file_would() {
    let one_text = ".fvec a\n.alias x r1\n.proc main\n mov x, a\n end\n.end\n.dvle\n.fvec b, a\n.gsh\n\
                    .entry g\n.proc g\n mov r2, b\n end\n.end\n";
    let two_files = ok_files(&[
        ".fvec a\n.alias x r1\n.proc main\n mov x, a\n end\n.end\n",
        ".fvec b, a\n.gsh\n.entry g\n.proc g\n mov r2, b\n end\n.end\n",
    ]);
    assert_eq!(ok(one_text), two_files);
    // Aliases and labels end with the section.
    let errs = errors(".alias x r1\n.proc main\n end\n.end\n.dvle\n.proc g\n mov x, r0\n end\n.end\n");
    assert_eq!(errs, ["7:6: unknown register or alias `x`"]);
}

#[test]
fn nopad_turns_off_the_padding_of_the_next_close_only() {
    // picasso pads a procedure that ends in a call …
    let padded = ok(".proc f\n nop\n.end\n.proc main\n call f\n.end\n");
    assert_eq!(text(&padded), ["nop", "call dst=0, num=1", "nop"]);
    // … `.nopad` before its `.end` keeps the call last.
    let s = ok(".proc f\n nop\n.end\n.proc main\n call f\n .nopad\n.end\n");
    assert_eq!(text(&s), ["nop", "call dst=0, num=1"]);
    // It holds for one close: here the `.else`, not the `.end` after it.
    let s = ok(&main(
        " ifu b0\n  call f\n  .nopad\n .else\n  call f\n .end\n nop\n.end\n.proc f\n nop",
    ));
    let ops: Vec<String> = text(&s)
        .iter()
        .map(|t| t.split(' ').next().unwrap_or("").to_owned())
        .collect();
    assert_eq!(ops, ["ifu", "call", "call", "nop", "nop", "nop", "end"]);
    // Where nothing would be padded it changes nothing.
    assert_eq!(ok(&main(" mov r0, r1\n .nopad")), ok(&main(" mov r0, r1")));
    // Nor does it reach into the next file (or `.dvle` section).
    let padded = ok_files(&[".proc f\n nop\n.end\n", ".proc main\n call f\n.end\n"]);
    let after_stray = ok_files(&[".proc f\n nop\n.end\n.nopad\n", ".proc main\n call f\n.end\n"]);
    assert_eq!(text(&after_stray), text(&padded));
    assert_eq!(text(&padded).last().map(String::as_str), Some("nop"));
    let sections = ok(".proc f\n nop\n.end\n.nopad\n.dvle\n.proc main\n call f\n.end\n");
    assert_eq!(text(&sections), text(&padded));
}

#[test]
fn layout() {
    assert_eq!(ok(&main("nop")).layout, Layout::Picasso);
    assert_eq!(ok(&format!(".layout nihstro\n{}", main("nop"))).layout, Layout::Nihstro);
    assert_eq!(ok(&format!(".LAYOUT Picasso\n{}", main("nop"))).layout, Layout::Picasso);
    assert_eq!(
        errors(&format!(".layout gcc\n{}", main("nop"))),
        ["1:9: unknown layout `gcc`: expected picasso or nihstro"]
    );
}

#[test]
fn dvle_override_sets_header_fields_after_assembly() {
    let s = ok(&format!(
        ".dvle_override version 0\n.dvle_override kind 7\n.dvle_override merge_outmaps 1\n.dvle_override main 0x10\n\
         .dvle_override endmain 0x20\n.dvle_override input_mask 0xffff\n.dvle_override output_mask 3\n\
         .dvle_override gsh_mode 2\n.dvle_override gsh_fixed_start 4\n.dvle_override gsh_variable_count 5\n\
         .dvle_override GSH_FIXED_COUNT 6\n.in a\n{}",
        main("nop")
    ));
    let d = &s.dvles[0];
    assert_eq!(
        (
            d.version,
            d.kind,
            d.merge_outmaps,
            d.main,
            d.endmain,
            d.input_mask,
            d.output_mask
        ),
        (0, ShaderKind::Other(7), 1, 0x10, 0x20, 0xffff, 3)
    );
    assert_eq!(
        (d.gsh_mode, d.gsh_fixed_start, d.gsh_variable_count, d.gsh_fixed_count),
        (2, 4, 5, 6)
    );
    // With main and endmain both given, no entry procedure is needed.
    let s = ok(".dvle_override main 0\n.dvle_override endmain 1\n.proc other\n nop\n.end\n");
    assert_eq!((s.dvles[0].main, s.dvles[0].endmain), (0, 1));
    assert_eq!(
        errors(".dvle_override kind 256\n.dvle_override bogus 1\n.dvle_override main\n"),
        [
            // The DVLE exists (the override lines made it), so it needs its entry point.
            "1:1: this DVLE has no entry point: define `.proc main` or name another procedure with `.entry`",
            "1:21: `256` does not fit `kind` (at most 0xff)",
            "2:16: unknown DVLE field `bogus`: expected one of version, kind, merge_outmaps, main, endmain, \
             input_mask, output_mask, gsh_mode, gsh_fixed_start, gsh_variable_count, gsh_fixed_count",
            "3:20: missing operand: expected `.dvle_override FIELD VALUE`",
        ]
    );
}

#[test]
fn raw_tables_replace_the_computed_ones() {
    let s = ok(&format!(
        ".fvec u\n.constf k(1, 1, 1, 1)\n.out o position\n\
         .raw_constant 2 5 0x3f0000 0 0 0x3f0000\n.raw_constant 0xffff 0xffff 1 2 3 4\n\
         .raw_label 0 2 0 5\n.raw_output 9, 3, 0xf, 7\n.raw_uniform 0 0x10 0x13\n.raw_uniform 4, 0x70, 0x70\n\
         .raw_symbols \"pos;\\0a:b\\x00\"\n.raw_symbols \"\\\"q\\\\\"\n{}",
        main("mov r0, u")
    ));
    let d = &s.dvles[0];
    assert_eq!(
        d.constants,
        [
            Constant {
                kind: 2,
                index: 5,
                value: [0x3f0000, 0, 0, 0x3f0000]
            },
            Constant {
                kind: 0xffff,
                index: 0xffff,
                value: [1, 2, 3, 4]
            },
        ]
    );
    assert_eq!(d.labels, [[0, 2, 0, 5]]);
    assert_eq!(
        d.outputs,
        [Output {
            semantic: 9,
            register: 3,
            mask: 0xf,
            extra: 7
        }]
    );
    assert_eq!(
        d.uniforms,
        [
            Uniform {
                symbol: 0,
                first: 0x10,
                last: 0x13
            },
            Uniform {
                symbol: 4,
                first: 0x70,
                last: 0x70
            }
        ]
    );
    assert_eq!(d.symbols, b"pos;\0a:b\0\"q\\".to_vec());
    // The header still comes from the source.
    assert_eq!(d.output_mask, 1);
    // Tables not given stay computed.
    let s = ok(&format!(".fvec u\n.raw_label 1 2 3 4\n{}", main("nop")));
    assert_eq!(s.dvles[0].symbols, b"u\0".to_vec());
}

#[test]
fn raw_opdesc_fixes_the_table() {
    // Each instruction takes the first entry that agrees on the bits it
    // needs; bits it never reads may hold anything.
    let s = ok(&format!(
        ".raw_opdesc 0x0 0\n.raw_opdesc 0x7fffe36f 0x55\n.raw_opdesc 0x0d86c36f 0\n{}",
        main("mov r0, c1\n mad r0, r1, c2, r3\n cmp c1.xyzw, eq, eq, r0\n cmp c1.xyxx, eq, eq, r0")
    ));
    assert_eq!(
        s.opdescs,
        [
            OpdescEntry { desc: 0, extra: 0 },
            OpdescEntry {
                desc: 0x7fff_e36f,
                extra: 0x55
            },
            OpdescEntry {
                desc: 0x0d86_c36f,
                extra: 0
            }
        ]
    );
    assert_eq!(
        text(&s)[..4],
        [
            "mov r0, c1 (desc 1)",
            "mad r0, r1, c2, r3 (desc 2)",
            "cmp c1, eq, eq, r0 (desc 2)",
            "cmp c1, eq, eq, r0 (desc 2)",
        ]
    );
    let errs = errors(&format!(".raw_opdesc 0x0d86c36f 0\n{}", main("mov r0.y, c1")));
    assert_eq!(
        errs,
        ["3:1: no `.raw_opdesc` entry fits this instruction (it needs dst.y src1=xyzw src2=xxxx src3=xxxx)"]
    );
    // mad's 5-bit index reaches only the first 32 entries.
    let table = ".raw_opdesc 0 0\n".repeat(32) + ".raw_opdesc 0x0d86c36f 0\n";
    let errs = errors(&format!("{table}{}", main("mad r0, r1, c2, r3")));
    assert_eq!(
        errs,
        ["35:1: no `.raw_opdesc` entry below 32 fits this instruction (it needs dst.xyzw src1=xyzw src2=xyzw src3=xyzw)"]
    );
}

#[test]
fn a_shbin_can_be_written_back_exactly() {
    // The text a disassembler would print for an odd file: a raw word, a
    // nihstro layout, header fields and tables picasso would never write.
    let src = ".layout nihstro\n.raw_opdesc 0x8000036f 1\n.dvle_override version 0\n.dvle_override main 1\n\
               .dvle_override endmain 3\n.raw_label 0 1 0 2\n.raw_output 0 0 15 0\n\
               .proc x\n .word 0x5c000001\n mov o0, v0\n end\n.end\n";
    let s = ok(src);
    let again = Shbin::from_bytes(&s.to_bytes().expect("writable")).unwrap();
    assert_eq!(again, s);
    assert_eq!(again.layout, Layout::Nihstro);
    assert_eq!(again.code, [0x5c00_0001, 0x4c00_0000, 0x8800_0000]);
}

#[test]
fn extension_errors() {
    let errs = errors(&format!(
        ".word\n.word 0x1_0000_0000\n.word -1\n.raw_constant 1 2 3\n.raw_symbols abc\n.raw_symbols \"a\\q\"\n\
         .raw_symbols \"open\n.raw_opdesc 1 2 3\n.dvle now\n.nopad 1\n{}",
        main("nop")
    ));
    assert_eq!(
        errs,
        [
            "1:6: missing operand: expected `.word VALUE`",
            "2:7: `0x1_0000_0000` does not fit (the largest is 0xffffffff)",
            "3:7: invalid number `-1`",
            "4:20: missing operand: expected `.raw_constant KIND INDEX W0 W1 W2 W3`",
            "5:14: expected a string in double quotes",
            "6:16: unknown escape `\\q`",
            "7:19: unterminated string",
            "8:17: too many operands: expected `.raw_opdesc DESC EXTRA`",
            "9:7: too many operands: expected `.dvle`",
            "10:8: too many operands: expected `.nopad`",
        ]
    );
}

#[test]
fn the_nihstro_layout_refuses_reserved_dvlp_words() {
    // nihstro's 7-word DVLP header has no reserved words: the assembler
    // used to keep them and `Shbin::to_bytes` to drop them without a word.
    let nihstro_first = errors(&format!(".layout nihstro\n.raw_dvlp 0 1 2 3\n{}", main("nop")));
    let dvlp_first = errors(&format!(".raw_dvlp 0 1 0 0\n.layout nihstro\n{}", main("nop")));
    assert_eq!(
        [nihstro_first, dvlp_first].concat(),
        [
            "2:13: the layout is nihstro (set on line 1), whose 7-word DVLP header has no reserved words: \
             W0 W1 W2 must be 0",
            "2:9: the nihstro layout's 7-word DVLP header has no reserved words, but `.raw_dvlp` gives them as \
             0x1 0x0 0x0 (set on line 1)",
        ]
    );
    // The version word is in both layouts' headers, and reserved words of
    // 0 are no words at all.
    let s = ok(&format!(".raw_dvlp 9 0 0 0\n.layout nihstro\n{}", main("nop")));
    let bytes = s.to_bytes().expect("writable");
    assert_eq!(Shbin::from_bytes(&bytes), Ok(s));
}

#[test]
fn a_directive_given_again_with_another_value_is_an_error() {
    // The second used to replace the first without a word.
    let first = ".layout nihstro\n.raw_dvlp 5 0 0 0\n.dvle_override input_mask 0x1\n";
    let again = ".layout NIHSTRO\n.raw_dvlp 0x5 0 0 0b0\n.dvle_override input_mask 1\n";
    let other = ".layout picasso\n.raw_dvlp 5 4 5 6\n.dvle_override input_mask 0x3\n";
    assert_eq!(
        errors(&format!("{first}{again}{other}{}", main("nop"))),
        [
            "7:9: the layout is already nihstro (set on line 1)",
            "8:11: the DVLP words are already `.raw_dvlp 0x5 0x0 0x0 0x0` (set on line 2)",
            "9:27: `input_mask` is already overridden to 0x1 (set on line 3)",
        ]
    );
    // The same value again is accepted.
    let s = ok(&format!("{first}{again}{}", main("nop")));
    assert_eq!((s.layout, s.dvlp_version), (Layout::Nihstro, 5));
    assert_eq!(s.dvles[0].input_mask, 1);
    // The layout and the DVLP belong to every file; each DVLE has its own overrides.
    let second = ".layout picasso\n.dvle_override input_mask 0x3\n.entry w\n.proc w\n end\n.end\n";
    assert_eq!(
        errors_files(&[&format!("{first}{}", main("nop")), second]),
        ["f1.pica:1:9: the layout is already nihstro (set on f0.pica:1)"]
    );
}
