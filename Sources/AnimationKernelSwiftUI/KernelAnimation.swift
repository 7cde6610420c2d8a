#if canImport(SwiftUI)
    import AnimationKernel
    import SwiftUI

    /// A ``DampedSpring`` or a ``TimingCurve`` as a SwiftUI animation: `withAnimation(.kernel(.smooth)) { ... }`.
    ///
    /// The motion is ``VectorMotion``'s and every decision ``MergingAnimation``'s, computed and tested in the core
    /// module: a spring is the kernel's closed form, a curve the kernel's curve, and the animation ends (returns nil)
    /// at the settle time, where the view shows its new value exactly. A new kernel animation on a value that is
    /// still moving merges with the running one: it starts from the position and velocity the value has, so an
    /// interruption never jumps (a curve merged while the value moves hands over to a critically damped spring that
    /// settles in the curve's duration, as ``AnimatedValue`` does). SwiftUI hands the merged animation the previous
    /// one's state and elapsed time, and values measured from the same origin; this type keeps its motion in that
    /// state and does nothing else.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public struct KernelAnimation: CustomAnimation {
        /// What moves the value: a spring, a curve over a duration, or `.immediate` (no animation).
        public var driver: AnimatedValue.Driver
        /// The distance from the target within which the animation counts as settled, in the animated value's
        /// units (for a point or a size: points). Default ``SettleRule/points``.
        public var settleTolerance: Double

        /// An animation with `driver` and a settle tolerance (see ``settleTolerance``).
        public init(_ driver: AnimatedValue.Driver, settleTolerance: Double = SettleRule.points) {
            self.driver = driver
            self.settleTolerance = settleTolerance
        }

        /// The core's decisions for these three calls.
        private var model: MergingAnimation { MergingAnimation(driver, settleTolerance: settleTolerance) }

        /// The value at `time` seconds since the animation (or the one it merged with) started; nil once settled.
        public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
            var motion = context.state[KernelMotionKey<V>.self]
            defer { context.state[KernelMotionKey<V>.self] = motion }
            return model.animate(AnimatableVector(value), at: time, state: &motion)?.base
        }

        /// The velocity at `time`, in the value's units per second; nil once settled.
        public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
            model.velocity(AnimatableVector(value), at: time, state: context.state[KernelMotionKey<V>.self])?.base
        }

        /// Always merges: the new motion starts from the running one's position and velocity at `time` (from
        /// the state SwiftUI hands over) toward `value`.
        public func shouldMerge<V: VectorArithmetic>(
            previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
        ) -> Bool {
            var motion = context.state[KernelMotionKey<V>.self]
            defer { context.state[KernelMotionKey<V>.self] = motion }
            return model.merge(AnimatableVector(value), at: time, state: &motion)
        }
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    extension Animation {
        /// `spring` as a SwiftUI animation (``KernelAnimation``): the kernel's closed form, merging with a running
        /// kernel animation without a jump in position or velocity. Compare SwiftUI's `.spring(duration:bounce:)`.
        public static func kernel(_ spring: DampedSpring, settleTolerance: Double = SettleRule.points) -> Animation {
            Animation(KernelAnimation(.spring(spring), settleTolerance: settleTolerance))
        }

        /// `curve` over `duration` seconds as a SwiftUI animation (``KernelAnimation``); merged into a value that is
        /// still moving, it hands over to a spring that settles in `duration`. Compare SwiftUI's
        /// `.timingCurve(_:_:_:_:duration:)`.
        public static func kernel(
            _ curve: TimingCurve, duration: Double, settleTolerance: Double = SettleRule.points
        ) -> Animation {
            Animation(KernelAnimation(.curve(curve, duration: duration), settleTolerance: settleTolerance))
        }
    }

    /// Where a ``KernelAnimation`` keeps its motion in the animation's context.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    private struct KernelMotionKey<V: VectorArithmetic>: AnimationStateKey {
        static var defaultValue: VectorMotion<AnimatableVector<V>>? { nil }
    }

    /// A SwiftUI `VectorArithmetic` value as the core's ``MotionVector``.
    struct AnimatableVector<V: VectorArithmetic>: MotionVector {
        var base: V

        init(_ base: V) { self.base = base }

        static var zero: Self { Self(.zero) }
        static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.base + rhs.base) }
        static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.base - rhs.base) }
        func scaled(by factor: Double) -> Self {
            var scaled = base
            scaled.scale(by: factor)
            return Self(scaled)
        }
        var magnitudeSquared: Double { base.magnitudeSquared }
    }
#endif
