//! Range-checked field types used by generated instruction structs.

use core::fmt;

use crate::bits::low_mask;

/// Defines an unsigned integer type of up to `$max` bits, stored as `$store`.
macro_rules! uint_type {
    ($(#[$doc:meta])* $name:ident, $store:ty, $max:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name<const BITS: u32>($store);

        impl<const BITS: u32> $name<BITS> {
            /// The largest value.
            pub const MAX: u64 = {
                assert!(BITS >= 1 && BITS <= $max, "width out of range for this type");
                low_mask(BITS)
            };

            /// `Some` when `value` fits in `BITS` bits.
            #[inline]
            pub const fn new(value: u64) -> Option<Self> {
                if value <= Self::MAX {
                    Some($name(value as $store))
                } else {
                    None
                }
            }

            /// Keeps the low `BITS` bits of `value` (what a decoder reads).
            #[inline(always)]
            pub const fn from_bits(value: u64) -> Self {
                $name((value & Self::MAX) as $store)
            }

            /// The value.
            #[inline(always)]
            pub const fn get(self) -> u64 {
                self.0 as u64
            }
        }

        impl<const BITS: u32> fmt::Debug for $name<BITS> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:#x}", self.0)
            }
        }

        impl<const BITS: u32> fmt::Display for $name<BITS> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

uint_type!(
    /// An unsigned integer of 1 to 32 bits (generated fields of up to 32 bits).
    UInt, u32, 32
);
uint_type!(
    /// An unsigned integer of 33 to 64 bits (wider generated fields).
    UInt64, u64, 64
);

/// Defines a two's-complement signed integer of up to `$max` bits.
macro_rules! sint_type {
    ($(#[$doc:meta])* $name:ident, $store:ty, $max:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
        pub struct $name<const BITS: u32>($store);

        impl<const BITS: u32> $name<BITS> {
            /// The smallest value.
            pub const MIN: i64 = {
                assert!(BITS >= 1 && BITS <= $max, "width out of range for this type");
                -(1i64 << (BITS - 1))
            };
            /// The largest value.
            pub const MAX: i64 = (1i64 << (BITS - 1)) - 1;

            /// `Some` when `value` fits.
            #[inline]
            pub const fn new(value: i64) -> Option<Self> {
                if value >= Self::MIN && value <= Self::MAX {
                    Some($name(value as $store))
                } else {
                    None
                }
            }

            /// Sign-extends the low `BITS` bits.
            #[inline(always)]
            pub const fn from_bits(bits: u64) -> Self {
                let shift = 64 - BITS;
                $name((((bits << shift) as i64) >> shift) as $store)
            }

            /// The value.
            #[inline(always)]
            pub const fn get(self) -> i64 {
                self.0 as i64
            }

            /// The two's-complement bits (the low `BITS` bits).
            #[inline(always)]
            pub const fn bits(self) -> u64 {
                (self.0 as i64 as u64) & low_mask(BITS)
            }
        }

        impl<const BITS: u32> fmt::Display for $name<BITS> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

sint_type!(
    /// A signed integer of 1 to 32 bits.
    SInt, i32, 32
);
sint_type!(
    /// A signed integer of 33 to 64 bits.
    SInt64, i64, 64
);

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
    pub const fn get(self, i: usize) -> Component {
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
    pub fn identity() -> Self {
        Self::from_components(Component::ALL)
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
        assert_eq!(UInt64::<40>::new(1 << 39).map(UInt64::get), Some(1 << 39));
        assert_eq!(SInt64::<40>::from_bits(1 << 39).get(), -(1 << 39));
        assert_eq!(core::mem::size_of::<UInt<7>>(), 4);
    }
}
