//! The generated PICA200 decoder and encoder against a hand-written
//! shift-and-mask codec, over the same random words, in one run.
//!
//! The baseline is as lossless as the generated code: every bit of every
//! format is kept (unused/unknown bits included), so both sides do the same
//! work. Results and the machine are recorded in `docs/performance.md`.

#[macro_use]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use isa_pica::Instruction;

/// A hand-written PICA200 instruction: the format's fields as plain integers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hand {
    /// Formats 1, 1u, mova (two sources; unused bits kept as fields).
    One {
        op: u8,
        dst: u8,
        idx: u8,
        src1: u8,
        src2: u8,
        desc: u8,
    },
    /// Format 1i.
    OneI {
        op: u8,
        dst: u8,
        idx: u8,
        src1: u8,
        src2: u8,
        desc: u8,
    },
    /// Format 1c (cmp).
    Cmp {
        op: u8,
        cmpx: u8,
        cmpy: u8,
        idx: u8,
        src1: u8,
        src2: u8,
        desc: u8,
    },
    /// Format 0.
    Zero { op: u8, unused: u32 },
    /// Formats 2, 3, call, loop: num, unused, dst and the top 4 bits.
    Flow {
        op: u8,
        top: u8,
        dst: u16,
        unused: u8,
        num: u8,
    },
    /// Format 4 (setemit).
    Emit {
        winding: bool,
        primitive: bool,
        vertex: u8,
        unused: u32,
    },
    /// Formats 5 and 5i.
    Mad {
        inverted: bool,
        dst: u8,
        idx: u8,
        src1: u8,
        src2: u8,
        src3: u8,
        desc: u8,
    },
    /// Unassigned opcodes.
    Raw(u32),
}

#[inline(always)]
fn bits(w: u32, lo: u32, n: u32) -> u32 {
    (w >> lo) & ((1 << n) - 1)
}

#[inline]
fn hand_decode(w: u32) -> Hand {
    let op = (w >> 26) as u8;
    match op {
        0x00..=0x0F | 0x12 | 0x13 => Hand::One {
            op,
            dst: bits(w, 21, 5) as u8,
            idx: bits(w, 19, 2) as u8,
            src1: bits(w, 12, 7) as u8,
            src2: bits(w, 7, 5) as u8,
            desc: bits(w, 0, 7) as u8,
        },
        0x18..=0x1B => Hand::OneI {
            op,
            dst: bits(w, 21, 5) as u8,
            idx: bits(w, 19, 2) as u8,
            src1: bits(w, 14, 5) as u8,
            src2: bits(w, 7, 7) as u8,
            desc: bits(w, 0, 7) as u8,
        },
        0x2E | 0x2F => Hand::Cmp {
            op: 0x17,
            cmpx: bits(w, 24, 3) as u8,
            cmpy: bits(w, 21, 3) as u8,
            idx: bits(w, 19, 2) as u8,
            src1: bits(w, 12, 7) as u8,
            src2: bits(w, 7, 5) as u8,
            desc: bits(w, 0, 7) as u8,
        },
        0x20..=0x22 | 0x2A => Hand::Zero {
            op,
            unused: bits(w, 0, 26),
        },
        0x23..=0x29 | 0x2C | 0x2D => Hand::Flow {
            op,
            top: bits(w, 22, 4) as u8,
            dst: bits(w, 10, 12) as u16,
            unused: bits(w, 8, 2) as u8,
            num: bits(w, 0, 8) as u8,
        },
        0x2B => Hand::Emit {
            winding: bits(w, 22, 1) != 0,
            primitive: bits(w, 23, 1) != 0,
            vertex: bits(w, 24, 2) as u8,
            unused: bits(w, 0, 22),
        },
        0x30..=0x3F => {
            let inverted = op < 0x38;
            Hand::Mad {
                inverted,
                dst: bits(w, 24, 5) as u8,
                idx: bits(w, 22, 2) as u8,
                src1: bits(w, 17, 5) as u8,
                src2: if inverted { bits(w, 12, 5) } else { bits(w, 10, 7) } as u8,
                src3: if inverted { bits(w, 5, 7) } else { bits(w, 5, 5) } as u8,
                desc: bits(w, 0, 5) as u8,
            }
        }
        _ => Hand::Raw(w),
    }
}

#[inline]
fn hand_encode(h: &Hand) -> u32 {
    match *h {
        Hand::One {
            op,
            dst,
            idx,
            src1,
            src2,
            desc,
        } => {
            (op as u32) << 26
                | (dst as u32) << 21
                | (idx as u32) << 19
                | (src1 as u32) << 12
                | (src2 as u32) << 7
                | desc as u32
        }
        Hand::OneI {
            op,
            dst,
            idx,
            src1,
            src2,
            desc,
        } => {
            (op as u32) << 26
                | (dst as u32) << 21
                | (idx as u32) << 19
                | (src1 as u32) << 14
                | (src2 as u32) << 7
                | desc as u32
        }
        Hand::Cmp {
            op,
            cmpx,
            cmpy,
            idx,
            src1,
            src2,
            desc,
        } => {
            (op as u32) << 27
                | (cmpx as u32) << 24
                | (cmpy as u32) << 21
                | (idx as u32) << 19
                | (src1 as u32) << 12
                | (src2 as u32) << 7
                | desc as u32
        }
        Hand::Zero { op, unused } => (op as u32) << 26 | unused,
        Hand::Flow {
            op,
            top,
            dst,
            unused,
            num,
        } => (op as u32) << 26 | (top as u32) << 22 | (dst as u32) << 10 | (unused as u32) << 8 | num as u32,
        Hand::Emit {
            winding,
            primitive,
            vertex,
            unused,
        } => 0x2B << 26 | (vertex as u32) << 24 | (primitive as u32) << 23 | (winding as u32) << 22 | unused,
        Hand::Mad {
            inverted,
            dst,
            idx,
            src1,
            src2,
            src3,
            desc,
        } => {
            let top = if inverted { 0b110 } else { 0b111 };
            let (s2, s3) = if inverted { (12, 5) } else { (10, 5) };
            top << 29
                | (dst as u32) << 24
                | (idx as u32) << 22
                | (src1 as u32) << 17
                | (src2 as u32) << s2
                | (src3 as u32) << s3
                | desc as u32
        }
        Hand::Raw(w) => w,
    }
}

fn bench(c: &mut Criterion) {
    compare!(
        c,
        "pica",
        u32,
        Instruction,
        hand_decode,
        hand_encode,
        |h: &Hand| !matches!(h, Hand::Raw(_))
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
