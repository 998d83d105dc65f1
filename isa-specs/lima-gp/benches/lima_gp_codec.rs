//! The generated Lima GP decoder and encoder against a hand-written
//! shift-and-mask codec, over the same random 128-bit words, in one run
//! (the Lima GP counterpart of `pica_codec`).
//!
//! The baseline keeps every one of the 39 fields as a plain integer or
//! bool, so it is as lossless as the generated code (the bench checks both
//! before timing). Results are recorded in `docs/performance.md`.

#[macro_use]
#[path = "../../pica/benches/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use isa_lima_gp::Instruction;

/// A hand-written Lima GP instruction: the word's fields, low bit first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Hand {
    mul0_src0: u8,
    mul0_src1: u8,
    mul1_src0: u8,
    mul1_src1: u8,
    mul0_neg: bool,
    mul1_neg: bool,
    acc0_src0: u8,
    acc0_src1: u8,
    acc1_src0: u8,
    acc1_src1: u8,
    acc0_src0_neg: bool,
    acc0_src1_neg: bool,
    acc1_src0_neg: bool,
    acc1_src1_neg: bool,
    load_addr: u16,
    load_offset: u8,
    register0_addr: u8,
    register0_attr: bool,
    register1_addr: u8,
    store0_temp: bool,
    store1_temp: bool,
    branch: bool,
    branch_target_lo: bool,
    store0_src_x: u8,
    store0_src_y: u8,
    store1_src_z: u8,
    store1_src_w: u8,
    acc_op: u8,
    complex_op: u8,
    store0_addr: u8,
    store0_varying: bool,
    store1_addr: u8,
    store1_varying: bool,
    mul_op: u8,
    pass_op: u8,
    complex_src: u8,
    pass_src: u8,
    unknown_1: u8,
    branch_target: u8,
}

#[inline]
fn hand_decode(w: u128) -> Hand {
    Hand {
        mul0_src0: (w & 0x1f) as u8,
        mul0_src1: ((w >> 5) & 0x1f) as u8,
        mul1_src0: ((w >> 10) & 0x1f) as u8,
        mul1_src1: ((w >> 15) & 0x1f) as u8,
        mul0_neg: (w >> 20) & 1 != 0,
        mul1_neg: (w >> 21) & 1 != 0,
        acc0_src0: ((w >> 22) & 0x1f) as u8,
        acc0_src1: ((w >> 27) & 0x1f) as u8,
        acc1_src0: ((w >> 32) & 0x1f) as u8,
        acc1_src1: ((w >> 37) & 0x1f) as u8,
        acc0_src0_neg: (w >> 42) & 1 != 0,
        acc0_src1_neg: (w >> 43) & 1 != 0,
        acc1_src0_neg: (w >> 44) & 1 != 0,
        acc1_src1_neg: (w >> 45) & 1 != 0,
        load_addr: ((w >> 46) & 0x1ff) as u16,
        load_offset: ((w >> 55) & 0x7) as u8,
        register0_addr: ((w >> 58) & 0xf) as u8,
        register0_attr: (w >> 62) & 1 != 0,
        register1_addr: ((w >> 63) & 0xf) as u8,
        store0_temp: (w >> 67) & 1 != 0,
        store1_temp: (w >> 68) & 1 != 0,
        branch: (w >> 69) & 1 != 0,
        branch_target_lo: (w >> 70) & 1 != 0,
        store0_src_x: ((w >> 71) & 0x7) as u8,
        store0_src_y: ((w >> 74) & 0x7) as u8,
        store1_src_z: ((w >> 77) & 0x7) as u8,
        store1_src_w: ((w >> 80) & 0x7) as u8,
        acc_op: ((w >> 83) & 0x7) as u8,
        complex_op: ((w >> 86) & 0xf) as u8,
        store0_addr: ((w >> 90) & 0xf) as u8,
        store0_varying: (w >> 94) & 1 != 0,
        store1_addr: ((w >> 95) & 0xf) as u8,
        store1_varying: (w >> 99) & 1 != 0,
        mul_op: ((w >> 100) & 0x7) as u8,
        pass_op: ((w >> 103) & 0x7) as u8,
        complex_src: ((w >> 106) & 0x1f) as u8,
        pass_src: ((w >> 111) & 0x1f) as u8,
        unknown_1: ((w >> 116) & 0xf) as u8,
        branch_target: ((w >> 120) & 0xff) as u8,
    }
}

#[inline]
fn hand_encode(h: &Hand) -> u128 {
    h.mul0_src0 as u128
        | (h.mul0_src1 as u128) << 5
        | (h.mul1_src0 as u128) << 10
        | (h.mul1_src1 as u128) << 15
        | (h.mul0_neg as u128) << 20
        | (h.mul1_neg as u128) << 21
        | (h.acc0_src0 as u128) << 22
        | (h.acc0_src1 as u128) << 27
        | (h.acc1_src0 as u128) << 32
        | (h.acc1_src1 as u128) << 37
        | (h.acc0_src0_neg as u128) << 42
        | (h.acc0_src1_neg as u128) << 43
        | (h.acc1_src0_neg as u128) << 44
        | (h.acc1_src1_neg as u128) << 45
        | (h.load_addr as u128) << 46
        | (h.load_offset as u128) << 55
        | (h.register0_addr as u128) << 58
        | (h.register0_attr as u128) << 62
        | (h.register1_addr as u128) << 63
        | (h.store0_temp as u128) << 67
        | (h.store1_temp as u128) << 68
        | (h.branch as u128) << 69
        | (h.branch_target_lo as u128) << 70
        | (h.store0_src_x as u128) << 71
        | (h.store0_src_y as u128) << 74
        | (h.store1_src_z as u128) << 77
        | (h.store1_src_w as u128) << 80
        | (h.acc_op as u128) << 83
        | (h.complex_op as u128) << 86
        | (h.store0_addr as u128) << 90
        | (h.store0_varying as u128) << 94
        | (h.store1_addr as u128) << 95
        | (h.store1_varying as u128) << 99
        | (h.mul_op as u128) << 100
        | (h.pass_op as u128) << 103
        | (h.complex_src as u128) << 106
        | (h.pass_src as u128) << 111
        | (h.unknown_1 as u128) << 116
        | (h.branch_target as u128) << 120
}

fn bench(c: &mut Criterion) {
    compare!(c, "lima-gp", u128, Instruction, hand_decode, hand_encode, |h: &Hand| h
        .branch);
}

criterion_group!(benches, bench);
criterion_main!(benches);
