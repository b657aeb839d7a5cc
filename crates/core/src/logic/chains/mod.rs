//! Chains, loops and forcing chains, after Sudoku Explainer's chaining engine.
//!
//! A *potential* is a candidate assumed true (on) or false (off). Implications:
//! - on → off: the cell's other candidates (a *cell* link, used by Y- and XY-chains), and the
//!   digit in the cell's peers (a *house* link);
//! - off → on: the cell's last other candidate when it held two (*cell*), the digit's last
//!   other place in a house where it had two (*house*, used by X-chains).
//!
//! From each candidate the engine follows these implications breadth first:
//! - *unary* chains: `p on ⇒ … ⇒ p off` removes `p`, `p off ⇒ … ⇒ p on` places it (X-, XY-
//!   chains and AICs), and a path back to `p on` is a loop, whose weak links' outsiders go;
//! - *Nishio*: assuming `p` (single-digit links only) reaches a contradiction;
//! - *multiple* chains: every candidate of a cell, or every place of a digit in a house, leads
//!   to the same potential (cell and region forcing chains);
//! - *dynamic* chains (forcing nets): each implication is applied to a copy of the board, so
//!   later ones see the candidates earlier ones removed; when the links run dry, `level 1`
//!   also runs locking, pairs and X-Wings on that copy, `level 2` unary chains, `level 3` cell
//!   and region forcing chains, `level 4` dynamic forcing chains (`nested.rs`).
//!
//! Ratings follow Sudoku Explainer: a base (loops 6.5, X-chains 6.6, chains with both kinds of
//! link 7.0, Nishio 7.5, multiple 8.0, dynamic 8.5, then 8.5 + 0.5 a nesting level: 9.0 to
//! 10.5) plus 0.1 each time the number of potentials involved (with the nested chains'), less
//! two, passes 4, 6, 8, 12, 16, 24, … The engine returns the easiest step it finds (lowest
//! rating, then fewest potentials).
//!
//! | file | what |
//! |---|---|
//! | `engine.rs` | potentials, search nodes and the [`Engine`](engine::Engine) that follows links |
//! | `graph.rs` | the static implication graph shared by the searches from every start |
//! | `hints.rs` | what the nested rules and the searches they call hand each other |
//! | `rating.rs` | a chain step's sort key and Sudoku Explainer's length increment |
//! | `unary.rs` | X-, XY-chains, AICs and their loops |
//! | `propagate.rs` | every consequence of one assumption, dynamic and nested ones included |
//! | `nested.rs` | what the nested levels add when the links run dry, with their parents |
//! | `multiple.rs` | Nishio, cell and region forcing chains, dynamic forcing chains (nets) |
//! | `strong_links.rs` | Sukaku Explainer's single-digit chains of strong links |

mod engine;
mod graph;
mod hints;
mod multiple;
mod nested;
mod propagate;
mod rating;
mod strong_links;
mod unary;

pub(super) use multiple::{dynamic, multiple, nested, nishio};
pub(super) use strong_links::strong_links;
pub(super) use unary::{unary, unary_all};
