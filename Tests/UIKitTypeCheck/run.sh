#!/usr/bin/env bash
# The Apple-target type-check (docs/platforms.md): on Linux, with this toolchain, type-checks AnimationKernel and
# AnimationKernelSwiftUI for the iOS simulator and macOS, and AnimationKernelUIKit and the README's UIKit and SwiftUI
# examples for the iOS simulator, each at the minimum Package.swift declares, with Objective-C interop on and
# Apple's availability enforced.
#
# 1. The toolchain's Linux standard library interfaces (Swift, SwiftOnoneSupport, _Concurrency) keep Apple's
#    @available attributes: each is retargeted to the Apple triple and rebuilt as a module (cached by triple and
#    toolchain in .build-apple-typecheck/, so only the first run pays for it).
# 2. SDK/ is a stand-in SDK: Objective-C headers in our own words (one declaration per API the package uses, with
#    Apple's nullability, isolation, optional requirements, availability and designated initialisers; manifest.txt
#    says where each was checked), imported by Swift's own Clang importer; Overlays/ adds the Swift-only parts.
# 3. Sources and README examples are type-checked against them; a probe of an API newer than the minimum must fail.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
swiftc="${SWIFTC:-$(command -v swiftc)}"
toolchain="$(cd "$(dirname "$(readlink -f "$swiftc")")/.." && pwd)"
interfaces="$toolchain/lib/swift/linux"
cache="${APPLE_TYPECHECK_CACHE:-$root/.build-apple-typecheck}"
# The cache key: the toolchain and what is appended to its interfaces.
version="$("$swiftc" --version 2>/dev/null | head -1 | tr -cd 'A-Za-z0-9.-')"
version="$version-$(cksum <"$here/Stdlib/ObjectiveCRuntime.swiftinterface" | cut -d' ' -f1)"

# The deployment targets Package.swift declares; without one, SwiftPM's defaults (what Xcode builds for then).
minimum() {
    local found
    found="$(grep -o "\.$1(\.v[0-9_]*)" "$root/Package.swift" | head -1 | sed 's/.*(\.v\([0-9_]*\))/\1/; s/_/./')"
    [ -n "$found" ] || found="$2"
    case "$found" in *.*) echo "$found" ;; *) echo "$found.0" ;; esac
}
ios="$(minimum iOS 12.0)"
macos="$(minimum macOS 10.13)"

# Builds the standard library modules for triple $1 into $2 (once per toolchain and triple).
stdlib() {
    local triple="$1" out="$2"
    [ -f "$out/.complete" ] && return 0
    rm -rf "$out"
    mkdir -p "$out"
    local module flags
    for module in Swift SwiftOnoneSupport _Concurrency; do
        # Retarget; Apple's standard library is built with Objective-C interop; @backDeployed bodies are not in the
        # Linux interfaces, so the attribute goes (the declarations keep their availability).
        sed -e "s/-target x86_64-unknown-linux-gnu/-target $triple/" -e 's/-disable-objc-interop//g' \
            -e 's/@backDeployed(before: [^)]*)//g' \
            "$interfaces/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" >"$out/$module.swiftinterface"
        flags=()
        if [ "$module" = Swift ]; then
            cat "$here/Stdlib/ObjectiveCRuntime.swiftinterface" >>"$out/$module.swiftinterface"
        fi
        # _Concurrency declares its own availability in terms the interface resolves only with checking off.
        [ "$module" = _Concurrency ] && flags+=(-disable-availability-checking)
        "$swiftc" -frontend -compile-module-from-interface "$out/$module.swiftinterface" -module-name "$module" \
            -parse-stdlib -target "$triple" -I "$out" ${flags[@]+"${flags[@]}"} -o "$out/$module.swiftmodule"
    done
    touch "$out/.complete"
}

# Everything else is rebuilt each run (a few seconds): the overlays, the package's modules and the checks.
work="$cache/run"
rm -rf "$work"
mkdir -p "$work/modulemaps"
cat >"$work/modulemaps/module.modulemap" <<EOF
module CKernel {
  header "$root/CKernel/include/CKernel.h"
  export *
}
EOF

# Type-checks (or, with -emit-module, builds) Swift for triple $1 against modules in $2.
swift_for() {
    local triple="$1" modules="$2"
    shift 2
    "$swiftc" -frontend -target "$triple" -swift-version 6 -parse-as-library -I "$modules" -I "$here/SDK" \
        -I "$work/modulemaps" -Xcc -ffreestanding -disable-implicit-string-processing-module-import \
        -enable-objc-interop -disable-objc-attr-requires-foundation-module -module-cache-path "$work/clang" "$@"
}

# Type-checks module $3 from the files after it, warnings as errors, then emits its interface for the checks that
# import it (declarations only: the type-check is the check, and no code is generated for a stand-in SDK).
module() {
    local triple="$1" modules="$2" name="$3"
    shift 3
    # The package's own modules share its package name (as SwiftPM builds them), for `package` declarations.
    local package=()
    case "$name" in AnimationKernel*) package=(-package-name AnimationKernel) ;; esac
    swift_for "$triple" "$modules" -typecheck -module-name "$name" "${package[@]}" -warnings-as-errors "$@"
    swift_for "$triple" "$modules" -emit-module -experimental-skip-all-function-bodies -module-name "$name" \
        "${package[@]}" "$@" \
        -o "$modules/$name.swiftmodule"
}

check() {
    local platform="$1" minimum="$2" triple="$3"
    local std="$cache/$version/$triple" modules="$work/$triple"
    echo "-- $platform $minimum ($triple)"
    stdlib "$triple" "$std"
    mkdir -p "$modules"
    cp "$std"/*.swiftmodule "$modules/"
    local overlay
    local overlays=(ObjectiveC Foundation CoreGraphics)
    [ "$platform" = iOS ] && overlays+=(UIKit)
    for overlay in "${overlays[@]}"; do
        swift_for "$triple" "$modules" -emit-module -module-name "$overlay" -import-underlying-module \
            "$here/Overlays/$overlay.swift" -o "$modules/$overlay.swiftmodule"
    done
    swift_for "$triple" "$modules" -emit-module -module-name SwiftUI "$here/Overlays/SwiftUI.swift" \
        -o "$modules/SwiftUI.swiftmodule"

    echo "   AnimationKernel"
    module "$triple" "$modules" AnimationKernel $(find "$root/Sources/AnimationKernel" -name '*.swift' | sort)

    # The SwiftUI module presents its bottom sheet through the UIKit layer, so on iOS that layer comes first.
    if [ "$platform" = iOS ]; then
        echo "   AnimationKernelUIKit"
        module "$triple" "$modules" AnimationKernelUIKit "$root"/Sources/AnimationKernelUIKit/*.swift
    fi

    echo "   AnimationKernelSwiftUI"
    module "$triple" "$modules" AnimationKernelSwiftUI "$root"/Sources/AnimationKernelSwiftUI/*.swift

    # Its API needs iOS 17 / macOS 14: without @available a use at the minimum must be refused.
    echo "   probe: .kernel(_:) (iOS 17, macOS 14) is refused at $platform $minimum without @available"
    printf 'import AnimationKernel\nimport AnimationKernelSwiftUI\nimport SwiftUI\n%s\n' \
        'func probe() { withAnimation(.kernel(.smooth)) {} }' >"$work/probe-swiftui.swift"
    if swift_for "$triple" "$modules" -typecheck -module-name Probe "$work/probe-swiftui.swift" \
        2>"$work/probe-swiftui.log"; then
        echo "error: the SwiftUI probe type-checked: the iOS 17 API is not guarded" >&2
        exit 1
    fi
    grep -q "is only available in" "$work/probe-swiftui.log" || {
        cat "$work/probe-swiftui.log" >&2
        exit 1
    }
    [ "$platform" = iOS ] || return 0

    echo "   README examples (Tests/UIKitTypeCheck/Sources/ReadmeCheck)"
    # The README leaves example values unused, so its warnings are not errors and not shown.
    swift_for "$triple" "$modules" -typecheck -suppress-warnings -module-name ReadmeCheck \
        "$here"/Sources/ReadmeCheck/*.swift

    # The probe: an API newer than the minimum must be refused, or availability is not being checked at all.
    echo "   probe: InlineArray (iOS 26) is refused at iOS $minimum"
    printf 'func probe() { _ = InlineArray<1, Int>(repeating: 0) }\n' >"$work/probe.swift"
    if swift_for "$triple" "$modules" -typecheck -module-name Probe "$work/probe.swift" 2>"$work/probe.log"; then
        echo "error: the probe type-checked: availability is not enforced" >&2
        exit 1
    fi
    grep -q "is only available in iOS" "$work/probe.log" || {
        cat "$work/probe.log" >&2
        exit 1
    }
}

check iOS "$ios" "x86_64-apple-ios$ios-simulator"
check macOS "$macos" "x86_64-apple-macos$macos"
echo "Apple-target type-check passed (iOS $ios, macOS $macos)"
