#!/usr/bin/env bash
# Proves the per-frame paths allocate nothing: runs transition-bench's frame loop under valgrind for 1k and for
# 100k frames and compares the heap allocation counts. Equal counts mean no allocation per frame (all the
# allocations are set-up). Exits non-zero if they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "alloc-check: valgrind not installed (apt-get install valgrind)" >&2; exit 2; }
swift build -c release --product transition-bench >/dev/null
bin=$(mktemp)
trap 'rm -f "$bin"' EXIT
# valgrind 3.19 cannot read the DWARF this toolchain writes ("possibly corrupted debuginfo"): count on a copy
# without debug info.
objcopy --strip-debug "$(swift build -c release --show-bin-path)/transition-bench" "$bin"
count() {
    valgrind --tool=memcheck --leak-check=no "$bin" --alloc-frames "$1" 2>&1 |
        sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
small=$(count 1000)
large=$(count 100000)
echo "alloc-check: heap allocations with 1000 frames: $small; with 100000 frames: $large"
if [ "$small" = "$large" ]; then
    echo "alloc-check: equal: zero allocations per frame"
else
    echo "alloc-check: DIFFERENT: $((large - small)) allocations over 99000 extra frames" >&2
    exit 1
fi
