//! The band layout's tables (built at compile time) and bit operations on band words:
//! minirows, a band's row → box permutations, locked columns, peers.

pub(super) const ALL: u32 = (1 << 27) - 1;

/// Bit `j` set when minirow `j` (bits `3j..3j+3`) of a 9-bit row is non-empty.
static SHRINK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut row = 0;
    while row < 512 {
        let mut j = 0;
        while j < 3 {
            if (row >> (3 * j)) & 7 != 0 {
                t[row] |= 1 << j;
            }
            j += 1;
        }
        row += 1;
    }
    t
};

/// The six ways a digit can take one row of a band in each box (row `r` → box `PERMS[p][r]`).
pub(super) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For a 3×3 matrix of non-empty minirows (bit `3r + j`: row `r`, box `j`), the union of the
/// minirows (as cell masks) that lie on a permutation row → box using only non-empty ones.
pub(super) static COMPLEX: [u32; 512] = {
    let m = complex9();
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        t[s] = minirow_cells(m[s] as usize);
        s += 1;
    }
    t
};

/// For a 3×3 matrix of non-empty minirows (bit `3r + j`), the cells of the minirows of
/// [`COMPLEX`] that are the only one left in their row: a cell alone in such a minirow is a
/// hidden single of its row.
pub(super) static ONLY: [u32; 512] = {
    let m = complex9();
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut only = 0;
        let mut r = 0;
        while r < 3 {
            let row = (m[s] >> (3 * r)) & 7;
            if row != 0 && row & (row - 1) == 0 {
                only |= (row as usize) << (3 * r);
            }
            r += 1;
        }
        t[s] = minirow_cells(only);
        s += 1;
    }
    t
};

/// The cells of a band word alone in their minirow.
#[inline(always)]
pub(super) fn alone(x: u32) -> u32 {
    let others = (x >> 1 & 0o333_333_333)
        | (x >> 2 & 0o111_111_111)
        | (x << 1 & 0o666_666_666)
        | (x << 2 & 0o444_444_444);
    x & !others
}

/// [`COMPLEX`] as a 3×3 matrix (bit `3r + j`) rather than cells: the minirows on some
/// permutation of non-empty ones.
const fn complex9() -> [u16; 512] {
    let c = configs();
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            if (c[s] >> p) & 1 != 0 {
                let perm = PERMS[p];
                t[s] |= (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            }
            p += 1;
        }
        s += 1;
    }
    t
}

const fn minirow_cells(s: usize) -> u32 {
    let mut cells = 0;
    let mut m = 0;
    while m < 9 {
        if (s >> m) & 1 != 0 {
            cells |= 7 << (9 * (m / 3) + 3 * (m % 3));
        }
        m += 1;
    }
    cells
}

/// For a 3×3 matrix of non-empty minirows (bit `3r + j`), the permutations of [`PERMS`] (bit
/// `p`) that use only non-empty ones: the digit's configurations left in the band.
pub(super) static CONFIGS: [u8; 512] = configs();

const fn configs() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                if (s >> (3 * r + PERMS[p][r])) & 1 == 0 {
                    ok = false;
                }
                r += 1;
            }
            if ok {
                t[s] |= 1 << p;
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// For 9 bits of column occupancy, the columns that are alone in their box (their stack
/// triple): the digit is locked there, and leaves those columns in the other bands. As cells
/// of a band (all three rows): [`LOCKED_CELLS`].
static LOCKED_COLUMN: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut j = 0;
        while j < 3 {
            let triple = (cols >> (3 * j)) & 7;
            if triple != 0 && triple & (triple - 1) == 0 {
                t[cols] |= (triple as u32) << (3 * j);
            }
            j += 1;
        }
        cols += 1;
    }
    t
};

/// [`LOCKED_COLUMN`] as the cells of those columns in a band.
pub(super) static LOCKED_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        t[cols] = LOCKED_COLUMN[cols] * 0x40201;
        cols += 1;
    }
    t
};

/// For each word `3d + b`: its band `b` and the words of digit `d` in the two other bands.
pub(super) static WORDS: [(u8, u8, u8); 27] = {
    let mut t = [(0, 0, 0); 27];
    let mut w = 0;
    while w < 27 {
        let (d, b) = (w / 3, w % 3);
        let (b1, b2) = OTHER_BANDS[b];
        t[w] = (b as u8, (3 * d + b1) as u8, (3 * d + b2) as u8);
        w += 1;
    }
    t
};

/// For a cell of a band (bit 0..27), its peers inside the band: row, box and column.
pub(super) static BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 == c || c2 / 3 == c / 3) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// The two bands other than `b`.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// The non-empty minirows of a band word as a 3×3 matrix (bit `3r + j`: row `r`, box `j`).
#[inline(always)]
pub(super) fn shrink(x: u32) -> u32 {
    SHRINK[(x & 511) as usize]
        | SHRINK[((x >> 9) & 511) as usize] << 3
        | SHRINK[((x >> 18) & 511) as usize] << 6
}

/// [`shrink`] by one `pext` where BMI2 is known to be there (`BMI2` is only set in code
/// compiled for it).
#[inline(always)]
pub(super) fn shrink_on<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: only instantiated with `BMI2` inside functions compiled for BMI2.
        return unsafe { std::arch::x86_64::_pext_u32(x | x >> 1 | x >> 2, 0o111_111_111) };
    }
    shrink(x)
}

/// The columns (9 bits) in which a band word has a cell.
#[inline(always)]
pub(super) fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 511
}

/// A digit's non-empty minicolumns in stack `st` as a 3×3 matrix (bit `3b + k`: band `b`,
/// column `3st + k`), from the columns of its three band words.
#[inline(always)]
pub(super) fn stack_matrix(cols: &[u32], st: usize) -> u32 {
    (cols[0] >> (3 * st) & 7) | (cols[1] >> (3 * st) & 7) << 3 | (cols[2] >> (3 * st) & 7) << 6
}

/// The three cells of column `c` within a band.
pub(super) const fn column(c: u32) -> u32 {
    0x40201 << c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complex_mask_keeps_permutation_minirows() {
        // Every minirow non-empty: everything allowed.
        assert_eq!(COMPLEX[511], ALL);
        // Row 0 only in box 0: box 0 is closed to rows 1 and 2.
        let s = 0b111_111_001;
        let m = COMPLEX[s];
        assert_eq!(m & 0x1FF, 0b000_000_111);
        assert_eq!((m >> 9) & 0b111, 0);
        assert_eq!((m >> 18) & 0b111, 0);
        // Two rows confined to the same box: no permutation.
        assert_eq!(COMPLEX[0b111_001_001], 0);
    }

    #[test]
    fn locked_columns() {
        assert_eq!(LOCKED_COLUMN[0b010_110_001], 0b010_000_001);
        // Box (8 others) plus the rest of the row (6); the band's column lies in the box.
        assert_eq!(BAND_PEERS[0].count_ones(), 14);
    }
}
