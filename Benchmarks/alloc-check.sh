#!/usr/bin/env bash
# Proves the per-frame paths allocate nothing: runs transition-bench's frame loop (every model's frame(at:) and its
# update(to:) + frame(at:) as a driver calls them each frame, the drag handlers, the backdrop renderer) under
# valgrind for 1k and for 100k frames and compares the heap allocation counts. Equal counts mean no allocation per
# frame (all the allocations are set-up). Exits non-zero if they differ, or if a count could not be read (valgrind
# or the program failed: an empty count must never pass as equal); on a difference it names the workloads that
# allocate.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "alloc-check: valgrind not installed (apt-get install valgrind)" >&2; exit 2; }
swift build -c release --product transition-bench >/dev/null
bin=$(mktemp)
log=$(mktemp)
trap 'rm -f "$bin" "$log"' EXIT
# valgrind 3.19 cannot read the DWARF this toolchain writes ("possibly corrupted debuginfo"): count on a copy
# without debug info.
objcopy --strip-debug "$(swift build -c release --show-bin-path)/transition-bench" "$bin"
# count FRAMES [--only INDEX]: the heap allocations of one run; fails unless the run succeeded and printed a count.
count() {
    if ! valgrind --tool=memcheck --leak-check=no --error-exitcode=99 "$bin" --alloc-frames "$@" >"$log" 2>&1; then
        echo "alloc-check: the run with $* failed:" >&2
        tail -5 "$log" >&2
        return 1
    fi
    local n
    n=$(sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$log" | tr -d ,)
    if ! [[ "$n" =~ ^[0-9]+$ ]]; then
        echo "alloc-check: no allocation count in the output of the run with $* ('$n')" >&2
        return 1
    fi
    grep -q "^transition-bench: drove [0-9]* workloads for $1 frames each" "$log" || {
        echo "alloc-check: the run with $* did not drive its workloads" >&2
        return 1
    }
    echo "$n"
}
small=$(count 1000) || exit 1
large=$(count 100000) || exit 1
workloads=$(sed -n 's/^  //p' "$log")
echo "alloc-check: workloads driven:"
echo "$workloads" | sed 's/^/  /'
echo "alloc-check: heap allocations with 1000 frames: $small; with 100000 frames: $large"
if [ "$small" -eq "$large" ]; then
    echo "alloc-check: equal: zero allocations per frame"
    exit 0
fi
echo "alloc-check: DIFFERENT: $((large - small)) allocations over 99000 extra frames" >&2
index=0
while IFS= read -r name; do
    a=$(count 1000 --only "$index") || exit 1
    b=$(count 10000 --only "$index") || exit 1
    [ "$a" -ne "$b" ] && echo "alloc-check:   $name: $((b - a)) allocations over 9000 extra frames" >&2
    index=$((index + 1))
done <<<"$workloads"
exit 1
