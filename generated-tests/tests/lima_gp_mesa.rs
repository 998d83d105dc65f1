//! Lima GP programs in Mesa's disassembler text: random words print (Mesa's
//! lines plus `{raw …}` annotations), assemble back bit for bit, and decode
//! and re-encode; hand-written text and its errors.

use isa_runtime::Isa;
use isa_specs::lima_gp::mesa::{assemble, disassemble, instruction_text};
use isa_specs::lima_gp::LimaGp;
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

#[test]
fn a_million_random_words_round_trip_through_mesa_text() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut annotated = 0usize;
    for _ in 0..WORDS / PROGRAM {
        let words: Vec<u128> = (0..PROGRAM).map(|_| rng.word()).collect();
        let text = disassemble(&words);
        annotated += text.matches("{raw").count();
        match assemble(&text) {
            Ok(back) => {
                if back != words {
                    let i = (0..PROGRAM).find(|&i| back[i] != words[i]).unwrap_or(0);
                    panic!(
                        "word {i}: {:#034x} came back as {:#034x}\n{}",
                        words[i],
                        back[i],
                        instruction_text(&words, i)
                    );
                }
            }
            Err(e) => {
                let line = text.lines().nth(e.line - 1).unwrap_or("");
                panic!("{}:{}: {}\n{line}", e.line, e.col, e.message);
            }
        }
        for &w in &words {
            let insn = <LimaGp as Isa>::decode(w).expect("every Lima GP word decodes");
            assert_eq!(<LimaGp as Isa>::encode(&insn).ok(), Some(w));
        }
    }
    // Random words use fields Mesa does not print: nearly all need a note.
    assert!(annotated > WORDS / 2, "{annotated}");
}
