#!/usr/bin/env bash
# Runs the Swift test suite under AddressSanitizer and ThreadSanitizer.
#   Tests/sanitizers.sh                 both (address, then thread)
#   Tests/sanitizers.sh address|thread  one of them
#   Tests/sanitizers.sh thread --filter Concurrency   extra arguments go to `swift test`
# Each sanitizer builds into its own scratch path (.build-asan, .build-tsan), so neither invalidates the
# normal .build nor the other. Any sanitizer report fails the run (halt_on_error), and so does a failing
# test; the exit status is non-zero if either run failed. Prints the wall time of each run.
set -uo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
[ $# -gt 0 ] && shift
case "$which" in
all) sanitizers=(address thread) ;;
address | thread) sanitizers=("$which") ;;
*)
    echo "usage: $0 [address|thread|all] [swift test arguments...]" >&2
    exit 2
    ;;
esac

# ASan: leaks are reported too (the kernel allocates only when given no scratch, and must free it).
# XCTest's own runner (which swift test starts before Swift Testing, with no tests) leaks a few objects
# at exit; that is the toolchain's, so it is suppressed by library name.
suppressions=$(mktemp)
trap 'rm -f "$suppressions"' EXIT
echo 'leak:libXCTest.so' >"$suppressions"
# allocator_may_return_null: the bad-input tests ask for more memory than exists and expect KernelError.outOfMemory,
# which needs calloc to return NULL as it does without a sanitizer (by default both sanitizers abort instead).
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:strict_string_checks=1:allocator_may_return_null=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$suppressions:print_suppressions=0}
# TSan: stop at the first race instead of printing it and exiting 0 from a passing test.
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:allocator_may_return_null=1}

status=0
summary=()
for sanitizer in "${sanitizers[@]}"; do
    scratch=.build-${sanitizer/address/asan}
    scratch=${scratch/thread/tsan}
    printf '\n== swift test --sanitize=%s (scratch %s)\n' "$sanitizer" "$scratch"
    start=$SECONDS
    if swift test --sanitize="$sanitizer" --scratch-path "$scratch" "$@"; then
        result=passed
    else
        result="FAILED (exit $?)"
        status=1
    fi
    summary+=("$(printf '%-8s %-8s %4d s' "$sanitizer" "$result" $((SECONDS - start)))")
done
printf '\n== sanitizer summary\n'
printf '%s\n' "${summary[@]}"
exit $status
