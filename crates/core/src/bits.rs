//! Fixed-width bit sets, the storage under every candidate set.
//!
//! `Bits<W>` holds `64 × W` bits in `W` machine words. The general engine is generic over `W`
//! so that a 9×9 or 16×16 grid works on one word per set while a 400×400 grid uses seven or
//! eight; the public [`DigitSet`](crate::DigitSet) is `Bits<8>`, enough for the largest grid.
//!
//! Bit `i` stands for the digit `i + 1`: bit 0 is digit 1.

/// A set of small integers `0..64 × W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> Bits<W> {
    /// Bits that can be stored.
    pub(crate) const CAPACITY: usize = 64 * W;

    pub(crate) const fn empty() -> Self {
        Bits([0; W])
    }

    /// The set `{0, 1, …, n - 1}`.
    pub(crate) fn below(n: usize) -> Self {
        debug_assert!(n <= Self::CAPACITY);
        let mut words = [0; W];
        for (i, word) in words.iter_mut().enumerate() {
            let lo = i * 64;
            *word = if n >= lo + 64 {
                !0
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        Bits(words)
    }

    #[inline]
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    #[inline]
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline]
    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The element when the set holds exactly one.
    #[inline]
    pub(crate) fn single(&self) -> Option<usize> {
        let mut found = None;
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                if found.is_some() || w & (w - 1) != 0 {
                    return None;
                }
                found = Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        found
    }

    #[inline]
    pub(crate) fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    #[inline]
    pub(crate) fn union(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    #[inline]
    pub(crate) fn intersection(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    #[inline]
    pub(crate) fn difference(&self, other: &Self) -> Self {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    pub(crate) fn iter(&self) -> BitsIter<W> {
        BitsIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The elements of a [`Bits`], in increasing order.
#[derive(Clone, Debug)]
pub(crate) struct BitsIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_fills_exactly_n_bits() {
        for n in [0, 1, 9, 63, 64, 65, 128, 400, 512] {
            let set = Bits::<8>::below(n);
            assert_eq!(set.len(), n);
            assert_eq!(set.iter().collect::<Vec<_>>(), (0..n).collect::<Vec<_>>());
        }
    }

    #[test]
    fn single_first_and_set_operations() {
        let mut a = Bits::<2>::empty();
        assert_eq!(a.single(), None);
        assert_eq!(a.first(), None);
        a.insert(70);
        assert_eq!(a.single(), Some(70));
        a.insert(3);
        assert_eq!(a.single(), None);
        assert_eq!(a.first(), Some(3));
        let mut b = Bits::<2>::empty();
        b.insert(3);
        b.insert(100);
        assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), vec![3]);
        assert_eq!(a.union(&b).iter().collect::<Vec<_>>(), vec![3, 70, 100]);
        assert_eq!(a.difference(&b).iter().collect::<Vec<_>>(), vec![70]);
        a.remove(70);
        assert!(a.contains(3) && !a.contains(70));
    }
}
