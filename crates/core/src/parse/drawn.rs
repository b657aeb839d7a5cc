//! The box shape a grid drawn with bars and rule lines shows, for the readers of grids
//! (digits or pencil marks) when no shape is given.

use super::alphabet::is_separator;
use super::tokens::Line;
use crate::grid::Shape;

/// The box shape a drawn grid shows, when no shape was given: the cells before the first
/// vertical bar of its first row, and the rows before the first rule line (a gap in the line
/// numbers: rule lines hold no cell and are not kept). Taken only when the drawing is clear:
/// boxes at least 2 by 2, as many cells as rows; and for a square number of rows (which has its
/// own square boxes) only when the drawing shows both bars and rules.
pub(super) fn drawn_shape(lines: &[Line]) -> Option<Shape> {
    let n = lines.len();
    let first = lines.first()?;
    let width = cells_before_bar(&first.text, first.count().1);
    let height = lines
        .windows(2)
        .position(|w| w[1].number != w[0].number + 1)
        .map(|i| i + 1);
    let square = (1..=n).any(|s| s * s == n);
    let (w, h) = match (width, height) {
        (Some(w), Some(h)) => (w, h),
        (Some(w), None) if !square && w > 0 && n % w == 0 => (w, n / w),
        (None, Some(h)) if !square && h > 0 && n % h == 0 => (n / h, h),
        _ => return None,
    };
    let clear = w >= 2 && h >= 2 && w * h == n && lines.iter().all(|l| l.count().0 == n);
    clear.then(|| Shape::new(w, h).ok()).flatten()
}

/// The cells on a line before its first vertical bar (`|` or a box-drawing vertical) that
/// follows a cell.
fn cells_before_bar(text: &str, compact: bool) -> Option<usize> {
    let mut cells = 0;
    let mut in_token = false;
    for c in text.chars() {
        let bar = matches!(c, '|' | '│' | '┃' | '║' | '┆' | '┇' | '┊' | '┋' | '╎' | '╏');
        if bar && cells > 0 {
            return Some(cells);
        }
        if is_separator(c) {
            in_token = false;
        } else if compact || !in_token {
            cells += 1;
            in_token = true;
        }
    }
    None
}
