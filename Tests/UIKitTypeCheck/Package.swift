// swift-tools-version: 6.0
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
            name: "KernelConversions",
            dependencies: [.product(name: "AnimationKernel", package: "AnimationKernel")],
            swiftSettings: [.define("KERNEL_CONVERSIONS_STANDIN")]
        ),
        .target(
            name: "AnimationKernelUIKitCheck",
            dependencies: ["UIKit", "QuartzCore", .product(name: "AnimationKernel", package: "AnimationKernel")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
