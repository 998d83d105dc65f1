//! Lima GP programs in Mesa's disassembler text: random words print (Mesa's
//! lines plus `{raw …}` annotations), assemble back bit for bit, and decode
//! and re-encode; hand-written text and its errors.

use isa_lima_gp::mesa::{assemble, disassemble, instruction_text};
use isa_lima_gp::LimaGp;
use isa_runtime::Isa;
use pretty_assertions::assert_eq;

/// A xorshift generator: the sweep is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn word(&mut self) -> u128 {
        (u128::from(self.next()) << 64) | u128::from(self.next())
    }
}

/// Words per random program: long enough that every instruction has
/// neighbours, short enough to keep a failure's text readable.
const PROGRAM: usize = 1000;
/// Random words in the sweep.
const WORDS: usize = 1_000_000;

/// Checks one random program (seeded by its number); returns how many of
/// its instructions carry a `{raw …}` note.
fn check_program(n: usize) -> usize {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (n as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
    let words: Vec<u128> = (0..PROGRAM).map(|_| rng.word()).collect();
    let text = disassemble(&words);
    match assemble(&text) {
        Ok(back) => {
            if let Some(i) = (0..PROGRAM).find(|&i| back[i] != words[i]) {
                panic!(
                    "program {n}, word {i}: {:#034x} came back as {:#034x}\n{}",
                    words[i],
                    back[i],
                    instruction_text(&words, i)
                );
            }
        }
        Err(e) => {
            let line = text.lines().nth(e.line - 1).unwrap_or("");
            panic!("program {n}: {}:{}: {}\n{line}", e.line, e.col, e.message);
        }
    }
    for &w in &words {
        let insn = <LimaGp as Isa>::decode(w).expect("every Lima GP word decodes");
        assert_eq!(<LimaGp as Isa>::encode(&insn).ok(), Some(w));
    }
    text.matches("{raw").count()
}

#[test]
fn a_million_random_words_round_trip_through_mesa_text() {
    let annotated: usize = isa_runtime::check::spread(WORDS / PROGRAM, check_program)
        .into_iter()
        .sum();
    // Random words use fields Mesa does not print: nearly all need a note.
    assert!(annotated > WORDS / 2, "{annotated}");
}

/// Mesa's forms that the corpus does not use, as hand-written text: each
/// assembles and prints back the same, without notes.
#[test]
fn hand_written_forms_print_back_unchanged() {
    let text = "\
000:\tnop
001:\tfloor.a0 ^6/t[addr0].xy -^0
\tfloor.a1 ^7 $3.z
\tsel.m01 ^8 1 ^-4 t[7+addr2].w
\texp2.c ^11/$5.zw ^2
\tpreexp2.p ^10 unknown2
002:\tmov.a0 ^12 -a1.x
\tmax.a1 ^13/v2.w ^6 0
\tcomplex1.m01 ^14 ^11 ^8 ^1 1
\tmov.c ^17/addr1 ^10
\tclamp.p ^16 ^1 t[9].x t[9].y
\tbranch ^16 003
\tunknown_1 13
003:\top3.a0 ^18 ^14
\tunknown5.m01 ^20 unused ^13 a1.y ^6
\tunk7.c ^23 ^12
\tunk3.p ^22 ^17
";
    let words = assemble(text).expect("the text assembles");
    assert_eq!(words.len(), 4);
    assert_eq!(disassemble(&words), text);
}

#[test]
fn errors_point_at_line_and_column() {
    let cases = [
        ("000:\tmov.a0 ^1 ^-6\n", "1:13: expected `^0`: acc0 of this instruction is result 0"),
        ("001:\tnop\n", "1:1: instruction 001 out of order: this is instruction 000 (they count from 000)"),
        ("\tnop\n", "1:2: expected an instruction number such as `000:`, found `nop`"),
        (
            "000:\tnop\n001:\tmov.p ^10 ^9\n",
            "2:16: ^9 is not a result this instruction can read: the previous one's are ^0..^5, acc/mul/pass two back ^-6..^-2",
        ),
        (
            "000:\tadd.a0 ^0 ^-6 ^-5\n\tadd.a0 ^0 ^-6 ^-5\n",
            "2:1: a second `acc0` line in one instruction: each unit prints once",
        ),
        ("000:\tmov.p ^4 t[1].x {raw nope=1}\n", "1:27: `nope` is not a field of a Lima GP instruction"),
        (
            "000:\tmov.p ^4 t[1].x\n\tmov.c ^5 t[2].x\n",
            "2:11: an instruction loads from one address: an earlier `t[…]` names another",
        ),
        (
            "000:\tadd.a0 ^0 $1.x $2.y\n\tadd.a1 ^1 $3.x a4.x\n",
            "2:17: too many registers: an instruction reads register0, register1 and the previous register0",
        ),
        (
            "000:\tadd.a0 ^0 a2.x a3.y\n",
            "1:16: these registers do not fit: register0 holds one attribute or register, register1 one register",
        ),
        ("000:\tfrob.a0 ^0 ^-6\n", "1:6: expected one of add, floor, sign, op3, ge, lt, min, max for `acc_op`, found `frob.a0`"),
        (
            "000:\tfloor.a0 ^0 ^-6\n\tsign.a1 ^1 ^-5\n",
            "2:2: `acc_op` is `sign` here but `floor` on an earlier line: the units share it",
        ),
        (
            "000:\tmov.a0 ^0/$1.x ^-6\n\tmov.a1 ^1/$2.y ^-5\n",
            "2:12: store0 writes one place: an earlier result stores it elsewhere",
        ),
    ];
    for (text, want) in cases {
        let got = assemble(text).map(|_| ()).map_err(|e| e.to_string());
        assert_eq!(got, Err(want.to_string()), "{text}");
    }
}
