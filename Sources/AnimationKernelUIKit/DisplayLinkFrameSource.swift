#if os(iOS) || os(visionOS)
    import AnimationKernel
    import QuartzCore
    import UIKit

    /// A ``FrameSource`` on `CADisplayLink`: each frame reports the link's `targetTimestamp`, the time the frame
    /// will be shown, on the clock of `CACurrentMediaTime()` (the host's uptime clock, which gesture and touch
    /// timestamps share).
    @MainActor
    public final class DisplayLinkFrameSource: FrameSource {
        /// The frame rates to ask for (ProMotion displays honour up to 120 Hz). Default: the system's choice.
        public var preferredFrameRateRange = CAFrameRateRange.default
        private var link: CADisplayLink?
        private var target: ActionTarget?

        /// A stopped source.
        public init() {}

        /// The clock the frames and the layer's events use.
        public static func now() -> Double { CACurrentMediaTime() }

        /// Adds a display link to the main run loop in common modes.
        public func start(_ tick: @escaping @MainActor (Double) -> Void) {
            let target = ActionTarget { sender in
                if let link = sender as? CADisplayLink { tick(link.targetTimestamp) }
            }
            let link = makeDisplayLink(target)
            link.preferredFrameRateRange = preferredFrameRateRange
            link.add(to: .main, forMode: .common)
            self.target = target
            self.link = link
        }

        /// Invalidates the display link.
        public func stop() {
            link?.invalidate()
            link = nil
            target = nil
        }
    }
#endif
