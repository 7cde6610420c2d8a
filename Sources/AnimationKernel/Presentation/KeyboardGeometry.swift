/// Where a keyboard stands in a container, from the frame the system reports: the decision a platform layer needs
/// before it calls ``BottomSheet/keyboardWillChange(to:duration:curve:at:)``.
///
/// UIKit reports the keyboard's end frame in screen coordinates; the layer converts it into its window (not with a
/// view's `convert(_:from: nil)`, which reads window coordinates and is wrong whenever the window is not the
/// whole screen: Split View, Slide Over, Stage Manager) and passes it here with the window's bounds and the
/// container's frame in the window.
public enum KeyboardGeometry {
    /// The keyboard's frame in the container's coordinates, or nil when it leaves the container alone.
    ///
    /// - Parameters:
    ///   - keyboard: the keyboard's end frame in window coordinates (nil: hidden).
    ///   - window: the window's bounds.
    ///   - container: the container's frame in window coordinates.
    /// - Returns: nil for a hidden keyboard, a floating or split one (undocked on iPad: its bottom edge is above the
    ///   window's, so it floats over the content instead of pushing it up), and one that does not reach into the
    ///   container; else the frame relative to the container. A keyboard of another app (Slide Over, Split View)
    ///   counts the same where it overlaps: it covers the content just the same.
    public static func frame(ofKeyboard keyboard: Rect?, inWindow window: Rect, container: Rect) -> Rect? {
        guard let keyboard, keyboard.width > 0, keyboard.height > 0 else { return nil }
        // Docked keyboards reach the bottom of the screen, so at least that of the window; a point of slack for
        // rounding.
        guard keyboard.maxY >= window.maxY - 1 else { return nil }
        guard keyboard.minY < container.maxY, keyboard.maxY > container.minY, keyboard.minX < container.maxX,
            keyboard.maxX > container.minX
        else { return nil }
        return Rect(
            x: keyboard.minX - container.minX, y: keyboard.minY - container.minY, width: keyboard.width,
            height: keyboard.height)
    }
}
