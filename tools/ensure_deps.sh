#!/usr/bin/env bash
# Makes sure the Debian test tools are present: FileCheck, lit, not
# (llvm-22-tools), mlir-opt-22 (mlir-22-tools) and clang. Installs them when running
# as root, otherwise prints the command to run.
set -euo pipefail
need=()
[ -x /usr/lib/llvm-22/bin/FileCheck ] && [ -x /usr/lib/llvm-22/bin/lit ] || need+=(llvm-22-tools)
command -v mlir-opt-22 >/dev/null 2>&1 || need+=(mlir-22-tools)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
# the Python package's tests: Debian's python3 with pip, setuptools and pytest
[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import pytest, setuptools, pip, wheel' 2>/dev/null ||
  need+=(python3 python3-pytest python3-setuptools python3-pip python3-wheel)
command -v cc >/dev/null 2>&1 || need+=(gcc)
# the fuzz targets' link check (tests/fuzz/link_check.sh) compiles with clang
command -v clang >/dev/null 2>&1 || need+=(clang)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "installing ${need[*]} ..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "missing test tools; run: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
