#!/usr/bin/env bash
# Builds the DocC documentation of the AnimationKernel module with the toolchain's own `docc` (the package has no
# dependencies, so no swift-docc-plugin): symbol graphs from the compiler, then `docc convert` on the catalog in
# Sources/AnimationKernel/AnimationKernel.docc. Any warning (an unresolved symbol link in a doc comment or an article,
# an undocumented parameter, a missing resource) fails the build.
#
# Outputs, all under .build/docc/ (ignored by git):
#   scratch/                      a separate SwiftPM build directory, so the symbol-graph flags never invalidate
#                                 the ordinary .build
#   symbol-graphs/                AnimationKernel's symbol graph (the C target emits none)
#   AnimationKernel.doccarchive   the documentation (`docc preview` or any static file server can show it)
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docc
symbols=$out/symbol-graphs
archive=$out/AnimationKernel.doccarchive

# `docc` ships next to `swift` in the toolchain; DOCC overrides it.
docc=${DOCC:-}
if [ -z "$docc" ]; then
    swift_bin=$(command -v swift) || { echo "build-docc: swift not found" >&2; exit 2; }
    docc="$(dirname "$(readlink -f "$swift_bin")")/docc"
    [ -x "$docc" ] || docc=$(command -v docc) || { echo "build-docc: docc not found next to $swift_bin" >&2; exit 2; }
fi

# The compiler writes the graph whenever it emits the module, i.e. whenever a source file (or a doc comment) changed,
# so the graph always matches the sources; an up-to-date build writes nothing. If the graph is missing (the directory
# was removed), rebuild from scratch.
build_symbols() {
    mkdir -p "$symbols"
    swift build --scratch-path "$out/scratch" --target AnimationKernel \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$symbols"
}
build_symbols
if [ ! -f "$symbols/AnimationKernel.symbols.json" ]; then
    rm -rf "$out/scratch" "$symbols"
    build_symbols
fi
[ -f "$symbols/AnimationKernel.symbols.json" ] || { echo "build-docc: no symbol graph in $symbols" >&2; exit 1; }

# Only AnimationKernel's own graphs (the module and its extensions of other modules, AnimationKernel@Swift.symbols.json).
find "$symbols" -name '*.symbols.json' ! -name 'AnimationKernel.symbols.json' ! -name 'AnimationKernel@*' -delete
rm -rf "$archive"

log=$out/docc-convert.log
set +e
"$docc" convert Sources/AnimationKernel/AnimationKernel.docc \
    --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name AnimationKernel \
    --fallback-bundle-identifier com.animationkernel.AnimationKernel \
    --output-path "$archive" \
    --warnings-as-errors 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# --warnings-as-errors already fails on a warning; count them as well, so the last line says how many there were.
problems=$(grep -cE '^(warning|error):' "$log" || true)
echo "build-docc: $problems warnings or errors; archive at $archive"
if [ "$status" -ne 0 ] || [ "$problems" -ne 0 ]; then
    echo "build-docc: failed (docc exit status $status)" >&2
    exit 1
fi
