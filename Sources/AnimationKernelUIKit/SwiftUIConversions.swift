#if canImport(SwiftUI)
    import AnimationKernel
    import SwiftUI

    extension DampedSpring {
        /// SwiftUI's spring as a ``DampedSpring`` with the same response and damping ratio. Throws
        /// `KernelError.invalidArgument` outside ``RepresentableRange/angularFrequency``.
        @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
        public init(_ spring: SwiftUI.Spring) throws(KernelError) {
            try self.init(response: spring.response, dampingRatio: spring.dampingRatio)
        }
    }
#endif
