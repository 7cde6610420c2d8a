/// Who writes a tracked scroll view's offset when a sheet and its content share one finger, decided once for a
/// platform layer: one writer. The scroll view's own pan moves its offset on each touch; in the same touch, right
/// after it, the layer writes the model's offset over it while the sheet owns the drag (never from the display
/// link, which would fight the scroll view's pan between touches); and when the finger lifts, the scroll view is
/// stopped where the model has it unless the release velocity is the content's.
public enum ScrollHandoff {
    /// After the scroll view handled a touch: the offset to write (the model's: ``BottomSheet/Frame/contentOffset``,
    /// ``PullToDismiss/Frame/contentOffset``) while the sheet or the pulled screen owns the drag; nil leaves the
    /// scroll view alone.
    public static func offsetAfterTouch(modelOwnsDrag: Bool, modelOffset: Double) -> Double? {
        modelOwnsDrag ? modelOffset : nil
    }

    /// When the finger lifts: whether to stop the scroll view's deceleration at the model's offset. True unless the
    /// finger's last movement scrolled the content (``BottomSheet/contentOwnsMovement``): the sheet took the
    /// release velocity, so the content must not fling with it too.
    public static func stopsDecelerationAtRelease(_ sheet: BottomSheet) -> Bool {
        !sheet.contentOwnsMovement
    }
}

/// Where a vertical scroll view is and how far it scrolls, in points, as the models' `setContent(offset:minimum:
/// maximum:)` takes it, from what the scroll view reports.
public struct ScrollRange: Sendable, Hashable {
    /// The content offset.
    public var offset: Double
    /// The offset at the top: minus the adjusted top inset.
    public var top: Double
    /// The offset at the bottom: the content's height plus the adjusted bottom inset, less the viewport's height;
    /// never above ``top`` (content shorter than its viewport scrolls nowhere).
    public var bottom: Double

    /// The range of a scroll view at `offset` whose content is `contentHeight` tall in a viewport `viewportHeight`
    /// tall, with adjusted insets `insetTop` and `insetBottom` (non-finite values read as 0).
    public init(offset: Double, contentHeight: Double, viewportHeight: Double, insetTop: Double, insetBottom: Double) {
        self.offset = Sanitize.finite(offset, or: 0)
        top = -Sanitize.finite(insetTop, or: 0)
        let end =
            Sanitize.finite(contentHeight, or: 0) + Sanitize.finite(insetBottom, or: 0)
            - Sanitize.finite(viewportHeight, or: 0)
        bottom = max(top, end)
    }
}
