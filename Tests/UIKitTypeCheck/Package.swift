// swift-tools-version: 6.2
// Type-checks the UIKit layer (Sources/AnimationKernelUIKit, linked in as AnimationKernelUIKitCheck) on Linux against
// stand-ins for the few UIKit and QuartzCore declarations it uses. Never part of an Apple build.

import PackageDescription

let package = Package(
    name: "UIKitTypeCheck",
    dependencies: [.package(name: "AnimationKernel", path: "../..")],
    targets: [
        .target(name: "QuartzCore"),
        .target(name: "UIKit", dependencies: ["QuartzCore", "KernelConversions"]),
        // AnimationKernel's CoreGraphics conversions (the same file), which exist wherever UIKit does.
        .target(
            name: "KernelConversionsImports",
            dependencies: [.product(name: "AnimationKernel", package: "AnimationKernel")]
        ),
        .target(
            name: "KernelConversions",
            dependencies: ["KernelConversionsImports"],
            swiftSettings: [.define("KERNEL_CONVERSIONS_STANDIN")]
        ),
        .target(name: "SwiftUI"),
        .target(
            name: "AnimationKernelUIKitCheck",
            dependencies: [
                "UIKit", "QuartzCore", "SwiftUI", .product(name: "AnimationKernel", package: "AnimationKernel"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        // The README's examples beside SwiftUI (ReadmeSnippets.swift, linked) and with the UIKit layer.
        .target(
            name: "ReadmeCheck",
            dependencies: [
                "AnimationKernelUIKitCheck", "UIKit", "SwiftUI",
                .product(name: "AnimationKernel", package: "AnimationKernel"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
