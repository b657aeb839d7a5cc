#!/usr/bin/env bash
# HTTP load on `nsudoku serve` with wrk (Debian's package): 9×9 solve and explain at 1×, 4× and
# 16× as many connections as cores, 10 s each, request logs off. Needs a release build:
#   cargo build --release && docs/load-bench.sh
# PUZZLES chooses the file (default: top1465 from ../shared, tdoku's set; any file of 81-character
# lines works); SECS the duration of each run.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/nsudoku}
puzzles=${PUZZLES:-../shared/data/puzzles/9x9/puzzles3_magictour_top1465}
secs=${SECS:-10}
cores=$(nproc)
port=18090
RUST_LOG=warn "$bin" serve --port $port > /dev/null &
server=$!
trap 'kill $server' EXIT
sleep 1
for endpoint in /api/v1/solve /api/v1/explain; do
  for load in 1 4 16; do
    c=$((load * cores))
    printf '%s, %d connections (%dx cores): ' "$endpoint" "$c" "$load"
    ENDPOINT=$endpoint PUZZLES=$puzzles wrk -t"$cores" -c"$c" -d"${secs}s" --timeout 30s \
      -s docs/load/post.lua "http://127.0.0.1:$port" | tail -1
  done
done
