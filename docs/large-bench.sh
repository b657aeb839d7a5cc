#!/bin/bash
# Both engines on every puzzle of large/: file unique engine exit seconds maxrss_kb.
# Each solution is checked: every clue kept, every row, column and box complete (exit 99 if not).
# ENGINES chooses the engines ("auto sat" by default: one after the other per puzzle); J the
# threads (1 by default; 2 lets a long search race a copy of itself on the second core).
L=${L:-../shared/data/puzzles/large}
T=${T:-20}
B=${B:-target/release/nsudoku}
J=${J:-1}
ENGINES=${ENGINES:-auto sat}
tmp=$(mktemp -d)
tail -n +2 $L/index.csv | while IFS=, read -r file n br bc clues holes unique singles cad rest; do
  for e in $ENGINES; do
    /usr/bin/time -f "%e %M" -o "$tmp/time" $B solve --first --engine $e --timeout $T -j $J -f json \
      --box ${bc}x${br} $L/$file > "$tmp/out" 2>/dev/null
    code=$?
    if [ $code = 0 ]; then
      python3 - "$L/$file" "$tmp/out" $br $bc <<'PY' || code=99
import json, sys
givens = [line.split() for line in open(sys.argv[1]) if line.strip()]
out = json.loads(open(sys.argv[2]).readline())
grid, (h, w), n = out["grid"], (int(sys.argv[3]), int(sys.argv[4])), len(givens)
assert out["status"] == "solved" and len(grid) == n
assert all(t == "." or int(t) == grid[r][c] for r, row in enumerate(givens) for c, t in enumerate(row))
full = set(range(1, n + 1))
assert all(set(row) == full for row in grid)
assert all({grid[r][c] for r in range(n)} == full for c in range(n))
assert all({grid[r][c] for r in range(r0, r0 + h) for c in range(c0, c0 + w)} == full
           for r0 in range(0, n, h) for c0 in range(0, n, w))
PY
    fi
    echo "$file $unique $e $code $(tail -1 "$tmp/time") cad=$cad"
  done
done
rm -rf "$tmp"
