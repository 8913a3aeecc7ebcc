#!/usr/bin/env bash
# The shared library exports exactly the functions include/sharc declares
# with SHARC_API: nothing internal leaks, nothing declared is missing.
set -euo pipefail
lib=${1:-build/lib/libsharc.so}
declared=$(mktemp) exported=$(mktemp)
trap 'rm -f "$declared" "$exported"' EXIT
grep -ho '^SHARC_API [^(]*(' include/sharc/*.h | grep -o 'sharc_[A-Za-z0-9_]*($' | tr -d '(' | sort -u >"$declared"
nm -D --defined-only "$lib" | awk '$2 ~ /[TDBR]/ && $3 !~ /^_/ {print $3}' | sort -u >"$exported"
if ! diff -u "$declared" "$exported"; then
  echo "check_exports: the exported symbols differ from the SHARC_API declarations (- declared only, + exported only)"
  exit 1
fi
echo "check_exports: $(wc -l <"$declared") public functions, all exported, nothing else"
