#!/usr/bin/env bash
# The setter's tools measured: how close `count --estimate` lands on counts known, and how long
# `setter` takes to say which clues of each dev puzzle can go.
#   cargo build --release && docs/setter-bench.sh target/release/nsudoku ../shared/data/puzzles/variants/dev.jsonl
# Part 1: the empty 4×4 and 6×6 grids (their counts published), and 9×9 grids with 64 % and 72 % of a random solution's
# cells emptied (seeded, HOLED of each), counted exactly (up to 30,000,000 within 60 s; those
# above are left out), then estimated for 1 s each (`--limit 64`, so that the estimator runs);
# one line per puzzle: its exact count, the estimate, the error the estimator states and the
# error it made. Part 2: `setter` on each dev puzzle alone (one thread, SETTER_TIMEOUT s at
# most, default 60), its time, how many clues it has and how many can go.
set -euo pipefail
bin=$1; dev=${2:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# The empty grids' counts are published (4×4: 288; 6×6: 28,200,960); the others are counted.
printf '288 ................\n' > "$dir/known.txt"
printf '28200960 ....................................\n' >> "$dir/known.txt"
for holes in 0.64 0.72; do
  "$bin" generate --holes "$holes" -n "${HOLED:-20}" --seed 7 | sed 's/^/? /' >> "$dir/known.txt"
done
echo "exact estimate stated_error made_error probes"
while read -r exact line; do
  echo "$line" > "$dir/one.txt"
  box=(); [ ${#line} = 36 ] && box=(--box 3x2)
  [ "$exact" = "?" ] && exact=$("$bin" count -j 1 --limit 30000000 --timeout 60 -f json "$dir/one.txt" |
    python3 -c 'import sys, json; a = json.loads(sys.stdin.readline()); print(a["count"] if a["status"] == "counted" and a["exact"] else "")' || true)
  [ -z "$exact" ] && continue
  "$bin" count "${box[@]}" -j 1 --limit 64 --estimate=1 -f json "$dir/one.txt" |
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
  "$bin" setter -j 1 --timeout "${SETTER_TIMEOUT:-60}" -f json "$dir/one.jsonl" > "$dir/out.json" || true
  end=$(date +%s.%N)
  python3 -c 'import sys, json
a = json.loads(open(sys.argv[1]).readline())
clues = a.get("clues", [])
print(sys.argv[2], "%.3f" % float(sys.argv[3]), a["status"], len(clues), sum(1 for c in clues if c["redundant"]))' \
    "$dir/out.json" "$i" "$(echo "$end - $start" | bc)"
done < "$dev"
