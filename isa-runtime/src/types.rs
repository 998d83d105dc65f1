//! Range-checked field types used by generated instruction structs.

use core::fmt;
use core::hash::Hash;

use crate::bits::low_mask;

/// The width of a [`UInt`] or [`SInt`], as a type: `Width<N>` implements
/// [`Storage`] for every `N` from 1 to 64, which picks the primitive that
/// stores `N` bits (32 bits up to 32, 64 above). Generic code over a field width needs the bound
/// `Width<N>: Storage`; code that names a width (`UInt<5>`) does not.
pub struct Width<const N: u32>;

/// The primitives that store a field of a given [`Width`].
pub trait Storage {
    /// Unsigned storage (`u32` or `u64`).
    type Unsigned: Primitive;
    /// Signed storage (`i32` or `i64`).
    type Signed: Primitive;
}

/// An integer primitive that stores field values (`u8`…`u64`, `i8`…`i64`).
pub trait Primitive: Copy + Eq + Ord + Hash + Default + fmt::Debug + fmt::Display + fmt::LowerHex {
    /// Zero.
    const ZERO: Self;
    /// The low bits of `bits` (values are range-checked before this is called).
    fn truncate(bits: u64) -> Self;
    /// The value as an unsigned 64-bit pattern (sign-extended for signed types).
    fn widen(self) -> u64;
}

macro_rules! primitive {
    ($($t:ty),*) => {$(
        impl Primitive for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn truncate(bits: u64) -> Self {
                bits as $t
            }
            #[inline(always)]
            fn widen(self) -> u64 {
                self as u64
            }
        }
    )*};
}
primitive!(u8, u16, u32, u64, i8, i16, i32, i64);

macro_rules! storage {
    ($u:ty, $s:ty: $($n:literal)*) => {$(
        impl Storage for Width<$n> {
            type Unsigned = $u;
            type Signed = $s;
        }
    )*};
}
// Measured (docs/performance.md): `u8`/`u16` storage for narrow fields made
// the PICA decode + encode bench 1.54x the hand-written codec where `u32` is
// 0.97x, and did not speed up Lima GP or PP; so 32-bit storage up to 32 bits.
storage!(u32, i32: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
    17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32);
storage!(u64, i64: 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48
    49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64);

/// An unsigned integer field of `BITS` bits (1 to 64), stored in a `u32`, or
/// a `u64` above 32 bits (see [`Width`]).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct UInt<const BITS: u32>(<Width<BITS> as Storage>::Unsigned)
where
    Width<BITS>: Storage;

impl<const BITS: u32> UInt<BITS>
where
    Width<BITS>: Storage,
{
    /// The largest value.
    pub const MAX: u64 = low_mask(BITS);
    /// Zero (also the [`Default`]), usable in `const` code.
    pub const ZERO: Self = UInt(<<Width<BITS> as Storage>::Unsigned as Primitive>::ZERO);

    /// `Some` when `value` fits in `BITS` bits.
    #[inline]
    pub fn new(value: u64) -> Option<Self> {
        if value <= Self::MAX {
            Some(UInt(Primitive::truncate(value)))
        } else {
            None
        }
    }

    /// Keeps the low `BITS` bits of `value` (what a decoder reads).
    #[inline(always)]
    pub fn from_bits(value: u64) -> Self {
        UInt(Primitive::truncate(value & Self::MAX))
    }

    /// The value.
    #[inline(always)]
    pub fn get(self) -> u64 {
        self.0.widen()
    }
}

impl<const BITS: u32> fmt::Debug for UInt<BITS>
where
    Width<BITS>: Storage,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}

impl<const BITS: u32> fmt::Display for UInt<BITS>
where
    Width<BITS>: Storage,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// A two's-complement signed integer field of `BITS` bits (1 to 64), stored
/// in an `i32`, or an `i64` above 32 bits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
pub struct SInt<const BITS: u32>(<Width<BITS> as Storage>::Signed)
where
    Width<BITS>: Storage;

impl<const BITS: u32> SInt<BITS>
where
    Width<BITS>: Storage,
{
    /// The smallest value.
    pub const MIN: i64 = i64::MIN >> (64 - BITS);
    /// The largest value.
    pub const MAX: i64 = i64::MAX >> (64 - BITS);
    /// Zero (also the [`Default`]), usable in `const` code.
    pub const ZERO: Self = SInt(<<Width<BITS> as Storage>::Signed as Primitive>::ZERO);

    /// `Some` when `value` fits.
    #[inline]
    pub fn new(value: i64) -> Option<Self> {
        if value >= Self::MIN && value <= Self::MAX {
            Some(SInt(Primitive::truncate(value as u64)))
        } else {
            None
        }
    }

    /// Sign-extends the low `BITS` bits.
    #[inline(always)]
    pub fn from_bits(bits: u64) -> Self {
        let shift = 64 - BITS;
        SInt(Primitive::truncate((((bits << shift) as i64) >> shift) as u64))
    }

    /// The value.
    #[inline(always)]
    pub fn get(self) -> i64 {
        self.0.widen() as i64
    }

    /// The two's-complement bits (the low `BITS` bits).
    #[inline(always)]
    pub fn bits(self) -> u64 {
        self.0.widen() & low_mask(BITS)
    }
}

impl<const BITS: u32> fmt::Display for SInt<BITS>
where
    Width<BITS>: Storage,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// What a field of a generated struct holds, for [`ValueError`]: the range
/// a plain integer must lie in to become the field's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// An unsigned integer of this many bits (`UInt`, a mask, a swizzle).
    Unsigned(u32),
    /// A two's-complement integer of this many bits (`SInt`).
    Signed(u32),
    /// A value of the named enum or register file of the spec.
    Named(&'static str),
}

/// A plain integer that a field's type cannot hold: what a generated
/// `try_with_<field>` returns instead of truncating it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueError {
    /// The field (its name in the spec).
    pub field: &'static str,
    /// The integer given.
    pub value: i128,
    /// What the field holds.
    pub expected: Expected,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (field, value) = (self.field, self.value);
        match self.expected {
            Expected::Unsigned(bits) => write!(
                f,
                "field `{field}`: {value} does not fit {bits} bits (0..={})",
                low_mask(bits)
            ),
            Expected::Signed(bits) => {
                // Total for any `bits` (the type is public): 0 bits hold 0..=0.
                let shift = 64 - bits.min(64);
                let (min, max) = (
                    i64::MIN.checked_shr(shift).unwrap_or(0),
                    i64::MAX.checked_shr(shift).unwrap_or(0),
                );
                write!(
                    f,
                    "field `{field}`: {value} does not fit {bits} signed bits ({min}..={max})"
                )
            }
            Expected::Named(name) => write!(f, "field `{field}`: {value:#x} is not a `{name}`"),
        }
    }
}

impl core::error::Error for ValueError {}

/// A field type that a plain integer converts to, checked: the range-checked
/// integers, masks and swizzles here, and the enums and register files the
/// macro generates. Generated `try_with_<field>` setters call [`checked`].
pub trait FromInt: Sized {
    /// The plain integer (`u64`; `i64` for signed fields).
    type Int: Copy + Into<i128>;
    /// What the type holds, for the error.
    const EXPECTED: Expected;
    /// The value, if `value` is one (never truncated).
    fn from_int(value: Self::Int) -> Option<Self>;
}

/// What a generated `try_with_<field>` returns.
pub type ValueResult<T> = Result<T, ValueError>;

/// `value` as the field type `T`, or the error naming `field`.
#[inline]
pub fn checked<T: FromInt>(field: &'static str, value: T::Int) -> ValueResult<T> {
    T::from_int(value).ok_or(ValueError {
        field,
        value: value.into(),
        expected: T::EXPECTED,
    })
}

impl<const BITS: u32> FromInt for UInt<BITS>
where
    Width<BITS>: Storage,
{
    type Int = u64;
    const EXPECTED: Expected = Expected::Unsigned(BITS);
    #[inline]
    fn from_int(value: u64) -> Option<Self> {
        Self::new(value)
    }
}

impl<const BITS: u32> FromInt for SInt<BITS>
where
    Width<BITS>: Storage,
{
    type Int = i64;
    const EXPECTED: Expected = Expected::Signed(BITS);
    #[inline]
    fn from_int(value: i64) -> Option<Self> {
        Self::new(value)
    }
}

impl<const X_HIGH: bool> FromInt for Mask<X_HIGH> {
    type Int = u64;
    const EXPECTED: Expected = Expected::Unsigned(4);
    #[inline]
    fn from_int(value: u64) -> Option<Self> {
        (value <= 0xF).then(|| Self::from_bits(value))
    }
}

impl<const X_HIGH: bool> FromInt for Swizzle<X_HIGH> {
    type Int = u64;
    const EXPECTED: Expected = Expected::Unsigned(8);
    #[inline]
    fn from_int(value: u64) -> Option<Self> {
        (value <= 0xFF).then(|| Self::from_bits(value))
    }
}

/// A vector component.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Component {
    /// x
    X = 0,
    /// y
    Y = 1,
    /// z
    Z = 2,
    /// w
    W = 3,
}

impl Component {
    /// The four components in order.
    pub const ALL: [Component; 4] = [Component::X, Component::Y, Component::Z, Component::W];

    /// The component's letter.
    pub const fn letter(self) -> char {
        ['x', 'y', 'z', 'w'][self as usize]
    }
}

/// A 4-bit write mask, kept as its raw bits. `X_HIGH` says whether bit 3
/// (PICA200) or bit 0 (AGAL) is x.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Mask<const X_HIGH: bool>(u8);

impl<const X_HIGH: bool> Mask<X_HIGH> {
    /// From the raw bits (the low 4 are kept).
    #[inline(always)]
    pub const fn from_bits(bits: u64) -> Self {
        Mask((bits & 0xF) as u8)
    }

    /// The raw bits.
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0 as u64
    }

    /// The bit that holds `c`.
    pub const fn bit_of(c: Component) -> u32 {
        if X_HIGH {
            3 - c as u32
        } else {
            c as u32
        }
    }

    /// Whether component `c` is written.
    pub const fn has(self, c: Component) -> bool {
        self.0 & (1 << Self::bit_of(c)) != 0
    }

    /// A mask writing exactly `components`.
    pub fn from_components(components: &[Component]) -> Self {
        Mask(components.iter().fold(0, |m, &c| m | (1 << Self::bit_of(c))))
    }

    /// The mask writing every component.
    pub const fn full() -> Self {
        Mask(0xF)
    }
}

impl<const X_HIGH: bool> fmt::Display for Mask<X_HIGH> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in Component::ALL {
            if self.has(c) {
                write!(f, "{}", c.letter())?;
            }
        }
        Ok(())
    }
}

/// What a write mask written as letters loses when it becomes bits, which
/// only select components: a component named twice (`.xx`), or the order
/// (`.yx`). Assemblers that accept such a mask, as the reference tools do,
/// warn with it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MaskSlip {
    /// The first component named a second time.
    Repeated(Component),
    /// Each component once, but not in x, y, z, w order.
    OutOfOrder,
}

impl MaskSlip {
    /// The slip of a mask written as `components`, in the order written.
    pub fn of(components: &[Component]) -> Option<Self> {
        let repeated = (components.iter().enumerate()).find(|&(i, c)| components[..i].contains(c));
        if let Some((_, &c)) = repeated {
            Some(MaskSlip::Repeated(c))
        } else if components.windows(2).any(|w| w[0] as u8 > w[1] as u8) {
            Some(MaskSlip::OutOfOrder)
        } else {
            None
        }
    }
}

impl fmt::Display for MaskSlip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaskSlip::Repeated(c) => write!(
                f,
                "names `{}` twice: a write mask selects each component once",
                c.letter()
            ),
            MaskSlip::OutOfOrder => f.write_str("is not in x, y, z, w order: a write mask has no order"),
        }
    }
}

impl<const X_HIGH: bool> fmt::Debug for Mask<X_HIGH> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mask({self})")
    }
}

/// An 8-bit swizzle (2 bits per component), kept as its raw bits. `X_HIGH`
/// says whether the x selector sits in bits 7..6 (PICA200) or 1..0 (AGAL, Lima).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Swizzle<const X_HIGH: bool>(u8);

impl<const X_HIGH: bool> Swizzle<X_HIGH> {
    /// From the raw bits (the low 8 are kept).
    #[inline(always)]
    pub const fn from_bits(bits: u64) -> Self {
        Swizzle((bits & 0xFF) as u8)
    }

    /// The raw bits.
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0 as u64
    }

    /// The bit position of the selector for destination component `i` (0 = x).
    pub const fn shift_of(i: usize) -> u32 {
        if X_HIGH {
            6 - 2 * i as u32
        } else {
            2 * i as u32
        }
    }

    /// The source component selected for destination component `i` (0 = x).
    ///
    /// # Panics
    ///
    /// If `i` is 4 or more: a swizzle has four selectors.
    pub const fn get(self, i: usize) -> Component {
        assert!(i < 4, "a swizzle has four selectors, 0 to 3");
        match (self.0 >> Self::shift_of(i)) & 3 {
            0 => Component::X,
            1 => Component::Y,
            2 => Component::Z,
            _ => Component::W,
        }
    }

    /// A swizzle from four selectors.
    pub fn from_components(sel: [Component; 4]) -> Self {
        Swizzle(
            sel.iter()
                .enumerate()
                .fold(0, |s, (i, &c)| s | ((c as u8) << Self::shift_of(i))),
        )
    }

    /// The identity swizzle `xyzw`.
    pub const fn identity() -> Self {
        let (mut bits, mut i) = (0u8, 0);
        while i < 4 {
            bits |= (i as u8) << Self::shift_of(i);
            i += 1;
        }
        Swizzle(bits)
    }
}

impl<const X_HIGH: bool> fmt::Display for Swizzle<X_HIGH> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..4 {
            write!(f, "{}", self.get(i).letter())?;
        }
        Ok(())
    }
}

impl<const X_HIGH: bool> fmt::Debug for Swizzle<X_HIGH> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Swizzle({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "a swizzle has four selectors")]
    fn a_swizzle_selector_past_w_is_a_bug_in_either_order() {
        for i in 0..4 {
            assert_eq!(Swizzle::<true>::identity().get(i), Component::ALL[i]);
            assert_eq!(Swizzle::<false>::identity().get(i), Component::ALL[i]);
        }
        let _ = Swizzle::<false>::identity().get(4);
    }

    #[test]
    fn a_mask_slip_is_a_repeat_first_then_the_order() {
        use Component::{W, X, Y, Z};
        assert_eq!(MaskSlip::of(&[]), None);
        assert_eq!(MaskSlip::of(&[X, Y, Z, W]), None);
        assert_eq!(MaskSlip::of(&[Y, W]), None);
        assert_eq!(MaskSlip::of(&[X, X]), Some(MaskSlip::Repeated(X)));
        assert_eq!(MaskSlip::of(&[Z, Y, Y, Z]), Some(MaskSlip::Repeated(Y)));
        assert_eq!(MaskSlip::of(&[Y, X]), Some(MaskSlip::OutOfOrder));
        assert_eq!(MaskSlip::of(&[X, W, Z]), Some(MaskSlip::OutOfOrder));
        assert_eq!(
            alloc::format!("{}", MaskSlip::Repeated(W)),
            "names `w` twice: a write mask selects each component once"
        );
        assert_eq!(
            alloc::format!("{}", MaskSlip::OutOfOrder),
            "is not in x, y, z, w order: a write mask has no order"
        );
    }

    #[test]
    fn checked_values_never_truncate() {
        assert_eq!(checked::<UInt<3>>("a", 7), Ok(UInt::<3>::from_bits(7)));
        let e = checked::<UInt<3>>("a", 8).unwrap_err();
        assert_eq!(alloc::format!("{e}"), "field `a`: 8 does not fit 3 bits (0..=7)");
        assert_eq!(checked::<SInt<4>>("b", -8).map(SInt::get), Ok(-8));
        let e = checked::<SInt<4>>("b", 8).unwrap_err();
        assert_eq!(
            alloc::format!("{e}"),
            "field `b`: 8 does not fit 4 signed bits (-8..=7)"
        );
        assert!(checked::<Mask<true>>("m", 0x10).is_err());
        assert_eq!(checked::<Swizzle<false>>("s", 0xE4), Ok(Swizzle::identity()));
        assert_eq!(UInt::<40>::ZERO.get(), 0);
        assert_eq!(SInt::<7>::ZERO, SInt::default());
    }

    #[test]
    fn pica_selector_0x1b_is_identity() {
        assert_eq!(Swizzle::<true>::identity().bits(), 0x1B);
        assert_eq!(alloc::format!("{}", Swizzle::<true>::from_bits(0x55)), "yyyy");
    }

    #[test]
    fn agal_selector_0xe4_is_identity() {
        assert_eq!(Swizzle::<false>::identity().bits(), 0xE4);
    }

    #[test]
    fn mask_orders() {
        assert_eq!(Mask::<true>::from_components(&[Component::X]).bits(), 0b1000);
        assert_eq!(Mask::<false>::from_components(&[Component::X]).bits(), 0b0001);
        assert_eq!(alloc::format!("{}", Mask::<true>::from_bits(0b1001)), "xw");
        assert_eq!(alloc::format!("{:?}", Mask::<false>::from_bits(0b0110)), "Mask(yz)");
        // A component named twice is written once.
        assert_eq!(
            Mask::<false>::from_components(&[Component::X, Component::X]).bits(),
            0b0001
        );
        assert_eq!(
            Mask::<true>::from_components(&[Component::W, Component::Y, Component::W]).bits(),
            0b0101
        );
        assert_eq!(Mask::<false>::from_int(0xF), Some(Mask::full()));
        assert_eq!(Mask::<false>::from_int(0x10), None);
    }

    /// A swizzle built from four selectors puts each where `get` reads it,
    /// in either order, and shows as its letters.
    #[test]
    fn swizzles_from_components_read_back() {
        use Component::{W, X, Y, Z};
        assert_eq!(Swizzle::<false>::from_components([W, Z, Y, X]).bits(), 0x1B);
        assert_eq!(Swizzle::<true>::from_components([W, Z, Y, X]).bits(), 0xE4);
        for sel in [[X, Y, Z, W], [W, W, X, Y], [Z, X, W, Y], [Y, Y, Y, Y]] {
            let high = Swizzle::<true>::from_components(sel);
            let low = Swizzle::<false>::from_components(sel);
            for (i, &c) in sel.iter().enumerate() {
                assert_eq!((high.get(i), low.get(i)), (c, c), "{sel:?}[{i}]");
            }
        }
        assert_eq!(
            alloc::format!("{:?}", Swizzle::<false>::from_bits(0x1B)),
            "Swizzle(wzyx)"
        );
    }

    /// Float fields keep their bits (a NaN payload, a negative zero) and
    /// give them back as bits and as values; `Display` prints as the text
    /// layer does, `Debug` as Rust prints the float.
    #[test]
    fn float_fields_keep_their_bits() {
        let f = Float32::from(-1.5f32);
        assert_eq!((f.to_bits(), f.get()), (0xBFC0_0000, -1.5));
        assert_eq!(Float32::from_bits(0x7FC0_0001).to_bits(), 0x7FC0_0001);
        assert_eq!(Float32::from(-0.0f32).to_bits(), 0x8000_0000);
        assert_eq!(alloc::format!("{f} {f:?}"), "-1.5 -1.5");
        let h = Float16::from(half::f16::from_f32(0.5));
        assert_eq!((h.to_bits(), h.get()), (0x3800, half::f16::from_f32(0.5)));
        assert_eq!(alloc::format!("{h} {h:?}"), "0.5 0.5");
        assert_eq!(alloc::format!("{}", Float16::from_bits(0xBC00)), "-1.0");
    }

    /// Plain integer fields print as their number: decimal for `Display`,
    /// hexadecimal for `Debug` (as a generated struct's `Debug` shows them).
    #[test]
    fn integer_fields_print_their_number() {
        let u = UInt::<12>::new(0xABC).expect("in range");
        assert_eq!(alloc::format!("{u} {u:?} {u:>6}"), "2748 0xabc   2748");
        let s = SInt::<8>::new(-5).expect("in range");
        assert_eq!(alloc::format!("{s} {s:+}"), "-5 -5");
        assert_eq!(alloc::format!("{}", SInt::<40>::from_bits(1 << 39)), "-549755813888");
    }

    #[test]
    fn signed_round_trip_every_value() {
        for bits in 0..256u64 {
            let v = SInt::<8>::from_bits(bits);
            assert_eq!(v.bits(), bits);
            assert_eq!(SInt::<8>::new(v.get()), Some(v));
        }
        assert_eq!(SInt::<8>::new(128), None);
        assert_eq!(UInt::<7>::new(128), None);
        assert_eq!(UInt::<40>::new(1 << 39).map(UInt::get), Some(1 << 39));
        assert_eq!(SInt::<40>::from_bits(1 << 39).get(), -(1 << 39));
    }

    /// Every width from 1 to 64: the range limits, sign extension at the
    /// top bit, and the storage size.
    #[test]
    fn every_width_round_trips_its_extremes() {
        macro_rules! check {
            ($($n:literal)*) => {$({
                let max = low_mask($n);
                assert_eq!(UInt::<$n>::MAX, max);
                assert_eq!(UInt::<$n>::new(max).map(UInt::get), Some(max));
                assert_eq!(UInt::<$n>::from_bits(u64::MAX).get(), max);
                if $n < 64 {
                    assert_eq!(UInt::<$n>::new(max + 1), None);
                }
                let top = 1u64 << ($n - 1);
                assert_eq!(SInt::<$n>::from_bits(top).get(), SInt::<$n>::MIN);
                assert_eq!(SInt::<$n>::from_bits(top).bits(), top);
                assert_eq!(SInt::<$n>::from_bits(top - 1).get(), SInt::<$n>::MAX);
                assert_eq!(SInt::<$n>::from_bits(max).get(), -1);
                assert_eq!(SInt::<$n>::new(SInt::<$n>::MIN).map(SInt::bits), Some(top));
                let size = if $n <= 32 { 4 } else { 8 };
                assert_eq!(core::mem::size_of::<UInt<$n>>(), size, "UInt<{}>", $n);
                assert_eq!(core::mem::size_of::<SInt<$n>>(), size, "SInt<{}>", $n);
            })*};
        }
        check!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32
            33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64);
        assert_eq!(SInt::<8>::new(-129), None);
        assert_eq!(SInt::<64>::new(i64::MIN).map(SInt::get), Some(i64::MIN));
    }
}

/// A single-float field (`f32` in a spec), kept as its bits: two values
/// are equal when their bits are, so a NaN payload or a negative zero
/// survives a round trip and compares equal to itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Float32(u32);

impl Float32 {
    /// Zero (all bits clear).
    pub const ZERO: Self = Float32(0);

    /// The float with these bits.
    pub const fn from_bits(bits: u32) -> Self {
        Float32(bits)
    }

    /// Its bits.
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// Its value.
    pub fn get(self) -> f32 {
        f32::from_bits(self.0)
    }
}

impl From<f32> for Float32 {
    fn from(v: f32) -> Self {
        Float32(v.to_bits())
    }
}

impl fmt::Debug for Float32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.get())
    }
}

impl fmt::Display for Float32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::write_float(f, u64::from(self.0))
    }
}

/// A half-float field (`f16` in a spec), kept as its bits: two values are
/// equal when their bits are, as for [`Float32`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Float16(u16);

impl Float16 {
    /// Zero (all bits clear).
    pub const ZERO: Self = Float16(0);

    /// The half with these bits.
    pub const fn from_bits(bits: u16) -> Self {
        Float16(bits)
    }

    /// Its bits.
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Its value.
    pub fn get(self) -> half::f16 {
        half::f16::from_bits(self.0)
    }
}

impl From<half::f16> for Float16 {
    fn from(v: half::f16) -> Self {
        Float16(v.to_bits())
    }
}

impl fmt::Debug for Float16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.get())
    }
}

impl fmt::Display for Float16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::write_half(f, u64::from(self.0))
    }
}
