//! Two sets of cells that hold the same digits (the law of leftovers). Rows 1 to k of a grid
//! hold every digit k times; so do k regions. When the regions that lie mostly inside those
//! rows number exactly k, the cells of the rows outside the regions and the cells of the
//! regions outside the rows hold the same digits, as many times each. The propagator keeps
//! the weaker half of that which is cheap: each side holds only digits the other side can hold,
//! and a digit placed on one side needs a place on the other (placed there when it has one).

use super::ctx::{Ctx, digits};

/// Cells `a` and cells `b` hold the same set of digits.
#[derive(Clone, Debug)]
pub(super) struct Same {
    pub a: Box<[u32]>,
    pub b: Box<[u32]>,
}

impl Same {
    pub fn propagate(&self, ctx: &mut Ctx) -> bool {
        leftover(&self.a, &self.b, ctx) && leftover(&self.b, &self.a, ctx)
    }
}

/// What `from` holds bounds what `to` holds.
fn leftover(from: &[u32], to: &[u32], ctx: &mut Ctx) -> bool {
    let (mut union, mut placed) = (0u64, 0u64);
    for &c in from {
        let m = ctx.get(c as usize);
        union |= m;
        if m.is_power_of_two() {
            placed |= m;
        }
    }
    for &c in to {
        if !ctx.restrict(c as usize, union) {
            return false;
        }
    }
    for d in digits(placed) {
        let bit = 1u64 << d;
        let mut places = to.iter().filter(|&&c| ctx.get(c as usize) & bit != 0);
        match (places.next(), places.next()) {
            (None, _) => return false,
            (Some(&c), None) if !ctx.restrict(c as usize, bit) => return false,
            _ => {}
        }
    }
    true
}
