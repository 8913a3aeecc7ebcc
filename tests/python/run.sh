#!/usr/bin/env bash
# The Python package's pytest suite, as a user gets it: the package (python/) and
# the library of build tree $1 installed into a temporary prefix with pip, then
# python/tests run against that install (with AddressSanitizer preloaded when the
# library was built with it). Uses Debian's python3, pip and pytest.
set -euo pipefail
build=${1:-build-asan}
shared=$(cd "${2:-../shared}" 2>/dev/null && pwd || echo "${2:-../shared}")
root=$(cd "$(dirname "$0")/../.." && pwd)
py=/usr/bin/python3
[ -x "$py" ] || py=python3
lib=$(ls "$build"/lib/libsharc.so.*.*.* 2>/dev/null | head -1)
[ -n "$lib" ] || { echo "python: no libsharc.so in $build/lib"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/python" "$tmp/src"
rm -f "$tmp/src/sharc/"libsharc.so*
cp "$lib" "$tmp/src/sharc/libsharc.so"
"$py" -m pip install -q --no-build-isolation --no-deps --no-index --target "$tmp/site" "$tmp/src" \
  2>&1 | grep -v "Running pip as the 'root' user" || true
[ -f "$tmp/site/sharc/__init__.py" ] || { echo "python: pip did not install the package"; exit 1; }
preload=
if ldd "$lib" | grep -q libasan; then
  preload=$(gcc -print-file-name=libasan.so)
fi
# Python's own allocations at exit are not ours to check: LeakSanitizer checks the
# library in tests/unit/test_document.c; here ASan catches use-after-free and overflows.
# (verify_asan_link_order=0: the runtime is preloaded, but its check of the library
# order misfires now and then on an interpreter whose own libraries ASan did not see.)
# run from the temporary folder: `python -m` puts the working folder first on the
# path, and the repository's python/ must not shadow the installed package
cd "$tmp"
LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:verify_asan_link_order=0 PYTHONPATH="$tmp/site" \
  PYTHONDONTWRITEBYTECODE=1 SHARC_BIN="$(cd "$root" && cd "$build/bin" && pwd)/sharc" \
  SHARC_SHARED="$shared" SHARC_LIBRARY= "$py" -m pytest -q -p no:cacheprovider "$root/python/tests"
