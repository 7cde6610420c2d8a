#!/usr/bin/env bash
# Builds every libFuzzer harness against all CKernel sources with ASan + UBSan and runs each for a fixed
# time, printing executions and the result per harness.
#   Fuzz/run.sh [seconds-per-harness] [harness...]      default: 20 s each, every harness
#   FUZZ_RUNS=N Fuzz/run.sh [...]                       a fixed number of executions instead of time
#   FUZZ_ARGS='-fork=1 -ignore_crashes=1' Fuzz/run.sh   extra libFuzzer flags (here: go on past crashes)
# Harnesses are Fuzz/fuzz_<name>.c; seeds in Fuzz/corpus/<name>/ (committed, tiny). New corpus entries
# go to Fuzz/out/corpus/<name>/ and crash artefacts to Fuzz/out/artifacts/ (both ignored by git), so a
# run never dirties the tree. Exit status is non-zero if any harness failed to build or found a crash.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift $(( $# > 0 ? 1 : 0 ))
if [ $# -gt 0 ]; then harnesses=("$@"); else
    mapfile -t harnesses < <(find Fuzz -maxdepth 1 -name 'fuzz_*.c' | sed 's|Fuzz/fuzz_||; s|\.c$||' | sort)
fi
out=Fuzz/out
mkdir -p "$out/bin" "$out/artifacts"
mapfile -t sources < <(find CKernel -name '*.c' | sort)
flags=(-std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra -Werror -Wno-unused-parameter
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fuse-ld=lld
    -ICKernel/include -ICKernel -IFuzz)
limit=(-max_total_time="$seconds")
[ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")

status=0
summary=()
for h in "${harnesses[@]}"; do
    bin="$out/bin/fuzz_$h"
    if ! clang "${flags[@]}" "Fuzz/fuzz_$h.c" "${sources[@]}" -lm -o "$bin"; then
        summary+=("$(printf '%-10s BUILD FAILED' "$h")")
        status=1
        continue
    fi
    mkdir -p "$out/corpus/$h" "Fuzz/corpus/$h"
    log="$out/fuzz_$h.log"
    # The first corpus directory receives new units; the committed seeds are only read.
    "$bin" "$out/corpus/$h" "Fuzz/corpus/$h" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=2048 -len_control=0 \
        -print_final_stats=1 -artifact_prefix="$out/artifacts/$h-" ${FUZZ_ARGS:-} >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -z "$execs" ] && execs=$(sed -n 's/^#\([0-9][0-9]*\):* .*/\1/p' "$log" | tail -1) # fork mode
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    if [ $rc -eq 0 ]; then
        result="ok"
    else
        status=1
        artefact=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')
        why=$(grep -m1 -E 'invariant failed|ERROR: (AddressSanitizer|libFuzzer)|runtime error' "$log" | cut -c1-160)
        result="FAILED (exit $rc): ${why:-see $log} ${artefact:+artefact $artefact}"
        grep -A3 -m1 'invariant failed' "$log" | sed 's/^/    /' >&2
    fi
    summary+=("$(printf '%-10s %10s execs %5s s  %s' "$h" "${execs:-?}" "${secs:-?}" "$result")")
done
if [ -n "${FUZZ_RUNS:-}" ]; then budget="$FUZZ_RUNS runs"; else budget="$seconds s"; fi
printf '\n== fuzz summary (%s per harness; CKernel at %s)\n' "$budget" "$(git rev-parse --short HEAD 2>/dev/null)"
printf '%s\n' "${summary[@]}"
exit $status
