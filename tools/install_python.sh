#!/usr/bin/env bash
# `make python`: installs the Python package (python/) with the shared library of
# build tree $1 beside it, into the environment of $2 (python3 by default: an
# active virtual environment, else the user's interpreter). Debian marks its own
# python3 as externally managed; there the package goes in with
# --break-system-packages (it has no dependencies, so nothing else changes).
set -euo pipefail
build=${1:-build}
py=${2:-python3}
root=$(cd "$(dirname "$0")/.." && pwd)
lib=$(ls "$build"/lib/libsharc.so.*.*.* 2>/dev/null | head -1)
[ -n "$lib" ] || { echo "make python: no libsharc.so in $build/lib" >&2; exit 1; }
if ! "$py" -m pip --version >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing python3-pip python3-setuptools ..."
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq python3-pip python3-setuptools >/dev/null
  else
    echo "make python: $py has no pip; install python3-pip" >&2
    exit 1
  fi
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -r "$root/python" "$stage/src"
rm -f "$stage/src/sharc/"libsharc.so*
cp "$lib" "$stage/src/sharc/libsharc.so"
args=(-m pip install -q --no-build-isolation --no-deps --no-index --force-reinstall "$stage/src")
if ! out=$("$py" "${args[@]}" 2>&1); then
  if grep -q externally-managed <<<"$out"; then
    "$py" "${args[@]}" --break-system-packages
  elif grep -q "invalid command 'bdist_wheel'" <<<"$out"; then
    # an interpreter without the wheel package (and no index to fetch it from):
    # the package is pure Python, so its files go straight into site-packages
    dest=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    rm -rf "$dest/sharc"
    cp -r "$stage/src/sharc" "$dest/sharc"
  else
    echo "$out" >&2
    exit 1
  fi
fi
echo "installed: $("$py" -c 'import sharc, os; print(os.path.dirname(sharc.__file__))')"
