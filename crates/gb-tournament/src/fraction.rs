//! Exact non-negative rationals for the tiebreakers: percentages are compared exactly and rounded only for display,
//! so two players whose OMW% differ in the fifth decimal are never shown as tied and sorted by chance.
use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;

/// A reduced fraction `num/den` with `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    pub const ZERO: Fraction = Fraction { num: 0, den: 1 };

    /// # Panics
    /// If `den` is zero.
    pub fn new(num: u128, den: u128) -> Fraction {
        assert!(den != 0, "a fraction's denominator is never zero");
        let g = gcd(num, den);
        Fraction { num: num / g, den: den / g }
    }

    /// For constants already in lowest terms.
    pub(crate) const fn new_const(num: u128, den: u128) -> Fraction {
        Fraction { num, den }
    }

    pub fn num(self) -> u128 {
        self.num
    }

    pub fn den(self) -> u128 {
        self.den
    }

    pub fn div_int(self, k: u128) -> Fraction {
        Fraction::new(self.num, self.den.checked_mul(k).expect("tiebreak denominator overflow"))
    }

    pub fn max(self, other: Fraction) -> Fraction {
        if self >= other { self } else { other }
    }

    /// The mean of `values`, or `None` for an empty list.
    pub fn mean(values: impl IntoIterator<Item = Fraction>) -> Option<Fraction> {
        let mut count = 0u128;
        let sum = values.into_iter().fold(Fraction::ZERO, |acc, v| {
            count += 1;
            acc + v
        });
        (count > 0).then(|| sum.div_int(count))
    }

    /// Rounded half up to `places` decimals, as a string (`"0.6667"`), for display only.
    pub fn decimal(self, places: u32) -> String {
        let scale = 10u128.pow(places);
        let scaled = (self.num * scale * 2 + self.den) / (self.den * 2);
        let (int, frac) = (scaled / scale, scaled % scale);
        if places == 0 { int.to_string() } else { format!("{int}.{frac:0width$}", width = places as usize) }
    }
}

impl Ord for Fraction {
    /// Exact comparison without multiplying (so without overflow): compare the integer parts, then the reciprocals
    /// of the remainders, Euclid-style.
    fn cmp(&self, other: &Fraction) -> Ordering {
        let (mut a, mut b, mut c, mut d) = (self.num, self.den, other.num, other.den);
        let mut flipped = false;
        loop {
            let (qa, qc) = (a / b, c / d);
            if qa != qc {
                let o = qa.cmp(&qc);
                return if flipped { o.reverse() } else { o };
            }
            let (ra, rc) = (a % b, c % d);
            match (ra == 0, rc == 0) {
                (true, true) => return Ordering::Equal,
                (true, false) => return if flipped { Ordering::Greater } else { Ordering::Less },
                (false, true) => return if flipped { Ordering::Less } else { Ordering::Greater },
                // a/b = q + ra/b, and ra/b < rc/d exactly when b/ra > d/rc.
                (false, false) => {
                    (a, b, c, d) = (b, ra, d, rc);
                    flipped = !flipped;
                }
            }
        }
    }
}

impl std::ops::Add for Fraction {
    type Output = Fraction;

    /// Exact sum. Denominators here are 100 and multiples of 3 up to three times the rounds played, so their least
    /// common multiple stays far inside `u128` for any event [`crate::MAX_ROUNDS`] allows.
    fn add(self, other: Fraction) -> Fraction {
        let g = gcd(self.den, other.den);
        let den = (self.den / g).checked_mul(other.den).expect("tiebreak denominator overflow");
        let num = self.num * (other.den / g) + other.num * (self.den / g);
        Fraction::new(num, den)
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Fraction) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// Serialized as `"num/den"`, the exact value.
impl Serialize for Fraction {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reduces_adds_and_rounds() {
        assert_eq!(Fraction::new(16, 24), Fraction::new(2, 3));
        assert_eq!(Fraction::new(1, 3) + Fraction::new(33, 100), Fraction::new(199, 300));
        assert_eq!(Fraction::new(2, 3).decimal(4), "0.6667");
        assert_eq!(Fraction::new(1, 1).decimal(4), "1.0000");
        assert_eq!(Fraction::new(1, 8).decimal(2), "0.13");
        assert_eq!(Fraction::mean([Fraction::new(1, 2), Fraction::new(1, 3)]), Some(Fraction::new(5, 12)));
        assert_eq!(Fraction::mean([]), None);
        assert_eq!(Fraction::new(2, 3).to_string(), "2/3");
        // 0.33 is the MTR floor, and it is not 1/3.
        assert!(Fraction::new(33, 100) < Fraction::new(1, 3));
    }

    proptest! {
        #[test]
        fn comparison_agrees_with_cross_multiplication(a in 0u128..10_000, b in 1u128..10_000, c in 0u128..10_000, d in 1u128..10_000) {
            prop_assert_eq!(Fraction::new(a, b).cmp(&Fraction::new(c, d)), (a * d).cmp(&(c * b)));
        }
    }
}
