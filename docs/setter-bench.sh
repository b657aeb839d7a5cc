#!/usr/bin/env bash
# The setter's tools measured: how close `count --estimate` lands on counts known, and how long
# `setter` takes to say which clues of each dev puzzle can go.
#   cargo build --release && docs/setter-bench.sh target/release/nsudoku ../shared/data/puzzles/variants/dev.jsonl
# Part 1: the empty 4×4 and 6×6 grids, and 9×9 grids with about 64 % of a random solution's
# cells emptied (seeded), counted exactly (up to 10,000,000 within 60 s; those above are left
# out), then estimated for 1 s each; one line per puzzle: its exact count, the estimate, the
# error the estimator states and the error it made. Part 2: `setter` on each dev puzzle alone
# (one thread, 60 s at most), its time and how many clues can go.
set -euo pipefail
bin=$1; dev=${2:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '................\n' > "$dir/known.txt"
printf '....................................\n' >> "$dir/known.txt"
"$bin" generate --holes 0.64 -n "${HOLED:-40}" --seed 7 >> "$dir/known.txt"
echo "exact estimate stated_error made_error probes"
while IFS= read -r line; do
  echo "$line" > "$dir/one.txt"
  exact=$("$bin" count -j 1 --limit 10000000 --timeout 60 -f json "$dir/one.txt" |
    python3 -c 'import sys, json; a = json.loads(sys.stdin.readline()); print(a["count"] if a["status"] == "counted" and a["exact"] else "")' || true)
  [ -z "$exact" ] && continue
  "$bin" count -j 1 --limit 64 --estimate=1 -f json "$dir/one.txt" |
    python3 -c 'import sys, json
exact = int(sys.argv[1])
a = json.loads(sys.stdin.readline())
e = a.get("estimate")
if e is None or exact <= 64:
    print(exact, "counted", "-", "-", 0)
else:
    made = e["count"] / exact - 1
    print(exact, round(e["count"]), "%.2f%%" % (100 * e["relative_error"]), "%+.2f%%" % (100 * made), e["probes"])' "$exact"
done < "$dir/known.txt"
[ -z "$dev" ] && exit 0
echo
echo "dev puzzle: seconds, clues, can go"
i=0
while IFS= read -r line; do
  i=$((i + 1))
  echo "$line" > "$dir/one.jsonl"
  start=$(date +%s.%N)
  "$bin" setter -j 1 --timeout 60 -f json "$dir/one.jsonl" > "$dir/out.json" || true
  end=$(date +%s.%N)
  python3 -c 'import sys, json
a = json.loads(open(sys.argv[1]).readline())
clues = a.get("clues", [])
print(sys.argv[2], "%.3f" % float(sys.argv[3]), a["status"], len(clues), sum(1 for c in clues if c["redundant"]))' \
    "$dir/out.json" "$i" "$(echo "$end - $start" | bc)"
done < "$dev"
