//! Round trips of random programs through Mesa's text, and the assembler's
//! errors.

use pretty_assertions::assert_eq;

use isa_runtime::packed::{mask, words_for, write_bits};

use super::{disassemble, disassemble_mesa, packed, parse_program, print_instr};
use crate::Instr;

/// xorshift64*: reproducible random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn bits(&mut self, width: u32) -> u128 {
        (u128::from(self.next()) << 64 | u128::from(self.next())) & mask(width)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random instruction: random units (each present with probability 1/2,
/// with random bits; the discard pattern one time in eight), random
/// control bits, and a declared length of at least what the units need.
fn random_instr(rng: &mut Rng) -> Instr {
    let p = packed();
    let mut control = (rng.next() as u32) & !(Instr::PRESENCE);
    let mut units = Vec::new();
    let mut unit_bits = 0;
    for u in p.units {
        if rng.below(2) == 0 {
            continue;
        }
        let mut bits = rng.bits(u.width);
        if u.name == "branch" && rng.below(8) == 0 {
            bits = 0x007F_0003;
        }
        if u.name == "temp_write" && rng.below(4) == 0 {
            bits = bits & !(0x1F << 1) | 7 << 1;
        }
        control |= 1 << u.enable;
        unit_bits += u.width;
        units.push((u.width, bits));
    }
    let needed = words_for(unit_bits);
    // Mostly the length the units need; sometimes more (up to 31 words).
    let count = if rng.below(4) == 0 {
        needed + rng.below(u64::from(32 - needed)) as u32
    } else {
        needed
    };
    control = control & !0x1F | count;
    let mut words = vec![0u32; count as usize];
    words[0] = control;
    let mut bit = 32;
    for (width, bits) in units {
        write_bits(&mut words, bit, width, bits);
        bit += width;
    }
    match Instr::decode(&words) {
        Ok((insn, _)) => insn,
        Err(e) => panic!("random instruction {words:08x?}: {e}"),
    }
}

/// A random program of one to four instructions; half the time with the
/// derived fields the encoder computes.
fn random_program(rng: &mut Rng, always_derive: bool) -> Vec<Instr> {
    let n = 1 + rng.below(4) as usize;
    let mut program: Vec<Instr> = (0..n).map(|_| random_instr(rng)).collect();
    if always_derive || rng.below(2) == 0 {
        Instr::derive(&mut program);
        for insn in &mut program {
            insn.control.count = isa_runtime::UInt::from_bits(insn.words_needed() as u64);
        }
    }
    program
}

/// Random programs per test; four tests (run in parallel) make 10^5.
const PROGRAMS: usize = 25_000;

#[test]
fn random_programs_round_trip_through_annotated_text_0() {
    round_trip_random(0x5EED_1234_ABCD_0001);
}

#[test]
fn random_programs_round_trip_through_annotated_text_1() {
    round_trip_random(0x5EED_1234_ABCD_0002);
}

#[test]
fn random_programs_round_trip_through_annotated_text_2() {
    round_trip_random(0x5EED_1234_ABCD_0003);
}

#[test]
fn random_programs_round_trip_through_annotated_text_3() {
    round_trip_random(0x5EED_1234_ABCD_0004);
}

/// encode → decode → print → parse → encode over [`PROGRAMS`] random
/// programs; the printed text without its annotations is Mesa's.
fn round_trip_random(seed: u64) {
    let mut rng = Rng(seed);
    let mut annotated = 0;
    let mut variants = std::collections::BTreeSet::new();
    for i in 0..PROGRAMS {
        let program = random_program(&mut rng, false);
        let words = Instr::encode_program(&program);
        let decoded: Vec<Instr> = {
            let mut at = 0;
            let mut out = Vec::new();
            while at < words.len() {
                let (insn, len) = Instr::decode(&words[at..]).unwrap_or_else(|e| panic!("program {i}: {e}"));
                out.push(insn);
                at += len;
            }
            out
        };
        // (Compared as words: a NaN constant is not equal to itself.)
        assert_eq!(Instr::encode_program(&decoded), words, "program {i}: decode");
        for insn in &decoded {
            variants.extend(variant_names(insn));
        }
        let text = disassemble(&decoded);
        let back = parse_program(&text).unwrap_or_else(|e| panic!("program {i}: {e}\n{text}"));
        assert_eq!(Instr::encode_program(&back), words, "program {i}:\n{text}");
        if text.contains("{raw") {
            annotated += 1;
        }
        // Without its annotations the text is Mesa's, line for line, but
        // for a branch target outside the program (a word of the line
        // only), which the note gives.
        for (line, mesa) in text.lines().zip(disassemble_mesa(&decoded).lines()) {
            let stripped = line.split(" {raw").next().unwrap_or(line);
            if stripped != mesa {
                let (a, b): (Vec<&str>, Vec<&str>) = (stripped.split(' ').collect(), mesa.split(' ').collect());
                let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
                assert!(
                    a.len() == b.len() && differ == 1 && line.contains(" branch.target="),
                    "program {i}:\n{line}\n{mesa}"
                );
            }
        }
    }
    // Random bits nearly always need annotations; the check is that they work.
    assert!(annotated > PROGRAMS / 2, "{annotated}");
    // Every layout of every unit came up.
    let all: std::collections::BTreeSet<&str> = packed()
        .units
        .iter()
        .flat_map(|u| u.variants.iter().map(|f| f.name))
        .collect();
    assert_eq!(variants, all);
}

/// The layouts of an instruction's units.
fn variant_names(insn: &Instr) -> Vec<&'static str> {
    let words = insn.encode();
    isa_runtime::packed::unit_offsets(packed(), words[0])
        .map(|(u, bit)| isa_runtime::packed::variant_of(u, isa_runtime::packed::read_bits(&words, bit, u.width)).name)
        .collect()
}

/// Mesa's own text of a program with the derived lengths, read back and printed again, is the same text (up to
/// the one space Mesa prints after a scalar combiner destination, which a
/// one-component vector destination lacks), and needs no annotation.
#[test]
fn mesa_text_reads_back_to_itself() {
    let mut rng = Rng(0xFEED_0000_0000_0002);
    let squash = |s: &str| s.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
    for i in 0..5_000 {
        let mut program = random_program(&mut rng, true);
        targets_inside(&mut program, &mut rng);
        let text = disassemble_mesa(&program);
        let back = parse_program(&text).unwrap_or_else(|e| panic!("program {i}: {e}\n{text}"));
        let again = disassemble_mesa(&back);
        assert_eq!(squash(&again), squash(&text), "program {i}");
        // Read back, the program is in the assembler's canonical form, which
        // Mesa's text carries completely.
        assert_eq!(disassemble(&back), again, "program {i}");
    }
}

/// Points every branch of `program` at a random instruction of it (Mesa's
/// text gives the target only then: one outside the program, or inside an
/// instruction, prints as the branch's own offset with a note).
fn targets_inside(program: &mut [Instr], rng: &mut Rng) {
    let offsets = super::offsets(program);
    let starts = offsets.clone();
    for (insn, offset) in program.iter_mut().zip(offsets) {
        if let Some(crate::BranchUnit::Branch(b)) = &mut insn.branch {
            let to = starts[rng.below(starts.len() as u64) as usize];
            let rel = i64::from(to) - i64::from(offset);
            b.target = isa_runtime::SInt::new(rel).expect("a short program");
        }
    }
}

fn parse_err(text: &str) -> String {
    match parse_program(text) {
        Ok(p) => panic!("`{text}` parsed as {p:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_text_gives_line_and_column() {
    let cases: &[(&str, &str)] = &[
        ("frob.v0 $0 $1 $2\n", "1:1: expected one of mul, mul_shl1, "),
        ("frob $0\n", "1:1: unknown unit `frob`"),
        // A multi-byte character where an output modifier could start.
        ("mul.ot\u{fffd}.v0 $0 $1\n", "1:4: expected `.v0`"),
        ("texld.b.cube 7+$1.w\n", "1:20: expected a register"),
        ("texld 1, texld 2\n", "1:10: `texture` appears twice"),
        (
            "atan2.s2 $1.xy $0.x $0.y, sync\n",
            "1:1: this `combiner` text gives bits of layout `Combiner` that read as layout `CombinerVec`",
        ),
        // `, stop` and `, sync` end the units: no unit named `stop`.
        (
            "mov.v1 $0 $1, stop garbage\n",
            "1:20: expected `,`, `{raw` or the end of the line after `stop`, found `garbage`",
        ),
        (
            "mov.v1 $0 $1, sync x, stop\n",
            "1:20: expected `,`, `{raw` or the end of the line after `sync`, found `x`",
        ),
        ("@     0: mov.v1 $0 ^const9\n", "1:20: expected `^v0` or one of $0, "),
        ("@     0: add.v1 $0 ^const9\n", "1:20: expected `^v0` or one of $0, "),
        // A one-operand op takes no second operand: it was read as `arg1`
        // by the two-operand form, bits the one-operand form does not
        // print (they came back as a note).
        (
            "mov.v1 $1 ^const0 ^const1, const0 1.0 1.0 1.0 1.0\n",
            "1:19: unexpected `^const1,` (expected `,`, `{raw` or the end of the line)",
        ),
        (
            "fract.v1 $1 $2 $3\n",
            "1:16: unexpected `$3` (expected `,`, `{raw` or the end of the line)",
        ),
        (
            "mov.s1 $1.x $2.x $3.x\n",
            "1:18: unexpected `$3.x` (expected `,`, `{raw` or the end of the line)",
        ),
        (
            "mov.s0 $1.x $2.x $3.x\n",
            "1:18: unexpected `$3.x` (expected `,`, `{raw` or the end of the line)",
        ),
        (
            "mov.v0 $1 $2 $3\n",
            "1:14: unexpected `$3` (expected `,`, `{raw` or the end of the line)",
        ),
        ("\n\nmul.v0 $0 $1 $2 $3\n", "3:17: unexpected `$3`"),
        (
            "load.v $1 0.xy, texld 0, texld 1\n",
            "1:26: `texture` appears twice in one instruction",
        ),
        ("mov.v0 $0 ^texture , sync, sync\n", "1:28: `sync` appears twice"),
        (
            "branch.xx $0.x $0.y 0\n",
            "1:1: unknown unit `branch.xx` (did you mean `branch.nv`?)",
        ),
        ("branch loop\n", "1:8: unknown label `loop`"),
        (
            "mov.v1 $0 $1 {raw varying.unk4=1}\n",
            "1:19: unit `varying` is not in this instruction",
        ),
        (
            "mov.v1 $0 $1 {raw vec_add.frob=1}\n",
            "1:19: unit `vec_add` (layout `VecAdd`) has no field `frob`",
        ),
        (
            "mov.v1 $0 $1 {raw control.count=1}\n",
            "1:19: the instruction's units need 3 words but `count` says 1",
        ),
        (
            "mov.v1 $0 $1 {raw control.unknown=64}\n",
            "1:19: value 0x40 of `unknown` does not fit its 6 bits",
        ),
        // The line says `stop` and `sync` itself: an annotation of either
        // (even one that agrees) is refused, so none can contradict it.
        (
            "mov.v1 $0 $1, stop {raw control.stop=0}\n",
            "1:25: `control.stop` is not annotated: the line says it, with `, stop` after the units (or leaves it out)",
        ),
        // An annotation that changes what the line says contradicts it.
        (
            "mov.v0 $3 ^texture, stop {raw vec_mul.dest=5}\n",
            "1:31: the note changes what the line says: with it the line reads `mov.v0 $5 ^texture , stop`",
        ),
        // Each field once: a second value would silently win.
        (
            "mov.v1 $0 $1 {raw control.unknown=1 control.unknown=1}\n",
            "1:37: `control.unknown` is given twice in this annotation",
        ),
        (
            "mov.v1 $0 $1 {raw control.sync=1}\n",
            "1:19: `control.sync` is not annotated: the line says it, with `, sync` after the units (or leaves it out)",
        ),
        ("const0 1.0 2.0 x 4.0\n", "1:16: expected a number"),
        // A constant no half is near is an error, not `inf` or 0.
        (
            "const0 70000.0 1.0 1.0 1.0\n",
            "1:8: `70000.0` is beyond the range of a half float (±65504)",
        ),
        (
            "const1 1.0 -65520.0 1.0 1.0\n",
            "1:12: `-65520.0` is beyond the range of a half float (±65504)",
        ),
        (
            "const0 1.0 1.0 0.00000001 1.0\n",
            "1:16: `0.00000001` is too small for a half float: it would read as 0 (the smallest is 0.0000000596)",
        ),
        ("load.v $1 64\n", "1:11: varying index 64 is out of range"),
        ("min.v0 $0 $1<<3 $2\n", "1:13: expected one of $0, "),
        (
            "mul.v0 $0 $1.xy $2\n",
            "1:13: expected a swizzle of four components (`.xyzw`), found `.xy`",
        ),
        // A destination's mask out of order is what is wrong, not the
        // short swizzle the same text would be as a source.
        ("mov.v1 $0.yx $1\n", "1:12: mask components must be in `xyzw` order"),
        ("add.v1 $0.xx $1 $2\n", "1:12: mask components must be in `xyzw` order"),
        ("add.v1 $0 $1,\n", "1:14: expected a unit"),
        ("l:\nl:\n", "2:1: label `l` is already defined at line 1"),
        ("branch 0x10000000\n", "1:9: unexpected `x10000000`"),
        (
            "branch 100000000\n",
            "1:8: branch target 100000000 is outside the program (words 0 to 3)",
        ),
        (
            "branch -5\n",
            "1:8: branch target -5 is outside the program (words 0 to 3)",
        ),
        (
            "mov.v1 $0 $1\nl: branch.lt $0.x $1.y  l\n  branch 11\n",
            "3:10: branch target 11 is outside the program (words 0 to 10)",
        ),
        // `@ N:` is the instruction's word offset: one that is not would
        // name another instruction than the line it is on.
        (
            "@ 9: mov.v1 $0 $1\n",
            "1:3: `@ 9:` but this instruction is at word 0 (the offset counts words from 0)",
        ),
        (
            "@ 0: mov.v1 $0 $1\n@ 0: mov.v1 $0 $1\n",
            "2:3: `@ 0:` but this instruction is at word 3 (the offset counts words from 0)",
        ),
        (
            "@ -1: mov.v1 $0 $1\n",
            "1:3: expected a word offset (0 or more) after `@`",
        ),
        (
            "@ 99999999999999999999999: mov.v1 $0 $1\n",
            "1:3: expected a word offset (0 or more) after `@`",
        ),
    ];
    for (text, want) in cases {
        let got = parse_err(text);
        assert!(
            got.starts_with(want),
            "`{}`:\n  got  {got}\n  want {want}…",
            text.trim_end()
        );
    }
}

#[test]
fn labels_and_word_offsets_are_the_same_target() {
    let by_label = "top:\n\
                    @     0: mov.v1 $0 ^const0, const0 1.000000 0.000000 0.000000 1.000000\n\
                    branch.lt $0.x $1.y top\n\
                    end: branch end, stop\n";
    let by_word = "mov.v1 $0 ^const0, const0 1.000000 0.000000 0.000000 1.000000\n\
                   branch.lt $0.x $1.y 0\n\
                   branch 9, stop\n";
    let a = parse_program(by_label).unwrap();
    assert_eq!(a, parse_program(by_word).unwrap());
    assert_eq!(
        disassemble(&a),
        "@     0: mov.v1 $0 ^const0, const0 1.000000 0.000000 0.000000 1.000000\n\
         @     5: branch.lt $0.x $1.y 0\n\
         @     9: branch 9, stop\n"
    );
    // The branch's next_count is the target's length.
    match &a[1].branch {
        Some(crate::BranchUnit::Branch(b)) => {
            assert_eq!((b.target.get(), b.next_count.get()), (-5, 5));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_unit_prints_as_mesa_does() {
    // Hand-checked against disasm.c, one line per printer path.
    let lines = [
        "load.perspective.w.v $2.xyz 3+$1.y",
        "load.perspective.unknown.v ^discard -abs($4.zyxw)",
        "load.v $0 cube(1.zw)",
        "load.v $0. cube(-$3.xxyy)",
        "load.v $14.w normalize(^const1)",
        "load.v $1 gl_FragCoord",
        "load.v $1.xy gl_PointCoord",
        "load.v $1.x gl_FrontFacing",
        "texld.b.cube 7+$1.w $2.x",
        "texld_t3 4095",
        "load.u 5",
        "load.t -1.zw+$3.y",
        "load..u1 -2.w",
        "mul.sat.v0 $3.xw abs($1)<<3 -^uniform.wzyx",
        "op20.v0 ^const0 ",
        "not.int.v0 $7 $1 ",
        "sum4.v1 $0 ^v0.xxxx",
        "sel.pos.v1 ^v0 abs($11)",
        "op16.s1 $3.w ^s0",
        "mul.s0 -$1.y<<7 ^texture.x",
        "max.s0 $15.w $1.x $2.y",
        "atan2.sat.s2 $1.y  $0.x $0.y",
        "rcp.s2 $4.zw $0.x ",
        "op12.s2 $1.x  -abs($2.w) ",
        "mul.s2 $5.xyw $2.z ^texture.yyyy",
        "fb_color $3",
        "fb_depth $15",
        "store.t 3.y+$1.z $2.w",
        "store.t 1.zw ^const1",
        "store.t -7.w $3",
        "discard",
        "const1 inf -nan 0.000000 -0.000000",
    ];
    for line in lines {
        let program = parse_program(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(print_instr(&program[0], 0), line);
    }
    // Targets outside a one-instruction program are written as bits (the
    // assembler refuses them as text).
    let branches = [
        ("branch.nv $0.x $0.x 0 {raw branch.target=5}", "branch.nv $0.x $0.x 5"),
        ("branch 0 {raw branch.target=0x7fffffd}", "branch -3"),
    ];
    for (text, line) in branches {
        let program = parse_program(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(print_instr(&program[0], 0), line);
    }
}

/// A binary whose branch goes outside the program (any decodable binary
/// has its text) prints the target as the branch's own offset, with the
/// real one and its `next_count` in the note, and reads back to the same
/// words; written as text, such a target is refused.
#[test]
fn a_branch_target_outside_the_program_prints_as_bits() {
    let program =
        parse_program("mov.v1 $0 $1\nbranch.lt $0.x $1.y 3, stop {raw branch.target=0x7fffffa branch.next_count=3}\n")
            .unwrap();
    let text = disassemble(&program);
    assert_eq!(
        text,
        "@     0: mov.v1 $0 $1\n\
         @     3: branch.lt $0.x $1.y 3, stop {raw branch.target=0x7fffffa branch.next_count=3}\n"
    );
    assert_eq!(
        disassemble_mesa(&program).lines().nth(1),
        Some("@     3: branch.lt $0.x $1.y -3, stop")
    );
    let back = parse_program(&text).unwrap();
    assert_eq!(Instr::encode_program(&back), Instr::encode_program(&program));
    assert_eq!(
        parse_err("mov.v1 $0 $1\nbranch.lt $0.x $1.y -1, stop\n"),
        "2:21: branch target -1 is outside the program (words 0 to 6)"
    );
}

/// A binary whose branch goes inside an instruction (to a word where none
/// starts) prints, as one outside the program does, the branch's own
/// offset with the real target in the note, and reads back to the same
/// words; written as text, such a target is refused at its column.
#[test]
fn a_branch_target_inside_an_instruction_prints_as_bits() {
    let program =
        parse_program("mov.v1 $0 $1\nbranch.lt $0.x $1.y 3, stop {raw branch.target=0x7fffffe branch.next_count=3}\n")
            .unwrap();
    let text = disassemble(&program);
    assert_eq!(
        text,
        "@     0: mov.v1 $0 $1\n\
         @     3: branch.lt $0.x $1.y 3, stop {raw branch.target=0x7fffffe branch.next_count=3}\n"
    );
    assert_eq!(
        disassemble_mesa(&program).lines().nth(1),
        Some("@     3: branch.lt $0.x $1.y 1, stop")
    );
    let back = parse_program(&text).unwrap();
    assert_eq!(Instr::encode_program(&back), Instr::encode_program(&program));
    assert_eq!(
        parse_err("mov.v1 $0 $1\nbranch.lt $0.x $1.y 1, stop\n"),
        "2:21: branch target 1 is inside an instruction: a branch goes to the word an instruction starts at"
    );
    // The first word of each instruction is a target.
    for to in [0, 3] {
        let text = format!("mov.v1 $0 $1\nbranch.lt $0.x $1.y {to}, stop\n");
        assert!(parse_program(&text).is_ok(), "{text}");
    }
}

/// Edited text (characters dropped, doubled or replaced, multi-byte ones
/// included) gives a program or an error, never a panic; errors point
/// inside the text.
#[test]
fn mangled_text_never_panics() {
    let mut rng = Rng(0xBAD_7E47);
    let alphabet: Vec<char> = "$^.,{}=+-<>()0123456789xyzw _:#@\né\tabcdefghijklmnopqrstuv"
        .chars()
        .collect();
    for i in 0..3_000 {
        let program = random_program(&mut rng, false);
        let mut chars: Vec<char> = disassemble(&program).chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(chars.len() as u64 + 1) as usize;
            let c = alphabet[rng.below(alphabet.len() as u64) as usize];
            match rng.below(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => chars.insert(at, c),
                _ if at < chars.len() => chars[at] = c,
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        if let Err(e) = parse_program(&text) {
            let lines = text.split('\n').count();
            assert!(e.line >= 1 && e.line <= lines && e.col >= 1, "{i}: {e}\n{text}");
        }
    }
}

/// The line prefix is `@{offset:6}: `.
#[test]
fn line_prefix_is_offset_in_six_columns() {
    for offset in [0, 7, 10, 99, 12_345, 99_999, 999_999, 1_000_000, u32::MAX] {
        let mut got = String::new();
        super::line_prefix(&mut got, offset);
        assert_eq!(got, format!("@{offset:6}: "));
    }
}

/// The `{raw …}` notes decided from what each line carries are the ones
/// reading the text back finds, on random programs (half with derived
/// fields as the encoder computes them).
#[test]
fn static_notes_match_reading_back() {
    let mut rng = Rng(0x5EED_7A7E_0000_0001);
    let mut bad = 0;
    for _ in 0..20_000 {
        let program = random_program(&mut rng, false);
        let want = super::disassemble_by_reading_back(&program);
        let got = disassemble(&program);
        for (g, w) in got.lines().zip(want.lines()) {
            let (gs, ws): (Vec<&str>, Vec<&str>) = (g.split(' ').collect(), w.split(' ').collect());
            let only_got: Vec<_> = gs.iter().filter(|x| !ws.contains(x)).collect();
            let only_want: Vec<_> = ws.iter().filter(|x| !gs.contains(x)).collect();
            if !(only_got.is_empty() && only_want.is_empty()) {
                eprintln!("MISMATCH {g}\nstatic only: {only_got:?}\nread back only: {only_want:?}");
                bad += 1;
            }
        }
    }
    assert_eq!(bad, 0);
}

/// What `assemble_each` gives: the words, or the error.
fn each_words(text: &str) -> Result<Vec<u32>, isa_runtime::ParseError> {
    let mut words = Vec::new();
    let count = super::assemble_each(text, |w| words.extend_from_slice(w))?;
    let whole = super::parse_whole_program(text).expect("assemble_each succeeded");
    assert_eq!(count, whole.len());
    Ok(words)
}

/// The streaming parse (two passes, no program kept) gives what the whole
/// parse gives: the same words, or the same first error, on random programs
/// (with branches into them and labels), mangled ones, and texts with
/// several errors of different kinds.
#[test]
fn assemble_each_is_parse_whole_program() {
    let whole = |text: &str| super::parse_whole_program(text).map(|p: Vec<Instr>| Instr::encode_program(&p));
    let mut rng = Rng(0x57_4EA3);
    let alphabet: Vec<char> = "$^.,{}=+-<>()0123456789xyzw _:#@\né\tabcdefghijklmnopqrstuv"
        .chars()
        .collect();
    for i in 0..3_000 {
        let mut program = random_program(&mut rng, i % 2 == 0);
        targets_inside(&mut program, &mut rng);
        let text = disassemble(&program);
        // Labels on some lines, branches to them.
        let labelled: String = text
            .lines()
            .enumerate()
            .map(|(k, l)| {
                if k % 2 == 0 {
                    format!("l{k}: {l}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(chars.len() as u64 + 1) as usize;
            let c = alphabet[rng.below(alphabet.len() as u64) as usize];
            match rng.below(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => chars.insert(at, c),
                _ if at < chars.len() => chars[at] = c,
                _ => {}
            }
        }
        let mangled: String = chars.into_iter().collect();
        for t in [
            &text,
            &labelled,
            &mangled,
            &format!("{labelled}branch l0\nbranch.lt $0.x $1.y end\nend:\n"),
        ] {
            assert_eq!(each_words(t), whole(t), "{i}:\n{t}");
        }
    }
    let bad = [
        "frob $0\n",
        "branch loop\n",
        "mov.v1 $0 $1 {raw varying.unk4=1}\n",
        "mov.v1 $0 $1 {raw control.count=1}\n",
        "mov.v1 $0 $1 {raw control.next_count=3}\n",
        "branch 100000000\n",
        "l:\n",
        "mov.v1 $0 $1\n",
        "@ 3: mov.v1 $0 $1 {raw control.count=1}\n",
        "@ 3: branch 100000000\n",
        "",
    ];
    for a in bad {
        for b in bad {
            for c in bad {
                let t = format!("{a}{b}{c}");
                assert_eq!(each_words(&t), whole(&t), "{t}");
            }
        }
    }
}

/// An annotation of bits the text does not show (a destination behind an
/// empty mask, the control word's unknown bits and length) is taken, and
/// the line prints back as written: the contradiction check only refuses
/// annotations that change what the line says.
#[test]
fn annotations_of_bits_the_text_cannot_show_are_kept() {
    let line = "@     0: mov.v0 ^const0.xxxx , const0 1.000000 0.000000 0.000000 -1.677734, stop {raw control.count=7 control.unknown=0xb vec_mul.dest=5}\n";
    let program = parse_program(line).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(program[0].vec_mul.as_ref().map(|m| m.dest.get()), Some(5));
    pretty_assertions::assert_eq!(disassemble(&program), line);
}

/// The constants at the edges of the half range read as the nearest half:
/// the largest (and what rounds down to it), the smallest subnormal (and
/// what rounds up to it), and zeros of both signs.
#[test]
fn constants_at_the_edges_of_the_half_range_read() {
    let program = parse_program("mov.v1 $0 ^const0, const0 65504.0 65519.0 0.0000000596 0.00000003\n")
        .expect("every constant is near a half");
    let zeros = parse_program("mov.v1 $0 ^const0, const0 0.000000 -0.000000 1.0 1.0\n").expect("zeros read");
    let consts = |program: &[Instr]| {
        let text = disassemble(program);
        text.split("const0 ").nth(1).map(|t| t.trim_end().to_string())
    };
    assert_eq!(
        consts(&program).as_deref(),
        Some("65504.000000 65504.000000 0.000000 0.000000 {raw const0.z=1 const0.w=1}")
    );
    assert_eq!(consts(&zeros).as_deref(), Some("0.000000 -0.000000 1.000000 1.000000"));
}
