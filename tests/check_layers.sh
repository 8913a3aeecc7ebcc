#!/usr/bin/env bash
# Fails when a file includes a header from a layer above its own. The
# layers, lowest first (docs/architecture.md): support < ir < asm <
# rewrite = pass < dialect < transforms = interpret < report < tools.
# A file's layer comes from its path (src/<layer>/..., tools/...); a public
# header (include/sharc/<name>.h) counts at the layer that implements it.
# The public headers themselves are not checked: they are the API surface.
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2

# Rank of a layer directory name; empty for an unknown one.
rank_of_dir() {
  case $1 in
  support) echo 0 ;;
  ir) echo 1 ;;
  asm) echo 2 ;;
  rewrite | pass) echo 3 ;;
  dialect) echo 4 ;;
  transforms | interpret) echo 5 ;;
  report) echo 6 ;;
  tools) echo 7 ;;
  esac
}

# Rank of a public header, by the layer whose files implement it.
rank_of_public() {
  case $1 in
  support.h) echo 0 ;;
  ir.h | symbols.h) echo 1 ;;
  asm.h | verify.h) echo 2 ;;
  rewrite.h | pass.h) echo 3 ;;
  sdy.h | mpmd.h) echo 4 ;;
  interpret.h) echo 5 ;;
  report.h | partition.h | auto.h | document.h | pipeline.h | xla_import.h) echo 6 ;;
  sharc.h) echo 7 ;;
  esac
}

# Rank of an #include "..." target seen from file $2; empty when it is not
# a project header (a system header, or a tool-local one).
rank_of_include() {
  local inc=$1 from=$2
  case $inc in
  sharc/*) rank_of_public "${inc#sharc/}" ;;
  */*) [ -e "src/$inc" ] && rank_of_dir "${inc%%/*}" ;;
  *) [ "${from%%/*}" = tools ] && [ -e "tools/$inc" ] && echo 7 ;;
  esac
}

bad=0
checked=0
# Every public header needs a layer, or the includes of it would go unchecked.
for h in include/sharc/*.h; do
  if [ -z "$(rank_of_public "${h##*/}")" ]; then
    echo "$h: no layer for this public header (rank_of_public in $0)"
    bad=$((bad + 1))
  fi
done
while IFS= read -r file; do
  case $file in
  tools/*) dir=tools ;;
  src/*) dir=${file#src/} dir=${dir%%/*} ;;
  esac
  own=$(rank_of_dir "$dir")
  if [ -z "$own" ]; then
    echo "$file: not under a known layer (src/{support,ir,asm,rewrite,pass,dialect,transforms,interpret,report}, tools)"
    bad=$((bad + 1))
    continue
  fi
  checked=$((checked + 1))
  while IFS=: read -r line inc; do
    r=$(rank_of_include "$inc" "$file")
    if [ -n "$r" ] && [ "$r" -gt "$own" ]; then
      echo "$file:$line: includes \"$inc\", a layer above $dir"
      bad=$((bad + 1))
    fi
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
           sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1:\2/')
done < <(find src tools -name '*.[ch]' | sort)
echo "layers: $checked files checked, $bad includes up a layer"
[ "$bad" -eq 0 ]
