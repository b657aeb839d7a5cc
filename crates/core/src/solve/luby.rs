//! The Luby sequence: the restart schedule of the general engine's backtracking and of clause
//! learning.

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …, term `i` (0-based): restart limits that
/// waste at most a log factor against the best fixed limit.
pub(super) fn luby(i: u64) -> u64 {
    let mut i = i + 1;
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (0..15).map(super::luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
