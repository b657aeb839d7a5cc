#!/usr/bin/env bash
# Generated large instances for comparisons with CaDiCaL at a given size and fraction of holes:
# a random solution with a fraction of its cells emptied (seeded), solved once by each engine, one
# line per instance: seconds and status (TIMEOUT seconds each, 60 by default). Needs a build with the `sat` feature for CaDiCaL:
#   cargo build --release --features nsudoku-cli/sat --target-dir /tmp/sat-target
#   docs/instances-bench.sh /tmp/sat-target/release/nsudoku 25 0.55 20
# A fifth argument names a file of instances (one per line) to use instead of generating them:
#   docs/instances-bench.sh /tmp/sat-target/release/nsudoku 36 0.50 20 docs/instances/n36-h50.txt
# ENGINES chooses the engines ("general sat" by default), e.g. one per core in two runs at once;
# J the threads (1 by default; 2 lets a long search race a copy of itself on the second core).
set -euo pipefail
bin=$1; n=$2; holes=$3; count=$4; threads=${J:-1}; limit=${TIMEOUT:-60}
dir=$(mktemp -d)
if [ $# -ge 5 ]; then
  head -n "$count" "$5" > "$dir/instances.txt"
else
  "$bin" generate --size "$n" --holes "$holes" -n "$count" --seed 1 -f json |
    python3 -c 'import sys, json
for l in sys.stdin:
    print(" ".join(str(v) for row in json.loads(l)["puzzle"] for v in row))' > "$dir/instances.txt"
fi
# Only the solver is timed (process start included, about 4 ms); its JSON is read afterwards.
for engine in ${ENGINES:-general sat}; do
  while IFS= read -r line; do
    echo "$line" > "$dir/one.txt"
    start=$(date +%s.%N)
    "$bin" solve --first --engine "$engine" --timeout "$limit" -j "$threads" -f json "$dir/one.txt" > "$dir/out.json" || true
    end=$(date +%s.%N)
    status=$(python3 -c 'import sys, json; print(json.loads(open(sys.argv[1]).read())["status"])' "$dir/out.json" || true)
    echo "$engine $(echo "$end - $start" | bc) $status"
  done < "$dir/instances.txt"
done
