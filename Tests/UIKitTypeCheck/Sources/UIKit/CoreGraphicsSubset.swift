// Linux stand-in transcribed from Apple's CoreGraphics documentation (iOS 17 SDK), for type-checking only. UIKit
// re-exports CoreGraphics, so the layer reaches these through `import UIKit`.

/// An RGB color space.
public final class CGColorSpace {
    init() {}
}

/// Creates a device-dependent RGB color space.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// Storage options for alpha component data.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// A bitmap image or image mask.
public final class CGImage {
    init() {}
}

/// A Quartz 2D drawing environment.
public final class CGContext {
    /// Creates a bitmap graphics context.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {}

    /// Changes the origin of the user coordinate system in a context.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {}

    /// Changes the scale of the user coordinate system in a context.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {}

    /// Creates and returns a Core Graphics image from the pixel data in a bitmap graphics context.
    public func makeImage() -> CGImage? { nil }
}
