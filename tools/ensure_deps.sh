#!/usr/bin/env bash
# Makes sure the Debian test tools are present: FileCheck, lit, not
# (llvm-22-tools) and mlir-opt-22 (mlir-22-tools). Installs them when running
# as root, otherwise prints the command to run.
set -euo pipefail
need=()
[ -x /usr/lib/llvm-22/bin/FileCheck ] && [ -x /usr/lib/llvm-22/bin/lit ] || need+=(llvm-22-tools)
command -v mlir-opt-22 >/dev/null 2>&1 || need+=(mlir-22-tools)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v cc >/dev/null 2>&1 || need+=(gcc)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "installing ${need[*]} ..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "missing test tools; run: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
