#!/usr/bin/env bash
# The pencil-mark 9×9 benchmark of docs/benchmarks.md: the first 1,000 puzzles of the 17-clue set,
# each written as the 729-character line of its candidates after its clues' eliminations (a
# clue's cell: the clue alone), timed by `bench` (parse + count up to 2, one pinned thread)
# through the general engine, through `auto` (the 9×9 engine), and as the classic lines, ROUNDS
# times alternated (3 by default):
#   cargo build --release && docs/pencil-bench.sh target/release/nsudoku ../shared/data/puzzles/9x9
set -euo pipefail
bin=$1; data=$2; rounds=${ROUNDS:-3}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
grep -v '^#' "$data/puzzles2_17_clue" | head -1000 > "$dir/classic.txt"
python3 -c '
import sys
for p in sys.stdin:
    v = [int(c) if c.isdigit() else 0 for c in p.strip()]
    see = lambda i, j: i//9 == j//9 or i%9 == j%9 or (i//27, i%9//3) == (j//27, j%9//3)
    keep = lambda i: {v[i]} if v[i] else set(range(1, 10)) - {v[j] for j in range(81) if see(i, j)}
    print("".join(str(k) if k in keep(i) else "." for i in range(81) for k in range(1, 10)))
' < "$dir/classic.txt" > "$dir/sukaku.txt"
for _ in $(seq "$rounds"); do
  echo "sukaku, general: $(taskset -c 0 "$bin" bench --secs 3 --warmup 1 --engine general "$dir/sukaku.txt" | tail -1)"
  echo "sukaku, auto:    $(taskset -c 0 "$bin" bench --secs 3 --warmup 1 "$dir/sukaku.txt" | tail -1)"
  echo "classic lines:   $(taskset -c 0 "$bin" bench --secs 3 --warmup 1 "$dir/classic.txt" | tail -1)"
done
