/// A point in the container's coordinate space, in points (y grows downward, as in UIKit).
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal position in points.
    public var x: Double
    /// Vertical position in points, growing downward.
    public var y: Double

    /// Creates a point.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Zero width and height.
    public static let zero = Size(width: 0, height: 0)

    /// `width x height`.
    public var description: String { "\(width) x \(height)" }
}

/// An axis-aligned rectangle in points: origin at the top-left corner.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent; transition models keep it non-negative.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge.
    @inlinable public var minX: Double { origin.x }
    /// Top edge.
    @inlinable public var minY: Double { origin.y }
    /// Right edge.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// Bottom edge.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// Horizontal centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// Width in points.
    @inlinable public var width: Double { size.width }
    /// Height in points.
    @inlinable public var height: Double { size.height }

    /// The rectangle moved by `dx`, `dy` points.
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by the insets on each side (never below zero size).
    @inlinable public func inset(by insets: Insets) -> Rect {
        Rect(
            x: origin.x + insets.leading, y: origin.y + insets.top,
            width: max(0, size.width - insets.leading - insets.trailing),
            height: max(0, size.height - insets.top - insets.bottom))
    }

    /// The rectangle mirrored horizontally inside a container of `containerWidth` points (for right-to-left).
    @inlinable public func mirrored(inContainerWidth containerWidth: Double) -> Rect {
        Rect(x: containerWidth - origin.x - size.width, y: origin.y, width: size.width, height: size.height)
    }

    /// `(x, y, width x height)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width) x \(size.height))" }
}

/// Insets from each edge of a rectangle, in points. `leading` is the left edge in left-to-right layouts.
public struct Insets: Sendable, Hashable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the leading edge.
    public var leading: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the trailing edge.
    public var trailing: Double

    /// Creates insets; each defaults to 0.
    @inlinable public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No insets.
    public static let zero = Insets()
}

/// The reading direction of the interface; right-to-left mirrors every horizontal motion.
public enum ReadingDirection: Sendable, Hashable {
    /// Left to right: the leading edge is on the left.
    case leftToRight
    /// Right to left: the leading edge is on the right.
    case rightToLeft

    /// +1 for left-to-right, -1 for right-to-left: multiplies horizontal offsets measured from the leading edge.
    @inlinable public var sign: Double { self == .leftToRight ? 1 : -1 }
}

/// Linear interpolation `a + (b - a) * t`, with `t` not clamped.
@inlinable public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

extension Rect {
    /// Interpolates origin and size component-wise from `self` (t = 0) to `other` (t = 1); `t` is not clamped.
    @inlinable public func interpolated(to other: Rect, _ t: Double) -> Rect {
        Rect(
            x: lerp(minX, other.minX, t), y: lerp(minY, other.minY, t),
            width: lerp(width, other.width, t), height: lerp(height, other.height, t))
    }
}
