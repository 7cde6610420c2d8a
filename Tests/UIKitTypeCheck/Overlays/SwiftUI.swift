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

// MARK: - Views, data flow and preferences (AnimationKernelSwiftUI's bottom sheet)
// Checked against developer.apple.com/documentation/swiftui: View, ViewModifier, ModifiedContent, ViewBuilder, Text,
// EmptyView, Button, Binding, State, DynamicProperty, PreferenceKey, preference(key:value:), transformPreference(_:_:),
// onPreferenceChange(_:perform:) (nonisolated, a non-Sendable action), Alignment, modifier(_:), opacity(_:),
// UIViewRepresentable and UIViewControllerRepresentable iOS 13;
// background(alignment:content:) iOS 15. View, ViewModifier and the representables are @MainActor @preconcurrency.

/// A piece of user interface, described by its body.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol View {
    /// The type of the body.
    associatedtype Body: View
    /// What the view shows.
    @ViewBuilder var body: Self.Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
    /// Never has no body.
    public typealias Body = Never
    /// Never has no body.
    public var body: Never { fatalError() }
}

/// Builds a view from the statements of a closure.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder public struct ViewBuilder {
    /// An empty block.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block of one view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// A view that shows nothing.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct EmptyView: View {
    /// An empty view.
    @inlinable public nonisolated init() {}
    /// A primitive view: SwiftUI draws it itself.
    public var body: Never { fatalError() }
}

/// A view that shows read-only text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Text: View, Equatable, Sendable {
    private let content: String
    /// Text showing `content` as it is.
    public nonisolated init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    /// A primitive view: SwiftUI draws it itself.
    public var body: Never { fatalError() }
}

/// A control that performs an action when triggered (developer.apple.com/documentation/swiftui/button, iOS 13; the
/// title initialiser is `@preconcurrency nonisolated` with a `@MainActor` action).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct Button<Label: View>: View {
    private let action: @MainActor () -> Void
    /// A button whose label is `title` as text.
    @preconcurrency public nonisolated init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void)
    where Label == Text {
        self.action = action
    }
    /// A primitive view: SwiftUI draws it itself.
    public var body: Never { fatalError() }
}

/// An alignment in both axes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Alignment: Equatable, Sendable {
    private let name: Int
    /// Centred in both axes.
    public static let center = Alignment(name: 0)
}

/// A modifier that makes a new view from a view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
    /// The type of the modified view.
    associatedtype Body: View
    /// The view being modified.
    typealias Content = _ViewModifier_Content<Self>
    /// The modified view.
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

/// The view a modifier is applied to, as its body receives it.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    /// A primitive view: SwiftUI draws it itself.
    public var body: Never { fatalError() }
}

/// A view with a modifier applied.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {
    /// The view.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier
    /// `content` with `modifier`.
    @inlinable public nonisolated init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// A primitive view: SwiftUI draws it itself.
    public var body: Never { fatalError() }
}

/// A property a view reads that SwiftUI updates before each body.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {}

/// A value and a way to change it, owned elsewhere.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The same binding (what `$value` passes on).
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// The value it refers to.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: DynamicProperty {}

/// A value a view owns, kept by SwiftUI across updates.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper public struct State<Value>: DynamicProperty {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    /// State starting at `wrappedValue`.
    public init(wrappedValue value: Value) { box = Box(value) }

    /// The current value.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        Binding(get: { self.box.value }, set: { self.box.value = $0 })
    }
}

/// A value that views publish to their ancestors.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol PreferenceKey {
    /// The type of the value.
    associatedtype Value
    /// The value when no view sets one.
    static var defaultValue: Self.Value { get }
    /// Combines the values of siblings, in order.
    static func reduce(value: inout Self.Value, nextValue: () -> Self.Value)
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
    /// Applies `modifier`.
    @inlinable public nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// Publishes `value` for `key` to the ancestors.
    @inlinable public nonisolated func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        self
    }

    /// Changes the value of `key` published by this view and its descendants.
    @inlinable public nonisolated func transformPreference<K: PreferenceKey>(
        _ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void
    ) -> some View { self }

    /// Runs `action` when the value of `key` published below changes.
    @inlinable public nonisolated func onPreferenceChange<K: PreferenceKey>(
        _ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void
    ) -> some View where K.Value: Equatable { self }

    /// Sets this view's opacity (0 transparent, 1 opaque).
    @inlinable public nonisolated func opacity(_ opacity: Double) -> some View { self }

    /// Puts the views `content` builds behind this view.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    @inlinable public nonisolated func background<V: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View { self }
}

#if os(iOS)
    import UIKit

    /// The context SwiftUI hands a view controller representable.
    @available(iOS 13.0, tvOS 13.0, *)
    @MainActor @preconcurrency
    public struct UIViewControllerRepresentableContext<
        Representable: UIViewControllerRepresentable
    > {
        /// The representable's coordinator.
        public let coordinator: Representable.Coordinator
    }

    /// A view that shows a UIKit view controller.
    @available(iOS 13.0, tvOS 13.0, *)
    @MainActor @preconcurrency public protocol UIViewControllerRepresentable: View where Self.Body == Never {
        /// The controller's type.
        associatedtype UIViewControllerType: UIViewController
        /// The object that carries the controller's changes back to SwiftUI.
        associatedtype Coordinator = Void
        /// What SwiftUI hands the methods.
        typealias Context = UIViewControllerRepresentableContext<Self>
        /// Creates the controller, once.
        func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
        /// Brings the controller up to date with the representable's values.
        func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
        /// Cleans up before the controller is removed.
        static func dismantleUIViewController(
            _ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)
        /// Creates the coordinator, before the controller.
        func makeCoordinator() -> Self.Coordinator
    }

    @available(iOS 13.0, tvOS 13.0, *)
    extension UIViewControllerRepresentable {
        /// Does nothing.
        public static func dismantleUIViewController(
            _ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator
        ) {}
        /// A primitive view: SwiftUI draws it itself.
        public var body: Never { fatalError() }
    }

    @available(iOS 13.0, tvOS 13.0, *)
    extension UIViewControllerRepresentable where Self.Coordinator == Void {
        /// No coordinator.
        public func makeCoordinator() -> Void {}
    }

    /// The context SwiftUI hands a view representable.
    @available(iOS 13.0, tvOS 13.0, *)
    @MainActor @preconcurrency
    public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
        /// The representable's coordinator.
        public let coordinator: Representable.Coordinator
    }

    /// A view that shows a UIKit view.
    @available(iOS 13.0, tvOS 13.0, *)
    @MainActor @preconcurrency public protocol UIViewRepresentable: View where Self.Body == Never {
        /// The view's type.
        associatedtype UIViewType: UIView
        /// The object that carries the view's changes back to SwiftUI.
        associatedtype Coordinator = Void
        /// What SwiftUI hands the methods.
        typealias Context = UIViewRepresentableContext<Self>
        /// Creates the view, once.
        func makeUIView(context: Self.Context) -> Self.UIViewType
        /// Brings the view up to date with the representable's values.
        func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
        /// Cleans up before the view is removed.
        static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
        /// Creates the coordinator, before the view.
        func makeCoordinator() -> Self.Coordinator
    }

    @available(iOS 13.0, tvOS 13.0, *)
    extension UIViewRepresentable {
        /// Does nothing.
        public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
        /// A primitive view: SwiftUI draws it itself.
        public var body: Never { fatalError() }
    }

    @available(iOS 13.0, tvOS 13.0, *)
    extension UIViewRepresentable where Self.Coordinator == Void {
        /// No coordinator.
        public func makeCoordinator() -> Void {}
    }

    /// A UIKit view controller that shows a SwiftUI view.
    @available(iOS 13.0, tvOS 13.0, *)
    @MainActor @preconcurrency open class UIHostingController<Content: View>: UIViewController {
        /// The view shown.
        public var rootView: Content

        /// A controller showing `rootView`.
        public init(rootView: Content) {
            self.rootView = rootView
            super.init(nibName: nil, bundle: nil)
        }

        /// A controller from an archive: not supported here.
        public required init?(coder aDecoder: NSCoder) { nil }

        /// The size the root view takes when offered `size`.
        public func sizeThatFits(in size: CGSize) -> CGSize { size }
    }
#endif
