// SwiftUI is Swift-only, so its stand-in is Swift: the top-level names that clash with AnimationKernel's, so a file
// importing both proves it compiles unqualified, the spring SwiftUIConversions.swift converts, and the custom-animation
// API AnimationKernelSwiftUI implements (checked against developer.apple.com/documentation/swiftui: VectorArithmetic
// and withAnimation iOS 13; CustomAnimation, AnimationContext, AnimationState, AnimationStateKey and
// Animation.init(_:) iOS 17). Availability as Apple declares it.
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

// MARK: - Custom animations (AnimationKernelSwiftUI)

/// A value an animation can move: adds, subtracts, scales by a number and reports its squared length.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension VectorArithmetic {
    /// A copy with every component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}

/// How a view's animatable values change over time.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Animation: Equatable, Sendable {
    /// The animation withAnimation uses when given none.
    public static let `default` = Animation()

    init() {}

    /// An animation that a custom animation drives.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public init<A: CustomAnimation>(_ base: A) { self.init() }
}

/// A key under which a custom animation keeps its own state between calls.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public protocol AnimationStateKey {
    /// The type of the stored state.
    associatedtype Value
    /// The state before the animation stores any.
    static var defaultValue: Value { get }
}

/// The state a custom animation keeps, by key.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct AnimationState<Value: VectorArithmetic> {
    private var values: [ObjectIdentifier: Any] = [:]

    /// An empty state.
    public init() {}

    /// The state stored under `key`, or its default.
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// What the system hands a custom animation on each call: its state and whether it is logically complete.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct AnimationContext<Value: VectorArithmetic> {
    /// The animation's state (kept from call to call, and handed over on a merge).
    public var state: AnimationState<Value>
    /// Set to true once the animation counts as complete for logical-completion callbacks.
    public var isLogicallyComplete: Bool
}

/// An animation that computes its own values over time.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@preconcurrency public protocol CustomAnimation: Hashable, Sendable {
    /// The value at `time` seconds since the animation started, moving from zero toward `value`; nil once finished.
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?
    /// The velocity at `time`, or nil once finished (kept across a merge).
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?
    /// Whether this new animation takes over from `previous`, running on the same property since `time` seconds;
    /// on true it receives the previous one's state and elapsed time.
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension CustomAnimation {
    /// No velocity by default.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        nil
    }

    /// No merge by default: the animations run together and their results add up.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool { false }
}

/// Runs `body` with `animation` as the current transaction's animation, and returns its result.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}
