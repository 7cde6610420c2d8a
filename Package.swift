// swift-tools-version:6.0
// AnimationKernel: exact, fast, testable interactive UI transitions. A C engine (CKernel) under one
// Swift module. No package dependencies and no unsafe compiler flags, so it can be used as a versioned dependency;
// SIMD code is enabled per file with `#pragma clang attribute` instead of compiler flags.
import PackageDescription

let package = Package(
    name: "AnimationKernel",
    // The oldest systems the code builds for (docs/platforms.md): the UIKit layer asks for frame rates with
    // CAFrameRateRange (iOS 15); Linux and other platforms take no minimum.
    platforms: [.iOS(.v15), .macCatalyst(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "AnimationKernel", targets: ["AnimationKernel"]),
        .library(name: "AnimationKernelUIKit", targets: ["AnimationKernelUIKit"]),
        .library(name: "AnimationKernelSwiftUI", targets: ["AnimationKernelSwiftUI"]),
        .executable(name: "transition-preview", targets: ["transition-preview"]),
    ],
    targets: [
        // MARK: - Public API
        .target(
            name: "AnimationKernel",
            dependencies: ["CKernel"],
            path: "Sources/AnimationKernel"
        ),

        // The UIKit layer: forwards UIKit's callbacks to the models and applies their frames. Every file is under
        // `#if os(iOS) || os(visionOS)` (the keyboard and presentation APIs it needs), so elsewhere the module is
        // empty; Tests/UIKitTypeCheck type-checks it for iOS against the SDK's declarations on Linux.
        .target(
            name: "AnimationKernelUIKit",
            dependencies: ["AnimationKernel"],
            path: "Sources/AnimationKernelUIKit"
        ),

        // The SwiftUI layer: the kernel's springs and curves as SwiftUI custom animations (iOS 17, macOS 14 and
        // later, guarded by `@available`), their motion computed by the core's VectorMotion. Every file is under
        // `#if canImport(SwiftUI)`, so on Linux the module is empty; Tests/UIKitTypeCheck type-checks it for iOS and
        // macOS at the package's minimums against SwiftUI stand-ins.
        .target(
            name: "AnimationKernelSwiftUI",
            dependencies: ["AnimationKernel", "AnimationKernelUIKit"],
            path: "Sources/AnimationKernelSwiftUI"
        ),

        // MARK: - Implementation
        .target(
            name: "CKernel",
            path: "CKernel",
            exclude: ["README.md"],
            // libm: glibc keeps exp, sin, cos and friends out of libc.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]
        ),

        // MARK: - Tools
        .target(
            name: "PreviewRendering",
            dependencies: ["AnimationKernel", "CKernel"],
            path: "Sources/PreviewRendering",
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "transition-preview",
            dependencies: ["PreviewRendering"],
            path: "Sources/transition-preview"
        ),

        // MARK: - Benchmarks
        .target(
            name: "BenchmarkSupport",
            path: "Benchmarks/BenchmarkSupport",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]
        ),
        .executableTarget(
            name: "spring-bench",
            dependencies: ["AnimationKernel", "CKernel", "BenchmarkSupport"],
            path: "Benchmarks/spring-bench"
        ),
        .executableTarget(
            name: "curve-bench",
            dependencies: ["AnimationKernel", "CKernel", "BenchmarkSupport"],
            path: "Benchmarks/curve-bench"
        ),
        .executableTarget(
            name: "blur-bench",
            dependencies: ["AnimationKernel", "CKernel", "BenchmarkSupport"],
            path: "Benchmarks/blur-bench"
        ),
        .executableTarget(
            name: "transition-bench",
            dependencies: ["AnimationKernel", "CKernel", "BenchmarkSupport"],
            path: "Benchmarks/transition-bench"
        ),

        // MARK: - Tests
        // Helpers shared by the test targets (test targets cannot import each other); only test targets depend on
        // it, never a product, so importing Testing there links nothing into a client.
        .target(
            name: "TestSupport",
            dependencies: ["CKernel"],
            path: "Tests/TestSupport"
        ),
        // The textured test image in C (Tests/support/include/test_image.h, header-only), the same bytes the native
        // self-test, fuzz harnesses and tools get by including the header. Test targets only, never a product.
        .target(
            name: "TestImageSupport",
            path: "Tests/support"
        ),
        .testTarget(
            name: "CKernelTests",
            dependencies: ["CKernel", "TestSupport", "TestImageSupport"],
            path: "Tests/CKernelTests"
        ),
        .testTarget(
            name: "AnimationKernelTests",
            dependencies: ["AnimationKernel", "CKernel", "TestSupport", "TestImageSupport"],
            path: "Tests/AnimationKernelTests"
        ),
        .testTarget(
            name: "PreviewRenderingTests",
            dependencies: ["PreviewRendering", "AnimationKernel", "TestSupport"],
            path: "Tests/PreviewRenderingTests"
        ),
    ],
    cLanguageStandard: .c11
)
