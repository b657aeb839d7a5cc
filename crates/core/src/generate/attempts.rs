//! How a generated puzzle is sought, classic or variant: each from its own random stream
//! (the generator's seed and the puzzle's index), candidates made until one fits the options,
//! and the difficulty band it must be rated in.

use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::logic::{self, Level, Outcome, Rating};
use crate::solve::Stop;

/// A difficulty level: a band of the ER scale (easy ≤ 2.3, medium ≤ 3.4, hard ≤ 4.8,
/// expert ≤ 7.2, extreme above).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "utoipa", derive(utoipa::ToSchema))]
pub enum Difficulty {
    /// ER ≤ 2.3: singles.
    Easy,
    /// ER ≤ 3.4: intersections, pairs, X-Wing.
    Medium,
    /// ER ≤ 4.8: triples, Swordfish, wings, unique rectangles.
    Hard,
    /// ER ≤ 7.2: quads, Jellyfish, BUG, short chains.
    Expert,
    /// ER > 7.2: long chains, forcing chains and nets.
    Extreme,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
    ];

    /// The rating level it names (every [`Level`] but `Stuck`, which no puzzle is made for).
    pub fn level(self) -> Level {
        match self {
            Difficulty::Easy => Level::Easy,
            Difficulty::Medium => Level::Medium,
            Difficulty::Hard => Level::Hard,
            Difficulty::Expert => Level::Expert,
            Difficulty::Extreme => Level::Extreme,
        }
    }

    /// The ER values of the level: what [`Options::rating`](super::Options::rating) is set to for it.
    pub fn range(self) -> RangeInclusive<f64> {
        self.level().range()
    }

    /// Its name: `easy`, `medium`, `hard`, `expert` or `extreme`.
    pub fn name(self) -> &'static str {
        self.level().name()
    }

    /// The difficulty of that name ([`Difficulty::name`]), if any.
    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == name)
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seed of puzzle `index`'s random stream: SplitMix64 of (seed, index), so that the
/// streams of a seed's puzzles are independent and the `i`-th puzzle does not depend on how
/// many were made before it.
pub(crate) fn stream(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one candidate puzzle came to.
pub(crate) enum Attempt<T> {
    /// A puzzle that fits the options.
    Made(T),
    /// It missed them: make another.
    Retry,
    /// The stop fired: give up.
    Stopped,
}

/// Candidates made by `make` (given the attempt's number, from 1), each counted in the stop's
/// progress, until one fits, the stop fires or `max_attempts` missed: what classic and variant
/// generation share.
pub(crate) fn attempts<T>(
    max_attempts: u32,
    stop: &Stop,
    mut make: impl FnMut(u32) -> Attempt<T>,
) -> Option<T> {
    for attempt in 1..=max_attempts {
        if stop.expired() {
            return None;
        }
        if let Some(made) = &stop.progress {
            made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        match make(attempt) {
            Attempt::Made(made) => return Some(made),
            Attempt::Retry => continue,
            Attempt::Stopped => return None,
        }
    }
    None
}

/// The rating a finished puzzle is kept with: `Some(None)` without a band, `Some(rating)`
/// when `rate` (called only with a band) finished within the stop and its ER lies in the band,
/// `None` when the puzzle misses the band (make another). A puzzle logic cannot finish rates
/// 20.0: wanted only in a band that asks for it.
pub(crate) fn rated_in(
    band: Option<&RangeInclusive<f64>>,
    rate: impl FnOnce() -> Result<Rating, logic::LogicError>,
) -> Option<Option<Rating>> {
    let Some(band) = band else {
        return Some(None);
    };
    match rate() {
        Ok(r) if r.outcome != Outcome::Interrupted && band.contains(&r.er) => Some(Some(r)),
        _ => None,
    }
}
