#!/usr/bin/env bash
# Builds the C kernel and its native self-test without SwiftPM, then runs it.
#   Tests/native/run.sh native            host build (-O2), every SIMD path this CPU has against scalar
#   Tests/native/run.sh ubsan             host build with -fsanitize=undefined,address
#   Tests/native/run.sh aarch64           cross build for arm64, run under qemu-aarch64 (NEON vs scalar)
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-native}
out=Tests/native/out
mkdir -p "$out"
mapfile -t sources < <(find CKernel -name '*.c' | sort)
mapfile -t tests < <(find Tests/native -maxdepth 1 -name '*.c' | sort)
common=(-std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -ICKernel/include -ICKernel -ITests/native -ITests/support/include)
case "$mode" in
native)
    clang "${common[@]}" -O2 -g "${sources[@]}" "${tests[@]}" -lm -o "$out/selftest-native"
    "$out/selftest-native"
    ;;
ubsan)
    # lld: ld.gold prints a warning per ASan helper symbol.
    clang "${common[@]}" -fuse-ld=lld -O1 -g -fno-omit-frame-pointer -fsanitize=undefined,address \
        -fno-sanitize-recover=undefined "${sources[@]}" "${tests[@]}" -lm -o "$out/selftest-ubsan"
    "$out/selftest-ubsan"
    ;;
aarch64)
    clang --target=aarch64-linux-gnu --gcc-toolchain=/usr -B/usr/aarch64-linux-gnu/bin \
        "${common[@]}" -O2 "${sources[@]}" "${tests[@]}" -lm -o "$out/selftest-aarch64"
    qemu-aarch64 -L /usr/aarch64-linux-gnu "$out/selftest-aarch64"
    ;;
*)
    echo "usage: $0 native|ubsan|aarch64" >&2
    exit 2
    ;;
esac
