//! Natural numbers of any size, with only what counting needs: addition and decimal output.

use std::fmt;

/// A natural number of any size: 64-bit limbs, least significant first, with no zero limb at
/// the top (so equal numbers have equal limbs and `0` has none).
///
/// ```
/// use toursat::count::Natural;
/// let mut big = Natural::from(u128::MAX);
/// big.add(&Natural::from(1u128));
/// assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Natural {
    limbs: Vec<u64>,
}

/// The largest power of ten in a limb: decimal digits are peeled off 19 at a time.
const TEN_TO_19: u64 = 10_000_000_000_000_000_000;

impl Natural {
    /// Zero.
    pub fn zero() -> Natural {
        Natural::default()
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Adds `other` to this number.
    pub fn add(&mut self, other: &Natural) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (index, limb) in self.limbs.iter_mut().enumerate() {
            let addend = other.limbs.get(index).copied().unwrap_or(0);
            if addend == 0 && !carry && index >= other.limbs.len() {
                break;
            }
            let (sum, overflow) = limb.overflowing_add(addend);
            let (sum, carry_overflow) = sum.overflowing_add(carry as u64);
            *limb = sum;
            carry = overflow || carry_overflow;
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// The number as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs[..] {
            [] => Some(0),
            [low] => Some(low as u128),
            [low, high] => Some((high as u128) << 64 | low as u128),
            _ => None,
        }
    }

    /// Divides by `divisor` (not 0) in place and returns the remainder.
    fn divide_small(&mut self, divisor: u64) -> u64 {
        let mut remainder = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let value = remainder << 64 | *limb as u128;
            *limb = (value / divisor as u128) as u64;
            remainder = value % divisor as u128;
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        remainder as u64
    }
}

impl From<u128> for Natural {
    fn from(value: u128) -> Natural {
        let limbs = [value as u64, (value >> 64) as u64];
        let len = limbs
            .iter()
            .rposition(|&limb| limb != 0)
            .map_or(0, |top| top + 1);
        Natural {
            limbs: limbs[..len].to_vec(),
        }
    }
}

impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        loop {
            chunks.push(rest.divide_small(TEN_TO_19));
            if rest.is_zero() {
                break;
            }
        }
        let mut chunks = chunks.iter().rev();
        let top = chunks.next().copied().unwrap_or(0);
        let mut text = top.to_string();
        for chunk in chunks {
            text.push_str(&format!("{chunk:019}"));
        }
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_prints_as_zero() {
        assert_eq!(Natural::zero().to_string(), "0");
        assert_eq!(Natural::from(0u128), Natural::zero());
    }

    #[test]
    fn carries_across_limbs() {
        let mut sum = Natural::from(u64::MAX as u128);
        sum.add(&Natural::from(1u128));
        assert_eq!(sum.to_u128(), Some(1 << 64));
        let mut past_u128 = Natural::from(u128::MAX);
        past_u128.add(&Natural::from(u128::MAX));
        assert_eq!(past_u128.to_u128(), None);
        assert_eq!(
            past_u128.to_string(),
            "680564733841876926926749214863536422910"
        );
    }

    #[test]
    fn prints_inner_chunks_with_leading_zeros() {
        let value = 10u128.pow(19) * 7 + 5;
        assert_eq!(Natural::from(value).to_string(), value.to_string());
    }
}
