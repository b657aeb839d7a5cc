#!/bin/bash
# both engines on every puzzle of large/: file unique engine exit seconds maxrss_kb
L=${L:-../shared/data/puzzles/large}
T=${T:-20}
B=${B:-target/release/nsudoku}
tail -n +2 $L/index.csv | while IFS=, read -r file n br bc clues holes unique singles cad rest; do
  for e in auto sat; do
    /usr/bin/time -f "%e %M" -o "${TMPDIR:-/tmp}/l3.time" $B solve --first --engine $e --timeout $T --box ${bc}x${br} $L/$file > "${TMPDIR:-/tmp}/l3.out" 2>/dev/null
    code=$?
    if [ -f $L/$file.sol ] && [ $code = 0 ]; then
      # the printed solution must read back as a valid grid
      $B check --box ${bc}x${br} "${TMPDIR:-/tmp}/l3.out" > /dev/null 2>&1 || code=99
    fi
    echo "$file $unique $e $code $(cat "${TMPDIR:-/tmp}/l3.time" | tail -1) cad=$cad"
  done
done
