#if os(iOS) || os(visionOS)
    import AnimationKernel
    import QuartzCore
    import UIKit

    /// A ``FrameSource`` on `CADisplayLink`: each frame reports the link's `targetTimestamp`, the time the frame
    /// will be shown, on the clock of `CACurrentMediaTime()` (the host's uptime clock, which gesture and touch
    /// timestamps share).
    @MainActor
    public final class DisplayLinkFrameSource: FrameSource {
        /// The frame rates to ask for, read when the link starts. Default ``FrameRateRequest/transition`` (80 to
        /// 120 Hz, preferably 120). On iPhone the app's Info.plist needs `CADisableMinimumFrameDurationOnPhone` = YES
        /// for more than 60 Hz.
        public var frameRates = FrameRateRequest.transition
        private var link: CADisplayLink?
        private var target: ActionTarget?

        /// A stopped source.
        public init() {}

        /// The clock the frames and the layer's events use.
        public static func now() -> Double { CACurrentMediaTime() }

        /// Adds a display link to the main run loop in common modes.
        public func start(_ tick: @escaping @MainActor (Double) -> Void) {
            // The run loop keeps the link and the link its target: a tick after this source is gone invalidates it.
            let target = ActionTarget { [weak self] sender in
                guard let link = sender as? CADisplayLink else { return }
                guard self != nil else { return link.invalidate() }
                tick(link.targetTimestamp)
            }
            let link = makeDisplayLink(target)
            link.preferredFrameRateRange = CAFrameRateRange(
                minimum: Float(frameRates.minimum), maximum: Float(frameRates.maximum),
                preferred: Float(frameRates.preferred))
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
