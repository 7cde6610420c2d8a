// SwiftUI is Swift-only, so its stand-in is Swift: the top-level names that clash with AnimationKernel's, so a file
// importing both proves it compiles unqualified, and the spring SwiftUIConversions.swift converts. Availability as
// Apple declares it.
import CoreGraphics
import Foundation

/// A representation of a spring's motion.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct Spring: Hashable, Sendable {
    /// The stiffness of the spring, defined as an approximate duration in seconds.
    public var response: Double { 2 * Double.pi / (stiffness / mass).squareRoot() }
    /// The amount of drag applied, as a fraction of the amount needed to produce critical damping.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The mass of the object attached to the end of the spring.
    public let mass: Double
    /// The spring stiffness coefficient.
    public let stiffness: Double
    /// The spring damping coefficient.
    public let damping: Double

    /// Creates a spring with the specified duration and bounce.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        self.init(response: duration, dampingRatio: 1 - bounce)
    }

    /// Creates a spring with the specified response and damping ratio.
    public init(response: Double, dampingRatio: Double) {
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// Creates a spring with the specified mass, stiffness, and damping.
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }
}

/// The inset distances for the sides of a rectangle.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EdgeInsets: Equatable, Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The leading inset.
    public var leading: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The trailing inset.
    public var trailing: CGFloat

    /// Insets with the given distances.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Zero insets.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// A direction in which SwiftUI can lay out content.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

/// A type that defines changes to a value over time.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public protocol Keyframes<Value> {
    associatedtype Value
}

/// The horizontal or vertical dimension in a 2D coordinate system.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal
    case vertical
}
