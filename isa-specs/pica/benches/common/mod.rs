//! The harness the fixed-width codec benches share (`pica_codec`,
//! `lima_gp_codec`): random words, the losslessness check of both codecs,
//! then a `decode+encode` and a `decode` group, each timing the generated
//! codec against the hand-written one over the same words.
//!
//! It is a macro, not a generic function: passed as closures, the
//! generated decoder measured up to 1.3× slower than the same loop written
//! out (PICA, same run), which would measure the harness, not the codec.

/// A word type's random words: `n` of them from a xorshift generator with
/// a fixed seed, each the low bits of 128 random bits.
macro_rules! random_words {
    ($word:ty, $n:expr) => {{
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..$n)
            .map(|_| (u128::from(next()) | u128::from(next()) << 64) as $word)
            .collect::<Vec<$word>>()
    }};
}

/// `compare!(criterion, "isa", Word, Instruction, hand_decode, hand_encode,
/// |h| predicate)`: times `Instruction::decode`/`encode` against the
/// hand-written pair over 65,536 random words, after checking that both
/// give back every word. The predicate (over a hand-decoded value) is what
/// the `decode` group counts, so that the decoded value is used.
macro_rules! compare {
    ($c:expr, $isa:literal, $word:ty, $insn:ty, $hand_decode:path, $hand_encode:path, $used:expr) => {{
        use criterion::{black_box, Throughput};
        let words = random_words!($word, 1usize << 16);
        for &w in &words {
            assert_eq!(
                $hand_encode(&$hand_decode(w)),
                w,
                "the hand-written baseline loses bits of {w:#x}"
            );
            assert_eq!(<$insn>::decode(w).map(|i| i.encode()), Ok(w));
        }
        let mut group = $c.benchmark_group(concat!($isa, " decode+encode"));
        group.throughput(Throughput::Elements(words.len() as u64));
        group.bench_function("generated", |b| {
            b.iter(|| {
                let mut acc: $word = 0;
                for &w in black_box(&words) {
                    if let Ok(i) = <$insn>::decode(w) {
                        acc ^= black_box(i).encode();
                    }
                }
                acc
            })
        });
        group.bench_function("hand-written", |b| {
            b.iter(|| {
                let mut acc: $word = 0;
                for &w in black_box(&words) {
                    acc ^= $hand_encode(&black_box($hand_decode(w)));
                }
                acc
            })
        });
        group.finish();

        let mut group = $c.benchmark_group(concat!($isa, " decode"));
        group.throughput(Throughput::Elements(words.len() as u64));
        group.bench_function("generated", |b| {
            b.iter(|| {
                black_box(&words)
                    .iter()
                    .filter(|&&w| black_box(<$insn>::decode(w)).is_ok())
                    .count()
            })
        });
        group.bench_function("hand-written", |b| {
            b.iter(|| {
                black_box(&words)
                    .iter()
                    .filter(|&&w| ($used)(&black_box($hand_decode(w))))
                    .count()
            })
        });
        group.finish();
    }};
}
