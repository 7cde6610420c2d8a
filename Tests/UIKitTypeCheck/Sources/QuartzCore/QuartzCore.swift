// Linux stand-in transcribed from Apple's QuartzCore documentation, for type-checking only.

@_exported import Foundation

/// A time interval in seconds, as Core Foundation defines it.
public typealias CFTimeInterval = Double

/// Returns the current absolute time, in seconds.
public func CACurrentMediaTime() -> CFTimeInterval {
    ProcessInfo.processInfo.systemUptime
}

/// An object that manages image-based content and allows you to perform animations on that content.
open class CALayer: NSObject {
    /// An object that provides the contents of the layer.
    open var contents: Any?

    /// The radius to use when drawing rounded corners for the layer's background.
    open var cornerRadius: CGFloat = 0

    /// The opacity of the layer's shadow.
    open var shadowOpacity: Float = 0

    /// The blur radius (in points) used to render the layer's shadow.
    open var shadowRadius: CGFloat = 3

    /// The offset (in points) of the layer's shadow.
    open var shadowOffset = CGSize(width: 0, height: -3)

    /// A Boolean indicating whether sublayers are clipped to the layer's bounds.
    open var masksToBounds = false

    /// The layer's position on the z axis.
    open var zPosition: CGFloat = 0

    /// Returns an initialized layer.
    public override init() {
        super.init()
    }
}

/// A range of frame rates.
public struct CAFrameRateRange: Sendable {
    /// The minimum frame rate of the range.
    public var minimum: Float

    /// The maximum frame rate of the range.
    public var maximum: Float

    /// The preferred frame rate, if any.
    public var preferred: Float?

    /// The default frame rate range, which doesn't request any specific range.
    public static let `default` = CAFrameRateRange()

    /// Creates a zero frame rate range.
    public init() {
        self.init(minimum: 0, maximum: 0, preferred: nil)
    }

    /// Creates a frame rate range from a minimum, a maximum and an optional preferred rate.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }
}

/// A timer object that allows your app to synchronize its drawing to the refresh rate of the display.
open class CADisplayLink: NSObject {
    /// The time interval that represents when the last frame displayed.
    open var timestamp: CFTimeInterval { 0 }

    /// The time interval that represents when the next frame displays.
    open var targetTimestamp: CFTimeInterval { 0 }

    /// The time interval between screen refresh updates.
    open var duration: CFTimeInterval { 0 }

    /// A Boolean value that indicates whether the system suspends the display link's notifications to the target.
    open var isPaused = false

    /// A range of frequencies your app allows for frame updates.
    open var preferredFrameRateRange = CAFrameRateRange.default

    /// Registers the display link with a run loop.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {}

    /// Removes the display link from the run loop for the given mode.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {}

    /// Removes the display link from all run loop modes.
    open func invalidate() {}
}
