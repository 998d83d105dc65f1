//! Mesa's text for ir3 (`isa_ir3::mesa`), without the shared corpus: every
//! word reads back from its text in every generation, `{raw …}` notes
//! carry what the text leaves out, and generations decide what a word is.

use isa_ir3::mesa::{self, NEWEST};
use isa_runtime::check::rng::SplitMix64;
use pretty_assertions::assert_eq;

/// Mesa's text for `word` in `gen`, one of the spec's generations.
fn text_of(word: u64, gen: u32) -> String {
    mesa::disassemble_word(word, gen).unwrap_or_else(|e| panic!("a{gen}xx: {e}"))
}

/// Generations the spec does not describe (it says 3 to 7) are refused by
/// every entry point, not read as some other generation; and text after
/// the one instruction `assemble_line` reads is an error, not dropped.
#[test]
fn only_the_specs_generations_and_one_line_are_read() {
    let refused = "generation 8 is not one the spec describes (3 to 7)";
    for gen in [0, 2, 8, 99, u32::MAX] {
        let message = format!("generation {gen} is not one the spec describes (3 to 7)");
        assert_eq!(
            mesa::disassemble_word(0, gen).map_err(|e| e.to_string()),
            Err(message.clone())
        );
        assert_eq!(
            mesa::disassemble(&[0; 8], gen).map_err(|e| e.to_string()),
            Err(message.clone())
        );
        assert_eq!(
            mesa::disassemble(&[], gen).map_err(|e| e.to_string()),
            Err(message.clone())
        );
        assert_eq!(
            mesa::assemble("nop", gen).map_err(|e| e.to_string()),
            Err(format!("1:1: {message}"))
        );
        assert_eq!(
            mesa::assemble("", gen).map_err(|e| e.to_string()),
            Err(format!("1:1: {message}"))
        );
        assert_eq!(
            mesa::assemble_line("nop", 4, gen).map_err(|e| e.to_string()),
            Err(format!("4:1: {message}"))
        );
        let decoded = isa_ir3::Instruction::decode_gen(0xe3c2_0000_0000_0000, gen);
        assert_eq!(decoded.map_err(|e| e.to_string()), Err(message));
    }
    assert_eq!(mesa::check_gen(8).map_err(|e| e.to_string()), Err(refused.to_string()));
    for gen in 3..=NEWEST {
        assert_eq!(mesa::check_gen(gen), Ok(()));
        assert_eq!(mesa::assemble("nop", gen), Ok(vec![0]));
    }
    assert_eq!(
        mesa::assemble_line("nop\nbogus", 1, NEWEST).map_err(|e| e.to_string()),
        Err("2:1: expected the end of the text (one instruction), found `bogus`".to_string())
    );
    assert_eq!(mesa::assemble_line("nop ; c\n\n", 1, NEWEST), Ok(0));
    // A leading byte-order mark is no text.
    assert_eq!(mesa::assemble("\u{feff}nop\nnop", NEWEST), Ok(vec![0, 0]));
    assert_eq!(
        "nop\nbogus".parse::<isa_ir3::Instruction>().map_err(|e| e.to_string()),
        Err("2:1: expected the end of the text (one instruction), found `bogus`".to_string())
    );
}

/// Random words, and random words of each category's patterns, print and
/// read back to the same word, in every generation.
#[test]
fn every_word_reads_back_from_its_text() {
    let mut rng = SplitMix64::new(0x1233);
    for gen in 3..=NEWEST {
        for i in 0..40_000u64 {
            let mut word = rng.next_u64();
            if i % 2 == 0 {
                // Categories 0, 7 and 5 with few stray bits: mostly
                // instructions.
                let cat = [0, 7, 5][(i / 2 % 3) as usize];
                word = word & 0x1fff_ffff_0000_00ff | cat << 61;
            }
            let text = text_of(word, gen);
            assert_eq!(
                mesa::assemble_line(&text, 1, gen).map(|w| format!("{w:016x}")),
                Ok(format!("{word:016x}")),
                "a{gen}xx `{text}`"
            );
        }
    }
}

/// Bits Mesa's text leaves out are noted in the field-explicit spelling,
/// and the note reads back; a reader of Mesa's text sees the instruction.
#[test]
fn a_note_carries_what_the_text_leaves_out() {
    // `nop` with immediate 5 and `br` with repeat 2: neither is printed.
    let nop = 5u64;
    assert_eq!(text_of(nop, 6), "nop {raw immed=0x5}");
    assert_eq!(mesa::assemble_line("nop {raw immed=0x5}", 1, 6), Ok(nop));
    let br = 0x0080_0200_0000_0004u64;
    assert_eq!(text_of(br, 6), "br p0.x, #4 {raw repeat=(rpt2)}");
    assert_eq!(mesa::assemble_line("br p0.x, #4 {raw repeat=(rpt2)}", 1, 6), Ok(br));
    let err = mesa::assemble_line("nop {raw imed=1}", 3, 6).expect_err("no such field");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (
            3,
            10,
            "`imed` is not a field of this instruction; did you mean `immed`?"
        )
    );
}

/// A note gives only bits the text leaves out: one that changes what the
/// line says (the destination, the opcode) is an error at the note, and
/// one that repeats what the line says is not.
#[test]
fn a_note_that_changes_what_the_line_says_is_an_error() {
    for (line, col, reads) in [
        ("mov.f32f32 r0.x, r1.y {raw dst=r5.x}", 23, "mov.f32f32 r5.x, r1.y"),
        ("nop {raw immed=0x5 repeat=(rpt1)}", 5, "(rpt1)nop"),
    ] {
        let err = mesa::assemble_line(line, 2, 6).expect_err(line);
        assert_eq!(
            (err.line, err.col, err.message),
            (
                2,
                col,
                format!("the note changes what the line says: with it the line reads `{reads}`")
            ),
            "{line}"
        );
    }
    let same = mesa::assemble_line("mov.f32f32 r0.x, r1.y {raw dst=r0.x}", 1, 6);
    assert_eq!(same, mesa::assemble_line("mov.f32f32 r0.x, r1.y", 1, 6));
}

/// A note names each field once, only fields the text leaves out, and
/// each with one of its values: anything else is an error at the entry.
#[test]
fn a_note_gives_each_field_once_and_only_fields_the_text_leaves_out() {
    for (line, col, message) in [
        ("nop {raw immed=1 immed=2}", 18, "`immed` is given twice in this note"),
        (
            "nop {raw cat=1}",
            10,
            "`cat` is fixed in this form: a note gives only bits the text leaves out",
        ),
        (
            "br p0.x, #4 {raw repeat=(rpt9)}",
            25,
            "expected one of (rpt1), (rpt2), (rpt3), (rpt4), (rpt5), (rpt6), (rpt7) (or nothing) for `repeat`, found `(`",
        ),
    ] {
        let err = mesa::assemble_line(line, 4, 6).expect_err(line);
        assert_eq!((err.line, err.col, err.message.as_str()), (4, col, message), "{line}");
    }
    // A value spelled as nothing is written as nothing, and reads back.
    assert_eq!(
        mesa::assemble_line("br p0.x, #4 {raw repeat=}", 1, 6),
        mesa::assemble_line("br p0.x, #4", 1, 6)
    );
}

/// `lock` is an a7xx instruction: an a6xx word with its bits is `raw`, and
/// its mnemonic does not assemble for a6xx.
#[test]
fn generations_decide_what_a_word_is() {
    let lock = 0xe3c2_0000_0000_0000u64;
    assert_eq!(text_of(lock, 7), "lock");
    assert_eq!(text_of(lock, 6), "raw 0xE3C2000000000000");
    assert_eq!(mesa::assemble_line("lock", 1, 7), Ok(lock));
    let err = mesa::assemble_line("lock", 4, 6).expect_err("a7xx only");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (4, 1, "`lock` is an a7xx instruction, not one of a6xx")
    );
    assert_eq!(text_of(0x0222_0000_0000_0004, 6), "getlast.w8 #4");
    assert_eq!(text_of(0x0222_0000_0000_0004, 5), "raw 0x0222000000000004");
}

/// A program: one line per word; a length that is not whole words is an
/// error at the last word's first byte; the text assembles back.
#[test]
fn programs_are_lines_of_words() {
    let words = [0x0300_0000_0000_0000u64, 0x0080_0000_ffff_fffc, u64::MAX];
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let text = mesa::disassemble(&bytes, 6).expect("whole words");
    assert_eq!(text, "end\nbr p0.x, #-4\nraw 0xFFFFFFFFFFFFFFFF\n");
    assert_eq!(mesa::assemble(&text, 6), Ok(words.to_vec()));
    let err = mesa::disassemble(&bytes[..20], 6).expect_err("20 bytes");
    assert_eq!(err.offset, Some(16));
    let err = mesa::assemble("end\n\nfrob r0.x\n", 6).expect_err("no such instruction");
    assert_eq!((err.line, err.col), (3, 1));
}

/// Category 5's bindless form with `a1.x` (mode 7) is three formats by
/// generation; for `dsx`, which takes neither sampler nor texture, they
/// print the same text, and each generation reads it back as its own.
#[test]
fn one_text_of_three_generations_assembles_in_each() {
    let word = 5u64 << 61 | 0b01110 << 54 | 1 << 51 | 7 << 29;
    for gen in 3..=NEWEST {
        let text = text_of(word, gen);
        assert_eq!(text, "dsx.base0 (f16)()hr0.x, hr0.x, a1.x", "a{gen}xx");
        assert_eq!(mesa::assemble_line(&text, 1, gen), Ok(word), "a{gen}xx");
    }
}

/// A flag glued to a literal that starts with its text: `{s:'.s'}.s2en`
/// reads `sam.s2en` as no `.s` then `.s2en`, and `sam.s.s2en` as both.
#[test]
fn a_glued_flag_gives_way_to_the_literal_after_it() {
    let plain = 0xa0c8_1f02_0080_0001u64;
    let shadow = plain | 1 << 50;
    for (word, text) in [
        (plain, "sam.s2en.uniform (f32)(xyzw)r0.z, r0.x, hr1.x"),
        (shadow, "sam.s.s2en.uniform (f32)(xyzw)r0.z, r0.x, hr1.x"),
    ] {
        assert_eq!(text_of(word, 4), text);
        assert_eq!(mesa::assemble_line(text, 1, 4), Ok(word), "`{text}`");
    }
}

/// Category 6 offsets print with their sign (`{off:+}`), and not at all
/// when 0 (`{off?{off:+}}`); the store's 13-bit offset is split in two.
#[test]
fn memory_offsets_print_with_their_sign() {
    for (word, text) in [
        (0xc142_5b50_0180_3e02u64, "stp.f32 p[r11.y-176], r0.y, 1"),
        (0xc146_5b00_0180_022a, "stp.u32 p[r11.y+256], r5.y, 1"),
        (0xc046_0001_0180_4001, "ldl.u32 r0.y, l[r0.y], 1"),
        (0xc286_0003_0280_8011, "ldlw.u32 r0.w, l[r0.z+8], 2"),
    ] {
        assert_eq!(text_of(word, 6), text);
        assert_eq!(mesa::assemble_line(text, 1, 6), Ok(word), "`{text}`");
    }
    // A sign is required, one only; the offset must fit its 13 bits.
    for (text, col, message) in [
        (
            "ldl.u32 r0.y, l[r0.y 8], 1",
            22,
            "expected `+N` or `-N` for `off` or `],`",
        ),
        ("ldl.u32 r0.y, l[r0.y+-8], 1", 22, "expected a number after `+`"),
        ("ldl.u32 r0.y, l[r0.y+4096], 1", 22, "4096 does not fit"),
    ] {
        let err = mesa::assemble_line(text, 1, 6).expect_err(text);
        assert_eq!(err.col, col, "`{text}`: {err}");
        assert!(err.message.contains(message), "`{text}`: {err}");
    }
}

/// a6xx's `ldg.a` prints its shift plus 2 (`{shift + 2}`), and the
/// offset inside the brackets (no shift) or apart, shifted by 2; a7xx's
/// `ldg.a` is another encoding, printed the same way by name.
#[test]
fn computed_addresses_print_their_shift_plus_two() {
    for (gen, word, text) in [
        (6, 0xc002_0011_04c0_8023u64, "ldg.a.f32 r4.y, g[r0.z+(r4.y)<<2], 4"),
        (6, 0xc002_0007_03c1_420f, "ldg.a.f32 r1.w, g[r1.y+(r1.w+1)<<2], 3"),
        (6, 0xc002_0007_03c1_740f, "ldg.a.f32 r1.w, g[r1.y+r1.w<<5+2<<2], 3"),
        (6, 0xc0d6_1104_0180_2628, "stg.a.u32 g[r2.x+r1.x<<4+3<<2], r5.x, 1"),
        (7, 0xc000_4006_01c1_a017, "ldg.a.f16 hr1.z, g[c1.z+r2.w+32], 1"),
        (7, 0xc0d2_0505_07bf_c006, "stg.a.f32 g[r0.z+r1.y+255], r0.w, 7"),
    ] {
        assert_eq!(text_of(word, gen), text, "a{gen}xx");
        assert_eq!(mesa::assemble_line(text, 1, gen), Ok(word), "a{gen}xx `{text}`");
    }
    let err = mesa::assemble_line("ldg.a.f32 r1.w, g[r1.y+r1.w<<1+2<<2], 3", 1, 6).expect_err("<<1");
    assert!(err.message.contains("1 is not `shift` + 2: expected 2 to 5"), "{err}");
}

/// A word at the mnemonic that is no mnemonic is one short error (not
/// every form's list of mnemonics), after Mesa's modifiers too.
#[test]
fn an_unknown_mnemonic_is_one_short_error() {
    let err = mesa::assemble_line("(sy)(rpt2)lok", 2, NEWEST).expect_err("no such mnemonic");
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (2, 11, "unknown mnemonic `lok`; did you mean `lock`?")
    );
    let err = mesa::assemble_line("\u{1b}[2J", 1, NEWEST).expect_err("not a word");
    assert_eq!(err.message, "expected a mnemonic, found `\\u{1b}`");
    let err = mesa::assemble_line("getlast.w9 #1", 1, NEWEST).expect_err("no such cluster");
    assert!(err.message.contains("for `cluster`"), "{}", err.message);
}

/// A number glued to the word after it (`{d + 1}d`: `3d`) prints and reads
/// back; out of range or missing, it is an error at its column.
#[test]
fn image_dimensions_are_a_number_glued_to_d() {
    let text = "ldib.b.typed.3d.u32.4.nonuniform.base2 r2.z, r2.z, r1.z";
    let word = mesa::assemble_line(text, 1, 6).unwrap();
    assert_eq!(text_of(word, 6), text);
    assert_eq!(
        mesa::assemble_line("ldib.b.typed.5d.u32.4.nonuniform.base2 r2.z, r2.z, r1.z", 1, 6).map_err(|e| e.to_string()),
        Err("1:14: 5 is not `d` + 1: expected 1 to 4".to_string())
    );
    assert_eq!(
        mesa::assemble_line("ldib.b.typed.d.u32.4.nonuniform.base2 r2.z, r2.z, r1.z", 1, 6).map_err(|e| e.to_string()),
        Err("1:14: expected a number for `d`, found `d.u32.4.nonuniform.base2`".to_string())
    );
}

/// Mesa prints a u32 immediate above 0x1000 in hex, others in decimal
/// (`when u32, v > 0x1000`); either reads back.
#[test]
fn u32_immediates_above_0x1000_print_in_hex() {
    for (text, back) in [
        ("mov.u32u32 r0.x, 0x3f800000", "mov.u32u32 r0.x, 0x3f800000"),
        ("mov.u32u32 r0.x, 0x1001", "mov.u32u32 r0.x, 0x1001"),
        ("mov.u32u32 r0.x, 4096", "mov.u32u32 r0.x, 4096"),
        ("mov.u32u32 r0.x, 0x1000", "mov.u32u32 r0.x, 4096"),
        ("mov.u32u32 r0.x, 1065353216", "mov.u32u32 r0.x, 0x3f800000"),
        ("mov.s32s32 r0.x, 1065353216", "mov.s32s32 r0.x, 1065353216"),
    ] {
        let word = mesa::assemble_line(text, 1, 6).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        assert_eq!(text_of(word, 6), back, "`{text}`");
    }
}

/// a3xx–a4xx's image and buffer instructions differ from a5xx's in bit 0
/// alone (`.a4` variants): each generation reads only its own.
#[test]
fn image_stores_of_a4xx_and_a5xx_differ_in_bit_0() {
    let a5 = 0xc722_0028_0480_000d_u64;
    let a4 = a5 & !1;
    let text = "stgb.untyped.1d.f32.1 g[0], r1.z, 4, r10.x";
    assert_eq!(text_of(a5, 5), text);
    assert_eq!(text_of(a4, 4), text);
    assert_eq!(text_of(a4, 3), text);
    assert_eq!(text_of(a4, 5), "raw 0xC72200280480000C");
    assert_eq!(text_of(a5, 4), "raw 0xC72200280480000D");
    assert_eq!(mesa::assemble_line(text, 1, 5), Ok(a5));
    assert_eq!(mesa::assemble_line(text, 1, 4), Ok(a4));
}

/// Immediates printed with `%f` read as the nearest half or single; a
/// number none is near (beyond the range, or a nonzero that would read as
/// 0) is an error at the number, not an infinity or a zero.
#[test]
fn float_immediates_no_value_is_near_are_errors() {
    for (text, message) in [
        (
            "mov.f16f16 hr0.x, h(70000.0)",
            "`70000.0` is beyond the range of a half float (±65504) for an f16 value",
        ),
        (
            "mov.f16f16 hr0.x, h(-0.00000001)",
            "`-0.00000001` is too small for a half float: it would read as 0 (an f16 value)",
        ),
        (
            "mov.f32f32 r0.x, (1e39)",
            "`1e39` is beyond the range of a single float (±3.4e38) for an f32 value",
        ),
        (
            "mov.f32f32 r0.x, (1e-50)",
            "`1e-50` is too small for a single float: it would read as 0 (an f32 value)",
        ),
        (
            "mov.f16f16 hr0.x, h(x)",
            "expected a number for an f16 value, found `x`",
        ),
    ] {
        let err = mesa::assemble_line(text, 1, NEWEST).expect_err(text);
        let col = text.find('(').expect("a parenthesis") + 2;
        assert_eq!((err.col, err.message.as_str()), (col, message), "`{text}`");
    }
    // The edges still read: the largest half, what rounds to it, and zeros.
    for (text, back) in [
        ("mov.f16f16 hr0.x, h(65504.000000)", "mov.f16f16 hr0.x, h(65504.000000)"),
        ("mov.f16f16 hr0.x, h(65519.0)", "mov.f16f16 hr0.x, h(65504.000000)"),
        ("mov.f16f16 hr0.x, h(-0.000000)", "mov.f16f16 hr0.x, h(-0.000000)"),
        ("mov.f32f32 r0.x, (0.000000)", "mov.f32f32 r0.x, (0.000000)"),
    ] {
        let word = mesa::assemble_line(text, 1, NEWEST).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        assert_eq!(text_of(word, NEWEST), back, "`{text}`");
    }
}

/// Where several forms fail at one place, what they expect is listed once
/// (Mesa's forms share most operands), and an error about the text found
/// (a number that does not fit) beats a list of what else could be there.
#[test]
fn errors_of_several_forms_say_each_thing_once() {
    for (text, col, message) in [
        (
            "mov.f32f32.f16f16 r0.x, r1.x",
            11,
            "expected `r<a0.x>` or `r<a0.x` or `a0.` or `p0.` or `r`, found `.f16f16`",
        ),
        (
            "add.f r0.x, r0.y, r1.x junk",
            24,
            "expected the end of the line or a `{raw …}` note, found `junk`",
        ),
        (
            "add.u r0.x, r0.y, 1024",
            19,
            "1024 does not fit `imm` (11 bits, -1024..=1023)",
        ),
        // A flag given twice is named, not the mnemonic it stands before.
        ("(sy)(sy)add.f r0.x, r0.y, r1.x", 5, "`(sy)` is given twice"),
        ("(ss)(jp)(jp)add.f r0.x, r0.y, r1.x", 9, "`(jp)` is given twice"),
        // So is a repeat or a source modifier (an enum, and a nested
        // layout's enum), with both texts when they differ.
        ("(rpt1)(rpt1)add.f r0.x, r0.y, r1.x", 7, "`(rpt1)` is given twice"),
        (
            "(rpt1)(rpt2)add.f r0.x, r0.y, r1.x",
            7,
            "`repeat` is given twice: `(rpt1)`, then `(rpt2)`",
        ),
        ("add.f r0.x, (neg)(neg)r0.y, r1.x", 18, "`(neg)` is given twice"),
        (
            "add.f r0.x, (abs)(neg)r0.y, r1.x",
            18,
            "`absneg` is given twice: `(abs)`, then `(neg)`",
        ),
        // A modifier the spec has no spelling of, with the closest.
        ("(rpt8)nop", 1, "unknown modifier `(rpt8)`; did you mean `(rpt1)`?"),
        (
            "(sy)(rpt9)add.f r0.x, r0.y, r1.x",
            5,
            "unknown modifier `(rpt9)`; did you mean `(rpt1)`?",
        ),
        // A flag after one it must precede.
        ("(ss)(sy)add.f r0.x, r0.y, r1.x", 5, "`(sy)` must come before `(ss)`"),
        (
            "(jp)(rpt1)(sy)add.f r0.x, r0.y, r1.x",
            11,
            "`(sy)` must come before `(jp)(rpt1)`",
        ),
    ] {
        let err = mesa::assemble_line(text, 1, NEWEST).expect_err(text);
        assert_eq!((err.col, err.message.as_str()), (col, message), "`{text}`");
    }
}
