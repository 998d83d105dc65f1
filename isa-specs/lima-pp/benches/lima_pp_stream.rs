//! Lima PP stream decoding throughput: one long program of random
//! well-formed instructions (every unit present with probability ½, random
//! field values, derived fields computed), decoded with the generated
//! `Instr::decode_program` and re-encoded with `encode_program`, and
//! checked as instruction views (`InstrView::decode_program`), with and
//! without reading every unit. Goal: ≥ 1 GB/s decode. A second program has
//! every unit in every instruction, which takes the unpredictable
//! unit-enable branches out of the picture, and a third the same six units
//! in every instruction. Results are in `docs/performance.md`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use isa_lima_pp::{
    BranchUnit, CombinerUnit, Const, Instr, InstrView, Sampler, ScalarAdd, ScalarMul, TempWriteUnit, Uniform,
    VaryingUnit, VecAdd, VecMul, LAYOUT,
};

/// SplitMix64: deterministic random numbers without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Random bits for a unit of `width` bits, present `percent`% of the
    /// time (a negative `percent`: present when bit `-percent - 1` of the
    /// fixed mask [`SAME_UNITS`] is set).
    fn unit(&mut self, width: u32, percent: i64) -> Option<u128> {
        let present = match u32::try_from(percent) {
            Ok(percent) => self.next() % 100 < u64::from(percent),
            Err(_) => SAME_UNITS >> (-percent - 1) & 1 != 0,
        };
        if !present {
            return None;
        }
        let bits = (u128::from(self.next()) << 64 | u128::from(self.next())) & ((1u128 << width) - 1);
        Some(bits)
    }
}

/// The units of the third program, the same in every instruction: six of
/// the twelve (varying, uniform, scalar_mul, scalar_add, temp_write, const0).
const SAME_UNITS: u32 = 0b0101_0101_0101;

/// One random instruction; units whose random bits a closed enum rejects
/// are left out. `percent` as for [`Rng::unit`]; `p(k)` is the value
/// for unit `k` (so that a negative one names that unit's mask bit).
fn random_instr(rng: &mut Rng, percent: i64) -> Instr {
    let p = |k: i64| if percent < 0 { -k - 1 } else { percent };
    let control = isa_lima_pp::Control::decode(rng.next() as u32 & 0x0000_0060).expect("sync/stop only");
    let packed = LAYOUT.packed.expect("Lima PP is a presence-mask bundle");
    let width = |name: &str| packed.unit(name).expect("unit").width;
    Instr {
        control,
        varying: rng
            .unit(width("varying"), p(0))
            .and_then(|b| VaryingUnit::decode(b).ok()),
        texture: rng
            .unit(width("texture"), p(1))
            .and_then(|b| Sampler::decode(b as u64).ok()),
        uniform: rng
            .unit(width("uniform"), p(2))
            .and_then(|b| Uniform::decode(b as u64).ok()),
        vec_mul: rng
            .unit(width("vec_mul"), p(3))
            .and_then(|b| VecMul::decode(b as u64).ok()),
        scalar_mul: rng
            .unit(width("scalar_mul"), p(4))
            .and_then(|b| ScalarMul::decode(b as u32).ok()),
        vec_add: rng
            .unit(width("vec_add"), p(5))
            .and_then(|b| VecAdd::decode(b as u64).ok()),
        scalar_add: rng
            .unit(width("scalar_add"), p(6))
            .and_then(|b| ScalarAdd::decode(b as u32).ok()),
        combiner: rng
            .unit(width("combiner"), p(7))
            .and_then(|b| CombinerUnit::decode(b).ok()),
        temp_write: rng
            .unit(width("temp_write"), p(8))
            .and_then(|b| TempWriteUnit::decode(b).ok()),
        branch: rng.unit(width("branch"), p(9)).and_then(|b| BranchUnit::decode(b).ok()),
        const0: rng
            .unit(width("const0"), p(10))
            .and_then(|b| Const::decode(b as u64).ok()),
        const1: rng
            .unit(width("const1"), p(11))
            .and_then(|b| Const::decode(b as u64).ok()),
    }
}

/// A program of 20,000 random instructions whose units are each present
/// `percent`% of the time, its words checked to round-trip.
fn program(percent: i64) -> (Vec<u32>, Vec<Instr>) {
    let mut rng = Rng(0x11AA_22BB);
    let mut program: Vec<Instr> = (0..20_000).map(|_| random_instr(&mut rng, percent)).collect();
    Instr::derive(&mut program);
    let words = Instr::encode_program(&program);
    // The bench measures a correct decoder: check the round trip first.
    let decoded = Instr::decode_program(&words).expect("a well-formed program");
    assert_eq!(decoded.len(), program.len());
    assert_eq!(Instr::encode_program(&decoded), words);
    (words, decoded)
}

fn bench(c: &mut Criterion) {
    let (words, decoded) = program(50);
    let mut group = c.benchmark_group("lima_pp stream");
    group.throughput(Throughput::Bytes(words.len() as u64 * 4));
    group.bench_function("decode_program", |b| {
        b.iter(|| Instr::decode_program(black_box(&words)).expect("decodes").len())
    });
    group.bench_function("encode_program", |b| {
        b.iter(|| Instr::encode_program(black_box(&decoded)).len())
    });
    // Views check what `decode_program` checks, with the same errors, and
    // decode a unit when it is read.
    group.bench_function("InstrView::decode_program", |b| {
        b.iter(|| InstrView::decode_program(black_box(&words)).expect("decodes").len())
    });
    // A tool looking for one kind of unit (here the texture samplers).
    group.bench_function("InstrView::decode_program, the texture unit read", |b| {
        b.iter(|| {
            let views = InstrView::decode_program(black_box(&words)).expect("decodes");
            views
                .iter()
                .filter_map(|view| view.texture())
                .map(|t| t.index.get())
                .sum::<u64>()
        })
    });
    group.bench_function("InstrView::decode_program, every unit read", |b| {
        b.iter(|| {
            let views = InstrView::decode_program(black_box(&words)).expect("decodes");
            views.iter().map(InstrView::to_instr).collect::<Vec<Instr>>().len()
        })
    });
    group.finish();

    let (words, _) = program(100);
    let mut group = c.benchmark_group("lima_pp stream, every unit present");
    group.throughput(Throughput::Bytes(words.len() as u64 * 4));
    group.bench_function("decode_program", |b| {
        b.iter(|| Instr::decode_program(black_box(&words)).expect("decodes").len())
    });
    group.finish();

    // Half the units, as in the first program, but the same half in every
    // instruction: the unit-enable branches become predictable, so the
    // difference from the first program is what mispredicting them costs.
    let (words, _) = program(-1);
    let mut group = c.benchmark_group("lima_pp stream, the same six units in every instruction");
    group.throughput(Throughput::Bytes(words.len() as u64 * 4));
    group.bench_function("decode_program", |b| {
        b.iter(|| Instr::decode_program(black_box(&words)).expect("decodes").len())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
