//! What the nested rules hand back to the searches that call them, and what those searches
//! report to the nested rules: a chain as the explanation shows it ([`Tree`]), one instance
//! of a rule ([`Hint`]), where a nested search reports ([`Sink`]) and what a chain's start
//! stands for ([`Root`]), and the instances kept for each working board ([`Known`]). The
//! engine, the unary and multiple searches and `nested.rs` all use these; they use none of
//! those files.

use std::collections::HashMap;
use std::rc::Rc;

/// A chain as the explanation shows it: its potentials from the assumption on (`pot * 2 +
/// on`), each with the nested chain that made it, if any.
#[derive(Debug, Default)]
pub(super) struct Tree {
    pub(super) steps: Vec<(u32, Option<Rc<Tree>>)>,
}

/// A rule's instances on one working board, easiest first, with the identifier of the first.
pub(super) type Found = (u32, Vec<Hint>);

/// A nested chaining rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Rule {
    Unary,
    Multiple,
    Dynamic(u8),
}

/// What the nested chaining rules found on each working board, kept from one search to the
/// next on the same board.
#[derive(Default)]
pub(super) struct Known {
    pub(super) hints: HashMap<(Rule, Vec<u64>), Rc<Found>>,
    /// The identifiers given to nested chains so far.
    pub(super) ids: u32,
}

/// One instance of a nested rule: what it removes, its sort key and the outer removals it
/// rests on.
pub(super) struct Hint {
    pub(super) elims: Vec<u32>,
    /// Rating, complexity, kind (Sudoku Explainer's sort key).
    pub(super) key: (f64, usize, u8),
    /// Potentials (off) of the outer chain this instance needs.
    pub(super) parents: Vec<u32>,
    /// The chain, for a chaining rule (its complexity then adds to the outer chain's).
    pub(super) chain: Option<Rc<Tree>>,
}

/// Where a nested search reports every chain it finds.
pub(super) struct Sink<'s> {
    /// The candidates before the outer chain's removals.
    pub(super) src: &'s [u64],
    pub(super) hints: Vec<Hint>,
}

/// Which potentials a chain's start stands for when collecting its parents.
#[derive(Clone, Copy)]
pub(super) enum Root {
    /// A contradiction, a double forcing, a unary chain or loop: nothing.
    None,
    /// Each candidate of a cell: the cell's removed candidates.
    Cell,
    /// Each place of a digit in a house: its removed places there.
    House(usize),
    /// A loop, read both ways: its off potentials count as on too.
    Cycle,
}
