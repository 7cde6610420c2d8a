// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Protocol and operator witnesses: the protocols document them.)
// The CoreGraphics module's Swift side: the geometry helpers Apple's overlay adds to the C structs.
@_exported import CoreGraphics

/// The native floating-point type of CoreGraphics (64-bit here). Apple's overlay conforms it to
/// `BinaryFloatingPoint`; this stand-in declares the part the package uses, and Swift converts it to and from
/// `Double` implicitly as it does Apple's (SE-0307).
@available(iOS 2.0, macOS 10.0, *)
@frozen
public struct CGFloat: Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The value as a `Double`.
    public var native: Double
    public init(_ value: Double) { native = value }
    public init(_ value: Float) { native = Double(value) }
    public init<Source: BinaryInteger>(_ value: Source) { native = Double(value) }
    public init(floatLiteral value: Double) { native = value }
    public init(integerLiteral value: Int) { native = Double(value) }
    public func rounded() -> CGFloat { CGFloat(native.rounded()) }
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { lhs.native < rhs.native }
    public static func + (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native + rhs.native) }
    public static func - (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native - rhs.native) }
    public static func * (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native * rhs.native) }
    public static func / (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native / rhs.native) }
    public static prefix func - (operand: CGFloat) -> CGFloat { CGFloat(-operand.native) }
}

extension Double {
    /// The value of a `CGFloat`.
    public init(_ value: CGFloat) { self = value.native }
}

extension Float {
    /// The value of a `CGFloat`, rounded to `Float`.
    public init(_ value: CGFloat) { self.init(value.native) }
}

extension Int {
    /// The value of a `CGFloat`, truncated.
    public init(_ value: CGFloat) { self.init(value.native) }
}

@available(iOS 2.0, macOS 10.0, *)
extension CGPoint: Equatable {
    /// The origin.
    public static var zero: CGPoint { CGPoint(x: 0, y: 0) }
    public static func == (lhs: CGPoint, rhs: CGPoint) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }
}

@available(iOS 2.0, macOS 10.0, *)
extension CGSize: Equatable {
    /// A zero size.
    public static var zero: CGSize { CGSize(width: 0, height: 0) }
    public static func == (lhs: CGSize, rhs: CGSize) -> Bool { lhs.width == rhs.width && lhs.height == rhs.height }
}

@available(iOS 2.0, macOS 10.0, *)
extension CGRect: Equatable {
    /// The empty rectangle at the origin.
    public static var zero: CGRect { CGRect(origin: .zero, size: .zero) }
    /// A rectangle with the given origin and size.
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    /// The same rectangle with a non-negative width and height.
    public var standardized: CGRect {
        CGRect(x: minX, y: minY, width: width, height: height)
    }
    /// The width, non-negative.
    public var width: CGFloat { max(size.width, -size.width) }
    /// The height, non-negative.
    public var height: CGFloat { max(size.height, -size.height) }
    /// The smallest x.
    public var minX: CGFloat { min(origin.x, origin.x + size.width) }
    /// The smallest y.
    public var minY: CGFloat { min(origin.y, origin.y + size.height) }
    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public static func == (lhs: CGRect, rhs: CGRect) -> Bool { lhs.origin == rhs.origin && lhs.size == rhs.size }
}
