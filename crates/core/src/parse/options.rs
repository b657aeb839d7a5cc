//! What the reader is told beyond the text: the alphabet, the box shape and how lines group
//! into puzzles.

use super::alphabet::Alphabet;
use crate::grid::Shape;

/// How blocks of lines become puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// Decide per block (see the [module docs](super)).
    #[default]
    Auto,
    /// Every line is one puzzle.
    Lines,
    /// Every block of lines (up to a blank line) is one puzzle.
    Grid,
}

/// What the reader needs to know beyond the text.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Symbols of compact text.
    pub alphabet: Alphabet,
    /// The box shape; `None` means square boxes.
    pub shape: Option<Shape>,
    /// How lines group into puzzles.
    pub layout: Layout,
}
