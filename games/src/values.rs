//! How nim-values are stored: one byte a value while they fit, then two, then four (widened,
//! never wrapped), and the bit sets the engines take a mex in.

/// A nim-value's storage type: `u8`, `u16` or `u32`.
pub trait Nimber: Copy + Eq + Ord + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The largest value this type holds.
    const MAX: u32;
    /// The value.
    fn get(self) -> u32;
    /// `v` as this type (`v` ≤ `MAX`).
    fn of(v: u32) -> Self;
    /// `self ^ other`.
    fn xor(self, other: Self) -> Self;
}

macro_rules! nimber {
    ($t:ty) => {
        impl Nimber for $t {
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn of(v: u32) -> Self {
                debug_assert!(v <= <Self as Nimber>::MAX);
                v as $t
            }
            #[inline(always)]
            fn xor(self, other: Self) -> Self {
                self ^ other
            }
        }
    };
}
nimber!(u8);
nimber!(u16);
nimber!(u32);

/// The values computed so far, in the narrowest type that holds them.
#[derive(Debug, Clone)]
pub(crate) enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl Values {
    /// The next wider storage holding the same values.
    pub fn widened(self) -> Values {
        match self {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(_) => unreachable!("u32 values are not widened"),
        }
    }

    /// The bytes each value takes.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    pub fn to_u32(&self) -> Vec<u32> {
        match self {
            Values::U8(v) => v.iter().map(|&x| u32::from(x)).collect(),
            Values::U16(v) => v.iter().map(|&x| u32::from(x)).collect(),
            Values::U32(v) => v.clone(),
        }
    }
}

/// A set of values below a power of two, as bits.
#[derive(Debug, Clone, Default)]
pub(crate) struct Bits {
    pub words: Vec<u64>,
}

impl Bits {
    /// Room for values below `width` (a multiple of 64), all clear.
    pub fn clear(&mut self, width: usize) {
        let n = width.div_ceil(64).max(1);
        self.words.clear();
        self.words.resize(n, 0);
    }

    #[inline(always)]
    pub fn set(&mut self, v: u32) {
        let v = v as usize;
        self.words[v >> 6] |= 1 << (v & 63);
    }

    #[inline(always)]
    pub fn has(&self, v: u32) -> bool {
        let v = v as usize;
        self.words
            .get(v >> 6)
            .is_some_and(|w| w >> (v & 63) & 1 != 0)
    }

    /// The smallest value not in the set (the mex).
    pub fn mex(&self) -> u32 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return (i * 64) as u32 + (!w).trailing_zeros();
            }
        }
        (self.words.len() * 64) as u32
    }
}

/// The smallest power of two above `max` (so that every XOR of values ≤ `max` is below it),
/// at least 64.
pub(crate) fn width_for(max: u32) -> usize {
    (max as usize + 1).next_power_of_two().max(64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widened_not_wrapped() {
        let v = Values::U8(vec![0, 255]).widened();
        assert_eq!(v.bytes_per_value(), 2);
        let v = Values::U16(vec![1, 65535]).widened();
        assert_eq!((v.bytes_per_value(), v.to_u32()), (4, vec![1, 65535]));
        assert_eq!(width_for(63), 64);
        assert_eq!(width_for(64), 128);
    }
}
